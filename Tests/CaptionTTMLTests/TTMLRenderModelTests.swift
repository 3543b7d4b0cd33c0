import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionTTML

/// The IMSC Hypothetical Render Model: paint time per presentation and the glyph cache.
@Suite("IMSC Hypothetical Render Model")
struct TTMLRenderModelTests {
  static func hrm(_ text: String, profile: String? = "imsc1.1") throws -> [Diagnostic] {
    var options = ReadOptions(profile: profile)
    options.checksRenderModel = true
    return try TTMLFormat().read(Array(text.utf8), options: options).diagnostics.filter { $0.code.hasPrefix("ttml.hrm.") }
  }

  static func doc(head: String = "", body: String) -> String {
    TTMLTest.doc(#"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#, head: head, body: body)
  }

  @Test("The first presentation has one second (IPD) to paint: 36 CJK glyphs at 185% fit, 37 do not")
  func initialPaintingDelay() throws {
    let kana = Array("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆ")
    #expect(kana.count == 37)
    func document(_ n: Int) -> String {
      Self.doc(
        head: #"<styling><style xml:id="s0" tts:fontSize="185%"/></styling><layout><region xml:id="r0" tts:origin="0% 0%" tts:extent="100% 100%"/></layout>"#,
        body: #"<div region="r0"><p begin="0s" end="1s" style="s0">\#(String(kana.prefix(n)))</p></div>"#)
    }
    // 1/12 s to clear, then each glyph (185% of 1/15 of the height)² / 0.6 s.
    #expect(try Self.hrm(document(36)).isEmpty)
    let over = try Self.hrm(document(37))
    #expect(over.map(\.code) == ["ttml.hrm.paint-time"])
    #expect(over.first?.message == "IMSC-HRM: the presentation at 0.000 s takes 1.021 s to paint (clearing and backgrounds 0.083 s; text 0.938 s: 37 glyph(s) rendered, 0 copied) but 1.000 s are available")
    // Only for IMSC Text Profile documents, and only when asked for.
    #expect(try Self.hrm(document(37), profile: "ttml2").isEmpty)
    #expect(try TTMLTest.read(document(37), profile: "imsc1.1").diagnostics.allSatisfy { !$0.code.hasPrefix("ttml.hrm.") })
  }

  @Test("Backgrounds: each element with one counts over its region's area; showBackground=always presents an empty region")
  func backgrounds() throws {
    let head = ##"<styling><style xml:id="s1" tts:backgroundColor="#ff0000"/></styling><layout><region xml:id="r1" tts:origin="0% 0%" tts:extent="100% 100%" style="s1"/></layout>"##
    // At 3 s: clear (1) + region (1) + four spans (4) over 12 s⁻¹ = 0.5 s, plus four glyphs: more than the 0.5 s since 2.5 s.
    let four = Self.doc(head: head, body: #"<div><p region="r1" begin="2.5s" end="3s">z</p><p region="r1" begin="3s" end="4s"><span style="s1">a</span><span style="s1">b</span><span style="s1">c</span><span style="s1">d</span></p></div>"#)
    let e = try Self.hrm(four)
    #expect(e.map(\.code) == ["ttml.hrm.paint-time"])
    #expect(e.first?.message.hasPrefix("IMSC-HRM: the presentation at 3.000 s takes 0.515 s to paint (clearing and backgrounds 0.500 s;") == true)
    let three = Self.doc(head: head, body: #"<div><p region="r1" begin="2.5s" end="3s">z</p><p region="r1" begin="3s" end="4s"><span style="s1">a</span><span style="s1">b</span><span style="s1">c</span></p></div>"#)
    #expect(try Self.hrm(three).isEmpty)
    // An empty region with a background is presented (always), so a 16 ms change is too fast…
    let always = Self.doc(head: head, body: #"<div region="r1"><p begin="0s" end="0.016s"/><p begin="0.016s" end="1s"/></div>"#)
    #expect(try Self.hrm(always).map(\.code) == ["ttml.hrm.paint-time"])
    // …but not with showBackground="whenActive": nothing is presented.
    let whenActive = always.replacingOccurrences(of: #"style="s1"/>"#, with: #"style="s1" tts:showBackground="whenActive"/>"#)
    #expect(try Self.hrm(whenActive).isEmpty)
  }

  @Test("Glyphs shown just before are copied, not rendered, unless their style changed; the cache holds at most NGBS")
  func glyphCache() throws {
    let head = #"<styling><style xml:id="a" tts:fontSize="185%"/><style xml:id="b" tts:fontSize="185%" tts:textDecoration="underline"/></styling>"#
    let text = "あいうえおかきくけこさしすせそたち"
    // The same 17 glyphs again after 0.5 s: copied (fast). Underlined, they are new glyphs.
    let same = Self.doc(head: head, body: #"<div><p begin="0s" end="0.5s" style="a">\#(text)</p><p begin="0.5s" end="4s" style="a">\#(text)</p></div>"#)
    #expect(try Self.hrm(same).isEmpty)
    let changed = same.replacingOccurrences(of: #"end="4s" style="a""#, with: #"end="4s" style="b""#)
    #expect(try Self.hrm(changed).map(\.code) == ["ttml.hrm.paint-time"])
    // 226 distinct glyphs of the default size (1/15 of the height) overrun the cache (225 fit).
    var scalars = (0x4E00..<(0x4E00 + 226)).map { String(UnicodeScalar($0)!) }.joined()
    let big = Self.doc(body: #"<div><p begin="0s" end="100s">\#(scalars)</p></div>"#)
    #expect(try Self.hrm(big).map(\.code).contains("ttml.hrm.glyph-cache"))
    scalars = (0x4E00..<(0x4E00 + 225)).map { String(UnicodeScalar($0)!) }.joined()
    let fits = Self.doc(body: #"<div><p begin="0s" end="100s">\#(scalars)</p></div>"#)
    #expect(try !Self.hrm(fits).map(\.code).contains("ttml.hrm.glyph-cache"))
  }

  @Test("Backgrounds of body and div count in the region their content goes to, however the region is assigned")
  func ancestorBackgrounds() throws {
    let head = #"<layout><region xml:id="r1" tts:origin="0% 0%" tts:extent="50% 50%"/></layout>"#
    // Clearing (1) and the body's background over a quarter of the root: 1.25 / 12 s, plus two
    // tiny glyphs; 0.104 s is not enough, 0.105 s is.
    func document(_ second: String, onDiv: Bool = true) -> String {
      let ps = #"<p begin="0s" end="10s">a</p><p begin="\#(second)s" end="10s">b</p>"#
      let body = onDiv ? #"<div region="r1" tts:fontSize="1rh">\#(ps)</div>"# : #"<div tts:fontSize="1rh">\#(ps.replacingOccurrences(of: "<p ", with: #"<p region="r1" "#))</div>"#
      return TTMLTest.doc(#"ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text" tts:backgroundColor="red""#, head: head, body: body)
        .replacingOccurrences(of: #"tts:backgroundColor="red">"#, with: ">").replacingOccurrences(of: "<body>", with: #"<body tts:backgroundColor="red">"#)
    }
    #expect(try Self.hrm(document("0.104")).map(\.code) == ["ttml.hrm.paint-time"])
    #expect(try Self.hrm(document("0.105")).isEmpty)
    #expect(try Self.hrm(document("0.104", onDiv: false)).map(\.code) == ["ttml.hrm.paint-time"])
  }

  @Test("A timed region is presented only while active; an extent through a referenced style counts")
  func regionTimingAndStyledExtent() throws {
    // r1 holds the text; r2, all red over the whole root, begins at 5 s: not presented at 0.1 s.
    let head = ##"<layout><region xml:id="r1" tts:origin="0% 0%" tts:extent="10% 10%"/><region xml:id="r2" begin="5s" tts:origin="0% 0%" tts:extent="100% 100%" tts:backgroundColor="red"/></layout>"##
    let body = #"<div region="r1" tts:fontSize="1rh"><p begin="0s" end="0.1s">a</p><p begin="0.1s" end="10s">b</p></div>"#
    #expect(try Self.hrm(Self.doc(head: head, body: body)).isEmpty)
    #expect(try Self.hrm(Self.doc(head: head.replacingOccurrences(of: #" begin="5s""#, with: ""), body: body)).map(\.code) == ["ttml.hrm.paint-time"])
    // A red region of a quarter of the root, its extent from a style: (1 + 0.25) / 12 s to paint.
    let styled = ##"<styling><style xml:id="s" tts:extent="50% 50%" tts:origin="0% 0%"/></styling><layout><region xml:id="r1" style="s" tts:backgroundColor="red"/></layout>"##
    let two = #"<div region="r1" tts:fontSize="1rh"><p begin="0s" end="0.104s">a</p><p begin="0.104s" end="10s">b</p></div>"#
    let e = try Self.hrm(Self.doc(head: styled, body: two))
    #expect(e.first?.message.contains("clearing and backgrounds 0.104 s") == true)
  }

  @Test("A set on a p that changes the colour makes new glyphs")
  func setOnParagraph() throws {
    let head = #"<layout><region xml:id="r1" tts:origin="0% 0%" tts:extent="100% 100%"/></layout>"#
    // At 0.1 s the red "a" must be rendered: 1/12 + 0.3² / 1.2 = 0.158 s > 0.1 s.
    let onP = #"<div region="r1" tts:fontSize="30rh"><p begin="0s" end="10s">a<set begin="0.1s" tts:color="red"/></p></div>"#
    #expect(try Self.hrm(Self.doc(head: head, body: onP)).map(\.code) == ["ttml.hrm.paint-time"])
    let unchanged = #"<div region="r1" tts:fontSize="30rh"><p begin="0s" end="10s">a<set begin="0.1s" tts:color="white"/></p></div>"#
    #expect(try Self.hrm(Self.doc(head: head, body: unchanged)).isEmpty)
  }

  @Test("Twenty failures of a kind are listed, the rest counted in one more")
  func reportCap() throws {
    // 31 presentations 10 ms apart: the first has a second (IPD), each later one needs 1/12 s.
    let ps = (0..<31).map { #"<p begin="\#(Double($0) / 100)s" end="\#(Double($0 + 1) / 100)s">a</p>"# }.joined()
    let e = try Self.hrm(Self.doc(body: "<div>\(ps)</div>"))
    #expect(e.count == 21)
    #expect(e.last?.message == "IMSC-HRM: 10 more presentation(s) take longer to paint than they have")
  }

  @Test("A set with a relative font size is resolved against the p's, not read as a share of the root")
  func setWithRelativeFontSize() throws {
    let body = #"<div><p begin="0s" end="10s">abc<set begin="2s" tts:fontSize="150%"/></p></div>"#
    #expect(try Self.hrm(Self.doc(body: body)).isEmpty)
  }

  @Test("Absurd font sizes give a clamped time, not a trap")
  func absurdFontSize() throws {
    let huge = Self.doc(body: #"<div><p begin="1s" end="2s" tts:fontSize="10000000000000000000000000rh">Hello</p></div>"#)
    let e = try Self.hrm(huge)
    #expect(e.first?.message.hasPrefix("IMSC-HRM: the presentation at 1.000 s takes 1000000000000.000 s to paint") == true)
    #expect(TTMLRenderModel.format(.infinity) == "1000000000000.000" && TTMLRenderModel.format(.nan) == "0.000" && TTMLRenderModel.format(0.0415) == "0.042")
  }

  @Test("Script groups of the model")
  func scripts() {
    #expect(TTMLScript.of(0x41) == .simple)  // A
    #expect(TTMLScript.of(0x20) == .simple)  // space (Common)
    #expect(TTMLScript.of(0x416) == .simple)  // Ж
    #expect(TTMLScript.of(0x5D0) == .simple)  // א
    #expect(TTMLScript.of(0x3042) == .cjk)  // あ
    #expect(TTMLScript.of(0x30A2) == .cjk)  // ア
    #expect(TTMLScript.of(0x4E00) == .cjk)  // 一
    #expect(TTMLScript.of(0xAC00) == .cjk)  // 가
    #expect(TTMLScript.of(0x3001) == .simple)  // 、(Common)
    #expect(TTMLScript.of(0x627) == .other)  // ا
    #expect(TTMLScript.of(0x915) == .other)  // क
    #expect(TTMLScript.of(0x301) == .other)  // combining acute (Inherited)
  }

  @Test("imsc-hrm-tests: every pass document passes and every fail document fails", .enabled(if: Corpus.root != nil))
  func suite() throws {
    var wrong: [String] = []
    var total = 0
    for url in Corpus.files(in: "imsc-hrm-tests", extensions: ["ttml"]) {
      total += 1
      let found = try !Self.hrm(String(decoding: try Corpus.bytes(url), as: UTF8.self)).isEmpty
      let shouldFail = url.deletingLastPathComponent().lastPathComponent == "fail"
      if found != shouldFail { wrong.append(url.lastPathComponent) }
    }
    print("imsc-hrm-tests: \(total - wrong.count)/\(total) agree; disagree: \(wrong)")
    #expect(total > 30)
    #expect(wrong.isEmpty)
  }
}
