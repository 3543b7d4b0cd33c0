import CaptionCore
@testable import CaptionLint
import Testing

@Suite struct TextRuleTests {
  @Test func readingSpeedCountsCharactersPerSecond() {
    // "Hello, world" = 12 characters (space and comma counted) over 0.5 s = 24 cps.
    let fired = run(ReadingSpeedRule(), doc([cue(0, 0.5, "Hello, world"), cue(1, 2, "Hello, world")]))
    #expect(fired.map(\.cueIndex) == [0])
    #expect(fired[0].message.contains("24 characters per second (12 in 0.5 s), over 17"))
  }

  @Test func countingFormula() {
    #expect(TextMetrics.characterCount("Hi, you!\nNo") == 10)
    #expect(TextMetrics.characterCount("Hi, you!", counting: ReadingSpeedCounting(countSpaces: false)) == 7)
    #expect(TextMetrics.characterCount("Hi, you!", counting: ReadingSpeedCounting(countPunctuation: false)) == 6)
    // Full-width: 3 ideographs + the ideographic full stop, which is full-width punctuation and
    // takes a full-width cell like the ideographs (so do ！, ？ and the ideographic space).
    #expect(TextMetrics.characterCount("日本語。", counting: ReadingSpeedCounting(fullWidthWeight: 2)) == 8)
    #expect(TextMetrics.characterCount("こんにちは、世界。", counting: ReadingSpeedCounting(fullWidthWeight: 2)) == 18)
    #expect(TextMetrics.characterCount("！？", counting: ReadingSpeedCounting(fullWidthWeight: 2)) == 4)
    #expect(TextMetrics.characterCount("日本\u{3000}語", counting: ReadingSpeedCounting(fullWidthWeight: 2)) == 8)
    // Not counted when punctuation or spaces are not counted, full-width or not.
    #expect(TextMetrics.characterCount("日本\u{3000}語。", counting: ReadingSpeedCounting(countSpaces: false, countPunctuation: false, fullWidthWeight: 2)) == 6)
    // é as e + combining acute is one character.
    #expect(TextMetrics.characterCount("cafe\u{301}") == 4)
    // Marks that draw nothing count as nothing (RTL guides ask for LRM, RLM, ALM, embeddings).
    #expect(TextMetrics.characterCount("a\u{200E}b") == 2)
    #expect(TextMetrics.characterCount("ש\u{200F}ל") == 2)
    #expect(TextMetrics.characterCount("\u{202A}ab\u{202C}") == 2)
    #expect(TextMetrics.characterCount("\u{061C}\u{0627}") == 1)
    #expect(TextMetrics.characterCount("a\u{2060}b\u{00AD}c\u{200B}d\u{FEFF}") == 4)
    #expect(TextMetrics.lineCharacterCounts("\u{200F}שלום\nab\u{200E}") == [4, 2])
    #expect(TextMetrics.graphemeCount("a\u{200E}b"[...]) == 2)
    // A zero width joiner stays part of its emoji.
    #expect(TextMetrics.characterCount("👩\u{200D}👩\u{200D}👧") == 1)
    #expect(TextMetrics.wordCount("  two words\nand three ") == 4)
  }

  /// A value just over its limit is printed with the digits that show it (200.4, not 200).
  @Test func messagesShowTheDifference() {
    #expect(RuleSupport.pair(200.38, 200, decimals: 0) == ("200.4", "200"))
    #expect(RuleSupport.pair(17.004, 17) == ("17.004", "17"))
    #expect(RuleSupport.pair(24, 17) == ("24", "17"))
    #expect(RuleSupport.pair(CaptionTime(milliseconds: 83), CaptionTime(value: 1001, timescale: 12000)) == ("0.083", "0.0834"))
  }

  @Test func wordsPerMinute() {
    // 10 words in 2 s = 300 wpm > 200; 10 words in 4 s = 150 wpm.
    let text = "one two three four five six seven eight nine ten"
    let fired = run(WordsPerMinuteRule(), doc([cue(0, 2, text), cue(5, 9, text)]))
    #expect(fired.map(\.cueIndex) == [0])
    #expect(fired[0].message.contains("300 words per minute (10 in 2 s), over 200"))
  }

  @Test func lineLength() {
    let long = String(repeating: "a", count: 43)
    let ok = String(repeating: "b", count: 42)
    let fired = run(LineLengthRule(), doc([cue(0, 3, ok + "\n" + long), cue(4, 6, ok)]))
    #expect(fired.count == 1)
    #expect(fired[0].message == "line 2 of cue 1 has 43 characters, over 42")
    // Ruby text sits above its base: it takes no room on the line.
    let ruby = Cue(start: .zero, end: CaptionTime(milliseconds: 3000), content: [
      .element(CueElement(.ruby, children: [.text("漢"), .element(CueElement(.rubyText, children: [.text("かん")]))])),
      .text(String(repeating: "x", count: 41)),
    ])
    #expect(run(LineLengthRule(), doc([ruby])).isEmpty)
    #expect(LintRuleInput(document: doc([ruby]), context: LintContext(), thresholds: LintPreset.streaming.thresholds).plainTexts == ["漢" + String(repeating: "x", count: 41)])
  }

  @Test func lineCount() {
    let fired = run(LineCountRule(), doc([cue(0, 3, "a\nb\nc"), cue(4, 6, "a\nb")]))
    #expect(fired.map(\.cueIndex) == [0])
    #expect(fired[0].message.contains("3 lines, over 2"))
  }

  @Test func emptyCue() {
    let fired = run(EmptyCueRule(), doc([cue(0, 1, " \n "), cue(2, 3, ""), cue(4, 5, "x")]))
    #expect(fired.map(\.cueIndex) == [0, 1])
  }

  @Test func whitespace() {
    let fired = run(WhitespaceRule(), doc([cue(0, 1, " lead"), cue(2, 3, "ok\ntrail "), cue(4, 5, "fine\nlines"), cue(6, 7, "  ")]))
    #expect(fired.map(\.cueIndex) == [0, 1])
    #expect(fired[0].message.contains("leading whitespace"))
    #expect(fired[1].message.contains("line 2 of cue 2 has trailing whitespace"))
  }

  @Test func controlCharacters() {
    let fired = run(ControlCharacterRule(), doc([cue(0, 1, "bell\u{7}here"), cue(2, 3, "zero\u{200B}width"), cue(4, 5, "clean\ntext\twith tab")]))
    #expect(fired.map(\.cueIndex) == [0, 1])
    #expect(fired[0].message.contains("U+0007"))
    #expect(fired[1].message.contains("U+200B"))
  }

  @Test func unbalancedMarkup() {
    let d = doc([
      cue(0, 1, "a", source: "<i>a"),
      cue(1, 2, "b", source: "<i><b>b</i></b>"),
      cue(2, 3, "c", source: "c</u>"),
      cue(3, 4, "d", source: "<v Bob>d"),
      cue(4, 5, "e", source: "<i>e</i> <c.red>x</c> <00:04.500>y"),
      cue(5, 6, "f", source: "<ruby>f<rt>g</ruby> <laughing>"),
    ])
    let fired = run(UnbalancedMarkupRule(), d)
    #expect(fired.map(\.cueIndex) == [0, 1, 2])
    #expect(fired[0].message.contains("leaves <i> unclosed"))
    #expect(fired[1].message.contains("closes <i> before <b>"))
    #expect(fired[2].message.contains("</u> with no matching <u>"))
  }

  @Test func markupScanFollowsEachFormatsTokenizer() {
    // SRT: "x<y " is text and <i> a tag (as the SRT reader reads it); nothing to report. WebVTT's
    // tokenizer runs "<y <i>" on to the '>' as one (unknown) tag, so </i> has no opener there.
    let d = doc([cue(0, 1, "x<y in", source: "x<y <i>in</i>")])
    #expect(run(UnbalancedMarkupRule(), d, context: LintContext(format: "srt")).isEmpty)
    #expect(run(UnknownMarkupRule(), d, context: LintContext(format: "srt")).isEmpty)
    #expect(run(UnbalancedMarkupRule(), d, context: LintContext(format: "webvtt")).map(\.cueIndex) == [0])
  }

  @Test func deepButBalancedMarkupIsNotReportedAsUnclosed() {
    // More tags than the scanner keeps: the closing half is past the cut, so no verdict.
    let deep = String(repeating: "<b>", count: 5_000) + "x" + String(repeating: "</b>", count: 5_000)
    #expect(run(UnbalancedMarkupRule(), doc([cue(0, 1, "x", source: deep)])).isEmpty)
    let shallow = String(repeating: "<b>", count: 100) + "x" + String(repeating: "</b>", count: 99)
    #expect(run(UnbalancedMarkupRule(), doc([cue(0, 1, "x", source: shallow)])).map(\.message.count).count == 1)
  }

  @Test func unknownMarkupDependsOnFormat() {
    let d = doc([cue(0, 1, "x", source: "<font color=\"red\">x</font>"), cue(1, 2, "y", source: "<blink>y</blink>"), cue(2, 3, "z", source: "<i>z</i>")])
    let vtt = run(UnknownMarkupRule(), d, context: LintContext(format: "webvtt"))
    #expect(vtt.map(\.cueIndex) == [0, 1])
    let srt = run(UnknownMarkupRule(), d, context: LintContext(format: "srt"))
    #expect(srt.map(\.cueIndex) == [1])
    #expect(srt[0].message.contains("<blink>"))
    #expect(run(UnknownMarkupRule(), d).map(\.cueIndex) == [1])
    // SRT readers take <s>, <strike> and <br> as markup too (the reader reads them so).
    let more = doc([cue(0, 1, "a b", source: "a<br>b"), cue(1, 2, "c", source: "<s>c</s>"), cue(2, 3, "d", source: "<strike>d</strike>")])
    #expect(run(UnknownMarkupRule(), more, context: LintContext(format: "srt")).isEmpty)
  }

  @Test func readerEquivalentsAreNotRepeated() {
    var c = cue(2, 3, "", line: 5)
    c.sourceText = ""
    let d = doc([cue(0, 1, "a", line: 2), c])
    #expect(Linter.lint(d).map(\.code) == ["lint.text.empty-cue"])
    // The reader already said it (by location inside the cue's lines): not repeated.
    let reader = Diagnostic(code: "webvtt.cue.empty", severity: .warning, message: "empty", location: SourceLocation(line: 5, column: 1))
    #expect(Linter.lint(d, context: LintContext(readerDiagnostics: [reader])).isEmpty)
    // A reader diagnostic about another cue does not hide it.
    let other = Diagnostic(code: "webvtt.cue.empty", severity: .warning, message: "empty", location: SourceLocation(line: 2, column: 1))
    #expect(Linter.lint(d, context: LintContext(readerDiagnostics: [other])).count == 1)
  }

  @Test func cea608Limits() {
    let d = doc([cue(0, 2, String(repeating: "x", count: 33)), cue(3, 5, "1\n2\n3\n4\n5"), cue(6, 8, String(repeating: "y", count: 32) + "\n2\n3\n4")])
    #expect(run(Cea608ColumnsRule(), d).map(\.cueIndex) == [0])
    #expect(run(Cea608RowsRule(), d).map(\.cueIndex) == [1])
    // Off by default; the cea608 preset turns them on.
    let defaultCodes = Linter.lint(d).map(\.code)
    #expect(!defaultCodes.contains("lint.cea608.columns"))
    let codes608 = Linter.lint(d, configuration: LintConfiguration(preset: .cea608)).map(\.code)
    #expect(codes608.filter { $0 == "lint.cea608.columns" }.count == 1)
    #expect(codes608.filter { $0 == "lint.cea608.rows" }.count == 1)
  }
}
