import CaptionKit

/// `captionkit validate PATH...`: reads caption files and reports every problem.
enum ValidateCommand: CLICommand {
  static let name = "validate"
  static let summary = "Check caption files against their format's rules (files or folders)"
  static let valuedOptions: Set<String> = CaptionLoader.valuedOptions.union(SeverityPolicy.valuedOptions).union(["format"])
  static let help = """
    Usage: captionkit validate [options] PATH...

    Reads each caption file (folders are searched recursively for .vtt, .srt, .ttml, .dfxp and
    .xml files; '-' reads standard input) and reports every problem found, with its line and
    column. The format is detected from the content; the file extension only breaks ties.
    Media files (.mp4, .mov, .m4v, .mkv, .webm, .ts …) have each text subtitle track (subrip,
    webvtt, mov_text) linted with the same rules, reported as FILE#TRACK with the cue number.

    Options:
      --format text|json     Output format (default text: file:line:col: severity: [code] message)
      --fail-on SEVERITY     Exit 1 when a finding is at or above: error (default), warning, info
      --strict               Same as --fail-on warning
      --from FORMAT          Don't detect: read as webvtt, srt or ttml
      --encoding NAME        Decode with this encoding (utf-8, windows-1252, utf-16le, ...)
      --profile NAME         Validation profile (TTML: imsc1.1, ebu-tt-d, ttml2)
      --max-file-size BYTES  Largest input read (default 536870912)
      --quiet                Print only findings at or above the failing severity

    Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error.

    """

  static let captionExtensions: Set<String> = ["vtt", "webvtt", "srt", "ttml", "dfxp", "xml"]

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let loader = try CaptionLoader(&args)
    let policy = try SeverityPolicy(&args)
    let format = args.value("format") ?? "text"
    guard ["text", "json"].contains(format) else { throw .usage("--format takes text or json") }
    let quiet = args.flag("quiet")
    try args.checkAllUnderstood()
    guard !args.positionals.isEmpty else { throw .usage("validate needs at least one file or folder") }
    let paths = try FileAccess.expand(args.positionals, extensions: captionExtensions.union(MediaValidation.extensions))

    let printer = DiagnosticPrinter(color: io.colorAllowed())
    var entries: [ValidationReport.FileEntry] = []
    var counts = [Severity: Int]()
    var failed = false
    var ioFailure = false
    var filesWithErrors = 0
    for path in paths {
      if MediaValidation.isMedia(path) {
        // Media: lint each embedded text track as its sidecar file.
        do {
          for t in try MediaValidation.validate(path, options: loader.options) {
            for d in t.diagnostics { counts[d.severity, default: 0] += 1 }
            if t.diagnostics.contains(where: { $0.severity == .error }) { filesWithErrors += 1 }
            if policy.fails(t.diagnostics) { failed = true }
            if format == "json" {
              entries.append(.init(
                path: t.path, format: t.format, encoding: "utf-8", cueCount: t.cueCount, error: nil,
                diagnostics: t.diagnostics.map(ValidationReport.DiagnosticEntry.init)))
            } else {
              for d in t.diagnostics where !quiet || d.severity >= policy.failOn { io.outLine(printer.line(d)) }
            }
          }
        } catch {
          ioFailure = true
          if format == "json" {
            entries.append(.init(path: path, format: nil, encoding: nil, cueCount: nil, error: error.description, diagnostics: []))
          } else {
            io.errLine("\(path): error: \(error.description.hasPrefix(path) ? String(error.description.dropFirst(path.count + 2)) : error.description)")
          }
        }
        continue
      }
      let loaded: CaptionLoader.Loaded
      do {
        loaded = try loader.load(path, io: io)
      } catch {
        ioFailure = true
        if format == "json" {
          entries.append(.init(path: path, format: nil, encoding: nil, cueCount: nil, error: error.description, diagnostics: []))
        } else {
          io.errLine("\(path): error: \(error.description.hasPrefix(path) ? String(error.description.dropFirst(path.count + 2)) : error.description)")
        }
        continue
      }
      let diags = loaded.result.diagnostics
      for d in diags { counts[d.severity, default: 0] += 1 }
      if diags.contains(where: { $0.severity == .error }) { filesWithErrors += 1 }
      if policy.fails(diags) { failed = true }
      if format == "json" {
        entries.append(.init(
          path: loaded.path, format: loaded.format.id, encoding: loaded.result.encoding.rawValue,
          cueCount: loaded.result.document.cues.count, error: nil, diagnostics: diags.map(ValidationReport.DiagnosticEntry.init)))
      } else {
        for d in diags where !quiet || d.severity >= policy.failOn {
          io.outLine(printer.line(d))
        }
      }
    }
    let errors = counts[.error, default: 0], warnings = counts[.warning, default: 0], infos = counts[.info, default: 0]
    if format == "json" {
      let report = ValidationReport(
        files: entries,
        summary: .init(files: paths.count, filesWithErrors: filesWithErrors, errors: errors, warnings: warnings, infos: infos, failOn: policy.failOn.rawValue, passed: !failed && !ioFailure))
      io.writeOut(report.encoded())
    } else if !quiet || failed {
      io.outLine("\(paths.count) file\(paths.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info")
    }
    if ioFailure { return .usageOrIO }
    return failed ? .findings : .success
  }
}
