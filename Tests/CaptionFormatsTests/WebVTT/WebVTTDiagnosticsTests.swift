import CaptionCore
import CaptionFormats
import Testing

/// Every diagnostic code the WebVTT reader emits, on the team's own small samples, with its
/// severity and exact line:column.
@Suite struct WebVTTDiagnosticsTests {
  struct Case: CustomStringConvertible, Sendable {
    var input: String
    var code: String
    var severity: Severity
    var line: Int
    var column: Int
    var description: String { "\(code) @\(line):\(column)" }
  }

  static let h = "WEBVTT\n\n"
  static let t = "00:00.000 --> 00:01.000"

  static let cases: [Case] = [
    Case(input: h + t + "\na\u{0}b\n", code: "webvtt.file.null-character", severity: .warning, line: 4, column: 2),
    Case(input: "WEBVTX\n\n", code: "webvtt.signature.invalid", severity: .error, line: 1, column: 1),
    Case(input: "", code: "webvtt.signature.invalid", severity: .error, line: 1, column: 1),
    Case(input: "WEBVTTX\n\n" + t + "\nx\n", code: "webvtt.signature.invalid", severity: .error, line: 1, column: 1),
    Case(input: "WEBVTT " + t + "\ntext\n", code: "webvtt.signature.contains-arrow", severity: .error, line: 1, column: 1),
    Case(input: "WEBVTT\nKind: captions\n\n" + t + "\nx\n", code: "webvtt.header.metadata-line", severity: .warning, line: 2, column: 1),
    Case(input: "WEBVTT\n" + t + "\nx\n", code: "webvtt.header.missing-blank-line", severity: .error, line: 2, column: 1),
    Case(input: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000\n\n", code: "webvtt.timestamp-map.malformed", severity: .error, line: 2, column: 1),
    Case(input: h + t + "\na\n00:02.000 --> 00:03.000\nb\n", code: "webvtt.block.missing-blank-line", severity: .error, line: 5, column: 1),
    Case(input: h + "hello\nworld\n\n" + t + "\nx\n", code: "webvtt.block.unrecognized", severity: .error, line: 3, column: 1),
    Case(input: h + t + "\na\n   \nb\n", code: "webvtt.block.whitespace-line", severity: .warning, line: 5, column: 1),
    Case(input: h + t + "\na\n\nSTYLE\n::cue { color: red }\n", code: "webvtt.style.after-cue", severity: .error, line: 6, column: 1),
    Case(input: h + "STYLE\n\n", code: "webvtt.style.empty", severity: .warning, line: 3, column: 1),
    Case(input: h + "STYLE\n::cue(b) { color: red }\n", code: "webvtt.style.unmapped-rule", severity: .info, line: 4, column: 1),
    Case(input: h + "STYLE\n/* x */ ::cue { color: red\n", code: "webvtt.style.css-syntax", severity: .warning, line: 4, column: 9),
    Case(input: h + "STYLE\n::cue(.a) { color: red; oops }\n", code: "webvtt.style.css-syntax", severity: .warning, line: 4, column: 25),
    Case(input: h + "STYLE\n::cue(.a) {\n  color: notacolor;\n}\n", code: "webvtt.style.invalid-value", severity: .warning, line: 5, column: 3),
    Case(input: h + t + "\na\n\nREGION\nid:r\n", code: "webvtt.region.after-cue", severity: .error, line: 6, column: 1),
    Case(input: h + "REGION\n\n", code: "webvtt.region.empty", severity: .error, line: 3, column: 1),
    Case(input: h + "REGION\nid:r\n\nREGION\nid:r lines:2\n\n" + t + " region:r\nx\n", code: "webvtt.region.duplicate-id", severity: .error, line: 6, column: 1),
    Case(input: h + "REGION\nwidth:50%\n", code: "webvtt.region.missing-id", severity: .error, line: 4, column: 1),
    Case(input: h + "REGION\nid:r width\n", code: "webvtt.region.malformed-setting", severity: .error, line: 4, column: 6),
    Case(input: h + "REGION\nid:r\nwidth:120%\n", code: "webvtt.region.invalid-value", severity: .error, line: 5, column: 1),
    Case(input: h + "REGION\nid:r lines:2 lines:4\n", code: "webvtt.region.duplicate-setting", severity: .error, line: 4, column: 14),
    Case(input: h + "REGION\nid:r foo:bar\n", code: "webvtt.region.unknown-setting", severity: .error, line: 4, column: 6),
    Case(input: h + "REGION\nid:r\n", code: "webvtt.region.unused", severity: .info, line: 3, column: 1),
    Case(input: h + "NOTE\n" + t + "\nx\n", code: "webvtt.note.contains-arrow", severity: .warning, line: 3, column: 1),
    Case(input: h + "00:00.000-->00:01.000\nx\n", code: "webvtt.timing.spacing", severity: .error, line: 3, column: 10),
    Case(input: h + t + "align:start\nx\n", code: "webvtt.timing.spacing", severity: .error, line: 3, column: 24),
    Case(input: h + "00:00.000 x --> 00:01.000\nx\n", code: "webvtt.timing.malformed", severity: .error, line: 3, column: 11),
    Case(input: h + "00:00 --> 00:01.000\nx\n", code: "webvtt.timestamp.malformed", severity: .error, line: 3, column: 1),
    Case(input: h + "00:0.000 --> 00:01.000\nx\n", code: "webvtt.timestamp.field-digits", severity: .error, line: 3, column: 1),
    Case(input: h + "00:00.000 --> 00:01.0000\nx\n", code: "webvtt.timestamp.fraction-digits", severity: .error, line: 3, column: 15),
    Case(input: h + "60:00.000 --> 61:00.000\nx\n", code: "webvtt.timestamp.minutes-out-of-range", severity: .error, line: 3, column: 1),
    Case(input: h + "00:60:00.000 --> 01:00:00.000\nx\n", code: "webvtt.timestamp.minutes-out-of-range", severity: .error, line: 3, column: 1),
    Case(input: h + "00:00:60.000 --> 00:01:00.000\nx\n", code: "webvtt.timestamp.seconds-out-of-range", severity: .error, line: 3, column: 1),
    Case(input: h + "99999999999:00:00.000 --> 99999999999:00:00.001\nx\n", code: "webvtt.timestamp.too-large", severity: .error, line: 3, column: 1),
    Case(input: h + "0:00:00.000 --> 00:00:01.000\nx\n", code: "webvtt.timestamp.hours-digits", severity: .error, line: 3, column: 1),
    Case(input: h + t + " align\nx\n", code: "webvtt.setting.malformed", severity: .error, line: 3, column: 25),
    Case(input: h + t + " align:middle\nx\n", code: "webvtt.setting.invalid-value", severity: .error, line: 3, column: 25),
    Case(input: h + t + " line:1.5\nx\n", code: "webvtt.setting.invalid-value", severity: .error, line: 3, column: 25),
    Case(input: h + t + " align:start align:end\nx\n", code: "webvtt.setting.duplicate", severity: .error, line: 3, column: 37),
    Case(input: h + t + " foo:bar\nx\n", code: "webvtt.setting.unknown", severity: .error, line: 3, column: 25),
    Case(input: h + t + " region:nope\nx\n", code: "webvtt.setting.region-undefined", severity: .error, line: 3, column: 25),
    Case(input: h + "REGION\nid:r\n\n" + t + " region:r line:2\nx\n", code: "webvtt.setting.region-ignored", severity: .warning, line: 6, column: 25),
    Case(input: h + "a\n" + t + "\nx\n\na\n00:02.000 --> 00:03.000\ny\n", code: "webvtt.cue.duplicate-id", severity: .error, line: 7, column: 1),
    Case(input: h + "speaker-->intro\n" + t + "\nx\n", code: "webvtt.cue.id-contains-arrow", severity: .error, line: 3, column: 1),
    Case(input: h + "00:01.000 --> 00:01.000\nx\n", code: "webvtt.cue.end-not-after-start", severity: .error, line: 3, column: 1),
    Case(input: h + "00:05.000 --> 00:06.000\nx\n\n00:01.000 --> 00:02.000\ny\n", code: "webvtt.cue.out-of-order", severity: .error, line: 6, column: 1),
    Case(input: h + t + "\n\n", code: "webvtt.cue.empty", severity: .warning, line: 3, column: 1),
    Case(input: h + t + "\na<\n", code: "webvtt.cuetext.malformed-tag", severity: .error, line: 4, column: 2),
    Case(input: h + t + "\nx\n<>y\n", code: "webvtt.cuetext.malformed-tag", severity: .error, line: 5, column: 1),
    Case(input: h + t + "\na<b\n", code: "webvtt.cuetext.unterminated-tag", severity: .error, line: 4, column: 2),
    Case(input: h + t + "\na<00:00:02.000>b\n", code: "webvtt.cuetext.timestamp-out-of-range", severity: .error, line: 4, column: 2),
    Case(input: h + t + "\na<00:00:00.500>b<00:00:00.400>c\n", code: "webvtt.cuetext.timestamp-out-of-order", severity: .error, line: 4, column: 17),
    Case(input: h + t + "\na<00:00.5>b\n", code: "webvtt.cuetext.invalid-timestamp", severity: .error, line: 4, column: 2),
    Case(input: h + t + "\n<foo>x</foo>\n", code: "webvtt.cuetext.unknown-tag", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\n<foo>x</foo>\n", code: "webvtt.cuetext.mismatched-end-tag", severity: .error, line: 4, column: 7),
    Case(input: h + t + "\n<b>x</i></b>\n", code: "webvtt.cuetext.mismatched-end-tag", severity: .error, line: 4, column: 5),
    Case(input: h + t + "\n<c.>x</c>\n", code: "webvtt.cuetext.empty-class", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\nx <v>y</v>\n", code: "webvtt.cuetext.missing-annotation", severity: .error, line: 4, column: 3),
    Case(input: h + t + "\n<lang e_n>x</lang>\n", code: "webvtt.cuetext.invalid-language-tag", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\n<i foo>x</i>\n", code: "webvtt.cuetext.annotation-not-allowed", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\n<rt>x\n", code: "webvtt.cuetext.rt-outside-ruby", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\nline one\n<b>x\n", code: "webvtt.cuetext.unclosed-tag", severity: .error, line: 5, column: 1),
    Case(input: h + t + "\na<v Bob>hello\n", code: "webvtt.cuetext.unclosed-tag", severity: .error, line: 4, column: 2),
    Case(input: h + t + "\na&amp b\n", code: "webvtt.cuetext.reference-missing-semicolon", severity: .error, line: 4, column: 2),
    Case(input: h + t + "\n&#0;\n", code: "webvtt.cuetext.invalid-character-reference", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\n&foo;\n", code: "webvtt.cuetext.unknown-character-reference", severity: .error, line: 4, column: 1),
    Case(input: h + t + "\nTom & Jerry\n", code: "webvtt.cuetext.bare-ampersand", severity: .error, line: 4, column: 5),
    Case(input: h + t + "\n<ruby>x</ruby>\n", code: "webvtt.cuetext.ruby-without-rt", severity: .error, line: 4, column: 1),
  ]

  @Test(arguments: cases) func reportsCodeAtLocation(_ c: Case) throws {
    let r = try WebVTTFormat().read(Array(c.input.utf8), options: ReadOptions())
    let hits = r.diagnostics.filter { $0.code == c.code }
    #expect(!hits.isEmpty, "\(c.code) not reported; got \(r.diagnostics.map(\.description))")
    let here = hits.first { $0.location?.line == c.line && $0.location?.column == c.column }
    #expect(here != nil, "\(c.code) expected at \(c.line):\(c.column); got \(hits.map(\.description))")
    #expect(here?.severity == c.severity)
  }

  /// `middle`, an early draft's `center` that many files still carry, gets a hint.
  @Test func middleIsExplained() throws {
    let r = try WebVTTFormat().read(Array((Self.h + Self.t + " align:middle position:50%,middle line:0,middle\nx\n").utf8), options: ReadOptions())
    #expect(r.diagnostics.map(\.message) == [
      "cue 1: 'align:middle' is invalid (expected start, center, end, left or right; 'middle' is an early draft's name for 'center'); the setting is ignored",
      "cue 1: 'position:50%,middle' is invalid (expected line-left, center or line-right after the comma; 'middle' is an early draft's name for 'center'); the setting is ignored",
      "cue 1: 'line:0,middle' is invalid (expected start, center or end after the comma; 'middle' is an early draft's name for 'center'); the setting is ignored",
    ])
  }

  @Test func nestingTooDeepIsReportedAndFlattened() throws {
    var o = ReadOptions()
    o.limits.maxNestingDepth = 2
    let r = try WebVTTFormat().read(Array((Self.h + Self.t + "\n<b><i><u>x</u></i></b>y\n").utf8), options: o)
    let d = try #require(r.diagnostics.first { $0.code == "webvtt.cuetext.nesting-too-deep" })
    #expect(d.location?.line == 4 && d.location?.column == 7 && d.severity == .warning)
    // <u> is flattened into <i>; its end tag still matches it, so "y" lands at the top level.
    #expect(r.document.cues[0].content == [
      .element(CueElement(.bold, children: [.element(CueElement(.italic, children: [.text("x")]))])), .text("y"),
    ])
  }

  @Test func utf16InputIsReportedAsNotUTF8() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for u in "WEBVTT\n\n00:00.000 --> 00:01.000\nhé\n".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
    let r = try WebVTTFormat().read(bytes, options: ReadOptions())
    #expect(r.diagnostics.contains { $0.code == "webvtt.file.not-utf8" && $0.severity == .error })
    #expect(r.document.cues.first?.plainText == "hé")
    #expect(r.diagnostics.first { $0.code == "webvtt.file.not-utf8" }?.message.contains("browsers reject it (read as UTF-8 it has no WEBVTT signature)") == true)
    // A legacy code page read with --encoding: browsers read it as UTF-8 and lose é.
    let latin = try WebVTTFormat().read(Array("WEBVTT\n\n00:00.000 --> 00:01.000\nCaf".utf8) + [0xE9, 0x0A], options: ReadOptions(encoding: .windows1252))
    #expect(latin.document.cues.first?.plainText == "Café")
    #expect(latin.diagnostics.first { $0.code == "webvtt.file.not-utf8" }?.message
      == "WebVTT files must be UTF-8; this one is windows-1252: browsers read it as UTF-8 and show U+FFFD for each non-ASCII character (it was read anyway)")
    // Without --encoding, the byte is invalid UTF-8: an error in WebVTT.
    let stray = try WebVTTFormat().read(Array("WEBVTT\n\n00:00.000 --> 00:01.000\nCaf".utf8) + [0xE9, 0x0A], options: ReadOptions())
    #expect(stray.diagnostics.filter { $0.code == "text.encoding.invalid-utf8" }.map(\.severity) == [.error])
  }

  @Test func cleanFileHasNoDiagnostics() throws {
    let text = """
      WEBVTT - clean

      REGION
      id:lower width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90% scroll:up

      STYLE
      ::cue(.loud) { font-weight: bold; color: #ffcc00 }

      NOTE a comment

      1
      00:00:01.000 --> 00:00:02.500 region:lower
      <v Ann>Hello &amp; welcome</v>

      00:00:03.000 --> 00:00:04.000 line:0 position:10%,line-left align:start size:50%
      <c.loud>Two</c> <i>lines</i>
      <ruby>漢<rt>kan</rt></ruby> <lang en-GB>colour</lang> <00:00:03.500>later

      """
    let r = try WebVTTFormat().read(Array(text.utf8), options: ReadOptions())
    #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(\.description))")
    #expect(r.document.cues.count == 2)
  }
}
