@testable import CaptionCLI
import CaptionCore
@testable import CaptionLint
import Foundation
import Testing

@Suite struct FixAndDiffTests {
  @Test func safeFixerTrimsRemovesAndReanchorsComments() {
    let d = doc(
      [cue(0, 1, "  Hello  \n world "), cue(1, 2, " \n "), cue(3, 4, "Keep"), cue(3.5, 6, "Overlap")],
      comments: [Comment(text: "before keep", beforeCue: 2), Comment(text: "trailing", beforeCue: 4)])
    let (fixed, changes) = SafeFixer.apply(d, options: SafeFixer.Options(trimOverlaps: true))
    #expect(fixed.cues.map(\.plainText) == ["Hello\nworld", "Keep", "Overlap"])
    #expect(fixed.comments.map(\.beforeCue) == [1, 3])
    #expect(fixed.cues[1].end == CaptionTime(milliseconds: 3500))
    #expect(changes.map(\.kind) == ["whitespace-trimmed", "empty-cue-removed", "overlap-trimmed"])
    // Markup is kept while trimming inside it.
    let styled = Cue(start: .zero, end: CaptionTime(milliseconds: 900), content: [.element(CueElement(.italic, children: [.text(" hi ")])), .text(" ")])
    let (f2, _) = SafeFixer.apply(doc([styled]))
    #expect(f2.cues[0].content == [.element(CueElement(.italic, children: [.text("hi")]))])
    // Nothing to do: no changes.
    #expect(SafeFixer.apply(doc([cue(0, 1, "clean")])).changes.isEmpty)
    // Line breaks inside an element: the whitespace around them, and empty lines at either end
    // (also inside the first or last element) or of an empty element, go.
    let i = { (c: [CueNode]) in CueNode.element(CueElement(.italic, children: c)) }
    let inner = Cue(start: .zero, end: CaptionTime(milliseconds: 900), content: [i([.text("ital  "), .lineBreak, .text("  x")])])
    #expect(SafeFixer.apply(doc([inner])).document.cues[0].content == [i([.text("ital"), .lineBreak, .text("x")])])
    let leading = Cue(start: .zero, end: CaptionTime(milliseconds: 900), content: [i([.lineBreak, .text("line one"), .lineBreak, .text("line two")])])
    #expect(SafeFixer.apply(doc([leading])).document.cues[0].content == [i([.text("line one"), .lineBreak, .text("line two")])])
    let emptyLast = Cue(start: .zero, end: CaptionTime(milliseconds: 900), content: [.text("line one"), .lineBreak, .text("line two"), .lineBreak, i([])])
    #expect(SafeFixer.apply(doc([emptyLast])).document.cues[0].content == [.text("line one"), .lineBreak, .text("line two")])
  }

  /// Found by a hostile-input review: elements left empty and blank lines at an edge were
  /// removed one at a time (200,000 empty elements took 18 s). Now one pass.
  @Test func trimmingManyEmptyElementsAndEdgeLinesIsOnePass() {
    let empties = Array(repeating: CueNode.element(CueElement(.italic, children: [])), count: 100_000) + [.text("hello")]
    #expect(SafeFixer.trimLines(empties) == [.text("hello")])
    let breaks = [CueNode.element(CueElement(.italic, children: Array(repeating: .lineBreak, count: 100_000) + [.text("x")]))]
    #expect(SafeFixer.trimLines(breaks) == [.element(CueElement(.italic, children: [.text("x")]))])
    // Deep nesting: each level is passed once.
    var deep: [CueNode] = [.text(" x ")]
    for _ in 0..<200 { deep = [.element(CueElement(.bold, children: deep))] }
    var expected: [CueNode] = [.text("x")]
    for _ in 0..<200 { expected = [.element(CueElement(.bold, children: expected))] }
    #expect(SafeFixer.trimLines(deep) == expected)
  }

  /// The edited ranges of a patch are searched, not scanned per finding (a fix of 120,000
  /// findings took over 20 s).
  @Test func editedRangeLookup() {
    let edited = [0..<5, 5..<5, 5..<9, 20..<20, 30..<40]
    let hits = (0...45).filter { FixCommand.touches(edited, $0) }
    #expect(hits == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20] + Array(30...40))
    #expect(SourcePatcher.overlapsAny([0..<5, 10..<12, 20..<30], 4..<11))
    #expect(!SourcePatcher.overlapsAny([0..<5, 10..<12, 20..<30], 12..<20))
    #expect(SourcePatcher.overlapsAny([0..<5, 10..<12, 20..<30], 29..<31))
  }

  @Test func unifiedDiff() {
    let a = "WEBVTT\r\n\r\n1\r\nold line\r\nsame\r\n"
    let b = "WEBVTT\n\n1\nnew line\nsame\n"
    let d = UnifiedDiff.make(a, b, oldName: "a/x.vtt", newName: "b/x.vtt")
    #expect(d == "--- a/x.vtt\n+++ b/x.vtt\n@@ -1,5 +1,5 @@\n WEBVTT\n \n 1\n-old line\n+new line\n same\n")
    #expect(UnifiedDiff.make("a\r\nb\r\n", "a\nb\n", oldName: "x", newName: "y").isEmpty)
    let many = (1...40).map { "line \($0)" }
    var changed = many
    changed[4] = "changed 5"
    changed[30] = "changed 31"
    let two = UnifiedDiff.make(many.joined(separator: "\n"), changed.joined(separator: "\n"), oldName: "a", newName: "b")
    #expect(two.components(separatedBy: "@@ -").count == 3)  // two separate hunks
    #expect(two.contains("@@ -2,7 +2,7 @@\n line 2\n"))
  }

  @Test func fixRefusesWhenTheEncodingWasGuessed() throws {
    // UTF-8 with one stray byte is detected as windows-1252: writing the fix back as UTF-8
    // would turn "Café" in an untouched cue into "CafÃ©". Refuse; --encoding decides.
    let s = try Scratch()
    defer { s.remove() }
    let bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nCafé\n\n2\n00:00:03,000 --> 00:00:04,000\nbad ".utf8) + [0xFF]
      + Array(" x  \n".utf8)
    let p = s.path("guess.srt")
    try Data(bytes).write(to: URL(fileURLWithPath: p))
    let r = tool(["fix", p])
    #expect(r.code == 2)
    #expect(r.err.contains("not fixed: its text had to be guessed at or repaired while decoding"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: p)) == Data(bytes))
    #expect(tool(["fix", "--encoding", "utf-8", p]).code == 2)  // U+FFFD would replace the byte
    #expect(tool(["fix", "--encoding", "windows-1252", p]).code == 1)
  }

  @Test func fixKeepsPermissionsOfTheFileAndItsBackup() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("private.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello  \n")
    #expect(chmod(p, 0o600) == 0)
    #expect(tool(["fix", p]).code == 1)
    for f in [p, p + ".bak"] {
      let mode = (try FileManager.default.attributesOfItem(atPath: f)[.posixPermissions] as? NSNumber)?.intValue
      #expect(mode == 0o600, "\(f)")
    }
  }

  /// A UTF-16 file is rewritten whole (as UTF-8); the dry run compares the decoded text, so the
  /// diff shows only the lines that change, and says the encoding changes.
  @Test func dryRunOfAUTF16FileDiffsTheDecodedText() throws {
    let s = try Scratch()
    defer { s.remove() }
    var text = ""
    for i in 0..<12 { text += "\(i + 1)\n00:00:\(10 + i * 3),000 --> 00:00:\(12 + i * 3),000\n\(i == 1 || i == 10 ? "Padded  " : "Plain.")\n\n" }
    let p = s.path("utf16.srt")
    try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: p))
    let dry = tool(["fix", "--dry-run", p])
    #expect(dry.code == 1)
    #expect(dry.err.contains("\(p): utf-16le text, compared as decoded; it would be written as UTF-8"))
    let hunks = dry.out.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(hunks == ["@@ -4,7 +4,7 @@", "@@ -40,7 +40,7 @@"])
    #expect(dry.out.contains("-Padded  \n+Padded\n"))
    #expect(!dry.out.contains("\u{0}"))
    // The real run says so too.
    let fixed = tool(["fix", "--no-backup", p])
    #expect(fixed.code == 1)
    #expect(fixed.err.contains("was rewritten from utf-16le as UTF-8"), "\(fixed.err)")
    #expect(s.read("utf16.srt")?.hasPrefix("1\n00:00:10,000") == true)
  }

  /// A WebVTT file that is not UTF-8 is repaired by the rewrite, as an SRT file is: in UTF-16
  /// with a byte-order mark, or in a code page named with --encoding (never a guessed one).
  @Test func nonUTF8WebVTTIsRewrittenAsUTF8() throws {
    let s = try Scratch()
    defer { s.remove() }
    let text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nH\u{E9}llo  \n"
    let u16 = s.path("u16.vtt")
    try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: u16))
    let fixed = tool(["fix", "--no-backup", u16])
    #expect(fixed.code == 1)
    #expect(fixed.err == "\(u16): fixed: cue 1: trimmed whitespace; 1 reader finding repaired by rewriting; was rewritten from utf-16le as UTF-8\n", "\(fixed.err)")
    #expect(s.read("u16.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nH\u{E9}llo\n")
    let latin = s.path("1252.vtt")
    let bytes = Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nH".utf8) + [0xE9] + Array("llo  \n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: latin))
    // Guessed: refused, the file untouched.
    #expect(tool(["fix", "--no-backup", latin]).code == 2)
    #expect(try Data(contentsOf: URL(fileURLWithPath: latin)) == Data(bytes))
    #expect(tool(["fix", "--no-backup", "--encoding", "windows-1252", latin]).code == 1)
    #expect(s.read("1252.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nH\u{E9}llo\n")
  }

  @Test func fixCommandRewritesWithBackupAndDryRun() throws {
    let s = try Scratch()
    defer { s.remove() }
    let messy = "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:03.000\r\n  <i>Hello there</b>  \r\n\r\n00:00:03.500 --> 00:00:04.000\r\n \r\n\r\n00:00:05.000 --> 00:00:08.000\r\nGeneral Kenobi\r\n"
    let p = try s.write("ep.vtt", messy)
    let dry = tool(["fix", "--dry-run", p])
    #expect(dry.code == 1)
    #expect(dry.out.contains("-  <i>Hello there</b>  \n+<i>Hello there</i>\n"))
    #expect(dry.out.contains("-00:00:03.500 --> 00:00:04.000\n"))
    #expect(s.read("ep.vtt") == messy)  // dry run writes nothing
    let fixed = tool(["fix", p])
    #expect(fixed.code == 1)
    #expect(fixed.err.contains("fixed: cue 1: trimmed whitespace; cue 2: removed (no visible text)"))
    #expect(s.read("ep.vtt.bak") == messy)
    // Only the fixed cues changed; the file keeps its CRLF line endings.
    #expect(s.read("ep.vtt") == "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:03.000\r\n<i>Hello there</i>\r\n\r\n00:00:05.000 --> 00:00:08.000\r\nGeneral Kenobi\r\n")
    // Idempotent: a second run has nothing to do.
    let again = tool(["fix", p])
    #expect(again.code == 0)
    #expect(again.err == "\(p): no changes\n")
    // The fixed file validates clean and differs from the original only by the empty cue.
    #expect(tool(["validate", "--strict", p]).code == 0)
    let diff = tool(["diff", s.path("ep.vtt.bak"), p])
    #expect(diff.out.hasPrefix("- cue 2 → – removed: [0:00:03.500 → 0:00:04.000]"))
    // --no-backup.
    let q = try s.write("q.srt", "1\r\n00:00:01,000 --> 00:00:02,000\r\n text \r\n")
    #expect(tool(["fix", "--no-backup", q]).code == 1)
    #expect(s.read("q.srt") == "1\r\n00:00:01,000 --> 00:00:02,000\r\ntext\r\n")
    #expect(s.read("q.srt.bak") == nil)
  }

  @Test func fixNeverOverwritesAnEarlierBackup() throws {
    let s = try Scratch()
    defer { s.remove() }
    let first = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello  \n"
    let p = try s.write("twice.vtt", first)
    #expect(tool(["fix", p]).code == 1)
    #expect(s.read("twice.vtt.bak") == first)
    // Edited again by hand, then fixed again: the first backup stays, the second goes beside it.
    let second = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello\n\n00:00:03.000 --> 00:00:04.000\n  again\n"
    try Data(second.utf8).write(to: URL(fileURLWithPath: p))
    let r = tool(["fix", p])
    #expect(r.code == 1)
    #expect(r.err.contains("the original is kept as \(p).bak.1 (\(p).bak already exists)"))
    #expect(s.read("twice.vtt.bak") == first)
    #expect(s.read("twice.vtt.bak.1") == second)
  }

  /// A dangling symbolic link named PATH.bak is an entry too: the backup goes to PATH.bak.1
  /// (the run used to stop with exit 2).
  @Test func fixSkipsADanglingBackupLink() throws {
    let s = try Scratch()
    defer { s.remove() }
    let messy = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello  \n"
    let p = try s.write("link.vtt", messy)
    try FileManager.default.createSymbolicLink(atPath: p + ".bak", withDestinationPath: s.path("nowhere"))
    let r = tool(["fix", p])
    #expect(r.code == 1, "\(r.err)")
    #expect(s.read("link.vtt.bak.1") == messy)
    #expect(s.read("link.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello\n")
  }

  /// A misspelt arrow (`->`, `--->`, an em dash) is read with both times: writing the file
  /// back repairs it, so it no longer blocks `fix`.
  @Test func fixRepairsAMisspeltArrow() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("arrow.srt", "1\n00:00:01,000 -> 00:00:02,000\nA\n\n2\n00:00:03,000 \u{2014}> 00:00:04,000\nB\n")
    let r = tool(["fix", "--no-backup", p])
    #expect(r.code == 1, "\(r.err)")
    #expect(s.read("arrow.srt") == "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n")
  }

  @Test func fixWithNothingSafeToDoStillReportsReaderErrors() throws {
    let s = try Scratch()
    defer { s.remove() }
    // The second cue's end time cannot be respelt, so the reader drops that cue: "no changes"
    // must say so, not read as a clean file.
    let text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nkept\n\n00:00:03.000 --> 00:00:0x.000\nlost\n"
    let p = try s.write("broken.vtt", text)
    let r = tool(["fix", p])
    #expect(r.code == 0)
    let lines = r.err.split(separator: "\n")
    #expect(lines.first == "\(p): no changes; 1 reader error no safe fix can repair (fix by hand; see 'captionkit validate'):")
    #expect(lines.count == 2 && lines[1].contains("[webvtt.timestamp.field-digits]") && lines[1].contains("the cue is dropped"))
    #expect(s.read("broken.vtt") == text)
    #expect(s.read("broken.vtt.bak") == nil)
  }

  @Test func fixTrimsWhiteSpaceAfterTheTimestamps() throws {
    let s = try Scratch()
    defer { s.remove() }
    // Trailing spaces after the end time are a reported reader finding; the fix removes them.
    // A timing line respelt for another finding (a '.' separator) keeps what follows the
    // timestamps (SRT coordinates here) but not the white space after it.
    let p = try s.write(
      "tw.srt",
      "1\n00:00:01,000 --> 00:00:02,000   \nhello\n\n2\n00:00:03.000 --> 00:00:04,000 X1:10 X2:20 Y1:5 Y2:9\t \nworld\n\n3\n00:00:05,000 --> 00:00:06,000\nclean\n")
    let r = tool(["fix", "--no-backup", p])
    #expect(r.code == 1)
    #expect(r.err == "\(p): fixed: 2 reader findings repaired by rewriting\n")
    #expect(
      s.read("tw.srt")
        == "1\n00:00:01,000 --> 00:00:02,000\nhello\n\n2\n00:00:03,000 --> 00:00:04,000 X1:10 X2:20 Y1:5 Y2:9\nworld\n\n3\n00:00:05,000 --> 00:00:06,000\nclean\n")
    #expect(tool(["fix", "--no-backup", p]).err == "\(p): no changes\n")
  }

  @Test func fixRefusesWhenTheReaderHadToGuess() throws {
    let s = try Scratch()
    defer { s.remove() }
    // A cue whose timing line is malformed is skipped by the reader; TTML is written back whole,
    // which would delete the skipped content, so any such problem blocks the fix.
    let text = "<?xml version=\"1.0\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"en\"><body><div><p xml:space=\"preserve\" begin=\"1s\" end=\"2s\">kept  </p><p begin=\"soon\" end=\"4s\">guessed</p></div></body></tt>\n"
    let p = try s.write("bad.ttml", text)
    let r = tool(["fix", p])
    #expect(r.code == 2)
    #expect(r.err.contains("not fixed"))
    #expect(s.read("bad.ttml") == text)
  }

  /// `diff` compares what a viewer sees: an SRT file matches its own TTML and WebVTT
  /// conversions (italics as styled spans, a colour as a class, the bottom default as TTML's
  /// bottom region, `{\an8}` as the top region), while a real change of style, colour,
  /// voice or place is reported with what changed.
  @Test func diffComparesWhatViewersSee() throws {
    let s = try Scratch()
    defer { s.remove() }
    let srt = try s.write("a.srt", "1\n00:00:01,000 --> 00:00:02,000\n<i>Hello</i> there\n\n2\n00:00:03,000 --> 00:00:04,000\n{\\an8}<font color=\"#ffff00\">Top</font> line\n\n3\n00:00:05,000 --> 00:00:06,000\nDid she say <b>Kirkwall</b>?\n")
    for ext in ["ttml", "vtt"] {
      #expect(tool(["convert", srt, s.path("a.\(ext)")]).code == 0)
      let r = tool(["diff", srt, s.path("a.\(ext)")])
      #expect(r.code == 0, "\(ext): \(r.out)")
      #expect(r.out.hasSuffix("match (3 cues)\n"), "\(r.out)")
    }
    let b = try s.write("b.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello there\n\n00:00:03.000 --> 00:00:04.000 line:0\n<c.white>Top</c> line\n\n00:00:05.000 --> 00:00:06.000 line:10%\n<v Ann>Did she say <b>Kirkwall</b>?\n")
    let r = tool(["diff", srt, b])
    #expect(r.code == 1)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("~ cue 1 → 1 style: \"Hello\" italic, colour #ffffff → colour #ffffff"), "\(r.out)")
    #expect(lines.contains("~ cue 2 → 2 style: \"Top\" colour #ffff00 → colour #ffffff"), "\(r.out)")
    #expect(lines.contains("~ cue 3 → 3 style: \"Did she say\" colour #ffffff → colour #ffffff, voice Ann"), "\(r.out)")
    #expect(lines.contains("~ cue 3 → 3 position: default position → line 10.0%"), "\(r.out)")
    #expect(lines.count == 5, "\(r.out)")
  }

  /// A region per cue (as TTML's inline regions give): each cue's region is looked up, not
  /// found by a scan of all regions (20,000 × 20,000 string comparisons).
  @Test func diffWithARegionPerCueStaysLinear() {
    var d = CaptionDocument()
    d.regions = (0..<20_000).map { Region(id: "r\($0)") }
    d.cues = (0..<20_000).map { k in
      var c = Cue(start: CaptionTime(milliseconds: Int64(k) * 1_000), end: CaptionTime(milliseconds: Int64(k) * 1_000 + 500), content: [.text("cue \(k)")])
      c.settings.region = "r\(k)"
      return c
    }
    var other = d
    other.cues[19_999].content = [.element(CueElement(.italic, children: [.text("cue 19999")]))]
    #expect(CaptionDiff.compare(d, other).map(\.detail) == ["\"cue 19999\" colour #ffffff → italic, colour #ffffff"])
  }

  @Test func semanticDiffAcrossFormats() throws {
    let s = try Scratch()
    defer { s.remove() }
    let a = try s.write("a.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello there\n\n00:00:04.000 --> 00:00:06.000\n<i>General</i> Kenobi\n\n00:00:07.000 --> 00:00:08.000\nGone\n")
    let same = try s.write("same.srt", "1\n00:00:01,000 --> 00:00:03,000\nHello there\n\n2\n00:00:04,000 --> 00:00:06,000\n<i>General</i> Kenobi\n\n3\n00:00:07,000 --> 00:00:08,000\nGone\n")
    let r0 = tool(["diff", a, same])
    #expect(r0.code == 0)
    #expect(r0.out.hasSuffix("match (3 cues)\n"))
    let b = try s.write("b.srt", "1\n00:00:01,040 --> 00:00:03,000\nHello there\n\n2\n00:00:04,000 --> 00:00:06,500\n{\\an8}General Kenobi!\n\n3\n00:00:09,000 --> 00:00:10,000\nNew\n")
    let r = tool(["diff", a, b])
    #expect(r.code == 1)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("~ cue 1 → 1 timing: start 0:00:01.000 → 0:00:01.040 (+40 ms)"))
    #expect(lines.contains("~ cue 2 → 2 timing: end 0:00:06.000 → 0:00:06.500 (+500 ms)"))
    #expect(lines.contains("~ cue 2 → 2 text: \"General Kenobi\" → \"General Kenobi!\""))
    #expect(lines.contains { $0.hasPrefix("~ cue 2 → 2 position: default position → line") })
    #expect(lines.contains("- cue 3 → – removed: [0:00:07.000 → 0:00:08.000] \"Gone\""))
    #expect(lines.contains("+ cue – → 3 added: [0:00:09.000 → 0:00:10.000] \"New\""))
    // Within tolerance, the 40 ms shift is not a difference; ignoring text and position leaves timing and cues.
    let tol = tool(["diff", "--tolerance", "50", "--ignore", "text,position", a, b])
    #expect(!tol.out.contains("+40 ms"))
    #expect(tol.out.contains("+500 ms"))
    let json = tool(["diff", "--format", "json", a, b])
    #expect(json.out.contains("\"schema\" : \"captionkit.diff\""))
    // Cue numbers are 1-based, as in the text output ("- cue 3 → – removed").
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let removed = try #require((parsed["differences"] as? [[String: Any]])?.first { $0["kind"] as? String == "removed" })
    #expect(removed["cueA"] as? Int == 3)
    #expect(tool(["diff", a]).code == 2)
  }
  /// 20,000 cues of one space: each is removed, in one pass over the changes (one `removeAll`
  /// per removed cue took 18 s), and their whitespace trims are not listed beside it.
  @Test func manyBlankCuesAreRemovedInOnePass() {
    var d = CaptionDocument()
    d.cues = (0..<20_000).map { k in Cue(start: CaptionTime(milliseconds: Int64(k) * 1_000), end: CaptionTime(milliseconds: Int64(k) * 1_000 + 500), content: [.text(" ")]) }
    d.cues.append(Cue(start: CaptionTime(milliseconds: 30_000_000), end: CaptionTime(milliseconds: 30_001_000), content: [.text(" kept ")]))
    let (fixed, changes) = SafeFixer.apply(d)
    #expect(fixed.cues.count == 1)
    #expect(fixed.cues.first?.content == [.text("kept")])
    #expect(changes.filter { $0.kind == "empty-cue-removed" }.count == 20_000)
    #expect(changes.filter { $0.kind == "whitespace-trimmed" }.map(\.cueIndex) == [20_000])
  }

  /// Cue text with a CRLF (one `Character` in Swift) stays on its `diff` line.
  @Test func diffDetailKeepsLineBreaksOnOneLine() {
    let a = doc([Cue(start: .zero, end: CaptionTime(milliseconds: 1_000), content: [.text("x\r\n::error::forged\u{1B}[2J")])])
    let b = doc([Cue(start: .zero, end: CaptionTime(milliseconds: 1_000), content: [.text("y")])])
    let diffs = CaptionDiff.compare(a, b)
    #expect(!diffs.isEmpty)
    for d in diffs {
      #expect(!d.description.contains("\n") && !d.description.contains("\r") && !d.description.contains("\u{1B}"), "\(d.description)")
    }
  }
}
