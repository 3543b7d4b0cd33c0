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

    Fixes each caption file (folders are searched like 'validate') with changes that cannot
    change what is said or when:
      - misspelt timestamps respelt (00:01:39 --> 00:01:41,04), mixed line endings made LF,
      - unbalanced tags closed (<i>text</b> becomes <i>text</i>, as players render it),
      - cues with no visible text removed (SRT indexes renumbered after a removal),
      - whitespace trimmed at the ends of lines,
      - with --trim-overlaps, a cue ended where the next cue in the same position starts.
    WebVTT and SRT files are edited in place: only the cues a fix touches change; the header,
    NOTE/STYLE/REGION blocks, cue ids, settings and line endings are kept, and a file with
    nothing to fix is left exactly as it was ('no changes'). TTML is written back whole.
    After fixing, the result is read back and compared cue by cue with the intended document; a
    file is left untouched when anything else would change, when the reader had to skip or guess
    at content (fix those problems by hand first), or when its writer would drop a feature.

    Files are written atomically; the original is kept as PATH.bak unless --no-backup (as
    PATH.bak.1, PATH.bak.2, … when that exists: a backup is never overwritten). 'no changes' lists
    the reader errors no safe fix can repair (a cue dropped for a broken timing line, say).

    Options:
      --dry-run              Print a unified diff of what would change; write nothing
      --no-backup            Don't keep PATH.bak
      --trim-overlaps        Also end overlapping cues where the next one starts
      --keep-empty-cues      Don't remove empty cues
      --from FORMAT          Don't detect the input format
      --encoding NAME        Decode with this encoding (the file is written back as UTF-8)
      --max-file-size BYTES  Largest input read
      --max-diagnostics N    Reader findings kept per file (default 10000); a file with more is
                             not fixed, since the findings past the cap could not be checked

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
    let (paths, emptyFolders, unwalked) = try FileAccess.expand(args.positionals, extensions: ValidateCommand.captionExtensions, what: "caption files")
    for folder in emptyFolders {
      io.errLine("captionkit fix: warning: \(ControlCharacterEscaping.escaped(folder)): no caption files found")
    }
    var changedFiles = 0
    var refused = false
    let printer = DiagnosticPrinter(color: false)
    // One file that cannot be read or written does not stop the others; the run then exits 2.
    var failed = !unwalked.isEmpty
    for problem in unwalked {
      io.errLine("captionkit fix: error: \(ControlCharacterEscaping.escaped(problem.path)): \(problem.reason)")
    }
    func fixOne(_ path: String) throws(ToolError) {
      // How messages name the file: control characters escaped, so each message is one line.
      let shown = ControlCharacterEscaping.escaped(path)
      // The file is read twice (its bytes for the backup, then to load it): a FIFO would block
      // the second read for ever, and a device cannot be replaced anyway.
      guard FileAccess.isRegularFileOrMissing(path) else {
        throw .io(path: path, message: "is not a regular file (a FIFO, device or socket); fix rewrites files in place")
      }
      let original = try FileAccess.read(path, io: io, limit: loader.options.limits.maxFileSize)
      let loaded = try loader.load(path, io: io)
      let blocking = SafeFixer.blockingDiagnostics(loaded.result.diagnostics)
      func refuse(_ problems: [Diagnostic]) {
        refused = true
        io.errLine("\(shown): not fixed: the reader reported problems a rewrite could make permanent; fix them by hand first:")
        for d in problems.prefix(5) { io.errLine("  " + printer.line(d)) }
      }
      // The fix is written back as UTF-8 text: if the bytes were guessed at or replaced while
      // decoding, that rewrite would turn the guess into the file's content, cues no fix touched
      // included.
      let decoding = loaded.result.diagnostics.filter {
        ($0.code == "text.encoding.detected" && loader.options.encoding == nil)
          || ["text.encoding.invalid-utf8", "text.encoding.invalid-utf16", "text.encoding.undecodable"].contains($0.code)
      }
      func refuseDecoding() {
        refused = true
        io.errLine("\(shown): not fixed: its text had to be guessed at or repaired while decoding, and a fix would make that permanent; check the encoding and run again with --encoding NAME:")
        for d in decoding.prefix(3) { io.errLine("  " + printer.line(d)) }
      }
      let (fixed, changes) = SafeFixer.apply(loaded.result.document, options: options)
      let written = loaded.format.write(fixed, options: WriteOptions(lineEnding: .lf))
      let keepsIDs = loaded.format.id != "srt"
      var output: [UInt8]
      var whole = false
      var editedRanges: [Range<Int>]?
      // Nothing was rewritten, so every reader error is still there, "repairable" ones too (a
      // timestamp too broken to respell drops its cue): "no changes" must not read as "clean".
      func nothingToFix() {
        let errors = loaded.result.diagnostics.filter { $0.severity >= .error }
        if errors.isEmpty {
          io.errLine("\(shown): no changes")
          return
        }
        io.errLine("\(shown): no changes; \(errors.count) reader \(errors.count == 1 ? "error" : "errors") no safe fix can repair (fix by hand; see 'captionkit validate'):")
        for d in errors.prefix(5) { io.errLine("  " + printer.line(d)) }
      }
      switch patch(original, loaded, fixed: fixed, changes: changes, written: written.bytes, options: loader.options) {
      case .unchanged:
        nothingToFix()
        return
      case .patched(let bytes, let edited):
        if !decoding.isEmpty {
          refuseDecoding()
          return
        }
        // Problems outside what was rewritten stay as they were; one inside it (or one that
        // is not tied to a place) could be made permanent.
        let inEdits = blocking.filter { d in
          guard let o = d.location?.offset else { return true }
          return Self.touches(edited, o)
        }
        if !inEdits.isEmpty {
          refuse(inEdits)
          return
        }
        output = bytes
        editedRanges = edited
      case nil:
        // The whole file written back by its writer (TTML, or a file whose cues could not be
        // located in its text).
        if changes.isEmpty, SafeFixer.repairableDiagnostics(loaded.result.diagnostics).isEmpty {
          nothingToFix()
          return
        }
        if !decoding.isEmpty {
          refuseDecoding()
          return
        }
        if !blocking.isEmpty {
          refuse(blocking)
          return
        }
        let losses = written.diagnostics.filter { $0.severity >= .warning }
        if !losses.isEmpty {
          refused = true
          io.errLine("\(shown): not fixed: writing it back would lose: \(losses.map(\.message).prefix(3).joined(separator: "; "))")
          return
        }
        // Prove the rewrite says exactly what the fixed document says.
        guard let reread = try? loaded.format.read(written.bytes, options: ReadOptions()), sameContent(reread.document, fixed, keepsIDs: keepsIDs) else {
          refused = true
          io.errLine("\(shown): not fixed: the rewritten file would not read back the same; left untouched")
          return
        }
        output = written.bytes
        whole = true
      }
      if output == original {
        nothingToFix()
        return
      }
      changedFiles += 1
      let repaired = SafeFixer.repairableDiagnostics(loaded.result.diagnostics).filter { d in
        guard d.severity >= .warning || d.code.containsUTF8("timing") || d.code.containsUTF8("timestamp") else { return false }
        guard let edited = editedRanges, let o = d.location?.offset else { return true }
        return Self.touches(edited, o)
      }
      if dryRun {
        // A file in another encoding is shown as the text it holds (the output is UTF-8), so
        // the diff has only the lines that change, not every byte.
        var oldBytes = original
        if loaded.result.encoding != .utf8 {
          oldBytes = TextDecoder.decode(original, encoding: loader.options.encoding).utf8
          io.errLine("\(shown): \(loaded.result.encoding.rawValue) text, compared as decoded; it would be written as UTF-8")
        }
        let oldText = String(decoding: oldBytes, as: UTF8.self)
        let newText = String(decoding: output, as: UTF8.self)
        let diff = UnifiedDiff.make(oldText, newText, oldName: "a/" + shown, newName: "b/" + shown)
        if diff.isEmpty {
          io.outLine("\(shown): line endings or encoding only (rewritten as UTF-8 with LF)")
        } else {
          io.out(diff)
        }
      } else {
        // Before the backup: a file that cannot be replaced must not leave one behind.
        try FileAccess.checkWritable(path, protecting: [])
        if !noBackup {
          // Never overwrite an earlier backup: it may be the only copy of the real original.
          var backup = path + ".bak"
          var n = 1
          // Any entry counts, a dangling symbolic link too (`fileExists` follows links).
          while FileAccess.entryExists(backup) {
            backup = path + ".bak.\(n)"
            n += 1
          }
          try FileAccess.writeAtomically(original, to: backup, protecting: [path], permissionsOf: path)
          if n > 1 { io.errLine("\(shown): the original is kept as \(ControlCharacterEscaping.escaped(backup)) (\(shown).bak already exists)") }
        }
        try FileAccess.writeAtomically(output, to: path, protecting: [])
      }
      // The first changes, and a count of the rest: a fix of 100k cues made a 3 MB line.
      var summary = changes.prefix(Self.changesListed).map(\.message)
      if changes.count > Self.changesListed { summary.append("\(changes.count - Self.changesListed) more changes") }
      if !repaired.isEmpty { summary.append("\(repaired.count) reader finding\(repaired.count == 1 ? "" : "s") repaired by rewriting") }
      if summary.isEmpty { summary.append("normalised timestamps and line endings") }
      if whole { summary.append("the whole file was rewritten by its writer") }
      if loaded.result.encoding != .utf8 { summary.append("\(dryRun ? "would be" : "was") rewritten from \(loaded.result.encoding.rawValue) as UTF-8") }
      io.errLine("\(shown): \(dryRun ? "would fix" : "fixed"): \(summary.joined(separator: "; "))")
      // Reader errors the fix left where they were (outside what it rewrote): "fixed" must not
      // read as "clean".
      let repairedSet = Set(repaired)
      let left = loaded.result.diagnostics.filter { $0.severity >= .error && !repairedSet.contains($0) }
      if !left.isEmpty {
        io.errLine("\(shown): \(left.count) reader \(left.count == 1 ? "error" : "errors") left, which no safe fix can repair (fix by hand; see 'captionkit validate'):")
        for d in left.prefix(5) { io.errLine("  " + printer.line(d)) }
      }
    }
    for path in paths {
      do {
        try fixOne(path)
      } catch {
        failed = true
        io.errLine("captionkit fix: error: \(error)")
      }
    }
    if refused || failed { return .usageOrIO }
    return changedFiles > 0 ? .findings : .success
  }

  /// Changes named one by one in a file's summary line.
  static let changesListed = 10

  /// Whether offset `o` lies in one of `edited` (sorted, not overlapping: `SourcePatcher`'s
  /// edits) or at its end. A binary search: a fix may repair tens of thousands of findings.
  static func touches(_ edited: [Range<Int>], _ o: Int) -> Bool {
    var lo = 0, hi = edited.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if edited[mid].lowerBound <= o { lo = mid + 1 } else { hi = mid }
    }
    // Ranges up to `lo` start at or before `o`; their ends only grow, so few reach it.
    var k = lo - 1
    while k >= 0, edited[k].upperBound >= o {
      if edited[k].contains(o) || edited[k].upperBound == o { return true }
      k -= 1
    }
    return false
  }

  enum Patched {
    case unchanged
    /// The new file, and the byte ranges of the decoded text that were replaced.
    case patched([UInt8], edited: [Range<Int>])
  }

  /// The fixes as edits of the file's own text (WebVTT, SRT): `.unchanged` when there is
  /// nothing to fix, `nil` when the file cannot be patched (it is then written back whole).
  /// The patched text is read back and must say exactly what the fixed document says.
  static func patch(_ original: [UInt8], _ loaded: CaptionLoader.Loaded, fixed: CaptionDocument, changes: [SafeFixer.Change], written: [UInt8], options: ReadOptions) -> Patched? {
    let syntax: SourcePatcher.Syntax
    switch loaded.format.id {
    case "webvtt": syntax = .webvtt
    case "srt": syntax = .srt
    default: return nil
    }
    guard let rewritten = try? loaded.format.read(written, options: ReadOptions()) else { return nil }
    // The text the reader's offsets refer to: decoded as the reader decoded it, without a BOM.
    let decoded = TextDecoder.decode(original, encoding: options.encoding, utf8Only: syntax == .webvtt)
    let removed = Set(changes.filter { $0.kind == "empty-cue-removed" }.map(\.cueIndex))
    guard let result = SourcePatcher.patch(
      source: decoded.utf8, original: loaded.result.document, readerDiagnostics: loaded.result.diagnostics, fixed: fixed, removed: removed,
      written: written, rewritten: rewritten.document, syntax: syntax)
    else { return nil }
    if result.text == decoded.utf8 { return .unchanged }
    let bytes = (decoded.hadBOM && decoded.encoding == .utf8 ? [0xEF, 0xBB, 0xBF] : []) + result.text
    guard let reread = try? loaded.format.read(bytes, options: ReadOptions()), sameContent(reread.document, fixed, keepsIDs: syntax != .srt) else { return nil }
    return .patched(bytes, edited: result.edited)
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
