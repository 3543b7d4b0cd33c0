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

@Suite struct ApplyRoundTripTests {
  @Test(arguments: ["outline-only", "fcc-semitransparent-box", "high-contrast-yellow"])
  func applyWriteReadCheck(_ id: String) throws {
    let webvtt = try #require(FormatRegistry.format(named: "webvtt"))
    let source = "WEBVTT\n\n00:00.000 --> 00:02.000\nHello there\n"
    let doc = try webvtt.read(Array(source.utf8), options: ReadOptions()).document
    let profile = try ProfileLibrary.builtIn.profile(id)
    let (styled, _) = profile.apply(to: doc, format: "webvtt")
    let written = webvtt.write(styled, options: WriteOptions())
    let text = String(decoding: written.bytes, as: UTF8.self)
    #expect(text.contains("STYLE\n"))
    let back = try webvtt.read(written.bytes, options: ReadOptions()).document
    let d = DocumentStyleChecker.check(back, profile: nil)
    // The written style carries the profile's legibility: passing profiles stay clean, the
    // 50% box is caught again from the file.
    if profile.expectedVerdict == .fail {
      #expect(d.contains { $0.code == "style.contrast.worst-case-video" && $0.severity == .error }, "\(d)\n\(text)")
    } else {
      #expect(d.filter { $0.severity >= .warning }.isEmpty, "\(d)\n\(text)")
    }
  }
}

@Suite struct TTMLStyleTests {
  static let ttml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
      <head>
        <styling>
          <style xml:id="yellowOnWhite" tts:color="yellow" tts:backgroundColor="white"/>
          <style xml:id="good" tts:color="#FFFFFF" tts:backgroundColor="#000000"/>
        </styling>
        <layout>
          <region xml:id="bottom" tts:origin="10% 80%" tts:extent="80% 15%"/>
          <region xml:id="boxed" tts:origin="10% 10%" tts:extent="80% 15%" tts:backgroundColor="black"/>
        </layout>
      </head>
      <body>
        <div>
          <p begin="00:00:00.000" end="00:00:02.000" region="bottom"><span style="yellowOnWhite">Yellow on white</span></p>
          <p begin="00:00:02.000" end="00:00:04.000" region="bottom"><span tts:color="#FFFFFF" tts:backgroundColor="#00000040">Low alpha box</span></p>
          <p begin="00:00:04.000" end="00:00:06.000" region="bottom"><span style="good">Fine</span></p>
          <p begin="00:00:06.000" end="00:00:08.000" region="boxed"><span tts:color="yellow">Yellow in a black region</span></p>
        </div>
      </body>
    </tt>

    """

  @Test func yellowOnWhiteStyleAndLowAlphaSpan() throws {
    let format = try #require(FormatRegistry.format(named: "ttml"))
    let doc = try format.read(Array(Self.ttml.utf8), options: ReadOptions()).document
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.count == 2, "\(d)")
    let yellow = try #require(d.first { $0.code == "style.contrast.text-over-background" })
    #expect(yellow.location?.line == 5)
    #expect(yellow.message.hasPrefix("style \"yellowOnWhite\": text #FFFF00 on background #FFFFFF: contrast 1.07:1 < 4.5:1"))
    let low = try #require(d.first { $0.code == "style.contrast.worst-case-video" })
    #expect(low.severity == .error)
    #expect(low.location?.line == 16)
    #expect(low.message.contains("1.84:1 (sRGB blend), 1.31:1 (linear) < 4.5:1"))
  }
  /// A region's `tts:opacity` applies to its content's text and outline too (TTML2 §10.2.26):
  /// white at 50% with a 50% black outline fails over a white frame (3.98:1 sRGB, 1.91:1 linear),
  /// as it does when the opacity is on the `p` itself; both compound.
  @Test func regionOpacityAppliesToTheText() throws {
    let ttml = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
       <head><layout><region xml:id="r1" tts:opacity="0.5"/></layout></head>
       <body><div>
        <p begin="1s" end="3s" region="r1" tts:color="#FFFFFF" tts:textOutline="#000000 10%">region at half opacity</p>
        <p begin="4s" end="6s" region="r1" tts:color="#FFFFFF" tts:textOutline="#000000 10%" tts:opacity="0.5">both at half</p>
       </div></body></tt>
      """
    let doc = try TTMLFormat().read(Array(ttml.utf8), options: ReadOptions()).document
    let d = DocumentStyleChecker.check(doc, profile: nil).filter { $0.code == "style.contrast.worst-case-video" }
    #expect(d.count == 2, "\(d)")
    #expect(d.first?.message.contains("text #FFFFFF @ 50%") == true)
    #expect(d.first?.message.contains("3.98:1 (sRGB blend; halo, plain 1.00:1), 1.91:1 (linear") == true)
    #expect(d.last?.message.contains("text #FFFFFF @ 25%") == true)
  }
}
