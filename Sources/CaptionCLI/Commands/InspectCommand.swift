import CaptionKit
import Foundation
import MediaInspector

/// `captionkit inspect PATH...`: reports the subtitle and caption tracks of media files and
/// streaming manifests, whether each player family will offer them, and (with a policy)
/// whether each file meets the CI requirements.
enum InspectCommand: CLICommand {
  static let name = "inspect"
  static let summary = "Inspect subtitle/caption tracks in media, HLS and DASH; check a CI policy"
  static let valuedOptions: Set<String> = [
    "format", "policy", "require", "cc-budget", "max-policy-size", "max-manifest-size", "max-manifest-elements", "max-segments",
  ]
  static let help = """
    Usage: captionkit inspect [options] PATH...

    Inspects media files (MP4, MOV, M4V, MKV, WebM, TS), HLS master playlists (.m3u8) and DASH
    MPDs (.mpd). Folders are walked recursively. For each file: container, duration and every
    stream; for each subtitle/caption track: codec, language (ISO 639-2 and BCP 47), title,
    dispositions, the MP4/Matroska facts FFmpeg cannot read (alternate group, tagc, elng, tx3g
    forced flags, FlagEnabled, LanguageBCP47, CodecID; marked [direct]), cue count and span,
    embedded CEA-608/708 channels, a selectability verdict per player family (apple, android,
    desktop, web), and rule findings (MP4-002 …). One bad file does not stop the others.

    Options:
      --format text|json       Output format (default text; json schema captionkit.inspect, version 1)
      --policy FILE            A JSON policy file of requirements (see docs/MediaInspector.md)
      --require REQUIREMENT    A requirement (repeatable), e.g.
                                 "track lang=en sdh selectable=apple,android"
                                 "cea608 CC1"  "no-untagged-languages"  "exactly-one-default"
      --cc-budget SECONDS|all  Video decoded when looking for embedded captions (default 5)
      --no-cc                  Don't decode video for embedded captions
      --no-cues                Don't read packets to count cues
      --allow-outside          Let manifests reference files outside their folder
      --max-manifest-size N    Bytes read of a playlist, MPD or WebVTT segment (default 16777216)
      --max-manifest-elements N  XML elements read from a DASH MPD (default 100000)
      --max-segments N         Segments checked per HLS subtitle playlist (default 1000)
      --quiet                  Text output: only the policy results and their summary (so nothing
                               without --policy or --require)

    Exit codes: 0 every file meets the policy (or no policy and every file was inspected),
    1 a requirement failed (each failure names the file, requirement and why), 2 usage error, a
    named folder with no media files or, without a policy, a file that could not be inspected
    (its error goes to standard error).

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let format = args.value("format") ?? "text"
    guard ["text", "json"].contains(format) else { throw .usage("--format takes text or json") }
    var options = InspectOptions()
    if let b = args.value("cc-budget") {
      if b == "all" {
        options.closedCaptionBudgetSeconds = nil
      } else if let s = Double(b), s > 0, s.isFinite {
        options.closedCaptionBudgetSeconds = s
      } else {
        throw .usage("--cc-budget takes a number of seconds or 'all'")
      }
    }
    if args.flag("no-cc") { options.scanClosedCaptions = false }
    if args.flag("no-cues") { options.countCues = false }
    if args.flag("allow-outside") { options.allowOutsideManifestFolder = true }
    func positive(_ name: String) throws(ToolError) -> Int? {
      guard let v = args.value(name) else { return nil }
      guard let n = Int(v), n > 0 else { throw .usage("--\(name) takes a positive whole number") }
      return n
    }
    if let n = try positive("max-manifest-size") { options.maxManifestSize = n }
    if let n = try positive("max-manifest-elements") { options.maxManifestElements = n }
    if let n = try positive("max-segments") { options.maxSegmentsChecked = n }
    let quiet = args.flag("quiet")
    var requirements: [Requirement] = []
    var havePolicy = false
    if let file = args.value("policy") {
      havePolicy = true
      let bytes = try FileAccess.read(file, io: io, limit: 4 << 20, flag: nil)
      do {
        requirements += try Policy.load(json: bytes).requirements
      } catch {
        throw .usage("\(ControlCharacterEscaping.escaped(file)): \(error.description)")
      }
    }
    for r in args.values("require") {
      havePolicy = true
      do {
        requirements.append(try Policy.parse(requirement: r, path: "--require '\(r)'"))
      } catch {
        throw .usage(error.description)
      }
    }
    try args.checkAllUnderstood()
    guard !args.positionals.isEmpty else { throw .usage("inspect needs at least one file or folder") }

    // A folder with nothing to inspect is a mistake (a wrong path in CI), not "0 of 0 files meet
    // the policy", whatever else is named.
    var paths: [String] = []
    // What a folder walk could not read is reported as a file that could not be inspected.
    var unwalked: [MediaReport] = []
    for p in args.positionals {
      let (found, problems) = MediaInspector.walk(paths: [p])
      var isDir: ObjCBool = false
      if found.isEmpty, problems.isEmpty, FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue {
        throw .io(path: p, message: "no media files found")
      }
      unwalked += problems.map { MediaReport(path: $0.path, error: $0.reason) }
      paths += found
    }
    let reports = unwalked + paths.map { MediaInspector.inspect(path: $0, options: options) }
    let results = havePolicy ? Policy(requirements: requirements).evaluate(reports) : nil
    if format == "json" {
      io.writeOut(InspectionOutput(files: reports, policy: results).encoded())
    } else {
      // Errors go to standard error, the reports to standard output.
      for r in reports where r.error != nil { io.errLine(errorLine(r)) }
      if !quiet {
        for r in reports where r.error == nil { io.out(ReportText.render(r) + "\n") }
      }
      if let results {
        for p in results { io.out(ReportText.render(p)) }
        io.outLine(PolicySummary(results).description)
      }
    }
    if let results { return results.allSatisfy(\.passed) ? .success : .findings }
    if reports.contains(where: { $0.error != nil }) {
      for r in reports where r.error != nil && format == "json" { io.errLine(errorLine(r)) }
      return .usageOrIO
    }
    return .success
  }

  /// `PATH: error: MESSAGE` for a file that could not be inspected, as `validate` words it, on
  /// one line (control characters in the path and message escaped).
  static func errorLine(_ r: MediaReport) -> String {
    let error = r.error ?? ""
    let message = error.hasPrefix(r.path + ": ") ? String(error.dropFirst(r.path.count + 2)) : error
    return ControlCharacterEscaping.escaped(r.path) + ": error: " + ControlCharacterEscaping.escaped(message)
  }
}
