import CaptionKit
import Testing

@testable import CaptionStyle

/// Text shadows emulating an outline (WebVTT `text-shadow` in four directions) earn halo
/// credit only as far as their weakest side goes.
@Suite struct ShadowRingTests {
  func check(_ shadow: String) throws -> [Diagnostic] {
    let vtt = "WEBVTT\n\nSTYLE\n::cue { color: #FFFFFF; background: none; text-shadow: \(shadow) }\n\n00:00.000 --> 00:02.000\nOutlined?\n"
    return DocumentStyleChecker.check(try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document, profile: nil)
  }

  @Test func fourBlackShadowsAreAnOutline() throws {
    #expect(try check("4px 4px black, -4px -4px black, 4px -4px black, -4px 4px black").isEmpty)
  }

  /// One black shadow and three transparent ones are a drop shadow: no halo credit.
  @Test func transparentSidesAreNoOutline() throws {
    for shadow in [
      "4px 4px black, -4px -4px transparent, 4px -4px transparent, -4px 4px transparent",
      "-4px -4px transparent, 4px 4px black, 4px -4px black, -4px 4px black",
    ] {
      let d = try check(shadow)
      #expect(d.map(\.code) == ["style.contrast.worst-case-video"], "\(shadow): \(d)")
      #expect(d.first?.severity == .error)
      #expect(d.first?.message == "::cue: text #FFFFFF on no background: worst-case contrast over video 1.00:1 (sRGB blend), 1.00:1 (linear) < 4.5:1 (WCAG AA, normal text in phone-portrait-inline)", "\(d)")
    }
  }

  /// Sides of different colours: the one closest to the text decides (grey #808080 gives white
  /// text 3.95:1), whichever shadow comes first.
  @Test func weakestColourDecides() throws {
    for shadow in [
      "4px 4px black, -4px -4px black, 4px -4px black, -4px 4px #808080",
      "-4px 4px #808080, 4px 4px black, -4px -4px black, 4px -4px black",
    ] {
      let d = try check(shadow)
      #expect(d.map(\.code) == ["style.contrast.worst-case-video"], "\(shadow): \(d)")
      #expect(d.first?.message.contains("3.95:1") == true, "\(d)")
    }
    #expect(StyleGeometry.weakestRing([.black, Color(red: 0, green: 0, blue: 0, alpha: 128), .white], text: .white) == Paint(.black, opacity: 128.0 / 255))
  }
}
