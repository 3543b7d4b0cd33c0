import CaptionKit
import Foundation

/// `captionkit diff A B`: compares two caption files, in any formats, cue by cue.
enum DiffCommand: CLICommand {
  static let name = "diff"
  static let summary = "Compare two caption files cue by cue: timing, text, style, position"
  static let valuedOptions: Set<String> = CaptionLoader.valuedOptions.union(["tolerance", "ignore", "format"])
  static let help = """
    Usage: captionkit diff [options] A B

    Compares two caption files (any formats: a WebVTT file against its SRT or TTML conversion)
    on what viewers see: cues added or removed, and for matching cues their timing (beyond a
    tolerance), text, style (markup, classes, named styles) and position. Cues are matched by
    their text, then by overlapping times, so one inserted cue does not shift the rest.

    Output, one line per difference:
      ~ cue 3 → 3 timing: start 0:00:04.500 → 0:00:04.700 (+200 ms)
      ~ cue 4 → 4 text: "Hello" → "Hullo"
      - cue 5 → – removed: [0:00:10.000 → 0:00:12.000] "Gone"
      + cue – → 6 added: [0:00:14.000 → 0:00:15.000] "New"

    Options:
      --tolerance MS         Ignore start/end differences up to MS milliseconds (default 0)
      --ignore LIST          Don't compare: timing, text, style, position (comma-separated)
      --format text|json     Output format (default text)
      --from FORMAT          Don't detect the formats
      --encoding NAME        Decode both with this encoding

    Content a reader could not read is printed on standard error and counts as a difference.

    Exit codes: 0 same, 1 differences beyond the tolerance (or content that could not be
    read), 2 usage or I/O error (a file that could not be read as its format at all).

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let loader = try CaptionLoader(&args)
    var options = CaptionDiff.Options()
    if let t = args.value("tolerance") {
      guard let ms = Double(t), ms >= 0, ms < 1e9 else { throw .usage("--tolerance takes a number of milliseconds") }
      options.tolerance = CaptionTime(value: Int64((ms * 1000).rounded()), timescale: 1_000_000)
    }
    for item in args.values("ignore").flatMap({ $0.split(separator: ",") }) {
      switch item {
      case "timing": options.compareTiming = false
      case "text": options.compareText = false
      case "style": options.compareStyle = false
      case "position": options.comparePosition = false
      default: throw .usage("--ignore takes timing, text, style or position")
      }
    }
    let format = args.value("format") ?? "text"
    guard format == "text" || format == "json" else { throw .usage("--format takes text or json") }
    try args.checkAllUnderstood()
    guard args.positionals.count == 2 else { throw .usage("diff takes two files") }
    if args.positionals[0] == "-" && args.positionals[1] == "-" { throw .usage("only one of the files can be standard input") }
    let (bytesA, formatA) = try loader.loadBytes(args.positionals[0], io: io)
    let a = try loader.parse(bytesA, format: formatA, path: args.positionals[0])
    let (bytesB, formatB) = try loader.loadBytes(args.positionals[1], io: io)
    let b = try loader.parse(bytesB, format: formatB, path: args.positionals[1])
    // Two files compare only as far as they were read: what the readers could not read is
    // printed, and makes the run fail even where what was read matches. A file not read as its
    // format at all (an HTML page saved as .vtt) cannot be compared.
    let printer = DiagnosticPrinter(color: io.colorAllowed(stderr: true))
    var unread = 0
    for (f, bytes) in [(a, bytesA), (b, bytesB)] {
      // A blank file is an empty document: nothing in it went unread.
      // Bytes the decoder had to replace are unread too: two files that differ only there
      // would otherwise match.
      let problems = ConvertCommand.isBlank(bytes) ? [] : f.result.diagnostics.filter { ConvertCommand.isUnreadContent($0) || Self.replacedBytes.contains($0.code) }
      for d in problems { io.errLine(printer.line(d)) }
      unread += problems.count
      if ConvertCommand.notReadAsItsFormat(cueCount: f.result.document.cues.count, read: f.result.diagnostics, bytes: bytes) {
        throw .io(path: f.path, message: "could not be read as \(f.format.displayName) (see the errors above); nothing to compare")
      }
    }
    let diffs = CaptionDiff.compare(a.result.document, b.result.document, options: options)
    if format == "json" {
      let dto = DiffReport(
        a: a.path, b: b.path, toleranceMilliseconds: Double(options.tolerance.rounded(toTimescale: 1_000_000)) / 1000, readingErrors: unread,
        differences: diffs.map { .init(kind: $0.kind.rawValue, cueA: $0.indexA.map { $0 + 1 }, cueB: $0.indexB.map { $0 + 1 }, detail: $0.detail) })
      let e = JSONEncoder()
      e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      io.writeOut(Array((try? e.encode(dto)) ?? Data()) + [0x0A])
    } else {
      // One line each: details quote cue text and ids, and paths are data too.
      for d in diffs { io.outLine(ControlCharacterEscaping.escaped(d.description)) }
      let tol = options.tolerance == .zero ? "" : " beyond \(options.tolerance.rounded(toTimescale: 1000)) ms"
      let pathA = ControlCharacterEscaping.escaped(a.path), pathB = ControlCharacterEscaping.escaped(b.path)
      func cues(_ n: Int) -> String { n == 1 ? "1 cue" : "\(n) cues" }
      io.outLine(diffs.isEmpty
        ? "\(pathA) and \(pathB) match (\(cues(a.result.document.cues.count)))\(unread == 0 ? "" : " as far as they could be read: \(unread) reading problem\(unread == 1 ? "" : "s") above")"
        : "\(diffs.count) difference\(diffs.count == 1 ? "" : "s")\(tol) between \(pathA) (\(cues(a.result.document.cues.count))) and \(pathB) (\(cues(b.result.document.cues.count)))\(unread == 0 ? "" : ", and \(unread) reading problem\(unread == 1 ? "" : "s") above")")
    }
    return diffs.isEmpty && unread == 0 ? .success : .findings
  }

  /// Decoder findings that mean bytes of the file were replaced (U+FFFD).
  static let replacedBytes: Set<String> = ["text.encoding.invalid-utf8", "text.encoding.invalid-utf16", "text.encoding.undecodable"]

  /// The `diff --format json` output, schema `captionkit.diff` version 1.
  struct DiffReport: Encodable {
    /// One difference; `cueA` and `cueB` are 1-based cue numbers, as in the text output.
    struct Entry: Encodable {
      let kind: String
      let cueA: Int?
      let cueB: Int?
      let detail: String
    }
    let schema = "captionkit.diff"
    let schemaVersion = 1
    let a: String
    let b: String
    let toleranceMilliseconds: Double
    /// Content the readers could not read, in both files (printed on standard error); the
    /// comparison covers only what was read.
    let readingErrors: Int
    let differences: [Entry]
  }
}
