import CaptionKit
import Testing

@testable import CaptionStyle

/// An outline under 1 px in the deciding (smallest) viewing context earns no halo credit,
/// as CS-C06 says: profiles and caption files alike.
@Suite struct SubPixelOutlineTests {
  func profile(fontSize: Double) throws -> StyleProfile {
    try ProfileLoader.parse(
      ##"{"schema": "caption-style-profile/1", "id": "fixture", "text": {"color": "#FFFFFF", "fontSize": {"value": \##(fontSize), "unit": "rh"}}, "background": {"opacity": 0}, "edge": {"type": "uniform", "color": "#000000", "width": 0.06}}"##)
  }

  @Test func profileOutlineUnderOnePixel() throws {
    // 6 rh: the 0.06 em outline is 1.18 px on the inline phone player, and earns credit.
    let big = ProfileChecker.result(try profile(fontSize: 6))
    #expect(big.findings("CS-C06").isEmpty)
    #expect(big.findings("CS-C01").first?.severity == .info)
    // 4 rh: 0.79 px; CS-C06 warns and the contrast is judged without the outline.
    let small = ProfileChecker.result(try profile(fontSize: 4))
    #expect(small.findings("CS-C06").first?.message == "outline is 0.79 px in phone-portrait-inline, under 1 px: no halo credit, text is judged against the video")
    let c01 = try #require(small.findings("CS-C01").first)
    #expect(c01.severity == .error)
    #expect(c01.message.contains("1.00:1 (sRGB blend), 1.00:1 (linear)"), "\(c01.message)")
    #expect(ProfileAnalysis(try profile(fontSize: 4)).stack.haloRefusal == .underOnePixel)
  }

  @Test func ttmlOutlineUnderOnePixel() throws {
    func check(_ size: String) throws -> [Diagnostic] {
      let ttml = TTMLTestDocument.paragraph(##"tts:color="#FFFFFF" tts:fontSize="\##(size)" tts:textOutline="#000000 6%""##)
      return DocumentStyleChecker.check(try TTMLFormat().read(Array(ttml.utf8), options: ReadOptions()).document, profile: nil, defaults: .ttml)
    }
    #expect(try check("6rh").isEmpty)
    let d = try check("4rh")
    #expect(d.map(\.code) == ["style.contrast.worst-case-video", "style.edge.outline-too-thin"], "\(d)")
    #expect(d.first?.severity == .error)
    #expect(d.last?.severity == .info)
    #expect(d.last?.message == "text #FFFFFF: outline is 0.79 px in phone-portrait-inline, under 1 px (WCAG G18), so it earns no halo credit")
  }
}
