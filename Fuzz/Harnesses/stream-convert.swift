// Streaming SRT↔WebVTT conversion against reading the whole document and writing it: the same
// bytes and the same diagnostics, whichever path (model or byte copy, `VerbatimCue`) each cue
// takes. The first input byte picks the direction, the line ending, the diagnostics cap and whether
// the writer runs on a second thread (`ConversionPipeline`); the rest is the file.
// fuzz-modules: CaptionFormats
// fuzz-seeds: srt vtt
// fuzz-dict: srt.dict
// fuzz-max-len: 65536
import CaptionCore
import CaptionFormats

final class Collected: @unchecked Sendable {
  var losses: [Diagnostic] = []
  var body: [UInt8] = []
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let mode = data[0]
  let bytes = Fuzz.bytes(data + 1, size - 1)
  let (source, target): (String, String) = mode & 1 == 0 ? ("srt", "webvtt") : ("webvtt", "srt")
  var writeOptions = WriteOptions(maxDiagnostics: mode & 4 == 0 ? 10_000 : 3)
  if mode & 2 != 0 { writeOptions.lineEnding = .crlf }
  var readOptions = ReadOptions()
  readOptions.limits.maxDiagnostics = writeOptions.maxDiagnostics
  let reader: any CaptionFormat = source == "srt" ? SubRipFormat() : WebVTTFormat()
  let writer: any CaptionFormat = target == "srt" ? SubRipFormat() : WebVTTFormat()
  guard let whole = try? reader.read(bytes, options: readOptions) else { return 0 }
  let written = writer.write(whole.document, options: writeOptions)
  let got = Collected()
  guard
    let streamed = try? StreamingConversion.convert(
      bytes, from: source, to: target, readOptions: readOptions, writeOptions: writeOptions,
      onLoss: { d, _ in got.losses.append(d) }, bodySink: { got.body += $0 }, bodyChunkSize: 97, pipelined: mode & 8 != 0)
  else { fatalError("\(source)→\(target): streaming threw where reading did not") }
  let output = Array(streamed.chunks.joined()) + got.body
  if output != written.bytes { fatalError("\(source)→\(target): streamed bytes differ from read + write") }
  if streamed.read.diagnostics != whole.diagnostics { fatalError("\(source)→\(target): reading diagnostics differ") }
  if streamed.leadingLosses + got.losses + streamed.trailingLosses != written.diagnostics {
    fatalError("\(source)→\(target): losses differ")
  }
  if streamed.cueCount != whole.document.cues.count { fatalError("\(source)→\(target): cue count differs") }
  return 0
}
