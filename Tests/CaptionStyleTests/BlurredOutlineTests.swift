import CaptionKit
import Testing

@testable import CaptionStyle

/// An outline blurred more than it is wide is no solid surround (WCAG G18; IMSC 1.1 allows
/// only unblurred outlines): no halo credit, with an info finding that says why, the same
/// for profiles, WebVTT text shadows and TTML `tts:textOutline`.
@Suite struct BlurredOutlineTests {
  func profile(blur: Double) throws -> StyleProfile {
    try ProfileLoader.parse(
      ##"{"schema": "caption-style-profile/1", "id": "fixture", "text": {"color": "#FFFFFF"}, "background": {"opacity": 0}, "edge": {"type": "uniform", "color": "#000000", "width": 0.08, "blur": \##(blur)}}"##)
  }

  @Test func profileBlurPastTheWidthLosesHaloCredit() throws {
    // Blur up to the width keeps the credit.
    let sharp = ProfileChecker.result(try profile(blur: 0.08))
    #expect(sharp.findings("CS-C15").isEmpty)
    #expect(sharp.findings("CS-C01").first?.severity == .info)
    let soft = ProfileChecker.result(try profile(blur: 0.1))
    let c15 = try #require(soft.findings("CS-C15").first)
    #expect(c15.code == "style.edge.outline-blurred")
    #expect(c15.severity == .info)
    #expect(c15.message == "outline blur 0.1 em is more than its width 0.08 em: not a solid surround, no halo credit, text is judged against the video")
    #expect(soft.findings("CS-C01").first?.severity == .error)
    #expect(soft.findings("CS-C01").first?.message.contains("1.00:1 (sRGB blend), 1.00:1 (linear)") == true)
    #expect(soft.findings("CS-C05").first?.severity == .error)
  }

  @Test func webvttBlurredShadowRing() throws {
    func check(_ blur: String) throws -> [Diagnostic] {
      let ring = ["4px 4px", "-4px -4px", "4px -4px", "-4px 4px"].map { "\($0) \(blur) black" }.joined(separator: ", ")
      let vtt = "WEBVTT\n\nSTYLE\n::cue { color: #FFFFFF; background: none; text-shadow: \(ring) }\n\n00:00.000 --> 00:02.000\nSoft\n"
      return DocumentStyleChecker.check(try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document, profile: nil)
    }
    #expect(try check("4px").isEmpty)
    let d = try check("8px")
    #expect(d.map(\.code) == ["style.contrast.worst-case-video", "style.edge.outline-blurred"], "\(d)")
    #expect(d.first?.message.contains("1.00:1 (sRGB blend), 1.00:1 (linear) < 4.5:1") == true)
    #expect(d.last?.severity == .info)
    #expect(d.last?.location?.line == 4)
    #expect(d.last?.message == "::cue: text #FFFFFF: outline blur 0.148 em is more than its width 0.074 em: not a solid surround (WCAG G18), so it earns no halo credit")
  }

  @Test func ttmlBlurredOutline() throws {
    func check(_ outline: String) throws -> [Diagnostic] {
      let ttml = TTMLTestDocument.paragraph(##"tts:color="#FFFFFF" tts:textOutline="\##(outline)""##)
      return DocumentStyleChecker.check(try TTMLFormat().read(Array(ttml.utf8), options: ReadOptions()).document, profile: nil, defaults: .ttml)
    }
    #expect(try check("#000000 8% 8%").isEmpty)
    let d = try check("#000000 8% 20%")
    #expect(d.map(\.code) == ["style.contrast.worst-case-video", "style.edge.outline-blurred"], "\(d)")
    #expect(d.last?.message == "text #FFFFFF: outline blur 0.2 em is more than its width 0.08 em: not a solid surround (WCAG G18), so it earns no halo credit")
  }
}

/// A one-paragraph TTML document for style checks.
enum TTMLTestDocument {
  static func paragraph(_ attributes: String) -> String {
    """
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
     <body><div><p begin="1s" end="3s" \(attributes)>Outlined</p></div></body></tt>
    """
  }
}
