import CaptionCore
import Testing

/// The compound selectors of WebVTT `::cue(…)` that the style checks match against cue elements.
@Suite struct CueSelectorTests {
  let bob = CueElement(.voice(name: "Bob Smith"), classes: ["loud"])
  let span = CueElement(.span, classes: ["a", "b"])

  @Test func readsTypeClassIDAndAttribute() throws {
    let voice = try #require(CueSelector("v[voice=\"Bob Smith\"]"))
    #expect(voice.type == "v")
    #expect(voice.attributes.map { "\($0.name)\($0.op ?? "")\($0.value)" } == ["voice=Bob Smith"])
    #expect(voice.specificity == (0, 1, 1))
    #expect(CueSelector("C.a")?.type == "c")
    #expect(CueSelector("c.a")?.classes == ["a"])
    #expect(try #require(CueSelector(".a.b")).specificity == (0, 2, 0))
    #expect(CueSelector("#c1")?.matchesCue == true)
    #expect(try #require(CueSelector("i")).specificity == (0, 0, 1))
  }

  @Test(arguments: ["", "v .a", "v > c", ":past", "v:future", "*", "p", "v[title=x]", "v[voice=\"a\\\"b\"]", "c.", "#", "v[voice", "c.a,", "lang[lang=\"en\"] "])
  func notRead(_ text: String) {
    #expect(CueSelector(text) == nil)
  }

  @Test(arguments: [
    ("v", true, false), ("v[voice=\"Bob Smith\"]", true, false), ("v[voice='Bob Smith'].loud", true, false), ("v[voice=Bob]", false, false),
    ("v[voice]", true, false), ("v[voice~=Smith]", true, false), ("v[voice^=Bob]", true, false), ("v[voice$=Smith]", true, false),
    ("v[voice*=\"b S\"]", true, false), ("c.a", false, true), (".a.b", false, true), (".a.c", false, false), ("i", false, false),
    ("#c1", false, false), ("c[voice]", false, false),
  ])
  func matches(_ text: String, _ matchesBob: Bool, _ matchesSpan: Bool) throws {
    let s = try #require(CueSelector(text))
    #expect(s.matches(bob) == matchesBob)
    #expect(s.matches(span) == matchesSpan)
  }
}
