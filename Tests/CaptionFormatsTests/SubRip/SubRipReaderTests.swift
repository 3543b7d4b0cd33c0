import CaptionCore
import CaptionFormats
import Testing

/// Reading well-formed SRT: values, line endings, markup and positions.
@Suite struct SubRipReaderTests {
  let ms = SRT.ms

  @Test func aLessThanSignBeforeATagIsText() {
    // Found by the round-trip property test: "<y l'été <i>" was read as one unknown tag, which
    // swallowed the <i> and left a stray </i> in the text.
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nx<y l'été <i>in</i> a>b\n")
    #expect(r.cues.first?.content == [
      .text("x<y l'été "), .element(CueElement(.italic, children: [.text("in")])), .text(" a>b"),
    ])
    #expect(!r.diagnostics.contains { $0.code.hasPrefix("srt.tag.") })
  }

  /// The hours-past-99 message is built by hand (it is said for every timestamp of a long
  /// file); it reads as the other messages do, on both parser paths (canonical fields and
  /// one-digit minutes) and for the largest hours a field holds.
  @Test func hoursOver99MessagesNameTheHours() {
    let r = SRT.read("1\n123:00:00,000 --> 999999999:00:01,000\nA\n\n2\n100:0:00,000 --> 100:00:01,000\nB\n")
    let messages = r.diagnostics.filter { $0.code == "srt.timing.hours-over-99" }.map(\.message)
    #expect(messages == [
      "start time has 123 hours; many players only read two hour digits",
      "end time has 999999999 hours; many players only read two hour digits",
      "start time has 100 hours; many players only read two hour digits",
      "end time has 100 hours; many players only read two hour digits",
    ])
    #expect(r.cues.map(\.end) == [ms(999_999_999 * 3_600_000 + 1000), ms(360_001_000)])
  }

  @Test func readsCanonicalFile() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n01:02:03,004 --> 01:02:04,005\nSecond\n")
    #expect(r.diagnostics.isEmpty)
    #expect(r.cues.count == 2)
    #expect(r.cues[0].id == "1")
    #expect(r.cues[0].start == ms(1000) && r.cues[0].end == ms(2500))
    #expect(r.cues[0].content == [.text("Hello"), .lineBreak, .text("world")])
    #expect(r.cues[0].sourceText == "Hello\nworld")
    #expect(r.cues[0].source == SourceLocation(line: 2, column: 1, offset: 2))
    #expect(r.cues[1].start == ms(3_723_004) && r.cues[1].end == ms(3_724_005))
    #expect(r.encoding == .utf8)
  }

  @Test(arguments: ["\n", "\r\n", "\r"])
  func lineEndings(_ nl: String) {
    let text = ["1", "00:00:01,000 --> 00:00:02,000", "A", "B", "", "2", "00:00:03,000 --> 00:00:04,000", "C", ""].joined(separator: nl)
    let r = SRT.read(text)
    #expect(r.diagnostics.isEmpty)
    #expect(r.cues.map(\.plainText) == ["A\nB", "C"])
    #expect(r.cues[1].source?.line == 7)
  }

  @Test func mixedLineEndings() {
    let r = SRT.read("1\r\n00:00:01,000 --> 00:00:02,000\nA\r\rB\n")
    let d = r.diagnostics("srt.line.mixed-endings")
    #expect(d.count == 1 && d[0].severity == .info)
    #expect(r.cues.count == 1 && r.cues[0].plainText == "A\nB")
    #expect(r.diagnostics("srt.cue.text-after-blank-line").first?.location?.line == 5)
  }

  @Test func utf8BOMIsSkipped() {
    let r = SRT.read([0xEF, 0xBB, 0xBF] + Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8))
    #expect(r.diagnostics.isEmpty)
    #expect(r.cues.first?.id == "1")
  }

  @Test func italicBoldUnderline() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\n<i>a</i> <B>b</B> <u>c\nd</u>\n")
    #expect(r.diagnostics.isEmpty)
    #expect(r.cues[0].content == [
      .element(CueElement(.italic, children: [.text("a")])), .text(" "),
      .element(CueElement(.bold, children: [.text("b")])), .text(" "),
      .element(CueElement(.underline, children: [.text("c"), .lineBreak, .text("d")])),
    ])
  }

  @Test func fontColorFaceSize() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\n<font color=\"#00ff00\" face=\"Arial\" size=\"28\">x</font><font color=yellow>y</font>\n")
    #expect(r.diagnostics.isEmpty)
    var green = TextStyle()
    green.color = Color(red: 0, green: 255, blue: 0)
    green.fontFamily = ["Arial"]
    green.fontSize = Length(28, .pixels)
    var yellow = TextStyle()
    yellow.color = Color(red: 255, green: 255, blue: 0)
    #expect(r.cues[0].content == [
      .element(CueElement(.span, style: green, children: [.text("x")])),
      .element(CueElement(.span, style: yellow, children: [.text("y")])),
    ])
  }

  @Test(arguments: 1...9)
  func anchorTags(_ n: Int) {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\n{\\an\(n)}Text\n")
    #expect(r.diagnostics.isEmpty)
    let s = r.cues[0].settings
    #expect(r.cues[0].content == [.text("Text")])
    switch n {
    case 1, 2, 3: #expect(s.line == .auto)
    case 4, 5, 6: #expect(s.line == .value(50) && !s.snapToLines && s.lineAlign == .center)
    default: #expect(s.line == .value(0) && s.snapToLines && s.lineAlign == .start)
    }
    #expect(s.align == [.left, .center, .right][(n - 1) % 3])
    #expect(s.position == nil && s.size == 100)
  }

  @Test func entitiesStayText() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\n&amp; &lt;3\n")
    #expect(r.cues[0].content == [.text("&amp; &lt;3")])
    #expect(r.diagnostics.map(\.code) == ["srt.text.character-reference"])
  }

  @Test func lessThanThatIsNotATagIsText() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\na < b > c <3 {not an override}\n")
    #expect(r.cues[0].content == [.text("a < b > c <3 {not an override}")])
    #expect(r.diagnostics.isEmpty)
  }

  @Test func encodingOverride() {
    let bytes: [UInt8] = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + [0xE0, 0xE1]
    let r = SRT.read(bytes, options: ReadOptions(encoding: TextEncoding(label: "cp1251")))
    #expect(r.encoding == .windows1251)
    #expect(r.cues[0].plainText == "аб")
    #expect(r.diagnostics.isEmpty)
  }

  @Test func fileTooLargeThrows() {
    var options = ReadOptions()
    options.limits.maxFileSize = 10
    #expect(throws: CaptionError.fileTooLarge(size: 11, limit: 10)) {
      _ = try SubRipFormat().read(Array("01234567890".utf8), options: options)
    }
  }

  @Test func probeScores() {
    let f = SubRipFormat()
    #expect(f.probe(Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)[...]) == 90)
    #expect(f.probe(Array("\n00:00:01,000 --> 00:00:02,000\n".utf8)[...]) == 70)
    #expect(f.probe(Array("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8)[...]) == 0)
  }

  /// A broken timing line right after cue text (no blank line) is a block that cannot be read,
  /// reported, not more text of the cue before it.
  @Test func brokenTimingLineInsideCueTextIsReported() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nHello\n2\n00:00:03,000 --> 00:00:0x,000\nbad\n\n3\n00:00:05,000 --> 00:00:06,000\nthree\n")
    #expect(r.cues.map(\.plainText) == ["Hello", "three"])
    #expect(r.cues.map(\.id) == ["1", "3"])
    #expect(r.diagnostics.map(\.code) == ["srt.cue.missing-blank-line", "srt.timing.invalid", "srt.index.out-of-sequence"])
    #expect(r.diagnostics.map { $0.location?.line } == [4, 5, 8])
    #expect(r.diagnostics[1].severity == .error)
    // Without the index line too.
    let r2 = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nHello\n00:00:03,000 --> 0x:00:04,000\nbad\n")
    #expect(r2.cues.map(\.plainText) == ["Hello"])
    #expect(r2.diagnostics.map(\.code) == ["srt.cue.missing-blank-line", "srt.timing.invalid"])
    // Text with an arrow that is not a timing line stays text: steps, scores, years.
    let r3 = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nA --> B\n-> 2 --> 3\n1. Click File -> Save\n2 -> 1 for the home team\n1999\n2000 -> today\n3\n2 --> 1 liftoff!\n")
    #expect(r3.cues.map(\.plainText) == ["A --> B\n-> 2 --> 3\n1. Click File -> Save\n2 -> 1 for the home team\n1999\n2000 -> today\n3\n2 --> 1 liftoff!"])
    #expect(r3.diagnostics.isEmpty)
    // Times in dialogue, without a millisecond field, are not timing lines inside cue text.
    let r4 = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nMeet at\n10:00 --> 11:00 in room B\n2:1 --> 3:1 final\n")
    #expect(r4.cues.map(\.plainText) == ["Meet at\n10:00 --> 11:00 in room B\n2:1 --> 3:1 final"])
    #expect(r4.diagnostics.isEmpty)
    // A timing line written with dots only is a broken timing line too; a decimal is dialogue.
    let r5 = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nHello\n00.00.03.000 --> 00.00.04.000\nbad\n")
    #expect(r5.cues.map(\.plainText) == ["Hello"])
    #expect(r5.diagnostics.map(\.code) == ["srt.cue.missing-blank-line", "srt.timing.invalid"])
    #expect(r5.diagnostics.map { $0.location?.line } == [4, 4])
    let r6 = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nfrom 1.5 to\n1.5 --> 2.5\n1.2.3 --> 1.2.4\n10.0.0.1 --> 10.0.0.2\n1.2.3.4 --> 5\n12.10.2024. --> 13.10.2024.\n")
    #expect(r6.cues.map(\.plainText) == ["from 1.5 to\n1.5 --> 2.5\n1.2.3 --> 1.2.4\n10.0.0.1 --> 10.0.0.2\n1.2.3.4 --> 5\n12.10.2024. --> 13.10.2024."])
    #expect(r6.diagnostics.isEmpty)
  }

  /// `<s>` and `<strike>` are struck-through text (gpac#1605; FFmpeg reads them so), written
  /// back to SRT as `<s>`.
  @Test func strikeThrough() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nx <s>y</s> A<STRIKE>b</STRIKE>\n")
    var struck = TextStyle()
    struck.textDecoration = .lineThrough
    #expect(r.cues.first?.content == [
      .text("x "), .element(CueElement(.span, style: struck, children: [.text("y")])), .text(" A"),
      .element(CueElement(.span, style: struck, children: [.text("b")])),
    ])
    #expect(r.diagnostics.isEmpty)
    let srt = String(decoding: SubRipFormat().write(CaptionDocument(cues: r.cues), options: WriteOptions()).bytes, as: UTF8.self)
    #expect(srt.contains("x <s>y</s> A<s>b</s>"))
  }

  /// `<br>` in SRT text (written by some tools) is a line break, as FFmpeg reads it; other
  /// shapes of it stay text.
  @Test func htmlLineBreakIsALineBreak() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\none<br/>two<BR>three<br />four<br x>five\n")
    #expect(r.cues.first?.content == [.text("one"), .lineBreak, .text("two"), .lineBreak, .text("three"), .lineBreak, .text("four<br x>five")])
    #expect(r.diagnostics.map(\.code) == ["srt.tag.line-break", "srt.tag.unknown"])  // once per cue
    #expect(r.diagnostics.first?.location?.column == 4)
  }

  /// `\N`, SubStation's hard line break in SRT files made from ASS, is a line break, as FFmpeg,
  /// mpv and VLC show it (bomi#365); any other backslash is text.
  @Test func subStationLineBreakIsALineBreak() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nWhere?\\NHome.\\NC:\\dir \\n\n")
    #expect(r.cues.first?.content == [.text("Where?"), .lineBreak, .text("Home."), .lineBreak, .text("C:\\dir \\n")])
    #expect(r.diagnostics.map(\.code) == ["srt.tag.line-break"])  // once per cue
    #expect(r.diagnostics.first?.location?.column == 7)
    #expect(SRT.read("1\n00:00:01,000 --> 00:00:02,000\nC:\\dir\n").cues.first?.content == [.text("C:\\dir")])
  }

  /// A byte order mark where a block starts, from files joined together (filter-subs#13,
  /// go-astisub#86): taken off the index or timing line wherever the block is, also without a
  /// blank line before it or without an index, so no cue is lost and no mark becomes text.
  @Test func byteOrderMarkAtAnyBlockStart() {
    let t = "00:00:01,000 --> 00:00:02,000"
    let noBlank = SRT.read("1\n\(t)\nA\n\u{FEFF}2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(noBlank.cues.map(\.id) == ["1", "2"] && noBlank.cues.map(\.plainText) == ["A", "B"])
    #expect(noBlank.diagnostics.map(\.code) == ["srt.cue.missing-blank-line", "srt.index.byte-order-mark"])
    #expect(noBlank.diagnostics.last?.location.map { [$0.line, $0.column] } == [4, 1])
    let noIndex = SRT.read("\(t)\nA\n\n\u{FEFF}00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(noIndex.cues.map(\.plainText) == ["A", "B"] && noIndex.cues.map(\.start) == [CaptionTime(milliseconds: 1000), CaptionTime(milliseconds: 3000)])
    #expect(noIndex.diagnostics.map(\.code).contains("srt.index.byte-order-mark"))
    // Inside text the mark stays (it starts no block), and columns still count from the line start.
    let inText = SRT.read("1\n\(t)\n\u{FEFF}x &amp; y\n")
    #expect(inText.cues.first?.plainText == "\u{FEFF}x &amp; y")
    #expect(inText.diagnostics.first { $0.code == "srt.text.character-reference" }?.location?.column == 6)
  }

  /// Digits after the milliseconds (Subtitle Edit#8170, speech-to-text output) make a timing
  /// line invalid, not "too large".
  @Test func strayDigitsAfterTheFractionAreInvalidNotTooLarge() {
    let r = SRT.read("1\n0:08:39,200.0000000000582 --> 00:08:49,000\nLost\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n")
    #expect(r.cues.map(\.plainText) == ["B"])
    #expect(r.diagnostics.first?.code == "srt.timing.invalid")
    #expect(SRT.read("1\n99999999999:00:00,000 --> 00:00:01,000\nx\n").diagnostics.first?.code == "srt.timing.too-large")
  }

  /// `</ i>` closes `<i>` (Emby#911: FFmpeg skips the space); a space before the slash does not.
  @Test func closingTagWithASpaceAfterTheSlash() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\n<i>one</ i> two\n")
    #expect(r.cues.first?.content == [.element(CueElement(.italic, children: [.text("one")])), .text(" two")])
    #expect(r.diagnostics.map(\.code) == ["srt.tag.whitespace"])
    #expect(r.diagnostics.first?.location?.column == 9)
  }

  /// A number alone between blank lines after a cue (a year, a bet) is text, as Subtitle Edit
  /// reads it (subtitleedit#2147), not an index whose timing went missing: nothing is skipped.
  @Test func numberAloneAfterABlankLineIsText() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nYear\n\n1984\n\n2\n00:00:03,000 --> 00:00:04,000\nNext\n")
    #expect(r.cues.map(\.plainText) == ["Year\n1984", "Next"])
    #expect(r.diagnostics.map(\.code) == ["srt.cue.text-after-blank-line"])
    // At the end of the file, and after a cue whose text is only a blank line.
    #expect(SRT.read("1\n00:00:01,000 --> 00:00:02,000\n\n2\n").cues.map(\.plainText) == ["2"])
    // A number whose next text is a timing line is that cue's index (a blank line too many),
    // not text of the cue before.
    let index = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nhi\n\n2\n\n00:00:03,000 --> 00:00:04,000\nx\n")
    #expect(index.cues.map(\.plainText) == ["hi", "x"])
    #expect(index.cues.map(\.id) == ["1", "2"])
    #expect(index.diagnostics.map(\.code) == ["srt.index.separated"])
    #expect(index.diagnostics.first?.location?.line == 5)
    #expect(index.diagnostics.first?.message == "a blank line separates index 2 from its timing line (line 7); read as that cue's index")
    // Followed by text, it is still a block that lost its timing line.
    let lost = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nA\n\n5\nlost\n\n6\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(lost.cues.map(\.plainText) == ["A", "B"])
    #expect(lost.diagnostics.map(\.code).first == "srt.cue.missing-timing")
  }

  /// A negative time is kept and said once per timing line; minus zero is zero.
  @Test func negativeTimes() {
    let both = SRT.read("1\n-00:00:02,000 --> -00:00:01,000\nx\n")
    #expect(both.cues.map(\.start) == [SRT.ms(-2000)])
    #expect(both.diagnostics.filter { $0.code == "srt.timing.negative" }.map(\.message) == ["the start and end times are negative; kept (players clamp them to 0 or skip the cue)"])
    let zero = SRT.read("1\n-00:00:00,000 --> 00:00:01,000\nx\n")
    #expect(zero.cues.map(\.start) == [SRT.ms(0)])
    #expect(!zero.diagnostics.contains { $0.code == "srt.timing.negative" })
  }

  /// Out of order means before any earlier cue, not only the one just before (10 s, 5 s, 7 s:
  /// both later cues), and the message names the earlier start.
  @Test func outOfOrderComparesWithEveryEarlierCue() {
    let r = SRT.read("1\n00:00:10,000 --> 00:00:11,000\na\n\n2\n00:00:05,000 --> 00:00:06,000\nb\n\n3\n00:00:07,000 --> 00:00:08,000\nc\n")
    #expect(r.diagnostics.filter { $0.code == "srt.timing.out-of-order" }.map(\.message) == [
      "the cue starts at 0:00:05.000, before an earlier cue (one starts at 0:00:10.000)",
      "the cue starts at 0:00:07.000, before an earlier cue (one starts at 0:00:10.000)",
    ])
    let v = try! WebVTTFormat().read(Array("WEBVTT\n\n00:10.000 --> 00:11.000\na\n\n00:05.000 --> 00:06.000\nb\n\n00:07.000 --> 00:08.000\nc\n".utf8), options: ReadOptions())
    #expect(v.diagnostics.filter { $0.code == "webvtt.cue.out-of-order" }.map(\.message).last
      == "cue 3: starts at 0:00:07.000, before an earlier cue (one starts at 0:00:10.000); cues must be ordered by start time")
  }

  /// A skipped block ends at the next index and timing line (or bare timing line), even when
  /// the blank line before it is missing: the next cue is not swallowed.
  @Test func skippedBlockEndsAtTheNextCue() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:0x,000\nbad\n2\n00:00:03,000 --> 00:00:04,000\ngood\n")
    #expect(r.cues.map(\.plainText) == ["good"])
    #expect(r.cues.first?.start == SRT.ms(3000))
    #expect(r.cues.first?.id == "2")
    #expect(r.diagnostics.map(\.code) == ["srt.timing.invalid", "srt.cue.missing-blank-line", "srt.index.out-of-sequence"])
    let r2 = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nThe answer is\n\n42\n2\n00:00:03,000 --> 00:00:04,000\ngood\n")
    #expect(r2.cues.map(\.plainText) == ["The answer is", "good"])
    #expect(r2.diagnostics.map(\.code) == ["srt.cue.missing-timing", "srt.cue.missing-blank-line"])
    let r3 = SRT.read("1\n00:00:01,000 --> 00:00:0x,000\nbad\n00:00:03,000 --> 00:00:04,000\ngood\n")
    #expect(r3.cues.map(\.plainText) == ["good"])
    #expect(r3.cues.first?.id == "")
  }

  /// CR CR LF (a CRLF file converted again) is one line end, reported once.
  @Test func doubledCarriageReturnIsOneLineEnd() {
    let text = "1\r\r\n00:00:01,000 --> 00:00:02,000\r\r\nHello\r\r\nworld\r\r\n\r\r\n2\r\r\n00:00:03,000 --> 00:00:04,000\r\r\nBye\r\r\n"
    let r = SRT.read(text)
    #expect(r.cues.map(\.plainText) == ["Hello\nworld", "Bye"])
    #expect(r.cues.map(\.id) == ["1", "2"])
    #expect(r.diagnostics.map(\.code) == ["srt.line.doubled-cr"])
    #expect(r.diagnostics.first?.message.hasPrefix("8 line ends are CR CR LF") == true)
    // A CR file whose blank lines are CRLF: there CR CR LF is a line end and a blank line.
    let cr = SRT.read("1\r00:00:01,000 --> 00:00:02,000\rHello\r\r\n2\r00:00:03,000 --> 00:00:04,000\rBye\r")
    #expect(cr.cues.map(\.plainText) == ["Hello", "Bye"])
    #expect(cr.diagnostics.map(\.code) == ["srt.line.mixed-endings"])
    // One stray CR in a doubled file does not stop the merge.
    let stray = SRT.read(text.replacingOccurrences(of: "Hello\r\r\nworld", with: "Hello\rworld") + "3\r\r\n00:00:05,000 --> 00:00:06,000\r\r\nC\r\r\n")
    #expect(stray.cues.map(\.plainText) == ["Hello\nworld", "Bye", "C"])
  }

  /// Text without one readable cue is an error (an HTML page saved as .srt); an empty or
  /// blank file is only a warning.
  @Test func textWithoutCuesIsAnError() {
    let junk = SRT.read("this is not a subtitle file at all\n<html>oops</html>\n")
    #expect(junk.diagnostics.map(\.code) == ["srt.text.stray", "srt.file.no-cues"])
    #expect(junk.diagnostics.last?.severity == .error)
    for blank in ["", "\n\n", "\r\n\r\n"] {
      let r = SRT.read(blank)
      #expect(r.diagnostics.map(\.code) == ["srt.file.no-cues"])
      #expect(r.diagnostics.first?.severity == .warning)
    }
  }

  /// An HTML character reference in SRT text is kept as written and reported once (info).
  @Test func characterReferencesAreKeptAndReported() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\nTom &amp; Jerry & co\n\n2\n00:00:03,000 --> 00:00:04,000\n&nbsp;x &#233;\n")
    #expect(r.cues.map(\.plainText) == ["Tom &amp; Jerry & co", "&nbsp;x &#233;"])
    #expect(r.diagnostics.map(\.code) == ["srt.text.character-reference"])
    #expect(r.diagnostics.first?.location?.line == 3)
    #expect(r.diagnostics.first?.location?.column == 5)
    #expect(SRT.read("1\n00:00:01,000 --> 00:00:02,000\nR&B; & ;\n").diagnostics.map(\.code) == ["srt.text.character-reference"])
    #expect(SRT.read("1\n00:00:01,000 --> 00:00:02,000\nA & B; &;\n").diagnostics.isEmpty)
  }
}
