import CaptionCore
import CaptionFormats
import Testing

/// One case per reader diagnostic: the input, the code, where it points, and the cues that the
/// recovery produced.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
  var code: String
  var input: String
  var line: Int?
  var column: Int?
  var severity: Severity
  var check: @Sendable ([Cue]) -> Bool
  var testDescription: String { code }
}

let T = "00:00:01,000 --> 00:00:02,000"
func ms(_ v: Int64) -> CaptionTime { CaptionTime(milliseconds: v) }
func italic(_ c: [CueNode]) -> CueNode { .element(CueElement(.italic, children: c)) }
func bold(_ c: [CueNode]) -> CueNode { .element(CueElement(.bold, children: c)) }

let diagnosticCases: [DiagnosticCase] = [
  // Timing line.
  .init(code: "srt.timing.period-separator", input: "1\n00:00:01.500 --> 00:00:02,000\nA\n", line: 2, column: 9, severity: .warning) { $0[0].start == ms(1500) },
  .init(code: "srt.timing.bad-separator", input: "1\n00:00:01:500 --> 00:00:02,000\nA\n", line: 2, column: 9, severity: .warning) { $0[0].start == ms(1500) },
  .init(code: "srt.timing.missing-leading-zero", input: "1\n0:0:1,000 --> 00:00:02,000\nA\n", line: 2, column: 1, severity: .info) { $0[0].start == ms(1000) },
  .init(code: "srt.timing.extra-digits", input: "1\n00:000:01,000 --> 00:00:02,000\nA\n", line: 2, column: 4, severity: .warning) { $0[0].start == ms(1000) },
  .init(code: "srt.timing.fraction-digits", input: "1\n00:01:41,04 --> 00:01:42,5\nA\n", line: 2, column: 10, severity: .warning) {
    $0[0].start == ms(101_040) && $0[0].end == ms(102_500)
  },
  .init(code: "srt.timing.missing-milliseconds", input: "1\n00:00:13 --> 00:00:16,000\nA\n", line: 2, column: 9, severity: .warning) { $0[0].start == ms(13000) && $0[0].end == ms(16000) },
  .init(code: "srt.timing.missing-hours", input: "1\n01:02,003 --> 00:01:03,000\nA\n", line: 2, column: 1, severity: .warning) { $0[0].start == ms(62003) },
  .init(code: "srt.timing.hours-over-99", input: "1\n123:00:00,000 --> 123:00:01,000\nA\n", line: 2, column: 1, severity: .info) {
    $0[0].start == ms(123 * 3_600_000) && $0[0].end == ms(123 * 3_600_000 + 1000)
  },
  .init(code: "srt.timing.field-out-of-range", input: "1\n00:00:75,000 --> 00:01:16,000\nA\n", line: 2, column: 7, severity: .warning) { $0[0].start == ms(75000) },
  .init(code: "srt.timing.arrow", input: "1\n00:00:01,000 -> 00:00:02,000\nA\n", line: 2, column: 14, severity: .warning) { $0[0].end == ms(2000) },
  .init(code: "srt.timing.arrow-spacing", input: "1\n00:00:01,000-->00:00:02,000\nA\n", line: 2, column: 13, severity: .info) { $0[0].end == ms(2000) },
  .init(code: "srt.timing.coordinates", input: "1\n00:00:01,000 --> 00:00:02,000 X1:40 X2:600 Y1:20 Y2:50\nA\n", line: 2, column: 31, severity: .info) {
    $0[0].end == ms(2000) && $0[0].settings.isDefault
  },
  .init(code: "srt.timing.trailing-text", input: "1\n00:00:01,000 --> 00:00:02,000 junk\nA\n", line: 2, column: 31, severity: .warning) { $0[0].plainText == "A" },
  .init(code: "srt.timing.whitespace", input: "1\n  00:00:01,000 --> 00:00:02,000\nA\n", line: 2, column: 1, severity: .info) { $0[0].start == ms(1000) },
  .init(code: "srt.timing.end-before-start", input: "1\n00:00:05,000 --> 00:00:02,000\nA\n", line: 2, column: 1, severity: .error) { $0[0].start == ms(5000) && $0[0].end == ms(2000) },
  .init(code: "srt.timing.zero-duration", input: "1\n00:00:02,000 --> 00:00:02,000\nA\n", line: 2, column: 1, severity: .warning) { $0.count == 1 },
  .init(code: "srt.timing.out-of-order", input: "1\n00:00:05,000 --> 00:00:06,000\nA\n\n2\n\(T)\nB\n", line: 6, column: 1, severity: .info) { $0.map(\.plainText) == ["A", "B"] },
  .init(code: "srt.timing.invalid", input: "1\n00:00:xx --> 00:00:02,000\nLost\n\n2\n\(T)\nB\n", line: 2, column: 1, severity: .error) { $0.map(\.plainText) == ["B"] },
  .init(code: "srt.timing.too-large", input: "1\n9999999999:00:00,000 --> 9999999999:00:01,000\nLost\n\n2\n\(T)\nB\n", line: 2, column: 1, severity: .error) { $0.map(\.plainText) == ["B"] },
  // Index line.
  .init(code: "srt.index.missing", input: "\(T)\nA\n", line: 1, column: 1, severity: .warning) { $0[0].id == "" && $0[0].plainText == "A" },
  .init(code: "srt.index.invalid", input: "1a\n\(T)\nA\n", line: 1, column: 1, severity: .warning) { $0[0].id == "1a" },
  .init(code: "srt.index.duplicate", input: "1\n\(T)\nA\n\n1\n00:00:03,000 --> 00:00:04,000\nB\n", line: 5, column: 1, severity: .warning) { $0.map(\.id) == ["1", "1"] },
  .init(code: "srt.index.out-of-sequence", input: "1\n\(T)\nA\n\n5\n00:00:03,000 --> 00:00:04,000\nB\n", line: 5, column: 1, severity: .info) { $0.map(\.id) == ["1", "5"] },
  .init(code: "srt.tag.whitespace", input: "1\n\(T)\n<i>one</ i> two\n", line: 3, column: 9, severity: .info) {
    $0[0].content == [italic([.text("one")]), .text(" two")]
  },
  .init(code: "srt.index.whitespace", input: " 1 \n\(T)\nA\n", line: 1, column: 1, severity: .info) { $0[0].id == "1" },
  .init(code: "srt.index.byte-order-mark", input: "1\n\(T)\nA\n\n\u{FEFF}2\n00:00:03,000 --> 00:00:04,000\nB\n", line: 5, column: 1, severity: .warning) { $0.map(\.id) == ["1", "2"] },
  .init(code: "srt.index.separated", input: "1\n\(T)\nA\n\n2\n\n \n00:00:03,000 --> 00:00:04,000\nB\n", line: 5, column: 1, severity: .warning) {
    $0.map(\.id) == ["1", "2"] && $0.map(\.plainText) == ["A", "B"]
  },
  .init(code: "srt.timing.negative", input: "1\n-00:00:01,000 --> 00:00:02,000\nneg start\n", line: 2, column: 1, severity: .warning) {
    $0.map(\.plainText) == ["neg start"] && $0[0].start == CaptionTime(milliseconds: -1000)
  },
  // Blocks.
  .init(code: "srt.cue.missing-blank-line", input: "1\n\(T)\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n", line: 4, column: 1, severity: .warning) {
    $0.map(\.plainText) == ["A", "B"] && $0[1].id == "2"
  },
  .init(code: "srt.cue.empty-text", input: "1\n\(T)\n\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n", line: 2, column: 1, severity: .info) {
    $0.count == 2 && $0[0].content.isEmpty && $0[0].sourceText == ""
  },
  .init(code: "srt.cue.text-after-blank-line", input: "1\n\(T)\nA\n\nB\n", line: 5, column: 1, severity: .warning) { $0[0].content == [.text("A"), .lineBreak, .text("B")] },
  .init(code: "srt.cue.missing-timing", input: "1\n\(T)\nA\n\n2\nLost text\n\n3\n00:00:03,000 --> 00:00:04,000\nC\n", line: 5, column: 1, severity: .error) {
    $0.map(\.plainText) == ["A", "C"]
  },
  .init(code: "srt.text.stray", input: "Title: x\nby me\n\n1\n\(T)\nA\n", line: 1, column: 1, severity: .error) { $0.count == 1 && $0[0].plainText == "A" },
  .init(code: "srt.line.whitespace-only", input: "1\n\(T)\nA\n   \n2\n00:00:03,000 --> 00:00:04,000\nB\n", line: 4, column: 1, severity: .info) { $0.map(\.plainText) == ["A", "B"] },
  .init(code: "srt.line.mixed-endings", input: "1\r\n\(T)\nA\n", line: nil, column: nil, severity: .info) { $0[0].plainText == "A" },
  .init(code: "srt.file.no-cues", input: "", line: nil, column: nil, severity: .warning) { $0.isEmpty },
  // Markup.
  .init(code: "srt.tag.unknown", input: "1\n\(T)\nHello <bold>my</bold>\n", line: 3, column: 7, severity: .warning) { $0[0].content == [.text("Hello <bold>my</bold>")] },
  .init(code: "srt.tag.unclosed", input: "1\n\(T)\n<i>Unterminated\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n", line: 3, column: 1, severity: .warning) {
    $0[0].content == [italic([.text("Unterminated")])] && $0[1].content == [.text("B")]
  },
  .init(code: "srt.tag.unmatched-close", input: "1\n\(T)\nA</i>B\n", line: 3, column: 2, severity: .warning) { $0[0].content == [.text("AB")] },
  .init(code: "srt.tag.misnested", input: "1\n\(T)\n<b><i>x</b>y</i>\n", line: 3, column: 8, severity: .warning) {
    $0[0].content == [bold([italic([.text("x")])]), italic([.text("y")])]
  },
  .init(code: "srt.tag.nesting-too-deep", input: "1\n\(T)\n<i><b>x</b></i>\n", line: 3, column: 4, severity: .warning) { $0[0].content == [italic([.text("x")])] },
  .init(code: "srt.tag.attributes-ignored", input: "1\n\(T)\n<i class=\"x\">A</i>\n", line: 3, column: 3, severity: .info) { $0[0].content == [italic([.text("A")])] },
  .init(code: "srt.tag.ass-override", input: "1\n\(T)\n{\\i1}A{\\i0}B\n", line: 3, column: 2, severity: .info) { $0[0].content == [italic([.text("A")]), .text("B")] },
  .init(code: "srt.tag.ass-override-ignored", input: "1\n\(T)\n{\\pos(10,20)}A\n", line: 3, column: 1, severity: .warning) { $0[0].content == [.text("A")] && $0[0].settings.isDefault },
  .init(code: "srt.font.color-missing-hash", input: "1\n\(T)\n<font color=\"ff0000\">A</font>\n", line: 3, column: 7, severity: .info) {
    if case .element(let e) = $0[0].content.first { return e.style?.color == Color(red: 255, green: 0, blue: 0) }
    return false
  },
  .init(code: "srt.font.invalid-color", input: "1\n\(T)\n<font color=\"nope\">A</font>\n", line: 3, column: 7, severity: .warning) {
    if case .element(let e) = $0[0].content.first { return e.kind == .span && e.style?.color == nil && e.children == [.text("A")] }
    return false
  },
  .init(code: "srt.font.invalid-face", input: "1\n\(T)\n<font face=\"\">A</font>\n", line: 3, column: 7, severity: .warning) { $0[0].plainText == "A" },
  .init(code: "srt.font.invalid-size", input: "1\n\(T)\n<font size=\"big\">A</font>\n", line: 3, column: 7, severity: .warning) { $0[0].plainText == "A" },
  .init(code: "srt.font.unknown-attribute", input: "1\n\(T)\n<font weight=\"3\">A</font>\n", line: 3, column: 7, severity: .warning) { $0[0].plainText == "A" },
  .init(code: "srt.position.multiple", input: "1\n\(T)\n{\\an8}A{\\an1}\n", line: 3, column: 9, severity: .warning) { $0[0].settings.line == .value(0) && $0[0].settings.align == .center },
  .init(code: "srt.position.invalid", input: "1\n\(T)\n{\\an0}A\n", line: 3, column: 2, severity: .warning) { $0[0].settings.isDefault && $0[0].plainText == "A" },
]

@Suite struct SubRipDiagnosticTests {
  @Test(arguments: diagnosticCases)
  func diagnostic(_ c: DiagnosticCase) {
    var options = ReadOptions()
    if c.code == "srt.tag.nesting-too-deep" { options.limits.maxNestingDepth = 1 }
    let r = SRT.read(c.input, options: options)
    let found = r.diagnostics(c.code)
    #expect(found.count >= 1, "\(c.code) not reported; got \(r.diagnostics.map(\.description))")
    guard let d = found.first else { return }
    #expect(d.severity == c.severity)
    #expect(d.location?.line == c.line, "\(d)")
    #expect(d.location?.column == c.column, "\(d)")
    #expect(c.check(r.cues), "cues: \(r.cues.map { "\($0.id)|\($0.start)|\($0.end)|\($0.content)" })")
  }

  /// Every code the reader can emit has a case above.
  @Test func everyCodeHasACase() {
    let covered = Set(diagnosticCases.map(\.code))
    #expect(covered.count == diagnosticCases.count)
  }
}
