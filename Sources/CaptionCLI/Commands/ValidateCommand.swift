import CaptionKit
import MediaInspector
import Foundation

/// `captionkit validate PATH...`: reads caption files and reports every problem: the format's
/// own rules (reader diagnostics) and the caption quality rules (lint), with repository
/// configuration, suppressions, baselines and CI report formats.
enum ValidateCommand: CLICommand {
  static let name = "validate"
  static let summary = "Check caption files against their format's rules and quality rules (files or folders)"
  static let valuedOptions: Set<String> = CaptionLoader.valuedOptions.union(SeverityPolicy.valuedOptions).union([
    "format", "preset", "config", "baseline", "write-baseline", "media", "media-duration", "report", "full-track",
  ])
  static let help = """
    Usage: captionkit validate [options] PATH...

    Reads each caption file (folders are searched recursively for .vtt, .webvtt, .srt, .ttml,
    .dfxp, .xml and .imsc files and the media files below, skipping hidden files and folders; a folder with none is an error; '-' reads
    standard input) and reports every problem found, with its line and column. The format is detected from the content; the file extension only breaks ties.
    Media files (.mp4, .mov, .m4v, .mkv, .webm, .ts …) have each text subtitle track (subrip,
    webvtt, mov_text) linted with the same rules, reported as FILE#TRACK with the cue number.

    Besides the format's own rules, caption quality rules (lint) run on every file: timing
    (durations, gaps, overlaps), reading speed, line length and count, empty cues, whitespace,
    markup. Their thresholds come from a preset (default 'streaming': 42 characters, 2 lines,
    17 cps, 5/6 s to 7 s, 2-frame gaps) and from .captionkit.json, found by walking up from each
    input file. Run 'captionkit validate --list-rules' for the rules and presets.

    Options:
      --format FORMAT        Output: text (default: file:line:col: severity: [code] message),
                             json, sarif (SARIF 2.1.0), junit (JUnit XML), github (Actions annotations)
      --report FORMAT=FILE   Also write a report in FORMAT to FILE (repeatable), from the same run;
                             FILE '-' is standard output, after the main output. A FILE that
                             cannot be written (missing folder, an input) fails before the run
      --fail-on SEVERITY     Exit 1 when a finding is at or above: error (default), warning, info
      --strict               Same as --fail-on warning
      --preset NAME          Lint preset: streaming (default), broadcast, cea608, dcmp-educational,
                             dcmp-children, dcmp-adult, dcmp-cultural
      --config FILE          Use this configuration instead of finding .captionkit.json
      --no-lint              Check only the format's rules: no lint rules, and no legibility
                             checks of the file's own styles (unless a style --profile is named)
      --baseline FILE        Report and fail only on findings not recorded in FILE
      --write-baseline FILE  Record every current finding in FILE (- for standard output; exit 0
                             unless I/O fails)
      --media-duration TIME  The programme's duration (seconds or h:mm:ss.mmm), for media.* rules
      --media FILE           Take the programme duration from a media file
      --full-track FILE      The inputs are forced (foreign-parts) tracks of FILE: every cue
                             must also be in FILE (package.forced-subset)
      --list-rules           List the lint rules and presets, then exit
      --from FORMAT          Don't detect: read as webvtt, srt or ttml
      --encoding NAME        Decode with this encoding (utf-8, windows-1252, utf-16le, ...)
      --profile NAME         A TTML validation profile (imsc1.1, ebu-tt-d, ttml2, ttml1, smpte-tt;
                             default: the document's own designators), or a style profile (a
                             .json file or a shipped id, see 'captionkit profile list'): the file
                             is also checked as it would display under that profile
      --no-style             Don't check the legibility of the styles the file carries
      --max-file-size BYTES  Largest input read (default 536870912)
      --max-nesting-depth N  Deepest markup kept; deeper tags are flattened and reported (default 256)
      --max-cue-elements N   Most tags (TTML: spans) in one cue; later ones are flattened and
                             reported (default 10000)
      --max-timed-content N  TTML: cue-text nodes built for p's whose content changes while shown
                             (default 1000000); past it such a p is one cue, reported
      --max-xml-elements N, --max-xml-attributes N (per element), --max-attribute-length BYTES,
      --max-entity-expansion BYTES
                             TTML's XML parser bounds (defaults 4000000, 1000, 1048576, 1048576)
      --max-cue-attribute-text BYTES
                             TTML: style, reference, language and agent text one style, region
                             or cue carries, inherited or its own (default 1024); the rest is
                             dropped and reported
      --max-line-length BYTES
                             SRT and WebVTT lines longer than this are reported (default 1048576)
      --max-diagnostics N    Diagnostics kept per file, from reading and again from lint; the
                             rest are counted in one summary (default 10000)
      --quiet                Print only findings at or above the failing severity

    Inline suppressions: a WebVTT 'NOTE captionkit-disable RULE...' block silences RULE for the
    next cue; 'NOTE captionkit-disable-file RULE...' for the whole file. In TTML:
    <metadata><ck:disable xmlns:ck="urn:captionkit:lint">RULE...</ck:disable></metadata> in a p
    (its cues), a div (its cues), or head/body (the whole file).

    Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage, configuration or I/O error.

    """

  static let captionExtensions: Set<String> = ["vtt", "webvtt", "srt", "ttml", "dfxp", "xml", "imsc"]
  static let reportFormats = ["text", "json", "sarif", "junit", "github"]

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    if args.flag("list-rules") {
      try args.checkAllUnderstood()
      io.out(ruleList())
      return .success
    }
    var loader = try CaptionLoader(&args)
    // Conformance: IMSC Text Profile documents are also checked against the render model.
    loader.options.checksRenderModel = true
    // --no-lint checks the format's rules only: the legibility of the file's own styles is a
    // quality check too (kept when a style profile is named: that asks for it).
    let checkStyles = !args.flag("no-style") && (!args.flag("no-lint") || !loader.styleProfiles.isEmpty)
    let failOnGiven = args.value("fail-on") != nil || args.flag("strict")
    let policy = try SeverityPolicy(&args)
    let format = args.value("format") ?? "text"
    guard reportFormats.contains(format) else { throw .usage("--format takes text, json, sarif, junit or github") }
    var extraReports: [(format: String, path: String)] = []
    for r in args.values("report") {
      guard let eq = r.firstIndex(of: "="), reportFormats.contains(String(r[..<eq])), r.index(after: eq) < r.endIndex else {
        throw .usage("--report takes FORMAT=FILE with FORMAT one of \(reportFormats.joined(separator: ", "))")
      }
      extraReports.append((String(r[..<eq]), String(r[r.index(after: eq)...])))
    }
    let quiet = args.flag("quiet")
    let writeBaselinePath = args.value("write-baseline")
    // Files read besides the captions (with the configurations the session finds): no report
    // or baseline may replace them.
    let otherInputs = loader.profileFiles + ["media", "full-track", "baseline"].compactMap { args.value($0) }
    var lint = try session(&args, loader: loader, io: io, writeBaselinePath: writeBaselinePath)
    try args.checkAllUnderstood()
    guard !args.positionals.isEmpty else { throw .usage("validate needs at least one file or folder") }
    // Standard input is read once: a second `-` would check an empty file.
    if args.positionals.filter({ $0 == "-" || FileAccess.standardInputPaths.contains($0) }).count > 1 {
      throw .usage("standard input (-) can be named only once")
    }
    var paths: [String] = []
    // A CI job pointed at the wrong folder must not pass silently: `expand` throws for a folder
    // with nothing in it. (Files that exist but are all excluded by .captionkit.json are a
    // different matter: that is the configuration's choice.)
    let (found, emptyFolders, unwalked) = try FileAccess.expand(args.positionals, extensions: captionExtensions.union(MediaValidation.extensions), what: "caption or media files")
    for folder in emptyFolders {
      io.errLine("captionkit validate: warning: \(ControlCharacterEscaping.escaped(folder)): no caption or media files found")
    }
    for p in found {
      // A named path that does not exist is an I/O error whatever include says (a typo must not
      // pass as "excluded").
      let missing = p != "-" && !FileManager.default.fileExists(atPath: p)
      if missing { paths.append(p); continue }
      if try configured({ () throws(ConfigurationError) in try lint.isIncluded(p) }) { paths.append(p) }
    }
    // Each file is judged by its own configuration: its failOn (unless --fail-on or --strict
    // is given) and its profile (unless --profile is).
    var loaders = ConfiguredLoader(loader)
    func settings(_ path: String) throws(ToolError) -> (failOn: Severity, loader: CaptionLoader) {
      let config = try configured { () throws(ConfigurationError) in try lint.configuration(forFile: path) }
      return (failOnGiven ? policy.failOn : (config.failOn ?? policy.failOn), try loaders.loader(for: config))
    }
    // A report or baseline that cannot be written (a missing folder, an input's path) fails
    // now, before the run, not after it. The configurations and the profile files they name
    // are inputs too, so they are found first (each once: both are cached).
    for p in paths { _ = try settings(p) }
    // Every file read: the run may read more (the configuration standard input finds), so
    // this is asked again before each write.
    func inputs() -> [String] { found + otherInputs + lint.configurationFiles + loaders.profileFiles }
    let outputs = extraReports.map(\.path) + (writeBaselinePath.map { [$0] } ?? [])
    try FileAccess.checkDistinct(outputs)
    for out in outputs where out != "-" {
      try FileAccess.checkWritable(out, protecting: inputs())
      if found.contains("-") { try FileAccess.checkNotStandardInput(out, io: io) }
    }

    // One document per stream: a report or baseline written to standard output moves the
    // text listing to standard error, and two documents cannot share it.
    let toStdout = extraReports.filter { $0.path == "-" }.count + (writeBaselinePath == "-" ? 1 : 0) + (format == "text" ? 0 : 1)
    if toStdout > 1 { throw .usage("only one report can be written to standard output (-)") }
    let listingToStderr = format == "text" && toStdout == 1
    func listing(_ line: String) { if listingToStderr { io.errLine(line) } else { io.outLine(line) } }
    let printer = DiagnosticPrinter(color: io.colorAllowed(stderr: listingToStderr))
    var files: [RunReport.File] = []
    var recorded: [Baseline.Item] = []
    let streamText = format == "text"
    // What a folder walk could not read counts as a file that could not be read (exit 2).
    for problem in unwalked where try configured({ () throws(ConfigurationError) in try lint.isIncluded(problem.path) }) {
      files.append(RunReport.File(path: problem.path, error: problem.reason))
      if streamText { io.errLine(errorLine(files[files.count - 1])) }
    }
    for path in paths {
      let (failOn, loader) = try settings(path)
      if MediaValidation.isMedia(path) {
        // Media: each embedded text track is read and linted as its sidecar file.
        do {
          for t in try MediaValidation.validate(path, options: loader.options) {
            var file = try configured { () throws(ConfigurationError) in
              try lint.check(path: t.path, format: t.format, result: t.result, recording: &recorded)
            }
            file.failOn = failOn
            files.append(file)
            if streamText {
              for d in inFileOrder(file.diagnostics) where !quiet || d.severity >= failOn { listing(printer.line(d)) }
            }
          }
        } catch {
          files.append(RunReport.File(path: path, error: message(error, about: path)))
          if streamText { io.errLine(errorLine(files[files.count - 1])) }
        }
        continue
      }
      var file: RunReport.File
      do {
        file = try CaptionFileCheck.check(path, loader: loader, checkStyles: checkStyles, lint: &lint, recording: &recorded, io: io)
      } catch {
        if case .usage = error { throw error }  // an invalid configuration stops the run
        files.append(RunReport.File(path: path, error: message(error, about: path)))
        if streamText { io.errLine(errorLine(files[files.count - 1])) }
        continue
      }
      file.failOn = failOn
      files.append(file)
      if streamText {
        for d in inFileOrder(file.diagnostics) where !quiet || d.severity >= failOn { listing(printer.line(d)) }
      }
    }
    // The run's failOn is the one every file shares; files whose configuration sets another
    // keep their own.
    let judged = Set(files.compactMap(\.failOn))
    let runFailOn = judged.count == 1 ? judged.first! : policy.failOn
    for i in files.indices where files[i].failOn == runFailOn { files[i].failOn = nil }
    let report = RunReport(files: files, failOn: runFailOn, tool: "captionkit \(CaptionTool.version)", toolVersion: CaptionTool.version)
    let failed = report.hasFailingFindings

    switch format {
    case "text":
      if !quiet || failed { listing(summaryLine(report)) }
    default:
      io.writeOut(render(format, report))
    }
    for (f, path) in extraReports {
      // '-' is standard output, as for convert and profile.
      if path == "-" {
        io.writeOut(render(f, report))
      } else {
        try FileAccess.writeAtomically(render(f, report), to: path, protecting: inputs())
      }
    }
    if let out = writeBaselinePath {
      let baseline = Baseline(recording: recorded)
      if out == "-" {
        io.writeOut(baseline.encoded())  // `-` is standard output, as for --report and convert
      } else {
        try FileAccess.writeAtomically(baseline.encoded(), to: out, protecting: inputs())
      }
      io.errLine("captionkit validate: recorded \(recorded.count) finding\(recorded.count == 1 ? "" : "s") in \(ControlCharacterEscaping.escaped(out))")
      return report.hasIOErrors ? .usageOrIO : .success
    }
    if report.hasIOErrors { return .usageOrIO }
    return failed ? .findings : .success
  }

  /// Builds the lint session from `--config`, `--preset`, `--no-lint`, `--baseline` and the
  /// media options.
  static func session(_ args: inout ArgumentScanner, loader: CaptionLoader, io: ToolIO, writeBaselinePath: String?) throws(ToolError) -> LintSession {
    var preset: LintPreset?
    if let name = args.value("preset") {
      guard let p = LintPreset.named(name) else {
        throw .usage("unknown preset '\(name)'; known: \(LintPreset.builtIn.map(\.id).joined(separator: ", "))")
      }
      preset = p
    }
    let noLint = args.flag("no-lint")
    var baseline: Baseline?
    let baselinePath = args.value("baseline")
    if let path = baselinePath {
      guard let data = FileManager.default.contents(atPath: path) else {
        let reason = FileAccess.entryExists(path) ? "cannot read the baseline (permissions, or not a file)" : "no such file"
        throw .io(path: path, message: reason)
      }
      baseline = try configured { () throws(ConfigurationError) in try Baseline.parse(Array(data), path: path) }
    }
    var context = LintContext()
    if let m = args.value("media") {
      let report = MediaInspector.inspect(path: m)
      guard let d = report.duration?.time else {
        let reason = report.error ?? "the media has no known duration"
        throw .io(path: m, message: reason.hasPrefix(m + ": ") ? String(reason.dropFirst(m.count + 2)) : reason)
      }
      context.mediaDuration = d
    }
    if let d = args.value("media-duration") {
      guard let t = parseDuration(d) else { throw .usage("--media-duration takes seconds (5400, 5400.5) or h:mm:ss.mmm") }
      context.mediaDuration = t
    }
    if let full = args.value("full-track") {
      context.fullTrack = try loader.load(full, io: io).result.document
    }
    let configPath = args.value("config")
    var session = try configured { () throws(ConfigurationError) in
      try LintSession(configPath: configPath, presetOverride: preset, lintEnabled: !noLint, baseline: baseline, context: context)
    }
    session.maxDiagnostics = loader.options.limits.maxDiagnostics
    // Fingerprints name files relative to the baseline's folder, so a baseline recorded on one
    // checkout matches on another.
    if let b = baselinePath ?? writeBaselinePath {
      session.fingerprintRoot = URL(fileURLWithPath: b).standardizedFileURL.deletingLastPathComponent().path
    }
    return session
  }

  /// Runs a configuration step, turning a `ConfigurationError` into a usage error (exit 2)
  /// that names the file and JSON path.
  static func configured<T>(_ body: () throws(ConfigurationError) -> T) throws(ToolError) -> T {
    do {
      return try body()
    } catch {
      // The configuration file's path is data: escaped, so the error stays one line.
      throw .usage("invalid configuration: \(ControlCharacterEscaping.escaped(error.description))")
    }
  }

  /// Seconds (`5400`, `5400.25`) or `h:mm:ss(.fff)` / `mm:ss(.fff)`, exactly (to the microsecond).
  static func parseDuration(_ s: String) -> CaptionTime? {
    let parts = s.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var total: Int64 = 0
    for (i, p) in parts.enumerated() {
      let last = i == parts.count - 1
      if last {
        let sec = p.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(sec.count), let whole = Int64(sec[0]), whole >= 0 else { return nil }
        var micros: Int64 = 0
        if sec.count == 2 {
          let frac = sec[1]
          guard !frac.isEmpty, frac.count <= 6, let f = Int64(frac), f >= 0 else { return nil }
          micros = f
          for _ in frac.count..<6 { micros *= 10 }
        }
        guard whole < 1_000_000_000 else { return nil }
        total = (total * 60 + whole) * 1_000_000 + micros
        if parts.count == 1 { total = whole * 1_000_000 + micros }
      } else {
        guard let v = Int64(p), v >= 0, v < 100_000 else { return nil }
        total = total * 60 + v
      }
    }
    return CaptionTime(value: total, timescale: 1_000_000)
  }

  /// One report in any of the formats.
  static func render(_ format: String, _ report: RunReport) -> [UInt8] {
    switch format {
    case "json": return jsonReport(report).encoded()
    case "sarif": return SARIFReport(report: report).encoded()
    case "junit": return JUnitReport(report: report).encoded()
    case "github": return Array(GitHubAnnotations(report: report).lines().map { $0 + "\n" }.joined().utf8)
    default:
      // As printed: paths and messages escaped, one finding a line.
      var out: [UInt8] = []
      let printer = DiagnosticPrinter(color: false)
      for f in report.files {
        if f.error != nil { out += Array((errorLine(f) + "\n").utf8) }
        for d in inFileOrder(f.diagnostics) { printer.appendLine(d, to: &out) }
      }
      return out + Array((summaryLine(report) + "\n").utf8)
    }
  }

  /// What went wrong with `path`, without the path when the error names it (the report gives
  /// the path apart).
  static func message(_ error: ToolError, about path: String) -> String {
    if case .io(let p, let m) = error, p == path { return m }
    return error.description
  }

  /// `PATH: error: MESSAGE` for a file that could not be read, on one line (control characters
  /// in the path and message escaped, as in diagnostics).
  static func errorLine(_ f: RunReport.File) -> String {
    ControlCharacterEscaping.escaped(f.path) + ": error: " + ControlCharacterEscaping.escaped(f.error ?? "")
  }

  /// Compiler style: a file's diagnostics in line and column order (file-level ones first),
  /// whichever check found them; equal positions keep their order.
  static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted {
      let a = $0.element.location, b = $1.element.location
      let ka = (a?.line ?? 0, a?.column ?? 0), kb = (b?.line ?? 0, b?.column ?? 0)
      return ka != kb ? ka < kb : $0.offset < $1.offset
    }.map(\.element)
  }

  static func summaryLine(_ report: RunReport) -> String {
    let c = report.counts
    let errors = c[.error, default: 0], warnings = c[.warning, default: 0], infos = c[.info, default: 0]
    // A file that could not be read was not checked: say so apart.
    let unread = report.files.filter { $0.error != nil }.count
    let n = report.files.count - unread
    var s = "\(n) file\(n == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info"
    if unread > 0 { s += "; \(unread) file\(unread == 1 ? "" : "s") could not be read" }
    let baselined = report.files.reduce(0) { $0 + $1.baselinedCount }
    let suppressed = report.files.reduce(0) { $0 + $1.suppressedCount }
    var extra: [String] = []
    if baselined > 0 { extra.append("\(baselined) in baseline") }
    if suppressed > 0 { extra.append("\(suppressed) suppressed") }
    if !extra.isEmpty { s += " (" + extra.joined(separator: ", ") + ")" }
    return s
  }

  /// The `captionkit.validate` version 1 JSON report (unchanged shape; lint findings are
  /// diagnostics with `lint.*` codes).
  static func jsonReport(_ report: RunReport) -> ValidationReport {
    let c = report.counts
    let entries = report.files.map { f in
      ValidationReport.FileEntry(
        path: f.path, format: f.format, encoding: f.encoding, cueCount: f.cueCount, error: f.error,
        failOn: f.failOn?.rawValue, diagnostics: f.diagnostics.map(ValidationReport.DiagnosticEntry.init))
    }
    return ValidationReport(
      files: entries,
      summary: .init(
        files: report.files.count,
        // A file that could not be read is a file with an error (its `error`), not a clean one.
        filesWithErrors: report.files.filter { $0.error != nil || $0.diagnostics.contains { $0.severity == .error } }.count,
        errors: c[.error, default: 0], warnings: c[.warning, default: 0], infos: c[.info, default: 0],
        failOn: report.failOn.rawValue, passed: !report.hasFailingFindings && !report.hasIOErrors))
  }

  static func ruleList() -> String {
    var s = "Rules (code, default severity, summary; threshold source):\n"
    for r in RuleCatalog.all {
      s += "  \(r.code.padding(toLength: 32, withPad: " ", startingAt: 0)) \(r.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(r.enabledByDefault ? "" : "(off by default) ")\(r.summary)\n"
      s += "  \(String(repeating: " ", count: 42))source: \(r.thresholdSource)\n"
    }
    s += "\nPresets (--preset, \"preset\" in .captionkit.json; default \(LintPreset.defaultID)):\n"
    for p in LintPreset.builtIn {
      s += "  \(p.id.padding(toLength: 18, withPad: " ", startingAt: 0)) \(p.summary)\n"
    }
    return s
  }
}
