import CaptionKit
import Foundation
import MediaInspector

/// `captionkit extract MEDIA --track N -o OUT`: decodes a text subtitle track from a media
/// file into the caption model and writes it in any supported format.
enum ExtractCommand: CLICommand {
  static let name = "extract"
  static let summary = "Extract a text subtitle track from media to WebVTT, SRT, TTML or JSON"
  static let valuedOptions: Set<String> = ["track", "output", "to", "flavor"]
  static let aliases = ["-o": "--output", "-t": "--to"]
  static let help = """
    Usage: captionkit extract MEDIA --track N [-o OUTPUT] [--to FORMAT]

    Decodes subtitle track N (the stream index 'captionkit inspect' prints as #N) of MEDIA
    with libavcodec — mov_text (tx3g), subrip, ass, webvtt, or a MOV c608 track — and writes
    it. The format is --to, or else OUTPUT's extension (.vtt, .srt, .ttml, .json). Without
    OUTPUT (or with '-') it goes to standard output, and then --to is needed. Write losses are reported on stderr.

    Options:
      --track N         Stream index of the subtitle track (required)
      -o, --output PATH Where to write (atomically)
      --to FORMAT       webvtt (vtt), srt, ttml, json, transcript (txt), transcript-md (md)
      --flavor NAME     Writer variant (TTML: imsc1.1, ebu-tt-d, dfxp; SRT: plain; transcripts:
                        timestamps)

    Exit codes: 0 extracted, 2 usage error, missing track or unreadable media.

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    guard let t = args.value("track"), let index = Int(t), index >= 0 else { throw .usage("extract needs --track N (a stream index)") }
    let output = args.value("output") ?? "-"
    let to = args.value("to")
    let options = WriteOptions(flavor: args.value("flavor"))
    try args.checkAllUnderstood()
    guard args.positionals.count == 1 else { throw .usage("extract takes exactly one MEDIA file") }
    let media = args.positionals[0]
    let targetName: String
    if let to {
      targetName = to
    } else if let ext = CaptionLoader.fileExtension(output) {
      targetName = ext
    } else {
      throw .usage("name the output format with --to (webvtt, srt, ttml or json) or an OUTPUT extension")
    }
    try ConvertCommand.checkTarget(targetName, given: to != nil, flavor: options.flavor, output: output, command: "extract", io: io)
    let doc: CaptionDocument
    do {
      doc = try MediaInspector.extractTrack(path: media, index: index)
    } catch {
      throw .io(path: media, message: error.description.hasPrefix(media + ": ") ? String(error.description.dropFirst(media.count + 2)) : error.description)
    }
    let printer = DiagnosticPrinter(color: io.colorAllowed(stderr: true))
    func report(_ diagnostics: [Diagnostic]) {
      for var d in diagnostics where d.severity > .info {
        d.file = media
        io.errLine(printer.line(d))
      }
    }
    if targetName.lowercased() == "json" {
      report(CaptionJSON.flatteningDiagnostics(doc))
      try ConvertCommand.writeJSON(doc, to: output, protecting: [media], input: media, io: io)
      return .success
    }
    guard let target = FormatRegistry.format(named: targetName) else {
      throw .usage("unknown target format '\(targetName)'; known: \(FormatRegistry.builtIn.map(\.id).joined(separator: ", ")), json")
    }
    let written = target.write(doc, options: options)
    let bytes = written.bytes
    report(written.diagnostics)
    if output == "-" {
      io.writeOut(bytes)
    } else {
      try FileAccess.writeAtomically(bytes, to: output, protecting: [media])
    }
    return .success
  }
}
