import CaptionKit
import Testing

@testable import CaptionStyle

/// Caption files read by the real readers, then checked for style legibility.
@Suite struct RealFileStyleTests {
  func read(_ text: String, as id: String) throws -> CaptionDocument {
    let format = try #require(FormatRegistry.format(named: id))
    return try format.read(Array(text.utf8), options: ReadOptions()).document
  }

  @Test func webvttYellowOnWhiteAndLowAlphaBox() throws {
    let vtt = """
      WEBVTT

      STYLE
      ::cue { background-color: transparent }
      ::cue(.yellow) { color: yellow; background-color: white }

      STYLE
      ::cue(.faint) { color: #ffffff; background-color: rgba(0, 0, 0, 0.25) }

      00:00.000 --> 00:02.000
      <c.yellow>Hello</c>

      00:02.000 --> 00:04.000
      <c.faint>Faint box</c> and <c.yellow>again</c>

      00:04.000 --> 00:06.000
      Unstyled text is left to the player

      """
    let doc = try read(vtt, as: "webvtt")
    let d = DocumentStyleChecker.check(doc, profile: nil)
    // The transparent ::cue rule leaves the unstyled " and " on bare video too.
    #expect(d.count == 3, "\(d)")
    let bare = try #require(d.first { $0.location?.line == 4 })
    #expect(bare.code == "style.contrast.worst-case-video")
    #expect(bare.message.hasPrefix("::cue: text #FFFFFF on no background: worst-case contrast over video 1.00:1 (sRGB blend), 1.00:1 (linear)"))
    let yellow = try #require(d.first { $0.code == "style.contrast.text-over-background" })
    #expect(yellow.location?.line == 5)
    #expect(yellow.message.contains("contrast 1.07:1 < 4.5:1"))
    let faint = try #require(d.first { $0.code == "style.contrast.worst-case-video" })
    #expect(faint.location?.line == 8)
    #expect(faint.severity == .error)
    #expect(faint.message.contains("1.84:1 (sRGB blend), 1.31:1 (linear) < 4.5:1"))
    // Over the default 80% cue box (no transparent ::cue rule) the same faint span is fine.
    let boxed = try read(vtt.replacingOccurrences(of: "::cue { background-color: transparent }", with: "/* default cue box */"), as: "webvtt")
    #expect(DocumentStyleChecker.check(boxed, profile: nil).map(\.code) == ["style.contrast.text-over-background"])
  }

  @Test func webvttGlobalCueRuleFromAStyleBlock() throws {
    let vtt = """
      WEBVTT

      STYLE
      ::cue { background-color: rgba(0, 0, 0, 0.5); color: white }

      00:00.000 --> 00:02.000
      Half box

      """
    let doc = try read(vtt, as: "webvtt")
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.map(\.code) == ["style.contrast.worst-case-video"], "\(d)")
    #expect(d.first?.location?.line == 4)
    // The model keeps 8-bit alpha: 0.5 is stored as 128/255, so 4.00:1 / 1.92:1 rather than
    // the 3.98:1 / 1.91:1 of an exact 0.5.
    #expect(d.first?.message.contains("4.00:1 (sRGB blend), 1.92:1 (linear)") == true, "\(d)")
  }

  @Test func srtFontColour() throws {
    let srt = """
      1
      00:00:00,000 --> 00:00:02,000
      <font color="#202020">Dark grey text</font>

      """
    let doc = try read(srt, as: "srt")
    let d = DocumentStyleChecker.check(doc, profile: nil, defaults: .plain)
    #expect(d.map(\.code) == ["style.contrast.worst-case-video"], "\(d)")
    #expect(d.first?.location?.line == 2)
    // No box at all in SRT: the player's own box or outline decides, so a warning.
    #expect(d.first?.severity == .warning)
  }
}
