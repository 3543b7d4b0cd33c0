import CaptionKit
import Testing

@testable import CaptionStyle

/// `!important` in WebVTT `STYLE` blocks (CSS Cascade 4 §6.4): an important author declaration
/// wins over normal ones whatever their order, and findings point at the declaration that won.
@Suite struct WebVTTImportanceTests {
  func read(_ vtt: String) throws -> ReadResult {
    try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions())
  }

  /// The reviewer's file: the later normal `color` lost to the important white, so white on black.
  @Test func importantColourWinsOverALaterRule() throws {
    let doc = try read(
      "WEBVTT\n\nSTYLE\n/* speakers */\n::cue { font-size: 5vh }\n/* b */\n::cue(.b){color:#FFFFFF !important;background-color:black}\n::cue(.b){color:#333333}\n\n00:00.000 --> 00:02.000\n<c.b>Hello</c>\n"
    ).document
    let b = try #require(doc.styles.first { $0.id == "b" })
    #expect(b.style.color == .white)
    #expect(b.style.backgroundColor == .black)
    #expect(b.source?.line == 7)
    #expect(b.propertySources["color"].map { "\($0.line):\($0.column)" } == "7:11")
    #expect(b.propertySources["backgroundColor"].map { "\($0.line):\($0.column)" } == "7:36")
    #expect(DocumentStyleChecker.check(doc, profile: nil).isEmpty)
  }

  /// `! important` with space, any case and a comment-free value; a later important declaration
  /// beats an earlier important one; across STYLE blocks too; normal ones never beat either.
  @Test func importanceAcrossRulesAndBlocks() throws {
    let doc = try read(
      """
      WEBVTT

      STYLE
      ::cue(.a) { background-color: black ! IMPORTANT; color: #333333 !important }
      ::cue(.a) { background-color: white; color: yellow }

      STYLE
      ::cue(.a) { color: #FFFF00 !important }
      ::cue(.a) { color: white }

      00:00.000 --> 00:02.000
      <c.a>x</c>

      """
    ).document
    let a = try #require(doc.styles.first { $0.id == "a" })
    #expect(a.style.color == Color(red: 255, green: 255, blue: 0))
    #expect(a.style.backgroundColor == .black)
    #expect(a.propertySources["color"].map { "\($0.line):\($0.column)" } == "8:13")
    #expect(a.propertySources["backgroundColor"].map { "\($0.line):\($0.column)" } == "4:13")
    #expect(DocumentStyleChecker.check(doc, profile: nil).isEmpty)
  }

  /// The `background` shorthand's importance covers the colour it sets; a value that cannot be
  /// read is reported without its `!important`.
  @Test func importantShorthandAndUnreadableValue() throws {
    let result = try read("WEBVTT\n\nSTYLE\n::cue { background: none !important; background-color: black; color: notacolor !important }\n")
    let g = try #require(result.document.styles.first { $0.id == "" })
    #expect(g.style.backgroundColor == .transparent)
    #expect(g.style.other["background"] == "none")
    #expect(g.style.other["color"] == "notacolor")
    #expect(result.diagnostics.map(\.message) == ["'color: notacolor' could not be read; it is kept as written"])
  }

  /// A finding is located at the declaration that set the failing colour, in the later rule
  /// that won, not at the first rule for the selector.
  @Test func findingPointsAtTheWinningDeclaration() throws {
    let doc = try read(
      "WEBVTT\n\nSTYLE\n::cue(.b){background-color:black}\n::cue(.b){color:white}\n/* later */\n::cue(.b){ color: #333333 }\n\n00:00.000 --> 00:02.000\n<c.b>Hello</c>\n"
    ).document
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.map(\.code) == ["style.contrast.text-over-background"])
    #expect(d.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "7:12")
    #expect(d.first?.message.hasPrefix("style \"b\": text #333333 on background #000000 @ 80% under #000000: contrast 1.66:1 < 4.5:1") == true, "\(d)")
    // The global rule: at its background declaration when it sets no colour.
    let global = try read("WEBVTT\n\nSTYLE\n::cue {\n  font-size: 5vh;\n  background: rgba(255, 255, 255, 0.9)\n}\n\n00:00.000 --> 00:02.000\nHello\n").document
    let g = DocumentStyleChecker.check(global, profile: nil)
    #expect(g.map(\.code) == ["style.contrast.worst-case-video"])
    #expect(g.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "6:3")
  }
}
