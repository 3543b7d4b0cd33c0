import CaptionCLI
import Foundation
import Testing

/// What `convert` says it lost, and what `--fail-on-loss` counts: each case is something a
/// viewer would see differently (or not at all) in the output, found by a review that looked
/// for silent losses.
@Suite struct ConversionLossReportTests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-loss-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  func file(_ name: String, _ text: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func convert(_ args: [String]) -> (code: Int32, out: String, err: String) {
    let io = ToolIO.captured()
    let code = CaptionTool.run(["convert"] + args, io: io)
    return (code, io.capturedOut, io.capturedErr)
  }

  static let tt = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" xml:lang="en">"#

  /// An `<image>` in a div (IMSC 1.1 Image Profile) and a div's smpte:backgroundImage are both
  /// counted; the image lasts as long as its div, so it is not mistaken for one never shown.
  @Test func imageSubtitlesAreLossesForFailOnLoss() throws {
    let ttml = try file("img.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<body>
        <div begin="1s" end="2s"><image src="one.png" type="image/png"/></div>
        <div begin="2s" end="3s" smpte:backgroundImage="two.png"/>
      </body></tt>
      """)
    let r = convert([ttml, "--to", "vtt", "--fail-on-loss"])
    #expect(r.code == 1)
    #expect(r.err.contains("warning: [ttml.content.image-dropped] 2 subtitle(s) are images"))
    #expect(r.err.contains("\"one.png\""))
    #expect(!r.out.contains("-->"))
    #expect(convert([ttml, "--to", "vtt"]).code == 0)
  }

  /// A region's `set`, a div's `set` and `animate` are not applied: said, and counted.
  @Test func animationsThatAreNotAppliedAreReported() throws {
    let ttml = try file("anim.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<head><layout><region xml:id="r" tts:origin="10% 10%" tts:extent="80% 20%"><set begin="1s" tts:origin="10% 70%"/></region></layout></head>
      <body><div><set begin="0s" end="1s" tts:color="red"/><p region="r" begin="0s" end="2s">moves<animate tts:color="red;lime"/></p></div></body></tt>
      """)
    let r = convert([ttml, "--to", "vtt", "--fail-on-loss"])
    #expect(r.code == 1)
    let lines = r.err.split(separator: "\n").filter { $0.contains("[ttml.content.animation-ignored]") }
    #expect(lines.count == 3)
    #expect(lines.contains { $0.contains("<set tts:origin> in region 'r' is not applied") })
    #expect(lines.contains { $0.contains("<set tts:color> on a body or div is not applied") })
    #expect(lines.contains { $0.contains("<animate> is not applied") })
  }

  /// A second body (or head) is not read: its cues are lost, so `--fail-on-loss` counts it;
  /// a second styling in one head is read, so it judges the document and loses nothing.
  @Test func aSecondBodyIsALossASecondStylingIsNot() throws {
    let twoBodies = try file("twobody.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<head/><body><div><p begin="1s" end="2s">one</p></div></body>
      <body><div><p begin="3s" end="4s">two</p></div></body></tt>
      """)
    let r = convert([twoBodies, "--to", "vtt", "--fail-on-loss"])
    #expect(r.code == 1)
    #expect(r.err.contains("3:1: error: [ttml.validate.duplicate-unread] <tt> may hold one <body> only; this one is not read"))
    #expect(r.out.contains("one") && !r.out.contains("two"))
    let twoStylings = try file("twostyling.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<head><styling/><styling><style xml:id="s" tts:color="red"/></styling></head>
      <body><div><p begin="1s" end="2s" style="s">one</p></div></body></tt>
      """)
    let s = convert([twoStylings, "--to", "vtt", "--fail-on-loss"])
    #expect(s.code == 0)
    #expect(s.err.contains("[ttml.validate.duplicate-element] <head> may hold one <styling> only"))
    #expect(s.out.contains("color: red"))
  }

  /// SRT text outside any cue is lost: an error (as WebVTT's unrecognized blocks are).
  @Test func strayTextBeforeTheFirstCueIsALoss() throws {
    let srt = try file("stray.srt", "Hello viewer\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n")
    let r = convert([srt, "--to", "vtt", "--fail-on-loss"])
    #expect(r.code == 1)
    #expect(r.err.contains("1:1: error: [srt.text.stray] text before the first cue is skipped"))
    #expect(r.out.contains("00:00:01.000 --> 00:00:02.000\nA\n"))
  }

  /// Properties WebVTT CSS cannot hold are warnings (counted); those it holds another way are
  /// notes; `tts:ruby`, which the cue text's <ruby> and <rt> keep, is neither.
  @Test func droppedStylePropertiesAreWarningsAndMovedOnesNotes() throws {
    let ttml = try file("bidi.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<body><div>
      <p begin="1s" end="2s"><span tts:direction="rtl" tts:unicodeBidi="bidiOverride">abc</span></p>
      <p begin="2s" end="3s" tts:textAlign="left"><span tts:ruby="container"><span tts:ruby="base">漢</span><span tts:ruby="text">かん</span></span></p>
      </div></body></tt>
      """)
    let r = convert([ttml, "--to", "vtt", "--fail-on-loss"])
    #expect(r.code == 1)
    #expect(r.err.contains("warning: [webvtt.write.style-property-dropped] cue 1: inline style: direction, tts:unicodeBidi cannot be expressed in WebVTT CSS"))
    #expect(!r.err.contains("ruby cannot"))
    #expect(r.out.contains("<ruby><c>漢</c><rt>かん</rt></ruby>"))
  }

  /// A named style called like a generated class (`ck-1`) keeps its own rule: generated
  /// classes take another prefix.
  @Test func generatedClassesDoNotTakeADocumentStylesName() throws {
    let ttml = try file("coll.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<head><styling><style xml:id="ck-1" tts:color="blue"/></styling></head>
      <body><div><p begin="1s" end="2s"><span tts:color="red">red</span> <span style="ck-1">blue</span></p></div></body></tt>
      """)
    let r = convert([ttml, "--to", "vtt"])
    #expect(r.out.contains("::cue(.ck-1) { color: blue; }"))
    #expect(r.out.contains("::cue(.ck2-1) { color: red; }"))
    #expect(r.out.contains("<c.ck2-1>red</c> <c.ck-1>blue</c>"))
  }

  /// A span that is a voice and changes the language keeps both.
  @Test func voiceAndLanguageOnOneSpanAreBothKept() throws {
    let ttml = try file("agent.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      \(Self.tt)<head><metadata><ttm:agent xml:id="alice" type="person"><ttm:name type="full">Alice</ttm:name></ttm:agent></metadata></head>
      <body><div><p begin="1s" end="2s">hi <span xml:lang="fr" ttm:agent="alice">bonjour</span></p></div></body></tt>
      """)
    #expect(convert([ttml, "--to", "vtt"]).out.contains("hi <v Alice><lang fr>bonjour</lang></v>"))
  }

  /// A `Language:` header line kept in the output says the language: no note that it is lost.
  @Test func languageHeaderLineIsNotReportedAsLost() throws {
    let vtt = try file("ja.vtt", "WEBVTT\nLanguage: ja\n\n00:01.000 --> 00:02.000\nこんにちは\n")
    let r = convert([vtt, "--to", "vtt"])
    #expect(r.out.hasPrefix("WEBVTT\nLanguage: ja\n"))
    #expect(!r.err.contains("language-dropped"))
    // Without the header line, the document's language (from TTML, say) is reported.
    let ttml = try file("lang.ttml", "\(Self.tt)<body><div><p begin=\"1s\" end=\"2s\">x</p></div></body></tt>")
    #expect(convert([ttml, "--to", "vtt"]).err.contains("[webvtt.write.language-dropped] the document's language 'en'"))
  }

  /// `#RRGGBBAA` with a zero alpha would hide the text: read as opaque, and said.
  @Test func fullyTransparentSRTColourIsReadOpaque() throws {
    let srt = try file("c8.srt", "1\n00:00:01,000 --> 00:00:02,000\n<font color=\"#80ff0000\">red?</font> <font color=\"#ff000080\">half</font>\n")
    let r = convert([srt, "--to", "vtt"])
    #expect(r.err.contains("3:7: warning: [srt.font.transparent-color] colour \"#80ff0000\" is fully transparent as #RRGGBBAA; read as opaque #80ff00"))
    #expect(r.out.contains("{ color: #80ff00; }"))
    // A colour that is only translucent is kept as written.
    #expect(r.out.contains("rgba(255, 0, 0, 0.502)"))
    #expect(r.err.components(separatedBy: "transparent-color").count == 2)
  }

  /// A TTML conformance error (an unknown attribute) loses nothing: not a loss.
  @Test func conformanceErrorsAreNotLosses() throws {
    let ttml = try file("attr.ttml", "\(Self.tt)<body><div><p begin=\"1s\" end=\"2s\" foo=\"bar\">x</p></div></body></tt>")
    let r = convert([ttml, "--to", "srt", "--fail-on-loss"])
    #expect(r.err.contains("error: [ttml.validate.unknown-attribute]"))
    #expect(r.code == 0)
    #expect(r.out == "1\n00:00:01,000 --> 00:00:02,000\nx\n")
  }

  /// The HLS time offset a WebVTT file carries is lost in SRT: a warning, counted.
  @Test func timestampMapDroppedIsALoss() throws {
    let vtt = try file("hls.vtt", "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n00:01.000 --> 00:02.000\nA\n")
    let r = convert([vtt, "--to", "srt", "--fail-on-loss"])
    #expect(r.code == 1)
    #expect(r.err.contains("warning: [srt.write.timestamp-map-dropped]"))
    // Said once: the map line is not also reported as a dropped header line.
    #expect(!r.err.contains("header-dropped"))
    #expect(r.out == "1\n00:00:01,000 --> 00:00:02,000\nA\n")
  }

  /// TTML's `style="b a"` lets `a` win; CSS would let the rule written last (`.b`) win on
  /// `<c.b.a>`: a compound rule keeps TTML's colour, and only where the two orders differ.
  @Test func severalClassesKeepTheirOrderInCSS() throws {
    let head = #"<head><styling><style xml:id="a" tts:color="red"/><style xml:id="b" tts:color="blue"/><style xml:id="w" tts:fontWeight="bold"/></styling></head>"#
    let ttml = try file("ord.ttml", """
      \(Self.tt)\(head)
      <body><div><p begin="1s" end="2s" style="b a">red</p><p begin="3s" end="4s" style="w a">no conflict</p></div></body></tt>
      """)
    let r = convert([ttml, "--to", "vtt"])
    #expect(r.out.contains("STYLE\n::cue(.b.a) { color: red; }\n"))
    // `w` and `a` set different properties: no rule.
    #expect(!r.out.contains("::cue(.w.a)"))
    #expect(!r.err.contains("class-order-conflict"))
    // `.b.a` would also match `<c.a.b>` (blue in TTML): with both orders, no rule, and a warning.
    let both = try file("both.ttml", """
      \(Self.tt)\(head)
      <body><div><p begin="1s" end="2s" style="b a">red</p><p begin="2s" end="3s" style="a b">blue</p></div></body></tt>
      """)
    let r2 = convert([both, "--to", "vtt", "--fail-on-loss"])
    #expect(!r2.out.contains("::cue(.b.a)") && !r2.out.contains("::cue(.a.b)"))
    #expect(r2.err.contains("warning: [webvtt.write.class-order-conflict] classes .a.b are listed in orders that give different styles"))
    #expect(r2.code == 1)
  }

  /// What the review of these reports found noisy or wrong: a set that sets nothing, a normal
  /// line height, ruby, an empty xml:lang on a voice, an image inside a p, an extent so odd a
  /// font size would come out 0vh, and a TTML error that does drop text.
  @Test func noFalseLossesAndNoMissedOnes() throws {
    let quiet = try file("quiet.ttml", """
      \(Self.tt)<head><layout><region xml:id="r"><set begin="1s" end="2s"/></region></layout>
      <metadata><ttm:agent xml:id="al" type="person"/></metadata></head>
      <body><div region="r"><set begin="0s" end="1s"/>
      <p begin="1s" end="2s" tts:lineHeight="normal">hi</p>
      <p begin="2s" end="3s"><span tts:ruby="container"><span tts:ruby="base">漢</span><span tts:ruby="text">かん</span></span></p>
      <p begin="3s" end="4s"><span ttm:agent="al" xml:lang="">no language</span></p>
      </div></body></tt>
      """)
    let r = convert([quiet, "--to", "vtt", "--fail-on-loss"])
    #expect(r.code == 0, "\(r.err)")
    #expect(!r.err.contains("animation-ignored") && !r.err.contains("ruby") && !r.err.contains("lineHeight"))
    #expect(r.out.contains("<v al>no language</v>"))
    let img = try file("imgp.ttml", "\(Self.tt)<body><div><p begin=\"1s\" end=\"2s\">text <span><image src=\"b.png\"/></span></p></div></body></tt>")
    let ri = convert([img, "--to", "srt", "--fail-on-loss"])
    #expect(ri.code == 1)
    #expect(ri.err.contains("warning: [ttml.content.image-dropped] an <image> (\"b.png\") in a <span> is not read"))
    let odd = try file("odd.ttml", """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" tts:extent="1e300px 1e300px">
      <body><div><p begin="1s" end="2s" tts:fontSize="24px">x</p></div></body></tt>
      """)
    #expect(convert([odd, "--to", "vtt"]).out.contains("font-size: 24px"))
    let nested = try file("nested.ttml", "\(Self.tt)<body><div><p begin=\"1s\" end=\"2s\">one <span>two <p>nested</p></span></p></div></body></tt>")
    #expect(convert([nested, "--to", "srt", "--fail-on-loss"]).code == 1)
  }

  /// Font sizes in cells, or in pixels of the root extent, are the video's: written as `vh`
  /// (CSS `px` are the player's pixels, and CSS has no cells).
  @Test func cellAndRootPixelFontSizesBecomeViewportHeights() throws {
    let ttml = try file("fs.ttml", """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:cellResolution="40 20" tts:extent="1920px 1080px">
      <body><div><p begin="1s" end="2s" tts:fontSize="2c">cells</p><p begin="2s" end="3s" tts:fontSize="54px">pixels</p></div></body></tt>
      """)
    let r = convert([ttml, "--to", "vtt", "--fail-on-loss"])
    #expect(r.out.contains("{ font-size: 10vh; }"))
    #expect(r.out.contains("{ font-size: 5vh; }"))
    #expect(!r.out.contains("px;"))
    #expect(r.code == 0)
    // Without a root extent, px stay px (CSS pixels are what a WebVTT file means by them).
    let vtt = try file("px.vtt", "WEBVTT\n\nSTYLE\n::cue(.big) { font-size: 30px; }\n\n00:01.000 --> 00:02.000\n<c.big>x</c>\n")
    #expect(convert([vtt, "--to", "vtt"]).out.contains("font-size: 30px"))
  }
}
