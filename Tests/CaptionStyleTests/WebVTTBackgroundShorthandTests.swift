import CaptionKit
import Testing

@testable import CaptionStyle

/// The `background` shorthand and CSS-wide keywords in WebVTT `::cue` rules: each sets the
/// background colour (CSS Backgrounds 3 §3.10), so the default 80% cue box is gone unless a
/// colour is given.
@Suite struct WebVTTBackgroundShorthandTests {
  func document(_ declarations: String) throws -> CaptionDocument {
    let vtt = "WEBVTT\n\nSTYLE\n::cue { color: #FFFF00; \(declarations) }\n\n00:00.000 --> 00:02.000\nYellow text\n"
    return try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
  }

  @Test(arguments: [
    "background: none", "background: transparent none", "background: initial", "background: url(x.png) rgba(0,0,0,0)",
    "background-color: initial", "background-color: unset", "background: url(\"a b.png\") no-repeat center / cover",
    "background:\tnone\r\n",
  ])
  func noReadableColourIsATransparentBox(_ declarations: String) throws {
    let doc = try document(declarations)
    #expect(doc.styles.first { $0.id == "" }?.style.backgroundColor == .transparent)
    let result = try WebVTTFormat().read(Array("WEBVTT\n\nSTYLE\n::cue { \(declarations) }\n".utf8), options: ReadOptions())
    #expect(!result.diagnostics.contains { $0.code == "webvtt.style.invalid-value" }, "\(result.diagnostics)")
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.map(\.code) == ["style.contrast.worst-case-video"], "\(d)")
    #expect(d.first?.severity == .error)
    #expect(d.first?.location?.line == 4)
    #expect(d.first?.message.hasPrefix("::cue: text #FFFF00 on no background: worst-case contrast over video 1.00:1 (sRGB blend), 1.00:1 (linear) < 4.5:1") == true, "\(d)")
  }

  /// The colour of the shorthand is the last one in its final layer; the default box stays for
  /// `inherit`/`revert`, which give the cue what it would have without the declaration.
  @Test func shorthandColourAndKeptKeywords() throws {
    let black = try document("background: url(x.png) no-repeat rgb(0 0 0)")
    #expect(black.styles.first?.style.backgroundColor == .black)
    #expect(black.styles.first?.style.other["background"] == "url(x.png) no-repeat rgb(0 0 0)")
    #expect(DocumentStyleChecker.check(black, profile: nil).isEmpty)
    let layers = try document("background: url(a.png) red, url(b.png) #000000cc")
    #expect(layers.styles.first?.style.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 204))
    for keyword in ["inherit", "revert"] {
      let kept = try document("background-color: \(keyword)")
      #expect(kept.styles.first?.style.backgroundColor == nil)
      // The default box: fine in sRGB blending only.
      let d = DocumentStyleChecker.check(kept, profile: nil)
      #expect(d.map(\.code) == ["style.contrast.blend-space-dependent"])
      #expect(d.first?.message.contains("on background #000000 @ 80%: worst-case contrast over video 11.77:1 (sRGB blend), 3.91:1 (linear)") == true, "\(d)")
    }
  }
}
