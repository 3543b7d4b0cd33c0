// DASH MPD parser and rules (MediaInspector's DASHInspector over CaptionTTML's libxml2 XMLTreeParser).
// fuzz-modules: MediaInspector
// fuzz-seeds: mpd
// fuzz-dict: mpd.dict
// fuzz-max-len: 16384
// fuzz-seed: <?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static">\n<Period>\n<AdaptationSet id="1" contentType="video" mimeType="video/mp4">\n<Accessibility schemeIdUri="urn:scte:dash:cc:cea-608:2015" value="CC1=eng"/>\n<Representation id="v" codecs="avc1.4d401f"/>\n</AdaptationSet>\n<AdaptationSet id="2" contentType="text" mimeType="application/mp4" codecs="stpp" lang="en">\n<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>\n<!-- comment --><![CDATA[x]]>\n<Representation id="t" bandwidth="1000"/>\n</AdaptationSet>\n<AdaptationSet contentType="text" mimeType="text/vtt" lang="fr &amp; en"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/></AdaptationSet>\n</Period>\n</MPD>\n
import CaptionCore
@testable import MediaInspector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = TempFile.write(data, size, name: "input.mpd")
  guard let file = BoundedFile(path: path) else { fatalError("cannot open the scratch file") }
  var report = MediaReport(path: path, kind: "dash")
  DASHInspector(options: InspectOptions()).inspect(path: path, file: file, into: &report)
  Fuzz.check(report.diagnostics, "mpd")
  return 0
}
