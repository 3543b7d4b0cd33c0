// WebVTT reader: read, check diagnostics, write, read back; reading in halves (forced at any
// size) gives what one reader gives; and a cue held with its simple tags has the tree the cue
// text parser builds, with no issue.
// fuzz-modules: CaptionFormats
// fuzz-seeds: vtt webvtt
// fuzz-dict: webvtt.dict
// fuzz-max-len: 65536
@testable import CaptionCore
@testable import CaptionFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  Fuzz.readWriteRead(WebVTTFormat(), bytes)
  let one = try? WebVTTReader.read(bytes, options: ReadOptions(), hooks: nil, halvesMinimumSize: .max)
  let two = try? WebVTTReader.read(bytes, options: ReadOptions(), hooks: nil, halvesMinimumSize: 0)
  if one?.document != two?.document || one?.diagnostics != two?.diagnostics {
    fatalError("webvtt: reading in halves differs from one reader")
  }
  for cue in one?.document.cues ?? [] {
    guard case .simpleTags(let text) = cue.textStorage else { continue }
    var ctx = WebVTTCueTextParser.Context(mode: .model, maxDepth: ReadLimits().maxNestingDepth)
    let parsed = Array(text.utf8).withUnsafeBufferPointer { WebVTTCueTextParser.parse($0, start: 0, end: $0.count, context: &ctx) }
    if parsed != cue.content || !ctx.issues.isEmpty {
      fatalError("webvtt: a cue held with its simple tags differs from the parsed cue: \(text.debugDescription)")
    }
  }
  return 0
}
