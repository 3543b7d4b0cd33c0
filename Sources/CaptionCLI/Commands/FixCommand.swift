import CaptionKit
import Foundation

/// `captionkit fix PATH...`: applies only fixes that cannot change meaning, writes atomically and
/// keeps a backup.
enum FixCommand: CLICommand {
  static let name = "fix"
  static let summary = "Apply safe fixes: timestamps, line endings, empty cues, whitespace, unbalanced tags"
  static let valuedOptions: Set<String> = CaptionLoader.valuedOptions
  static let help = """
    Usage: captionkit fix [options] PATH...

    Rewrites each caption file (folders are searched like 'validate') with fixes that cannot
    change what is said or when:
      - timestamps and line endings normalised (the file is written back by its format's writer),
      - unbalanced tags closed (<i>text</b> becomes <i>text</i>, as players render it),
      - cues with no visible text removed,
      - whitespace trimmed at the ends of lines,
      - with --trim-overlaps, a cue ended where the next cue in the same position starts.
    After fixing, the result is read back and compared cue by cue with the intended document; a
    file is left untouched when anything else would change, when the reader had to skip or guess
    at content (fix those problems by hand first), or when its writer would drop a feature.

    Files are written atomically; the original is kept as PATH.bak unless --no-backup.

    Options:
      --dry-run              Print a unified diff of what would change; write nothing
      --no-backup            Don't keep PATH.bak
      --trim-overlaps        Also end overlapping cues where the next one starts
      --keep-empty-cues      Don't remove empty cues
      --from FORMAT          Don't detect the input format
      --encoding NAME        Decode with this encoding (the file is written back as UTF-8)
      --max-file-size BYTES  Largest input read

    Exit codes: 0 nothing to fix, 1 files were changed (or would be, with --dry-run),
    2 usage or I/O error, or a file that cannot be fixed safely.

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let loader = try CaptionLoader(&args)
    let dryRun = args.flag("dry-run")
    let noBackup = args.flag("no-backup")
    var options = SafeFixer.Options()
    options.trimOverlaps = args.flag("trim-overlaps")
    options.removeEmptyCues = !args.flag("keep-empty-cues")
    try args.checkAllUnderstood()
    guard !args.positionals.isEmpty else { throw .usage("fix needs at least one file or folder") }
    if args.positionals.contains("-") { throw .usage("fix rewrites files in place; it cannot read standard input") }
    let paths = try FileAccess.expand(args.positionals, extensions: ValidateCommand.captionExtensions)
    var changedFiles = 0
    var refused = false
    for path in paths {
      let original = try FileAccess.read(path, io: io, limit: loader.options.limits.maxFileSize)
      let loaded = try loader.load(path, io: io)
      let blocking = SafeFixer.blockingDiagnostics(loaded.result.diagnostics)
      if !blocking.isEmpty {
        refused = true
        io.errLine("\(path): not fixed: the reader reported problems a rewrite could make permanent; fix them by hand first:")
        for d in blocking.prefix(5) { io.errLine("  " + d.description) }
        continue
      }
      let (fixed, changes) = SafeFixer.apply(loaded.result.document, options: options)
      let written = loaded.format.write(fixed, options: WriteOptions(lineEnding: .lf))
      let losses = written.diagnostics.filter { $0.severity >= .warning }
      if !losses.isEmpty {
        refused = true
        io.errLine("\(path): not fixed: writing it back would lose: \(losses.map(\.message).prefix(3).joined(separator: "; "))")
        continue
      }
      // Prove the rewrite says exactly what the fixed document says.
      guard let reread = try? loaded.format.read(written.bytes, options: ReadOptions()), sameContent(reread.document, fixed, keepsIDs: loaded.format.id != "srt") else {
        refused = true
        io.errLine("\(path): not fixed: the rewritten file would not read back the same; left untouched")
        continue
      }
      if written.bytes == original { continue }
      changedFiles += 1
      let repaired = loaded.result.diagnostics.filter { $0.severity >= .warning || $0.code.contains("timing") || $0.code.contains("timestamp") }
      if dryRun {
        let oldText = String(decoding: original, as: UTF8.self)
        let newText = String(decoding: written.bytes, as: UTF8.self)
        let diff = UnifiedDiff.make(oldText, newText, oldName: "a/" + path, newName: "b/" + path)
        if diff.isEmpty {
          io.outLine("\(path): line endings or encoding only (rewritten as UTF-8 with LF)")
        } else {
          io.out(diff)
        }
      } else {
        if !noBackup { try FileAccess.writeAtomically(original, to: path + ".bak", protecting: [path]) }
        try FileAccess.writeAtomically(written.bytes, to: path, protecting: [])
      }
      var summary = changes.map(\.message)
      if !repaired.isEmpty { summary.append("\(repaired.count) reader finding\(repaired.count == 1 ? "" : "s") repaired by rewriting") }
      if summary.isEmpty { summary.append("normalised timestamps and line endings") }
      io.errLine("\(path): \(dryRun ? "would fix" : "fixed"): \(summary.joined(separator: "; "))")
    }
    if refused { return .usageOrIO }
    return changedFiles > 0 ? .findings : .success
  }

  /// Whether two documents have the same cues (timing, settings, style, text; ids too unless
  /// the format renumbers them) and comments.
  static func sameContent(_ a: CaptionDocument, _ b: CaptionDocument, keepsIDs: Bool) -> Bool {
    guard a.cues.count == b.cues.count else { return false }
    for (x, y) in zip(a.cues, b.cues) {
      var x = x
      if !keepsIDs { x.id = y.id }
      if x != y { return false }
    }
    return a.comments.map(\.text) == b.comments.map(\.text) && a.regions == b.regions && a.styleSheets == b.styleSheets
  }
}
