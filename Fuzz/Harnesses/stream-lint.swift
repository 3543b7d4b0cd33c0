// Streamed lint and style checks (what `validate` runs on SRT and WebVTT) against the
// whole-document ones: the same diagnostics, in the same order, with the same suppressed count.
// The first input byte picks the format, the window size (1–8 cues) and the findings cap (10,000
// or 3, so findings spill and the linter may fall back); the rest is the file.
// fuzz-modules: CaptionFormats CaptionLint CaptionStyle
// fuzz-seeds: srt vtt
// fuzz-dict: webvtt.dict
// fuzz-max-len: 65536
import CaptionCore
import CaptionFormats
import CaptionLint
import CaptionStyle

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let control = data[0]
  let bytes = Fuzz.bytes(data + 1, size - 1)
  let format = control & 1 == 0 ? "webvtt" : "srt"
  let reader: any CaptionFormat = format == "srt" ? SubRipFormat() : WebVTTFormat()
  var linter = Linter()
  linter.maxDiagnostics = control & 0x80 == 0 ? 10_000 : 3
  guard let whole = try? reader.read(bytes, options: ReadOptions()) else { return 0 }
  let expected = linter.lint(whole.document, context: LintContext(format: format, readerDiagnostics: whole.diagnostics))
  let defaults = RendererDefaults.forFormat(format, document: whole.document)
  let expectedStyles = DocumentStyleChecker.check(whole.document, profile: nil, defaults: defaults)

  var streaming = StreamingLinter(linter: linter, context: LintContext(format: format), windowSize: 1 + Int(control >> 1) % 8)
  var styles: StreamingStyleChecker?
  var locator = Fingerprint.CueLocator()
  let streamed: ReadResult
  do {
    streamed = try StreamingRead.read(
      bytes, format: format, options: ReadOptions(),
      onHeader: { header in
        streaming.begin(header)
        styles = StreamingStyleChecker(header: header, profile: nil, defaults: defaults)
      },
      onComment: { streaming.add($0) },
      onCue: { cue in
        streaming.add(cue)
        styles?.add(cue)
        locator.append(cue)
      })
  } catch {
    fatalError("StreamingRead threw where read did not: \(error)")
  }
  if streamed.diagnostics != whole.diagnostics { fatalError("reading diagnostics differ") }
  if locator.count != whole.document.cues.count { fatalError("cue count differs") }
  if styles?.finish() != expectedStyles { fatalError("style diagnostics differ") }
  if let got = streaming.finish(readerDiagnostics: streamed.diagnostics, locator: locator) {
    if got.diagnostics != expected.diagnostics { fatalError("streamed lint differs: \(got.diagnostics.count) against \(expected.diagnostics.count)") }
    if got.suppressedCount != expected.suppressedCount { fatalError("suppressed count differs") }
  }
  return 0
}
