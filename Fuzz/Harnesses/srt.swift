// SubRip reader: read, check diagnostics, write, read back; reading in halves (forced at any
// size) gives what one reader gives; reading without the usual-line shortcuts gives the same; and
// a cue held with its simple tags has the tree the markup parser builds, with no diagnostic.
// fuzz-modules: CaptionFormats
// fuzz-seeds: srt
// fuzz-dict: srt.dict
// fuzz-max-len: 65536
@testable import CaptionCore
@testable import CaptionFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  Fuzz.readWriteRead(SubRipFormat(), bytes)
  let decoded = SubRipFormat.decode(bytes, options: ReadOptions())
  var one = SubRipReader(bytes: decoded.utf8, limits: ReadLimits())
  let cues = one.read()
  var two = SubRipReader(bytes: decoded.utf8, limits: ReadLimits())
  if two.readInHalves(minimumSize: 0) != cues || two.sink.finished != one.sink.finished {
    fatalError("srt: reading in halves differs from one reader")
  }
  var three = SubRipReader(bytes: decoded.utf8, limits: ReadLimits())
  three.readsUsualLines = false
  let general = three.read()
  if general != cues || general.map(\.source) != cues.map(\.source) || three.sink.finished != one.sink.finished {
    fatalError("srt: reading the usual lines by their bytes differs from the general path")
  }
  for cue in cues {
    guard case .simpleTags(let text) = cue.textStorage else { continue }
    let parsed = SubRipTextParser.parse(text)
    if parsed.content != cue.content || !parsed.diagnostics.isEmpty || parsed.anchor != nil {
      fatalError("srt: a cue held with its simple tags differs from the parsed cue: \(text.debugDescription)")
    }
  }
  return 0
}
