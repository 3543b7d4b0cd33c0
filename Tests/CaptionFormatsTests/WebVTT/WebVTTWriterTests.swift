import CaptionCore
@testable import CaptionFormats
import Testing

/// The writer: exact output, loss reports per cue, determinism.
@Suite struct WebVTTWriterTests {
  let format = WebVTTFormat()

  func ms(_ v: Int64) -> CaptionTime { CaptionTime(milliseconds: v) }

  /// STYLE rules resolve `basedOn` chains deeper than 16 (the writer's old cut) and
  /// diamonds (each style once, so 3^16 paths do not hang).
  /// An outline and a shadow share one `text-shadow` (a second declaration would replace the
  /// first): the outline's four hard shadows first, then the drop shadow.
  @Test func outlineAndShadowShareOneDeclaration() {
    var s = TextStyle()
    s.textOutline = TextStyle.TextOutline(color: Color(named: "black"), thickness: Length(1, .pixels))
    s.textShadow = [TextStyle.TextShadow(offsetX: Length(3, .pixels), offsetY: Length(3, .pixels), color: Color(named: "red"))]
    let doc = CaptionDocument(styles: [NamedStyle(id: "s", style: s)], cues: [Cue(start: ms(0), end: ms(1000), content: [.element(CueElement(.span, classes: ["s"], children: [.text("x")]))])])
    let text = String(decoding: format.write(doc, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(text.contains("::cue(.s) { text-shadow: 1px 0 black, -1px 0 black, 0 1px black, 0 -1px black, 3px 3px red; }"))
    #expect(text.components(separatedBy: "text-shadow").count == 2)
  }

  /// Italic, bold and underline styles (from TTML) are written as <i>, <b> and <u>, which
  /// players render without STYLE support; only the rest becomes a class. A cue's text
  /// alignment that its `align` setting gives is not repeated as a class.
  @Test func italicBoldUnderlineStylesBecomeTags() {
    func style(_ f: (inout TextStyle) -> Void) -> TextStyle {
      var s = TextStyle()
      f(&s)
      return s
    }
    var settings = CueSettings()
    settings.align = .left
    let cue = Cue(
      start: ms(0), end: ms(1000), settings: settings, style: style { $0.textAlign = .left; $0.fontStyle = .italic },
      content: [
        .element(CueElement(.span, style: style { $0.fontWeight = .bold }, children: [.text("b")])),
        .text(" "),
        .element(CueElement(.span, style: style { $0.textDecoration = .underline; $0.color = Color(named: "red") }, children: [.text("u")])),
        .text(" "),
        .element(CueElement(.span, style: style { $0.fontStyle = .normal }, children: [.text("n")])),
      ])
    let w = format.write(CaptionDocument(cues: [cue]), options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.contains("00:00:00.000 --> 00:00:01.000 align:left\n<i><b>b</b> <c.ck-1><u>u</u></c> <c.ck-2>n</c></i>\n"))
    #expect(text.contains("::cue(.ck-1) { color: red; }"))
    #expect(text.contains("::cue(.ck-2) { font-style: normal; }"))
    #expect(!text.contains("text-align"))
    #expect(!w.diagnostics.contains { $0.code == "webvtt.write.cue-style-as-class" })
  }

  /// A style on every cue (TTML's style on each p) is noted once for each list of classes,
  /// not once a cue; every cue still gets its span.
  @Test func cueStyleAsClassIsNotedOncePerClassList() {
    var doc = CaptionDocument()
    doc.styles = [NamedStyle(id: "s0", style: TextStyle()), NamedStyle(id: "s1", style: TextStyle())]
    doc.cues = (0..<5).map { k in
      var c = Cue(start: CaptionTime(milliseconds: Int64(k) * 1_000), end: CaptionTime(milliseconds: Int64(k) * 1_000 + 900), content: [.text("t\(k)")])
      c.styleRefs = [k == 3 ? "s1" : "s0"]
      return c
    }
    let w = format.write(doc, options: WriteOptions())
    let notes = w.diagnostics.filter { $0.code == "webvtt.write.cue-style-as-class" }
    #expect(notes.map(\.cueIndex) == [0, 3])
    #expect(notes.first?.message.hasPrefix("cue 1: the cue's own style is written as a <c> span with classes s0") == true)
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.components(separatedBy: "<c.s0>").count - 1 == 4)
    #expect(text.contains("<c.s1>t3</c>"))
  }

  /// WebVTT regions hold no text style: a region's colour and italics go on its cues.
  @Test func regionTextStyleIsWrittenOnItsCues() {
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    yellow.fontStyle = .italic
    var s = CueSettings()
    s.region = "r"
    let doc = CaptionDocument(regions: [Region(id: "r", style: yellow)], cues: [Cue(start: ms(0), end: ms(1000), settings: s, content: [.text("x")])])
    let text = String(decoding: format.write(doc, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(text.contains("::cue(.ck-1) { color: yellow; }"))
    #expect(text.contains("00:00:00.000 --> 00:00:01.000 region:r\n<c.ck-1><i>x</i></c>\n"))
    // The cue's own class wins over its region's style: what the cue sets is not written for
    // the region at all (here nothing is left of it).
    var white = TextStyle()
    white.color = Color(named: "white")
    var yel = TextStyle()
    yel.color = Color(named: "yellow")
    let doc2 = CaptionDocument(
      styles: [NamedStyle(id: "yel", style: yel)], regions: [Region(id: "r", style: white)],
      cues: [Cue(start: ms(0), end: ms(1000), settings: s, styleRefs: ["yel"], content: [.text("y")])])
    let text2 = String(decoding: format.write(doc2, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(text2.contains("region:r\n<c.yel>y</c>\n"), "\(text2)")
    // A region's italics are not written over a cue that sets itself upright, and a region's
    // background is faded by its opacity.
    var italicRegion = TextStyle()
    italicRegion.fontStyle = .italic
    italicRegion.backgroundColor = Color(named: "white")
    italicRegion.opacity = 0.5
    var upright = TextStyle()
    upright.fontStyle = .normal
    let doc3 = CaptionDocument(
      regions: [Region(id: "r", style: italicRegion)],
      cues: [Cue(start: ms(0), end: ms(1000), settings: s, style: upright, content: [.text("u")])])
    let text3 = String(decoding: format.write(doc3, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(!text3.contains("<i>"), "\(text3)")
    #expect(text3.contains("background-color: rgba(255, 255, 255, 0.502)"), "\(text3)")
  }

  /// An italic ruby container keeps its ruby text as a direct child of <ruby>.
  @Test func italicRubyKeepsItsStructure() throws {
    var italic = TextStyle()
    italic.fontStyle = .italic
    let ruby = CueElement(.ruby, style: italic, children: [.text("漢字"), .element(CueElement(.rubyText, children: [.text("かんじ")]))])
    let doc = CaptionDocument(cues: [Cue(start: ms(0), end: ms(1000), content: [.element(ruby)])])
    let w = format.write(doc, options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.contains("<ruby.ck-1>漢字<rt>かんじ</rt></ruby>"), "\(text)")
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.diagnostics.isEmpty)
  }

  /// An identifier that starts like a NOTE block is kept (it is valid, and read back as a cue)
  /// and reported.
  @Test func noteLikeIdentifiersAreKeptAndReported() throws {
    let doc = CaptionDocument(cues: ["NOTE 2", "NOTE", "NOTES", "NOTE\tx"].enumerated().map { k, id in
      Cue(id: id, start: ms(Int64(k) * 1000), end: ms(Int64(k) * 1000 + 500), content: [.text("x")])
    })
    let w = format.write(doc, options: WriteOptions())
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.document.cues.map(\.id) == ["NOTE 2", "NOTE", "NOTES", "NOTE\tx"])
    #expect(w.diagnostics.map(\.code) == Array(repeating: "webvtt.write.cue-id-like-note", count: 3))
    #expect(back.diagnostics.map(\.severity) == Array(repeating: .warning, count: 3))
  }

  /// `<v>` and `<lang>` need their annotation: a voice without a name becomes a class span that
  /// keeps its classes, an empty language (unknown) becomes `und`. The output reads back with
  /// no diagnostics.
  @Test func requiredAnnotationsAreNeverWrittenEmpty() throws {
    let doc = CaptionDocument(cues: [
      Cue(start: ms(0), end: ms(1000), content: [
        .element(CueElement(.voice(name: ""), children: [.text("a")])), .text(" "),
        .element(CueElement(.voice(name: " \t"), classes: ["loud"], children: [.text("b")])), .text(" "),
        .element(CueElement(.language(" "), children: [.text("c")])), .text(" "),
        .element(CueElement(.voice(name: "Ann"), children: [.element(CueElement(.language("fr"), children: [.text("d")]))])),
      ])
    ])
    let w = format.write(doc, options: WriteOptions())
    #expect(String(decoding: w.bytes, as: UTF8.self) == "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<c>a</c> <c.loud>b</c> <lang und>c</lang> <v Ann><lang fr>d</lang></v>\n\n")
    #expect(w.diagnostics.map(\.code) == ["webvtt.write.voice-unnamed", "webvtt.write.voice-unnamed", "webvtt.write.language-undetermined"])
    #expect(w.diagnostics.map(\.severity) == [.warning, .warning, .warning])
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.diagnostics.isEmpty)
    #expect(back.document.cues.first?.plainText == "a b c d")
  }

  @Test func styleChainsResolveDeepAndOnce() throws {
    var styles = (0..<20).map { NamedStyle(id: "s\($0)", basedOn: ["s\($0 + 1)"], style: TextStyle()) }
    styles.append(NamedStyle(id: "s20", style: { var s = TextStyle(); s.color = Color(named: "red"); s.fontStyle = .italic; return s }()))
    for level in 0..<16 {
      for name in ["a", "b", "c"] {
        styles.append(NamedStyle(id: "\(name)\(level)", basedOn: ["a\(level + 1)", "b\(level + 1)", "c\(level + 1)"], style: TextStyle()))
      }
    }
    styles.append(NamedStyle(id: "a16", style: { var s = TextStyle(); s.fontWeight = .bold; return s }()))
    let doc = CaptionDocument(styles: styles, cues: [Cue(start: ms(0), end: ms(1000), content: [.element(CueElement(.span, classes: ["s0", "a0"], children: [.text("x")]))])])
    let text = String(decoding: format.write(doc, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(text.contains("::cue(.s0) { color: red; font-style: italic; }"))
    #expect(text.contains("::cue(.a0) { font-weight: bold; }"))
  }

  @Test func writesEveryFeatureExactly() throws {
    var doc = CaptionDocument()
    doc.metadata.headerLines = ["X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000"]
    var region = Region(id: "r")
    region.width = 50
    region.viewportAnchor = Region.Anchor(x: 10, y: 90)
    doc.regions = [region]
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    doc.styles = [NamedStyle(id: "yellow", style: yellow)]
    doc.comments = [Comment(text: "hello", beforeCue: 1)]
    var s1 = CueSettings()
    s1.line = .value(-2)
    s1.position = 30
    s1.positionAlign = .lineRight
    s1.size = 80
    s1.align = .start
    s1.region = "r"
    var red = TextStyle()
    red.color = Color(named: "red")
    doc.cues = [
      Cue(id: "1", start: ms(0), end: ms(1500), content: [.text("A & B < C > D")]),
      Cue(start: ms(2000), end: ms(3000), settings: s1, content: [
        .element(CueElement(.voice(name: "Ann"), children: [.element(CueElement(.italic, children: [.text("hi")]))])), .lineBreak,
        .element(CueElement(.span, classes: ["yellow"], children: [.text("x")])),
      ]),
      Cue(start: ms(4000), end: ms(5000), content: [.element(CueElement(.span, style: red, children: [.text("red")]))]),
    ]
    let w = format.write(doc, options: WriteOptions())
    let expected = """
      WEBVTT
      X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000

      REGION
      id:r width:50% viewportanchor:10%,90%

      STYLE
      ::cue(.yellow) { color: yellow; }

      STYLE
      ::cue(.ck-1) { color: red; }

      1
      00:00:00.000 --> 00:00:01.500
      A &amp; B &lt; C &gt; D

      NOTE hello

      00:00:02.000 --> 00:00:03.000 line:-2 position:30%,line-right size:80% align:start region:r
      <v Ann><i>hi</i></v>
      <c.yellow>x</c>

      00:00:04.000 --> 00:00:05.000
      <c.ck-1>red</c>


      """
    #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
    #expect(w.diagnostics.map(\.code) == ["webvtt.write.inline-style-as-class"])
    #expect(w.diagnostics.first?.cueIndex == 2 && w.diagnostics.first?.severity == .info)
    #expect(w.diagnostics.first?.message.hasPrefix("cue 3: ") == true)

    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.diagnostics.isEmpty, "\(back.diagnostics.map(\.description))")
    #expect(back.document.styles.map(\.id) == ["yellow", "ck-1"])
    #expect(back.document.styles[1].style.color == Color(named: "red"))
    #expect(back.document.cues[1] == doc.cues[1])
    #expect(back.document.cues[2].content == [.element(CueElement(.span, classes: ["ck-1"], children: [.text("red")]))])
    #expect(back.document.metadata.timestampMap == TimestampMap(mpegts: 900000, local: .zero))
    #expect(back.document.comments == doc.comments)
    #expect(format.write(doc, options: WriteOptions()).bytes == w.bytes)
  }

  @Test func duplicateIdentifiersAreWrittenOnceAndReported() throws {
    // An SRT file with index 3 twice: the second cue loses its id rather than making the
    // output invalid (WebVTT §4.1: identifiers are unique).
    let ids = ["3", "3", "x", "x", "9999999", "03"]
    let doc = CaptionDocument(cues: ids.enumerated().map { k, id in
      Cue(id: id, start: ms(Int64(k) * 1000), end: ms(Int64(k) * 1000 + 500), content: [.text("c\(k)")])
    })
    let w = format.write(doc, options: WriteOptions())
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.document.cues.map(\.id) == ["3", "", "x", "", "9999999", "03"])
    #expect(!back.diagnostics.contains { $0.severity == .error })
    let dup = w.diagnostics.filter { $0.code == "webvtt.write.duplicate-id" }
    #expect(dup.count == 2)
    #expect(dup.first?.message.contains("cue 2: the identifier '3' is already used") == true)
  }

  @Test func reportsWhatItCannotRepresent() throws {
    var doc = CaptionDocument()
    var ttml = Region(id: "bottom")
    ttml.origin = Region.LengthPair(Length(10, .percent), Length(80, .percent))
    ttml.extent = Region.LengthPair(Length(80, .percent), Length(12, .percent))
    doc.regions = [ttml]
    var wide = CueSettings()
    wide.position = 150
    wide.size = -5
    var undefined = CueSettings()
    undefined.region = "nope"
    var white = TextStyle()
    white.color = .white
    var styled = Cue(start: ms(7000), end: ms(8000), content: [.text("s")])
    styled.style = white
    doc.cues = [
      Cue(start: CaptionTime(milliseconds: -1000), end: ms(500), content: [.text("neg")]),
      Cue(start: CaptionTime(value: 1, timescale: 3), end: ms(1000), content: [.text("third")]),
      Cue(id: "a-->b\nc", start: ms(1000), end: ms(2000), content: [.text("id")]),
      Cue(start: ms(2000), end: ms(3000), content: [.lineBreak, .text("x"), .lineBreak, .lineBreak, .text("y"), .lineBreak]),
      Cue(start: ms(3000), end: ms(4000), settings: wide, content: [.text("wide")]),
      Cue(start: ms(4000), end: ms(5000), settings: undefined, content: [.text("r")]),
      styled,
    ]
    let w = format.write(doc, options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    func has(_ code: String, _ cue: Int?, _ sev: Severity) -> Bool {
      w.diagnostics.contains { $0.code == code && $0.cueIndex == cue && $0.severity == sev && (cue == nil || $0.message.hasPrefix("cue \(cue! + 1): ")) }
    }
    #expect(has("webvtt.write.region-converted", nil, .info))
    #expect(text.contains("REGION\nid:bottom width:80% lines:2 regionanchor:0%,0% viewportanchor:10%,80%\n"))
    #expect(has("webvtt.write.negative-time", 0, .warning))
    #expect(text.contains("00:00:00.000 --> 00:00:00.500\nneg\n"))
    #expect(has("webvtt.write.time-rounded", 1, .info))
    #expect(text.contains("00:00:00.333 --> 00:00:01.000\nthird\n"))
    #expect(has("webvtt.write.cue-id-changed", 2, .warning))
    #expect(text.contains("a-- >b c\n00:00:01.000 --> 00:00:02.000\nid\n"))
    #expect(has("webvtt.write.blank-line-removed", 3, .warning))
    #expect(text.contains("00:00:02.000 --> 00:00:03.000\nx\ny\n\n"))
    #expect(has("webvtt.write.value-clamped", 4, .warning))
    #expect(text.contains("00:00:03.000 --> 00:00:04.000 position:100% size:0%\n"))
    #expect(has("webvtt.write.region-undefined", 5, .warning))
    #expect(text.contains("00:00:04.000 --> 00:00:05.000\nr\n"))
    #expect(has("webvtt.write.cue-style-as-class", 6, .info))
    #expect(text.contains("<c.ck-1>s</c>"))
    #expect(text.contains("::cue(.ck-1) { color: white; }"))
    // What was written is valid.
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(back.diagnostics.map(\.description))")
    #expect(back.document.cues.count == 7)
  }

  @Test func extremeNumbersRoundTripWithoutExponents() throws {
    var doc = CaptionDocument()
    for v in [1e34, 1.7976931348623157e308, -1.7976931348623157e308, Double.leastNonzeroMagnitude, 1.5, -0.0] {
      var s = CueSettings()
      s.line = .value(v)
      doc.cues.append(Cue(start: ms(0), end: ms(1000), settings: s, content: [.text("x")]))
    }
    let w = format.write(doc, options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(!text.contains("e+") && !text.contains("e-"))
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.document.cues.map(\.settings.line) == [.value(1e34), .value(1.7976931348623157e308), .value(-1.7976931348623157e308), .value(Double.leastNonzeroMagnitude), .value(1.5), .value(0)])
  }

  @Test func crlfOption() {
    let doc = CaptionDocument(cues: [Cue(start: ms(0), end: ms(1000), content: [.text("a"), .lineBreak, .text("b")])])
    let w = format.write(doc, options: WriteOptions(lineEnding: .crlf))
    #expect(String(decoding: w.bytes, as: UTF8.self) == "WEBVTT\r\n\r\n00:00:00.000 --> 00:00:01.000\r\na\r\nb\r\n\r\n")
  }

  @Test func stylesFromOtherFormatsBecomeCueRules() throws {
    var s = TextStyle()
    s.color = Color(red: 255, green: 204, blue: 0)
    s.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 128)
    s.fontFamily = ["proportionalSansSerif"]
    s.fontWeight = .bold
    s.textDecoration = .underline
    s.displayAlign = .after
    let doc = CaptionDocument(styles: [NamedStyle(id: "s1", style: s)], cues: [Cue(start: ms(0), end: ms(1000), content: [.element(CueElement(.span, classes: ["s1"], children: [.text("a")]))])])
    let w = format.write(doc, options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.contains("STYLE\n::cue(.s1) { color: #ffcc00; background-color: rgba(0, 0, 0, 0.502); font-family: sans-serif; font-weight: bold; text-decoration: underline; }\n\n"))
    // The cue's line setting places the text: a note, not a loss.
    #expect(w.diagnostics.contains { $0.code == "webvtt.write.style-property-moved" && $0.severity == .info && $0.message.contains("displayAlign") })
    #expect(!w.diagnostics.contains { $0.code == "webvtt.write.style-property-dropped" })
    let back = try format.read(w.bytes, options: ReadOptions())
    #expect(back.document.styles.first?.style.color == s.color)
    #expect(back.document.styles.first?.style.backgroundColor == s.backgroundColor)
    #expect(back.document.styles.first?.style.fontWeight == .bold)
  }

  /// STYLE blocks hold only rules that style something (any STYLE block makes FFmpeg before 6
  /// read a file as empty): no rule for a class no cue names, and no property `::cue` ignores
  /// (`text-align`: the cue's `align` setting carries it).
  @Test func onlyRulesThatApplyAreWritten() {
    var used = TextStyle()
    used.color = .white
    used.textAlign = .center
    var unused = TextStyle()
    unused.color = Color(named: "red")
    var center = TextStyle()
    center.textAlign = .center
    let doc = CaptionDocument(
      styles: [NamedStyle(id: "used", style: used), NamedStyle(id: "unused", style: unused), NamedStyle(id: "p", style: center)],
      cues: [Cue(start: ms(0), end: ms(1000), content: [.element(CueElement(.span, classes: ["used"], children: [.text("x")]))])])
    let w = format.write(doc, options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.contains("STYLE\n::cue(.used) { color: white; }\n"))
    #expect(!text.contains("unused") && !text.contains("text-align") && !text.contains("::cue(.p)"))
    #expect(w.diagnostics.contains { $0.code == "webvtt.write.unused-styles-dropped" && $0.message.hasPrefix("2 style(s)") })
    // Nothing used, nothing written: no STYLE block at all.
    let plain = CaptionDocument(styles: [NamedStyle(id: "p", style: center)], cues: [Cue(start: ms(0), end: ms(1000), content: [.text("x")])])
    #expect(!String(decoding: format.write(plain, options: WriteOptions()).bytes, as: UTF8.self).contains("STYLE"))
    #expect(WebVTTCSSWriter.appliesToCue("background-color") && WebVTTCSSWriter.appliesToCue("font-variant") && WebVTTCSSWriter.appliesToCue("outline-width"))
    #expect(!WebVTTCSSWriter.appliesToCue("text-align") && !WebVTTCSSWriter.appliesToCue("margin") && !WebVTTCSSWriter.appliesToCue("fontsize"))
  }
}

/// Cues that share their settings copy the bytes written for the cue before; settings that
/// drew a warning are written (and reported) again for every cue.
@Suite struct WebVTTWriterSettingsReuseTests {
  func ms(_ v: Int64) -> CaptionTime { CaptionTime(milliseconds: v) }

  @Test func sharedSettingsAreWrittenAndReportedPerCue() {
    var low = CueSettings()
    low.line = .value(-2)
    low.position = 10
    var half = CueSettings()
    half.line = .value(2.5)  // not a whole line number: a warning for each cue
    let settings = [low, low, half, half, low]
    let cues = settings.enumerated().map { k, s in
      Cue(start: ms(Int64(k) * 1000), end: ms(Int64(k) * 1000 + 500), settings: s, content: [.text("c\(k)")])
    }
    let result = WebVTTFormat().write(CaptionDocument(cues: cues), options: WriteOptions())
    let lines = String(decoding: result.bytes, as: UTF8.self).split(separator: "\n").filter { $0.contains("-->") }
    #expect(lines == [
      "00:00:00.000 --> 00:00:00.500 line:-2 position:10%",
      "00:00:01.000 --> 00:00:01.500 line:-2 position:10%",
      "00:00:02.000 --> 00:00:02.500 line:2.5",
      "00:00:03.000 --> 00:00:03.500 line:2.5",
      "00:00:04.000 --> 00:00:04.500 line:-2 position:10%",
    ])
    #expect(result.diagnostics.filter { $0.code == "webvtt.write.line-not-integer" }.map(\.cueIndex) == [2, 3])
  }
}

/// `WebVTTNumber.appendInteger` writes the digits `String(n)` does, which the writer used to
/// build for every whole-number setting.
@Suite struct WebVTTNumberTests {
  @Test(arguments: [0, 5, 9, 10, 11, 80, 99, 100, 101, 999_999_999_999_999, -1, -10, -450, Int64.max, Int64.min])
  func integerDigitsMatchString(_ n: Int64) {
    var out: [UInt8] = Array("x:".utf8)
    WebVTTNumber.appendInteger(n, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == "x:" + String(n))
  }

  @Test func settingsNumbersKeepTheirForm() {
    for (v, text) in [(80.0, "80"), (-0.0, "0"), (12.5, "12.5"), (-3.0, "-3"), (1e15, "1000000000000000"), (1e17, "100000000000000000"), (1e19, "10000000000000000000"), (0.1, "0.1")] {
      var out: [UInt8] = []
      WebVTTNumber.append(v, to: &out)
      #expect(String(decoding: out, as: UTF8.self) == text, "\(v)")
    }
  }
}
