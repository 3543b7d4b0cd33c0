import CaptionKit
import Testing

@testable import CaptionStyle

/// WebVTT `::cue(…)` rules with type, class, ID and attribute selectors (WebVTT §7.2): the usual
/// way to colour speakers (`::cue(v[voice="Bob"])`) and classes of one element type. They are
/// matched against cue elements and checked like `::cue(.a)` rules, by specificity (a type alone
/// under classes, `c.a` and `v[voice=…]` over them), and located at the declaration.
@Suite struct WebVTTSelectorRuleTests {
  static let vtt = """
    WEBVTT

    STYLE
    ::cue(v[voice="Bob"]) { color: #333333 }
    ::cue(c.a) { color: #444444 }
    ::cue(.a) { color: white }
    ::cue(i) { color: #555555; background-color: black }
    ::cue(.a.b) { color: #666666 }
    ::cue(#c1) { color: #222222 }
    ::cue(v) { color: #777777 }
    ::cue(.loud) { color: white; background-color: black }
    ::cue(v .a), ::cue(:past) { color: #111111 }

    c1
    00:00.000 --> 00:02.000
    w <v Bob>Hi</v> <c.a>x</c> <i>y</i> <c.a.b>z</c> <v.loud Ann>loud</v> <v Ann>ann</v>

    c2
    00:02.000 --> 00:04.000
    <c.a>x</c>

    """

  func read(_ text: String) throws -> ReadResult {
    try WebVTTFormat().read(Array(text.utf8), options: ReadOptions())
  }

  @Test func readerKeepsMatchableSelectorRules() throws {
    let result = try read(Self.vtt)
    let doc = result.document
    #expect(doc.selectorStyles.map(\.id) == ["::cue(v[voice=\"Bob\"])", "::cue(c.a)", "::cue(i)", "::cue(.a.b)", "::cue(#c1)", "::cue(v)"])
    #expect(doc.styles.map(\.id) == ["a", "loud"])
    #expect(doc.selectorStyles[2].style.backgroundColor == .black)
    #expect(doc.selectorStyles[0].propertySources["color"].map { "\($0.line):\($0.column)" } == "4:25")
    // Still reported as not mapped to named styles (a TTML writer drops them), one per rule.
    #expect(result.diagnostics.filter { $0.code == "webvtt.style.unmapped-rule" }.map { $0.location?.line ?? 0 } == [4, 5, 7, 8, 9, 10, 12])
    // The WebVTT writer keeps the STYLE block as written, so they read back the same.
    let again = try WebVTTFormat().read(WebVTTFormat().write(doc, options: WriteOptions()).bytes, options: ReadOptions()).document
    #expect(again.styleSheets == doc.styleSheets)
    #expect(again.selectorStyles == doc.selectorStyles)
  }

  @Test func selectorRulesAreContrastCheckedAtTheirDeclarations() throws {
    let d = DocumentStyleChecker.check(try read(Self.vtt).document, profile: nil)
    let found = d.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code) \($0.message.split(separator: " ").first?.dropLast() ?? "")" }
    #expect(
      found == [
        "9:14 style.contrast.worst-case-video ::cue(#c1)",  // the cue's own text, "w"
        "4:25 style.contrast.worst-case-video ::cue(v[voice=\"Bob\"])",  // over ::cue(v)
        "5:14 style.contrast.worst-case-video ::cue(c.a)",  // over .a, though .a is later
        "7:12 style.contrast.text-over-background ::cue(i)",
        "8:15 style.contrast.worst-case-video ::cue(.a.b)",  // over c.a: two classes
        "10:12 style.contrast.worst-case-video ::cue(v)",  // <v Ann>; <v.loud Ann> is white on black
      ], "\(d)")
    #expect(d.first { $0.message.hasPrefix("::cue(i)") }?.message == "::cue(i): text #555555 on background #000000 @ 80% under #000000: contrast 2.82:1 < 4.5:1 (WCAG AA, normal text in phone-portrait-inline)")
    #expect(d.first { $0.message.hasPrefix("::cue(v[") }?.message.hasPrefix("::cue(v[voice=\"Bob\"]): text #333333 on background #000000 @ 80%: worst-case contrast over video 1.00:1 (sRGB blend), 1.00:1 (linear) < 4.5:1") == true)
  }

  /// `!important` in a selector rule wins over its later normal rules, as for classes.
  @Test func importanceAppliesToSelectorRules() throws {
    let doc = try read("WEBVTT\n\nSTYLE\n::cue(v[voice=\"Bob\"]) { color: white !important; background-color: black }\n::cue(v[voice=\"Bob\"]) { color: #333333 }\n\n00:00.000 --> 00:02.000\n<v Bob>Hi</v>\n").document
    #expect(doc.selectorStyles.first?.style.color == .white)
    #expect(DocumentStyleChecker.check(doc, profile: nil).isEmpty)
  }

  /// Every element tried every selector rule, and every cue every ID rule: 8,000 class, voice,
  /// voice-start, voice-end and ID rules each over 8,000 spans, voices and cues took minutes.
  /// Rules are now looked up by their rarest class, voice value, start or end, type or ID; the
  /// one rule that matches still reports.
  @Test func thousandsOfSelectorRulesOverThousandsOfElements() throws {
    let n = 8000
    var vtt = "WEBVTT\n\nSTYLE\n"
    for i in 0..<n {
      let color = i == 4321 ? "#222222" : "white"
      vtt += "::cue(c.k\(i)) { color: \(color); background-color: black }\n"
      vtt += "::cue(v[voice=\"N\(i)\"]) { color: white; background-color: black }\n"
      vtt += "::cue(v[voice^=\"P\(i)-\"]) { color: white; background-color: black }\n"
      vtt += "::cue(v[voice$=\"-S\(i)\"]) { color: white; background-color: black }\n"
      vtt += "::cue(#id\(i)) { color: white; background-color: black }\n"
    }
    for i in 0..<n {
      vtt += "\nid\(i)\n00:00.000 --> 00:01.000\n<c.z\(i)>hello</c> <v M\(i)>hi</v> <v Q\(i)-R\(i)>ho</v>\n"
    }
    vtt += "\nlast\n00:01.000 --> 00:02.000\n<c.a.k4321>x</c> <v N17>y</v> <v P5-x-S6>z</v>\n"
    let d = DocumentStyleChecker.check(try read(vtt).document, profile: nil)
    #expect(d.map(\.code) == ["style.contrast.text-over-background"])
    #expect(d.first?.location?.line == 4 + 5 * 4321)
    #expect(d.first?.message.hasPrefix("::cue(c.k4321): text #222222 on background #000000") == true)
  }

  /// The index gives exactly the rules that testing every rule gives, in the same order.
  @Test func indexedMatchingEqualsTryingEveryRule() {
    let texts = [
      "c", "i", "v", "lang", "c.a", ".a", ".b", ".a.b", ".b.a", "c.a.a", "#c1", "c#c1", "v[voice]", "[voice]", "[lang]",
      "v[voice=\"Bob\"]", "[voice=Bob]", "v[voice~=\"Bob\"]", "v[voice~=Ann]", "v[voice|=\"Bob\"]", "v[voice^=\"Bo\"]",
      "v[voice$=\"ob\"]", "v[voice*=\"o\"]", "lang[lang|=\"en\"]", "[lang=\"en-GB\"]", "v.a[voice=\"Bob\"]", "[voice=\"Bob\"][lang=en]",
      "v.loud", "i.a", "b", "ruby", "rt", "u.b", "v[voice^=\"Bob\"]", "v[voice^=\"\"]", "v[voice$=\"\"]", "[voice|=\"Bob-x\"]",
      "[voice$=\"Bob Ann\"]", "[voice^=\"Bob \"]", "lang[lang^=en]", "[lang$=\"GB\"]", "v[voice^=\"Bob\"][voice$=\"x\"]",
    ]
    let selectors = texts.compactMap(CueSelector.init)
    #expect(selectors.count == texts.count)
    let index = CueSelectorIndex(selectors)
    let kinds: [CueElement.Kind] = [
      .span, .italic, .bold, .underline, .ruby, .rubyText, .voice(name: "Bob"), .voice(name: "Bob Ann"), .voice(name: "Bob-x"),
      .voice(name: ""), .voice(name: "Bo"), .voice(name: "Bob-x-y"), .voice(name: "Ann Bob Ann"), .voice(name: "Bob\u{301}"),
      .voice(name: "Bo\u{301}b"), .language("en-GB"), .language("en"), .language("fr"), .language("GB"),
    ]
    for kind in kinds {
      for classes in [[], ["a"], ["b"], ["a", "b"], ["a", "a"], ["loud"], ["c1"]] {
        let e = CueElement(kind, classes: classes)
        let all = selectors.indices.filter { selectors[$0].matches(e) }
        #expect(index.candidates(for: e).filter { selectors[$0].matches(e) } == all, "\(kind) \(classes)")
      }
    }
    #expect(index.cueRules(id: "c1") == [texts.firstIndex(of: "#c1")!])
    #expect(index.cueRules(id: "c2") == [])
  }
}
