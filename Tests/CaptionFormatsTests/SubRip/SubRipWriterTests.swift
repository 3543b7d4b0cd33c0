import CaptionCore
import CaptionFormats
import Testing

/// The writer: canonical output, markup, anchors, and the loss report.
@Suite struct SubRipWriterTests {
  let ms = SRT.ms

  @Test func cuesWithoutIdentifiersAreNotReportedAsReplaced() {
    let doc = CaptionDocument(cues: [
      Cue(start: CaptionTime(milliseconds: 0), end: CaptionTime(milliseconds: 500), content: [.text("a")]),
      Cue(id: "intro", start: CaptionTime(milliseconds: 600), end: CaptionTime(milliseconds: 900), content: [.text("b")]),
    ])
    let w = SRT.write(doc)
    #expect(w.diagnostics.filter { $0.code == "srt.write.id-replaced" }.map(\.message) == [
      "1 cue identifier(s) were replaced by sequence numbers (first: cue 2: identifier \"intro\")"
    ])
  }

  @Test func canonicalOutput() {
    let doc = CaptionDocument(cues: [
      Cue(id: "a", start: ms(1000), end: ms(2500), content: [.text("Hello"), .lineBreak, .text("world")]),
      Cue(id: "2", start: ms(3_723_004), end: ms(3_724_005), content: [.element(CueElement(.italic, children: [.text("Hi")]))]),
    ])
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n01:02:03,004 --> 01:02:04,005\n<i>Hi</i>\n")
    #expect(w.diagnostics.map(\.code) == ["srt.write.id-replaced"])
    let crlf = SRT.write(doc, options: WriteOptions(lineEnding: .crlf))
    #expect(crlf.text == w.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
  }

  @Test func noBOM() {
    let w = SubRipFormat().write(CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1), content: [.text("é")])]), options: WriteOptions())
    #expect(Array(w.bytes.prefix(3)) == Array("1\n0".utf8))
  }

  @Test(arguments: 1...9)
  func anchorsRoundTrip(_ n: Int) {
    let input = "1\n00:00:01,000 --> 00:00:02,000\n{\\an\(n)}Text\n"
    let r = SRT.read(input)
    let w = SRT.write(r.document)
    #expect(w.diagnostics.map(\.code) == (n == 2 ? [] : ["srt.write.position-tags"]))
    #expect(w.text == (n == 2 ? "1\n00:00:01,000 --> 00:00:02,000\nText\n" : input))
    // The plain flavor writes no tag, and says the placement is dropped.
    let plain = SubRipFormat().write(r.document, options: WriteOptions(flavor: "plain"))
    #expect(String(decoding: plain.bytes, as: UTF8.self) == "1\n00:00:01,000 --> 00:00:02,000\nText\n")
    #expect(plain.diagnostics.map(\.code) == (n == 2 ? [] : ["srt.write.position-dropped"]))
  }

  @Test func positionTagsAreNotedOnceAndUnknownFlavorsWarn() {
    let r = SRT.read("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}A\n\n2\n00:00:02,000 --> 00:00:03,000\n{\\an7}B\n")
    let w = SRT.write(r.document)
    #expect(w.diagnostics.map(\.message) == [
      "2 cue(s) are placed with SubStation {\\anN} tags (first: cue 1: {\\an8}), which FFmpeg, VLC, mpv and Subtitle Edit read and plain SRT readers show as text; --flavor plain writes none"
    ])
    let odd = SubRipFormat().write(r.document, options: WriteOptions(flavor: "imsc1.1"))
    #expect(odd.diagnostics.map(\.code) == ["srt.write.unknown-flavor", "srt.write.position-tags"])
  }

  @Test func fontColourFromStyleAndClass() {
    var red = TextStyle()
    red.color = Color(red: 255, green: 0, blue: 0)
    var italicStyle = TextStyle()
    italicStyle.fontStyle = .italic
    let doc = CaptionDocument(
      styles: [NamedStyle(id: "yellow", style: { var s = TextStyle(); s.color = Color(red: 255, green: 255, blue: 0); return s }())],
      cues: [
        Cue(id: "1", start: .zero, end: ms(1000), content: [
          .element(CueElement(.span, style: red, children: [.text("R")])),
          .element(CueElement(.span, classes: ["yellow"], children: [.text("Y")])),
          .element(CueElement(.span, style: italicStyle, children: [.text("I")])),
          .element(CueElement(.bold, classes: ["unknown"], children: [.text("B")])),
        ])
      ])
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:00,000 --> 00:00:01,000\n<font color=\"#ff0000\">R</font><font color=\"#ffff00\">Y</font><i>I</i><b>B</b>\n")
    #expect(w.diagnostics.map(\.code) == ["srt.write.styles-dropped", "srt.write.class-dropped"])
    #expect(w.diagnostics[1].cueIndex == 0)
    #expect(w.diagnostics[1].message == "cue 1: class \"unknown\" has no SRT equivalent, dropped")
  }

  /// A class whose colour comes 40 styles down its chain, and a 16-level diamond of styles
  /// (3^16 paths), are resolved once each: the colour is kept, and writing does not hang.
  @Test func deepAndDiamondStyleChains() {
    var chain = (0..<40).map { NamedStyle(id: "s\($0)", basedOn: ["s\($0 + 1)"], style: TextStyle()) }
    chain.append(NamedStyle(id: "s40", style: { var s = TextStyle(); s.color = Color(red: 255, green: 0, blue: 0); return s }()))
    for level in 0..<16 {
      for name in ["a", "b", "c"] {
        chain.append(NamedStyle(id: "\(name)\(level)", basedOn: ["a\(level + 1)", "b\(level + 1)", "c\(level + 1)"], style: TextStyle()))
      }
    }
    chain.append(NamedStyle(id: "a16", style: { var s = TextStyle(); s.fontStyle = .italic; return s }()))
    let doc = CaptionDocument(
      styles: chain,
      cues: [Cue(id: "1", start: .zero, end: ms(1000), content: [.element(CueElement(.span, classes: ["s0"], children: [.text("R")])), .element(CueElement(.span, classes: ["a0"], children: [.text("I")]))])])
    #expect(SRT.write(doc).text == "1\n00:00:00,000 --> 00:00:01,000\n<font color=\"#ff0000\">R</font><i>I</i>\n")
  }

  /// A positioned, voiced, styled document from another format: every loss is listed per cue.
  @Test func lossReport() {
    var positioned = CueSettings()
    positioned.position = 20
    positioned.size = 50
    var regioned = CueSettings()
    regioned.region = "r1"
    var bg = TextStyle()
    bg.backgroundColor = Color.black
    var doc = CaptionDocument(
      styleSheets: ["::cue { color: red }"], regions: [Region(id: "r1")],
      cues: [
        Cue(id: "1", start: .zero, end: ms(1000), settings: positioned, content: [.text("A")]),
        Cue(id: "2", start: ms(1000), end: ms(2000), settings: regioned, content: [.element(CueElement(.voice(name: "Bob"), children: [.text("Hi")]))]),
        Cue(id: "3", start: CaptionTime(value: 1, timescale: 3), end: ms(-5), content: [
          .element(CueElement(.ruby, children: [.text("漢"), .element(CueElement(.rubyText, children: [.text("kan")]))])),
          .timestamp(ms(500)), .text("x"),
        ]),
        Cue(id: "4", start: ms(360_000_000), end: ms(360_001_000), content: [
          .element(CueElement(.span, classes: ["loud"], style: bg, children: [.text("y")])), .lineBreak, .lineBreak, .text("z"),
        ]),
      ],
      comments: [Comment(text: "note", beforeCue: 0)])
    doc.metadata.headerLines = ["Kind: captions"]
    let w = SRT.write(doc)
    #expect(w.text == """
      1
      00:00:00,000 --> 00:00:01,000
      A

      2
      00:00:01,000 --> 00:00:02,000
      Hi

      3
      00:00:00,333 --> 00:00:00,000
      漢x

      4
      100:00:00,000 --> 100:00:01,000
      y
      z

      """)
    let lines = w.diagnostics.map { "\($0.code) \($0.cueIndex.map(String.init) ?? "-") \($0.message)" }
    #expect(lines == [
      "srt.write.styles-dropped - 0 named style(s) and 1 style sheet(s) have no SRT equivalent; colours, italics, bold and underline they give are written inline (what cannot be is reported per cue)",
      "srt.write.regions-dropped - 1 region(s) have no SRT equivalent, dropped",
      "srt.write.comments-dropped - 1 comment(s) have no SRT equivalent, dropped",
      "srt.write.header-dropped - the document's header lines have no SRT equivalent, dropped",
      "srt.write.position-dropped 0 cue 1: position 20% has no SRT equivalent, dropped",
      "srt.write.position-dropped 0 cue 1: size 50% has no SRT equivalent, dropped",
      "srt.write.region-placement-dropped 1 cue 2: the cue is laid out in WebVTT region \"r1\", which SRT cannot express; it is placed by its own settings instead",
      "srt.write.voice-dropped 1 cue 2: voice \"Bob\" has no SRT equivalent, dropped (its text is kept)",
      "srt.write.end-not-after-start 2 cue 3: the end time -0:00:00.005 is not after the start time 0:00:00.333",
      "srt.write.out-of-order 2 cue 3: starts at 0:00:00.333, before an earlier cue (one starts at 0:00:01.000); order kept, SRT players expect cues in start order",
      "srt.write.time-rounded 2 cue 3: start time 1/3 s rounded to the millisecond",
      "srt.write.time-out-of-range 2 cue 3: negative end time -0:00:00.005 written as 00:00:00,000",
      "srt.write.ruby-dropped 2 cue 3: ruby annotation has no SRT equivalent; the base text is kept, the ruby text dropped",
      "srt.write.timestamp-dropped 2 cue 3: inline timestamp 0:00:00.500 has no SRT equivalent, dropped",
      "srt.write.time-out-of-range 3 cue 4: start time 100:00:00.000 is above 99:59:59,999; written with 3 hour digits",
      "srt.write.time-out-of-range 3 cue 4: end time 100:00:01.000 is above 99:59:59,999; written with 3 hour digits",
      "srt.write.class-dropped 3 cue 4: class \"loud\" has no SRT equivalent, dropped",
      "srt.write.style-dropped 3 cue 4: no SRT equivalent for background colour, dropped",
      "srt.write.blank-line-dropped 3 cue 4: 1 empty text line(s) would end the cue in SRT, dropped",
    ])
    // Styles written inline and comments nobody sees are information; a WebVTT region, which
    // places its cue, is a warning.
    let severity = Dictionary(w.diagnostics.map { ($0.code, $0.severity) }, uniquingKeysWith: { a, _ in a })
    #expect(severity["srt.write.styles-dropped"] == .info && severity["srt.write.comments-dropped"] == .info)
    #expect(severity["srt.write.region-placement-dropped"] == .warning)
  }

  /// A cue shorter than a millisecond collapses when SRT rounds its times: said, as for an end
  /// before the start (FFmpeg stretches such a cue, other readers drop it).
  @Test func cueCollapsedByRoundingIsReported() {
    let doc = CaptionDocument(cues: [Cue(id: "1", start: CaptionTime(value: 10001, timescale: 10000), end: CaptionTime(value: 10004, timescale: 10000), content: [.text("tiny")])])
    let w = SRT.write(doc)
    #expect(w.text.contains("00:00:01,000 --> 00:00:01,000"))
    #expect(w.diagnostics.filter { $0.code == "srt.write.end-not-after-start" }.map(\.severity) == [.warning])
  }

  /// A cue placed within a tenth of the frame of an anchor (as TTML regions at the top or
  /// bottom are) is written at it without a loss report; placement further off is reported.
  @Test func placementNearAnAnchorIsNotALoss() {
    func settings(_ f: (inout CueSettings) -> Void) -> CueSettings {
      var s = CueSettings()
      f(&s)
      return s
    }
    let cases: [(CueSettings, String, [String])] = [
      (settings { $0.line = .value(100); $0.snapToLines = false; $0.lineAlign = .end; $0.position = 50; $0.positionAlign = .center }, "", []),
      (settings { $0.line = .value(0); $0.snapToLines = false; $0.position = 0; $0.positionAlign = .lineLeft; $0.align = .start }, "{\\an7}", []),
      (settings { $0.line = .value(5); $0.snapToLines = false; $0.position = 10; $0.positionAlign = .lineLeft; $0.size = 80; $0.align = .center }, "{\\an8}", []),
      (settings { $0.line = .value(50); $0.snapToLines = false; $0.lineAlign = .center; $0.align = .right; $0.position = 95 }, "{\\an6}", []),
      (settings { $0.line = .value(30); $0.snapToLines = false; $0.position = 50; $0.size = 40 }, "{\\an8}", ["line 30%", "size 40%"]),
      (settings { $0.position = 25; $0.align = .center }, "", ["position 25%"]),
    ]
    for (s, tag, dropped) in cases {
      let doc = CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1000), settings: s, content: [.text("x")])])
      let w = SRT.write(doc)
      #expect(w.text == "1\n00:00:00,000 --> 00:00:01,000\n\(tag)x\n", "\(s)")
      let losses = w.diagnostics.filter { $0.code != "srt.write.position-tags" }
      #expect(losses.map(\.message) == dropped.map { "cue 1: \($0) has no SRT equivalent, dropped" }, "\(s)")
      #expect(w.diagnostics.contains { $0.code == "srt.write.position-tags" } == !tag.isEmpty, "\(s)")
    }
  }

  /// SRT tags only switch italics, bold and underline on: text set back inside them is reported.
  /// Region names and header metadata are information, not warnings.
  @Test func resetInsideATagIsReported() {
    var italic = TextStyle()
    italic.fontStyle = .italic
    var upright = TextStyle()
    upright.fontStyle = .normal
    let doc = CaptionDocument(
      metadata: { var m = DocumentMetadata(); m.parameters["ttp:timeBase"] = "media"; return m }(),
      cues: [
        Cue(id: "1", start: .zero, end: ms(1000), style: italic, content: [.element(CueElement(.span, style: upright, children: [.text("up")])), .text(" it")])
      ])
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:00,000 --> 00:00:01,000\n<i>up it</i>\n")
    #expect(w.diagnostics.map(\.code) == ["srt.write.header-dropped", "srt.write.style-dropped"])
    #expect(w.diagnostics.map(\.severity) == [.info, .warning])
    #expect(w.diagnostics.last?.message == "cue 1: font style normal inside italics has no SRT equivalent; the text stays italic")
  }

  /// A region's text style (a TTML region's colour and italics, directly or through a named
  /// style) is inherited by the cues in it, beneath their own styles; its background goes
  /// behind the text, which SRT cannot draw (reported).
  @Test func regionTextStyleIsInheritedByItsCues() {
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    yellow.fontStyle = .italic
    yellow.backgroundColor = Color(named: "black")
    var lime = TextStyle()
    lime.color = Color(named: "lime")
    var red = TextStyle()
    red.color = Color(named: "red")
    func cue(_ id: String, _ region: String, _ content: [CueNode]) -> Cue {
      var s = CueSettings()
      s.region = region
      return Cue(id: id, start: .zero, end: ms(1000), settings: s, content: content)
    }
    let doc = CaptionDocument(
      styles: [NamedStyle(id: "s1", style: lime)],
      regions: [Region(id: "r", style: yellow), Region(id: "r2", styleRefs: ["s1"])],
      cues: [
        cue("1", "r", [.text("a "), .element(CueElement(.span, style: red, children: [.text("b")]))]),
        cue("2", "r2", [.text("c")]),
      ])
    let w = SRT.write(doc)
    #expect(w.text == """
      1
      00:00:00,000 --> 00:00:01,000
      <font color="#ffff00"><i>a <font color="#ff0000">b</font></i></font>

      2
      00:00:00,000 --> 00:00:01,000
      <font color="#00ff00">c</font>

      """)
    #expect(w.diagnostics.filter { $0.message.contains("background") }.map(\.cueIndex) == [0])
    // The cue's own referenced style wins over its region's: yellow, not white.
    var white = TextStyle()
    white.color = Color(named: "white")
    var own = CueSettings()
    own.region = "w"
    var yel = TextStyle()
    yel.color = Color(named: "yellow")
    let doc2 = CaptionDocument(
      styles: [NamedStyle(id: "yel", style: yel)], regions: [Region(id: "w", style: white)],
      cues: [Cue(id: "1", start: .zero, end: ms(1000), settings: own, styleRefs: ["yel"], content: [.text("y")])])
    #expect(SRT.write(doc2).text == "1\n00:00:00,000 --> 00:00:01,000\n<font color=\"#ffff00\">y</font>\n")
  }

  /// TTML's generic font families are written as the CSS generics players know.
  @Test func genericFontFamiliesAreMapped() {
    var serif = TextStyle()
    serif.fontFamily = ["proportionalSansSerif", "Arial"]
    let doc = CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1000), style: serif, content: [.text("x")])])
    #expect(SRT.write(doc).text == "1\n00:00:00,000 --> 00:00:01,000\n<font face=\"sans-serif\">x</font>\n")
  }

  /// A styled cue that ends with a line break: the closing tags stay on the last text line
  /// (a line of only `</font>` shows as an empty line).
  @Test func closingTagsStayOnTheLastLine() {
    var red = TextStyle()
    red.color = Color(named: "red")
    let doc = CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1000), style: red, content: [.text("Region"), .lineBreak])])
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:00,000 --> 00:00:01,000\n<font color=\"#ff0000\">Region</font>\n")
    #expect(w.diagnostics.map(\.code) == ["srt.write.blank-line-dropped"])
  }

  /// A default colour class keeps its colour under a named style of the same name that sets
  /// other properties.
  @Test func defaultClassUnderANamedStyle() {
    var bold = TextStyle()
    bold.fontWeight = .bold
    let doc = CaptionDocument(
      styles: [NamedStyle(id: "yellow", style: bold)],
      cues: [Cue(id: "1", start: .zero, end: ms(1000), content: [.element(CueElement(.span, classes: ["yellow"], children: [.text("x")]))])])
    #expect(SRT.write(doc).text == "1\n00:00:00,000 --> 00:00:01,000\n<font color=\"#ffff00\"><b>x</b></font>\n")
  }

  /// WebVTT's `::cue` style (every cue) and default colour classes (`yellow`, `bg_blue`) are
  /// written inline; a background has no SRT form and is reported.
  @Test func globalStyleAndDefaultClassesAreWritten() throws {
    let vtt = "WEBVTT\n\nSTYLE\n::cue { color: lime; font-style: italic }\n::cue(.red) { color: blue }\n\n00:00:01.000 --> 00:00:02.000\nplain <c.yellow.bg_blue>yb</c> <c.red>own rule</c>\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:01,000 --> 00:00:02,000\n<font color=\"#00ff00\"><i>plain <font color=\"#ffff00\">yb</font> <font color=\"#0000ff\">own rule</font></i></font>\n")
    #expect(w.diagnostics.map(\.code) == ["srt.write.styles-dropped", "srt.write.style-dropped"])
    #expect(w.diagnostics.last?.message == "cue 1: no SRT equivalent for background colour, dropped")
  }

  @Test func languageSpanKeepsItsText() {
    let doc = CaptionDocument(cues: [
      Cue(id: "1", start: .zero, end: ms(1000), content: [.element(CueElement(.language("fr"), children: [.text("Bonjour")]))])
    ])
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:00,000 --> 00:00:01,000\nBonjour\n")
    #expect(w.diagnostics.map(\.code) == ["srt.write.language-dropped"])
    #expect(w.diagnostics.first?.message == "cue 1: language span \"fr\" has no SRT equivalent, dropped (its text is kept)")
  }

  @Test func markupLikeTextAndAmbiguousLinesAreReported() {
    let doc = CaptionDocument(cues: [
      Cue(id: "1", start: .zero, end: ms(1000), content: [.text("use <i> for italics"), .lineBreak, .text("00:00:01,000 --> 00:00:02,000")])
    ])
    let codes = SRT.write(doc).diagnostics.map(\.code)
    #expect(codes == ["srt.write.markup-in-text", "srt.write.ambiguous-line"])
    // `\N` reads back as a line break.
    let path = CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1000), content: [.text("C:\\Net")])])
    #expect(SRT.write(path).diagnostics.map(\.code) == ["srt.write.markup-in-text"])
  }

  /// Text shaped like a tag SRT does not have (`<span>` from TTML's `&lt;span&gt;`) reads back
  /// as text here, but FFmpeg and pysubs2 take it out: an info note; `a < b > c` is no tag.
  @Test func tagLikeTextIsNoted() {
    let doc = CaptionDocument(cues: [
      Cue(id: "1", start: .zero, end: ms(1000), content: [.text("the <span> attribute")]),
      Cue(id: "2", start: ms(1000), end: ms(2000), content: [.text("1 < 2 > 0, a <3 b>")]),
    ])
    let w = SRT.write(doc)
    #expect(w.diagnostics.map(\.code) == ["srt.write.tag-like-text"])
    #expect(w.diagnostics.first?.severity == .info)
    #expect(w.diagnostics.first?.cueIndex == 0)
    #expect(SRT.read(w.text).cues.map(\.plainText) == ["the <span> attribute", "1 < 2 > 0, a <3 b>"])
  }

  @Test func emptyAndWhitespaceCuesReadBackIdentically() {
    let doc = CaptionDocument(cues: [
      Cue(id: "1", start: .zero, end: ms(1000), content: []),
      Cue(id: "2", start: ms(1000), end: ms(2000), content: [.text("B")]),
    ])
    let w = SRT.write(doc)
    #expect(w.text == "1\n00:00:00,000 --> 00:00:01,000\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n")
    #expect(SRT.read(w.text).document == doc)
    // Kept, but noted: FFmpeg, webvtt-py and pycaption skip a block without a text line.
    #expect(w.diagnostics.map(\.code) == ["srt.write.empty-cue"])
    #expect(w.diagnostics.first?.severity == .info)
    #expect(w.diagnostics.first?.cueIndex == 0)
    #expect(w.diagnostics.first?.message == "cue 1: has no text; written as a timing line alone, which some SRT readers skip")
    let spaces = SRT.write(CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1), content: [.text("  ")])]))
    #expect(spaces.diagnostics.map(\.code) == ["srt.write.blank-line-dropped"])
    #expect(SRT.read(spaces.text).cues.first?.content == [])
    let breaks = SRT.write(CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1), content: [.lineBreak])]))
    #expect(breaks.text == "1\n00:00:00,000 --> 00:00:00,001\n")
    #expect(breaks.diagnostics.map(\.message) == ["cue 1: text of only blank lines would read back as no text, dropped"])
  }

  @Test func anchorOnEmptyFirstLine() {
    let input = "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}\nText\n"
    let r = SRT.read(input)
    #expect(r.cues[0].content == [.lineBreak, .text("Text")])
    #expect(SRT.write(r.document).text == input)
  }

  @Test func deterministic() {
    var s = TextStyle()
    s.color = Color(red: 1, green: 2, blue: 3)
    s.other = ["b": "1", "a": "2", "c": "3"]
    s.backgroundColor = .white
    let doc = CaptionDocument(cues: [Cue(id: "1", start: .zero, end: ms(1), content: [.element(CueElement(.span, style: s, children: [.text("x")]))])])
    let a = SubRipFormat().write(doc, options: WriteOptions())
    let b = SubRipFormat().write(doc, options: WriteOptions())
    #expect(a.bytes == b.bytes && a.diagnostics == b.diagnostics)
    #expect(a.diagnostics.last?.message == "cue 1: no SRT equivalent for background colour, a, b, c, dropped")
  }

  /// `start` is the right edge for right-to-left text: from the first strong character (as
  /// WebVTT decides), or from an explicit `positionAlign` against `align` (a TTML region mapped
  /// for right-to-left text), so Hebrew and Arabic cues keep their side in SRT.
  @Test func startAndEndFollowTheTextDirection() throws {
    let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000 align:start\nמה שלומך\n\n00:02.000 --> 00:03.000 align:start\nHello\n\n00:03.000 --> 00:04.000 align:end\n\u{201C}مرحبا\n\n00:04.000 --> 00:05.000 align:start position:90%,line-right size:80%\nstart on the right\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let srt = String(decoding: SubRipFormat().write(doc, options: WriteOptions()).bytes, as: UTF8.self)
    let tags = srt.components(separatedBy: "\n").filter { $0.hasPrefix("{\\an") }.map { String($0.prefix(5)) }
    #expect(tags == ["{\\an3", "{\\an1", "{\\an1", "{\\an3"])
    var s = CueSettings()
    s.align = .start
    #expect(NumpadAnchor.isRightToLeft(s, style: nil, text: "123 שלום") == true)
    var rtl = TextStyle()
    rtl.direction = .rtl
    #expect(NumpadAnchor.isRightToLeft(s, style: rtl, text: "Latin") == true)
    #expect(NumpadAnchor.anchor(for: s, rightToLeft: true).number == 3)
  }

  /// One cue with 20,000 classes and 20,000 karaoke timestamps, and text of 100,000 `{\\` and
  /// `<i ` with no end: each loss is kept once with a set, and tag shapes are found without
  /// rescanning (these took 30 s at 500 KB).
  @Test(.timeLimit(.minutes(1))) func manyLossesInOneCueAndOpenMarkupAreLinear() {
    let classes = (0..<20_000).map { "k\($0)" }
    let stamps: [CueNode] = (0..<20_000).flatMap { [CueNode.timestamp(ms(Int64($0))), .text("x")] }
    let doc = CaptionDocument(cues: [
      Cue(id: "1", start: .zero, end: ms(30_000), content: [.element(CueElement(.span, classes: classes, children: stamps))]),
      Cue(id: "2", start: ms(30_000), end: ms(31_000), content: [.text(String(repeating: "{\\", count: 100_000) + String(repeating: "<i ", count: 100_000))]),
    ])
    let w = SubRipFormat().write(doc, options: WriteOptions(maxDiagnostics: 100_000))
    #expect(w.diagnostics.filter { $0.code == "srt.write.class-dropped" }.count == 20_000)
    #expect(w.diagnostics.filter { $0.code == "srt.write.timestamp-dropped" }.count == 20_000)
    #expect(!w.diagnostics.contains { $0.code == "srt.write.markup-in-text" || $0.code == "srt.write.tag-like-text" })
  }

  /// 20,000 named styles, each used by one cue, convert to SRT in linear time (the style cache
  /// was copied at every new entry: 30 s at 1.9 MB).
  @Test(.timeLimit(.minutes(1))) func manyNamedStylesAreResolvedOnce() {
    let n = 20_000
    let styles = (0..<n).map { k -> NamedStyle in
      var s = TextStyle()
      s.color = k % 2 == 0 ? Color(named: "yellow") : Color(named: "red")
      return NamedStyle(id: "s\(k)", style: s)
    }
    let cues = (0..<n).map { k in Cue(id: "\(k + 1)", start: ms(Int64(k) * 1000), end: ms(Int64(k) * 1000 + 500), styleRefs: ["s\(k)"], content: [.text("x")]) }
    let w = SRT.write(CaptionDocument(styles: styles, cues: cues))
    #expect(w.text.components(separatedBy: "<font color=").count == n + 1)
  }

  /// A font family name written on every cue is bounded: a 100 KB one made 100 MB of SRT.
  @Test func longFontFamilyIsNotWrittenPerCue() throws {
    let vtt = "WEBVTT\n\nSTYLE\n::cue{font-family:\(String(repeating: "a", count: 200))}\n\n00:00:01.000 --> 00:00:02.000\nx\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let w = SubRipFormat().write(doc, options: WriteOptions())
    #expect(String(decoding: w.bytes, as: UTF8.self) == "1\n00:00:01,000 --> 00:00:02,000\nx\n")
    #expect(w.diagnostics.contains { $0.message.hasSuffix("a font family name of 200 bytes (over 128) is not written") })
    let short = "WEBVTT\n\nSTYLE\n::cue{font-family:Arial}\n\n00:00:01.000 --> 00:00:02.000\nx\n"
    let w2 = SubRipFormat().write(try WebVTTFormat().read(Array(short.utf8), options: ReadOptions()).document, options: WriteOptions())
    #expect(String(decoding: w2.bytes, as: UTF8.self).contains("<font face=\"Arial\">x</font>"))
  }
}
