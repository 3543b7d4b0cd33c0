import CaptionCore
import CaptionLint
import Testing

/// The text metrics and fingerprints are one byte-level pass: they must agree with the
/// `Character`-based definitions on every kind of text, and a megabyte-long line must lint
/// (a quadratic pass would take minutes on these inputs; no timing is asserted).
@Suite struct LongLineTests {
  /// The counting formula written with `Character` iteration (the definition).
  func referenceCount(_ text: String, _ counting: ReadingSpeedCounting = ReadingSpeedCounting()) -> Double {
    var total = 0.0
    for ch in text {
      if ch == "\n" || ch == "\r\n" { continue }
      let s = ch.unicodeScalars.first!
      if Self.drawsNothing(ch) { continue }
      if s.properties.isWhitespace {
        total += counting.countSpaces ? 1 : 0
      } else if [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation].contains(s.properties.generalCategory) {
        total += counting.countPunctuation ? 1 : 0
      } else {
        let v = s.value
        let wide = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD].contains { $0.contains(v) }
        total += wide ? counting.fullWidthWeight : 1
      }
    }
    return total
  }

  /// A character of only format and control characters (LRM, U+FEFF…), which draws nothing.
  static func drawsNothing(_ ch: Character) -> Bool {
    ch.unicodeScalars.allSatisfy { s in
      !s.properties.isWhitespace && [.format, .control].contains(s.properties.generalCategory)
    }
  }

  func referenceWords(_ text: String) -> Int {
    text.unicodeScalars.split { $0.properties.isWhitespace }.count
  }

  /// Fragments that exercise every path: combining marks after ASCII (which extend the ASCII
  /// character's cluster), emoji ZWJ sequences and flags, CR LF, a Prepend mark before an ASCII
  /// digit, Hangul jamo, CJK, Unicode spaces, tabs and punctuation.
  static let fragments = [
    "Hello", ", ", "e\u{301}", "a\u{300}\u{316}", " ", "\t", "\n", "\r\n", "\r", "日本語。", "한국어", "\u{1100}\u{1161}\u{11A8}",
    "👩‍👩‍👧", "🇫🇷🇩🇪", "👍🏽", "\u{0600}1", "x\u{200D}", "\u{00A0}", "\u{3000}", "—", "«", "»", "!?", "$+", "٣", "\u{FEFF}", "z", "\u{200E}", "\u{202B}", "\u{00AD}",
  ]

  @Test func byteLevelCountsMatchCharacterIteration() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    let wide = ReadingSpeedCounting(countSpaces: false, countPunctuation: false, fullWidthWeight: 2)
    for _ in 0..<400 {
      var text = ""
      for _ in 0..<next(12) { text += Self.fragments[next(Self.fragments.count)] }
      #expect(TextMetrics.characterCount(text) == referenceCount(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(TextMetrics.characterCount(text, counting: wide) == referenceCount(text, wide), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(TextMetrics.wordCount(text) == referenceWords(text))
      let lines = TextMetrics.lines(text)
      #expect(lines.count == TextMetrics.lineCount(text))
      #expect(TextMetrics.lineCharacterCounts(text) == lines.map { TextMetrics.characterCount($0) })
      #expect(lines.map { TextMetrics.graphemeCount($0) } == lines.map { $0.filter { !Self.drawsNothing($0) }.count })
    }
    // Each Unicode cluster is one character; the ASCII letter before a combining mark is part
    // of the mark's cluster.
    #expect(TextMetrics.characterCount("cafe\u{301}s") == 5)
    #expect(TextMetrics.characterCount("\u{0600}1") == 1)
    #expect(TextMetrics.characterCount("👩‍👩‍👧 ok") == 4)
    #expect(TextMetrics.characterCount("a\r\nb") == 2)
    #expect(TextMetrics.lines("one\r\ntwo\nthree") == ["one", "two", "three"])
    #expect(TextMetrics.lineCharacterCounts("one\r\ntwo\n") == [3, 3, 0])
  }

  @Test func fingerprintsAreUnchanged() {
    // FNV-1a 64 of "lint.text.line-length␀ep1.vtt␀Hello, world again 日本", computed outside
    // CaptionKit: baselines written by earlier versions keep matching.
    #expect(Fingerprint.make(code: "lint.text.line-length", file: "./ep1.vtt", cueText: " Hello,\u{A0} world\n again\u{3000}日本 ") == "c3240ad477a4a77e")
    #expect(Fingerprint.make(code: "lint.text.line-length", file: "ep1.vtt", cueText: "Hello, world again 日本") == "c3240ad477a4a77e")
  }

  @Test func megabyteLineLints() {
    // 1 MB on one line: ASCII words with a non-ASCII word every 1000 words.
    var words: [String] = []
    var bytes = 0
    var i = 0
    while bytes < 1_000_000 {
      let w = i % 1000 == 999 ? "café\u{301}" : ["the", "grand", "budapest", "hotel,", "est."][i % 5]
      words.append(w)
      bytes += w.utf8.count + 1
      i += 1
    }
    let line = words.joined(separator: " ")
    // Every character counts 1 (no full-width text): the words' characters and the spaces.
    let chars = Double(words.reduce(0) { $0 + $1.count } + words.count - 1)
    let d = doc([cue(0, 4, line, line: 3, source: line), cue(5, 6, "Fine.", line: 6)])
    let result = Linter().lint(d)
    let byCode = Dictionary(grouping: result.diagnostics, by: \.code)
    #expect(byCode["lint.text.line-length"]?.first?.message == "line 1 of cue 1 has \(Int(chars)) characters, over 42")
    #expect(byCode["lint.text.words-per-minute"]?.first?.message == "cue 1 needs \(words.count * 15) words per minute (\(words.count) in 4 s), over 200")
    #expect(byCode["lint.text.reading-speed"]?.first?.message.contains("(\(Int(chars)) in 4 s)") == true)
    #expect(result.diagnostics.allSatisfy { $0.cueIndex == 0 })
    let fp = Fingerprint.make(code: "lint.text.line-length", file: "a.vtt", cueText: line)
    #expect(fp == Fingerprint.make(code: "lint.text.line-length", file: "a.vtt", cueText: "\n" + line.replacingOccurrences(of: " ", with: "  ") + " "))
  }

  @Test func megabyteOfUnclosedTagsLints() {
    // 200,000 "<b x " with no '>': no tag is complete, so no markup finding; the scanner once
    // searched the rest of the line for '>' at every '<'.
    let open = String(repeating: "<b x ", count: 200_000)
    // The same after an unknown tag, then a second line with a complete tag.
    let mixed = "<q>" + open + "\n<i>fine</i>"
    let d = doc([cue(0, 4, "x", line: 3, source: open), cue(5, 9, "x", line: 6, source: mixed)])
    var config = LintConfiguration()
    config.rules["text.reading-speed"] = .off
    let codes = Linter(configuration: config).lint(d).diagnostics.map { "\($0.cueIndex ?? -1) \($0.code)" }
    #expect(codes == ["1 lint.markup.unknown-tag"])
  }
}
