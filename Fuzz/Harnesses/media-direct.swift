// The small byte readers MediaInspector runs on what FFmpeg hands it or on raw files, none of
// them reached by the other harnesses: CEA-608/708 cc_data (CCDataParser, from SEI and c608
// samples), the MPEG-TS PSI reader (TSPSIReader: PAT, PMT, caption_service_descriptor), DVB
// subtitle page compositions (DVBDisplaySet) and FFmpeg's ASS event text (ASSTextConverter,
// for `extract`). The input goes to each of them whole.
// fuzz-modules: MediaInspector
// fuzz-seeds: ts
// fuzz-max-len: 65536
// fuzz-seed: Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an8}{\\i1}Hi{\\i0}\\N{\\c&H00FFFF&}there
// fuzz-seed: \xfc\x94\x20\xfc\x94\x2c\xfc\x41\x42\xfd\x80\x80\xff\x02\x21\xfe\x41\x00
import CaptionCore
@testable import MediaInspector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var cc = CCDataParser()
  cc.feed(bytes)
  cc.feedC608Sample(Array(bytes))
  _ = (cc.channels608, cc.services708)
  _ = DVBDisplaySet(bytes)
  if let file = BoundedFile(path: TempFile.write(data, size)) {
    let psi = TSPSIReader().read(file)
    for (_, services) in psi.captionServices where services.isEmpty { fatalError("media-direct: an empty service list") }
  }
  let text = String(decoding: bytes, as: UTF8.self)
  let field = ASSTextConverter.textField(text)
  _ = ASSTextConverter.anchor(field)
  _ = ASSTextConverter.nodes(field)
  _ = ASSTextConverter.color(Substring(text.prefix(16)))
  return 0
}
