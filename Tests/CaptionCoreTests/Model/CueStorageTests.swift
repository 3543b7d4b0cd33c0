import Testing

@testable import CaptionCore

/// `Cue` keeps its style and non-default settings out of line (`Boxed`) and its source text
/// only when it differs from the plain text, and a plain cue's text as one string; none of that
/// may show through the public API.
@Suite struct CueStorageTests {
  let t0 = CaptionTime(milliseconds: 1000), t1 = CaptionTime(milliseconds: 2000)
  let source = SourceLocation(line: 3, column: 1, offset: 12)

  /// A million-cue document holds a million of these in one array, so its size is its memory
  /// (and its page faults while reading): 144 bytes since `sourceTextIsPlainText` sits in the
  /// padding after `source`. Grow it only on purpose.
  @Test func aCueTakes144Bytes() {
    #expect(MemoryLayout<Cue>.stride == 144)
  }

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

  /// The TTML reader gives every cue of a region one settings box (`Cue.SharedSettings`):
  /// such cues read and compare as cues with settings of their own, and a change to one
  /// leaves the others as they were.
  @Test func sharedSettingsReadAndCompareAsOwnSettings() {
    var settings = CueSettings()
    settings.region = "bottom"
    settings.line = .value(85)
    let shared = Cue.SharedSettings(settings)
    let a = Cue(id: "a", start: t0, end: t1, settings: shared, style: nil, styleRefs: [], content: [.text("x")], source: source)
    var b = Cue(id: "b", start: t0, end: t1, settings: shared, style: nil, styleRefs: [], content: [.text("y")], source: source)
    #expect(a.settings == settings)
    #expect(b.settings.line == .value(85))
    #expect(a == Cue(id: "a", start: t0, end: t1, settings: settings, content: [.text("x")]))
    b.settings.line = .value(10)
    #expect(a.settings.line == .value(85))
    #expect(b.settings.line == .value(10))
    #expect(shared.value == settings)
    // Default settings take no box at all.
    let plain = Cue(id: "p", start: t0, end: t1, settings: Cue.SharedSettings(CueSettings()), style: nil, styleRefs: [], content: [], source: source)
    #expect(plain.settings.isDefault)
    #expect(plain.boxedSettings == nil)
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

  /// A plain cue held as one string shows the same nodes the readers built before, equals the
  /// same cue held as nodes, and becomes nodes when its content is set.
  @Test func plainTextStorageShowsTheNodesReadersBuilt() {
    let s = source
    let plain = Cue(id: "7", start: t0, end: t1, plainText: "one\n \n\ntwo é 字 😀", source: s)
    #expect(plain.content == [.text("one"), .lineBreak, .text(" "), .lineBreak, .lineBreak, .text("two é 字 😀")])
    #expect(plain.plainText == "one\n \n\ntwo é 字 😀")
    #expect(plain.plainTextWithoutRuby == plain.plainText)
    #expect(plain.sourceText == plain.plainText)
    #expect(plain.storedSourceText == nil)
    let nodes = Cue(id: "7", start: t0, end: t1, content: plain.content, source: s, sourceText: nil)
    #expect(plain == nodes)
    #expect(nodes == plain)
    #expect(plain.hashValue == nodes.hashValue)
    #expect(plain != Cue(id: "7", start: t0, end: t1, plainText: "one\n \n\ntwo é 字 😀 ", source: s))
    #expect(Cue(id: "", start: t0, end: t1, plainText: "", source: s).content == [])
    #expect(Cue(id: "", start: t0, end: t1, plainText: "\n", source: s).content == [.lineBreak])
    #expect(Cue(id: "", start: t0, end: t1, plainText: "\na\n", source: s).content == [.lineBreak, .text("a"), .lineBreak])
    var edited = plain
    edited.content.append(.text("!"))
    #expect(edited.content.last == .text("!"))
    #expect(edited.plainText == "one\n \n\ntwo é 字 😀!")
    #expect(plain.plainText == "one\n \n\ntwo é 字 😀")
    #expect(edited != plain)
  }

  /// For every text, the node view's plain text is the text again: no line, empty or not, and no
  /// line break is lost or added.
  @Test func plainTextStorageRoundTripsThroughNodes() {
    let parts = ["", "a", " ", "é", "\n", "字😀", "b c"]
    for x in parts { for y in parts { for z in parts {
      let text = x + y + z
      let cue = Cue(id: "", start: t0, end: t1, plainText: text, source: source)
      #expect(cue.content.plainText == text)
      #expect(!cue.content.contains { if case .text(let t) = $0 { t.isEmpty || t.contains("\n") } else { false } })
    } } }
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
