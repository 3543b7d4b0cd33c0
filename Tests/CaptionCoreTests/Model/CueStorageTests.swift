import Testing

@testable import CaptionCore

/// `Cue` keeps its style and non-default settings out of line (`Boxed`) and its source text
/// only when it differs from the plain text; none of that may show through the public API.
@Suite struct CueStorageTests {
  let t0 = CaptionTime(milliseconds: 1000), t1 = CaptionTime(milliseconds: 2000)

  @Test func settingsAndStyleReadBackAsSetAndKeepValueSemantics() {
    var settings = CueSettings()
    settings.line = .value(10)
    settings.align = .start
    var a = Cue(start: t0, end: t1, settings: settings, content: [.text("x")])
    #expect(a.settings.line == .value(10))
    #expect(a.style == nil)
    var b = a
    b.settings.position = 25
    b.style = TextStyle()
    b.style?.opacity = 0.5
    // The copy changed, the original did not.
    #expect(a.settings.position == nil)
    #expect(b.settings.position == 25)
    #expect(a.style == nil)
    #expect(b.style?.opacity == 0.5)
    #expect(a != b)
    b.settings = settings
    b.style = nil
    #expect(a == b)
    a.settings = CueSettings()
    #expect(a.settings.isDefault)
    #expect(a.settings == CueSettings())
  }

  @Test func elementStyleIsKeptOutOfLineAndCompared() {
    var style = TextStyle()
    style.fontWeight = .bold
    let e = CueElement(.span, classes: ["c"], style: style, children: [.text("x")])
    #expect(e.style?.fontWeight == .bold)
    var f = e
    f.style?.fontWeight = nil
    #expect(f != e)
    #expect(f.style == TextStyle())
    f.style = style
    #expect(f == e)
    #expect(f.hashValue == e.hashValue)
  }

  @Test func sourceTextIsThePlainTextUnlessStored() {
    var c = Cue(start: t0, end: t1, content: [.text("one"), .lineBreak, .text("two")])
    #expect(c.sourceText == nil)
    c.setSourceTextToPlainText()
    #expect(c.sourceText == "one\ntwo")
    #expect(c.storedSourceText == nil)
    c.sourceText = "<i>one</i>\ntwo"
    #expect(c.sourceText == "<i>one</i>\ntwo")
    #expect(c.storedSourceText == "<i>one</i>\ntwo")
    c.sourceText = nil
    #expect(c.sourceText == nil)
  }

  @Test func millisecondTimesAreReduced() {
    #expect(CaptionTime(milliseconds: 1068) == CaptionTime(value: 267, timescale: 250))
    #expect(CaptionTime(milliseconds: 1068).timescale == 250)
    #expect(CaptionTime(milliseconds: 0).timescale == 1)
    #expect(CaptionTime(milliseconds: -1500).value == -3)
    #expect(CaptionTime(milliseconds: -1500).timescale == 2)
    #expect(CaptionTime(milliseconds: 7).timescale == 1000)
    #expect(CaptionTime(milliseconds: 125).timescale == 8)
  }
}
