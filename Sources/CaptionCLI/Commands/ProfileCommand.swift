import CaptionKit
import Foundation

/// `captionkit profile check|export|preview|list`: caption style profiles and their
/// legibility (see docs/StyleProfiles.md).
enum ProfileCommand: CLICommand {
  static let name = "profile"
  static let summary = "Check, export and preview caption style profiles (legibility over video)"
  static let valuedOptions: Set<String> = SeverityPolicy.valuedOptions.union(["format", "to", "output"])
  static let aliases = ["-o": "--output", "-t": "--to"]
  static let help = """
    Usage: captionkit profile check [options] PROFILE...
           captionkit profile export PROFILE --to webvtt|ttml|cea708|apple|android [-o FILE]
           captionkit profile preview PROFILE -o preview.svg
           captionkit profile list
           captionkit profile rules

    PROFILE is a profile file (.json; its profiles may be basedOn the shipped ones) or the id of
    a shipped profile (see 'captionkit profile list'); 'all' checks every shipped profile.

    check    Computes the worst-case contrast of each profile over all video (WCAG 2.2 ratio in
             sRGB-blend and linear-light compositing, APCA Lc), and its size, edge, layout and
             quantisation rules; prints every finding with its numbers, threshold and source:
               error   CS-C01 worst-case contrast 3.98:1 (sRGB blend), 1.91:1 (linear) < 4.5:1 ...
    export   Prints the profile as platform values: a WebVTT STYLE block, TTML styles, CTA-708
             pen and window attributes (quantised), Apple MediaAccessibility / CMTextMarkup or
             Android CaptionStyle values. What the platform cannot hold goes to standard error.
    preview  Writes an SVG of sample captions over a black, a white and a busy grey frame, each
             labelled with its computed contrast.
    list     The shipped profiles, with their expected verdicts.
    rules    Every rule: id, severity, diagnostic code, threshold and its source.

    Options:
      --format text|json     check: output format (default text)
      --fail-on SEVERITY     Exit 1 when a finding is at or above: error (default), warning, info
      --strict               Same as --fail-on warning
      --quiet                check: print only findings at or above the failing severity
      --to TARGET            export: webvtt, ttml, cea708, apple, android
      -o, --output FILE      export/preview: write to FILE ('-' or none: standard output)

    Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error (including an
    invalid profile file, reported with JSON paths).

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let policy = try SeverityPolicy(&args)
    guard let sub = args.positionals.first else {
      throw .usage("profile needs a subcommand: check, export, preview, list or rules")
    }
    let refs = Array(args.positionals.dropFirst())
    switch sub {
    case "check": return try check(refs, &args, policy: policy, io: io)
    case "export": return try export(refs, &args, policy: policy, io: io)
    case "preview": return try preview(refs, &args, io: io)
    case "rules":
      try args.checkAllUnderstood()
      for r in ProfileChecker.rules {
        io.outLine("\(r.id)  \(r.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(r.code)")
        io.outLine("        \(r.title); threshold: \(r.threshold); source: \(r.source)")
      }
      return .success
    case "list":
      try args.checkAllUnderstood()
      let lib = ProfileLibrary.builtIn
      for id in lib.ids {
        let p = try? lib.profile(id)
        let verdict = p?.expectedVerdict.map { " [\($0.rawValue)]" } ?? ""
        io.outLine(id.padding(toLength: 28, withPad: " ", startingAt: 0) + (p?.name ?? "") + verdict)
      }
      return .success
    default:
      throw .usage("unknown profile subcommand '\(sub)'; use check, export, preview, list or rules")
    }
  }

  /// Loads the profiles named by `refs` (files or built-in ids; `all` for every built-in).
  static func load(_ refs: [String]) throws(ToolError) -> [StyleProfile] {
    var out: [StyleProfile] = []
    for r in refs {
      if r == "all" {
        out += ProfileLibrary.builtIn.allProfiles
        continue
      }
      do {
        out += try ProfileLoader.load(r)
      } catch {
        switch error {
        case .unknownProfile(let id, nil) where id == r:
          throw .usage("no profile file or shipped profile named '\(ControlCharacterEscaping.escaped(r))' (see 'captionkit profile list')")
        case .unreadable(let file, let reason):
          throw .io(path: file, message: reason)
        default:
          throw .profile(error, reference: r)
        }
      }
    }
    return out
  }

  static func check(_ refs: [String], _ args: inout ArgumentScanner, policy: SeverityPolicy, io: ToolIO) throws(ToolError)
    -> ExitCode
  {
    let format = args.value("format") ?? "text"
    guard ["text", "json"].contains(format) else { throw .usage("--format takes text or json") }
    let quiet = args.flag("quiet")
    try args.checkAllUnderstood()
    guard !refs.isEmpty else { throw .usage("profile check needs at least one profile") }
    let results = try load(refs).map(ProfileChecker.result)
    if format == "json" {
      io.out(ProfileReport.json(results))
    } else {
      io.out(ProfileReport.text(results, minimumSeverity: quiet ? policy.failOn : .info))
    }
    return ProfileReport.exitStatus(results, failOn: policy.failOn) == 0 ? .success : .findings
  }

  static func export(_ refs: [String], _ args: inout ArgumentScanner, policy: SeverityPolicy, io: ToolIO) throws(ToolError)
    -> ExitCode
  {
    guard let to = args.value("to") else { throw .usage("profile export needs --to webvtt|ttml|cea708|apple|android") }
    guard let target = ExportTarget(rawValue: to == "vtt" ? "webvtt" : to == "708" ? "cea708" : to) else {
      throw .usage("--to takes webvtt, ttml, cea708, apple or android")
    }
    let output = args.value("output")
    try args.checkAllUnderstood()
    guard refs.count == 1 else { throw .usage("profile export takes one profile") }
    var diags: [Diagnostic] = []
    var text = ""
    for p in try load(refs) {
      let e = ProfileExporter.export(p, to: target)
      text += e.text
      diags += e.diagnostics
    }
    try write(text, to: output, protecting: refs, io: io)
    let printer = DiagnosticPrinter(color: io.colorAllowed(stderr: true))
    for d in diags { io.errLine(printer.line(d)) }
    return policy.fails(diags) ? .findings : .success
  }

  static func preview(_ refs: [String], _ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let output = args.value("output")
    try args.checkAllUnderstood()
    guard refs.count == 1 else { throw .usage("profile preview takes one profile") }
    guard let p = try load(refs).first else { throw .usage("no profile in '\(refs[0])'") }
    try write(SVGPreview.render(p), to: output, protecting: refs, io: io)
    return .success
  }

  /// Writes `text` to `output` (standard output for `-` or none), never over one of `inputs`:
  /// the profile files read (refused with exit 2, as `convert` refuses its input).
  static func write(_ text: String, to output: String?, protecting inputs: [String], io: ToolIO) throws(ToolError) {
    if let output, output != "-" {
      // Only references that are files were read (`ProfileLoader.load`); a shipped id is not a
      // path, so `-o large-print` beside no such file is fine.
      let files = inputs.filter { FileManager.default.fileExists(atPath: $0) }
      try FileAccess.writeAtomically(Array(text.utf8), to: output, protecting: files)
    } else {
      io.out(text)
    }
  }
}
