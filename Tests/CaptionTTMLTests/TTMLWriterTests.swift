import CaptionKit
import Testing

@Suite("TTML writer")
struct TTMLWriterTests {
  /// A WebVTT-like document built in code: positioned cues, a voice, classes with rules, ruby.
  static func vttLikeDocument() -> CaptionDocument {
    var doc = CaptionDocument()
    doc.metadata.language = "en"
    var yellow = TextStyle()
    yellow.color = Color(red: 255, green: 255, blue: 0)
    doc.styles = [NamedStyle(id: "yellow", style: yellow)]
    var top = CueSettings()
    top.line = .value(10)
    top.snapToLines = false
    top.position = 50
    top.size = 60
    top.align = .center
    var left = CueSettings()
    left.position = 10
    left.positionAlign = .lineLeft
    left.size = 40
    left.align = .left
    left.line = .value(-2)
    doc.cues = [
      Cue(id: "one", start: CaptionTime(milliseconds: 1000), end: CaptionTime(milliseconds: 2500), content: [.text("Bottom centre")]),
      Cue(id: "two", start: CaptionTime(milliseconds: 3000), end: CaptionTime(milliseconds: 4000), settings: top,
        content: [.element(CueElement(.voice(name: "Esme"), children: [.text("Top "), .element(CueElement(.span, classes: ["yellow"], children: [.text("yellow")]))]))]),
      Cue(start: CaptionTime(milliseconds: 5000), end: CaptionTime(milliseconds: 6000), settings: left,
        content: [.element(CueElement(.italic, children: [.text("left")])), .timestamp(CaptionTime(milliseconds: 5500)), .text(" side")]),
      Cue(start: CaptionTime(milliseconds: 7000), end: CaptionTime(milliseconds: 8000),
        content: [.element(CueElement(.ruby, children: [.text("漢"), .element(CueElement(.rubyText, children: [.text("かん")]))]))]),
    ]
    return doc
  }

  static func write(_ doc: CaptionDocument, _ flavor: String? = nil) -> (String, [Diagnostic]) {
    let r = TTMLFormat().write(doc, options: WriteOptions(flavor: flavor))
    return (String(decoding: r.bytes, as: UTF8.self), r.diagnostics)
  }
  /// EBU-TT-D flattens nested spans onto referential styles: a `style="red"` span inside a
  /// lime span stays red (its class is not overridden by the outer span's generated style).
  /// Cue ids that cannot be `xml:id`s (SRT numbers, duplicates) are reported once for the
  /// document, with the count and the first, not once per cue (1,847 lines for one SRT file).
  @Test func unwritableCueIDsAreSummarisedOnce() throws {
    var doc = CaptionDocument()
    doc.cues = ["1", "ok", "2", "ok", "3"].enumerated().map { k, id in
      Cue(id: id, start: CaptionTime(milliseconds: Int64(k) * 1000), end: CaptionTime(milliseconds: Int64(k) * 1000 + 500), content: [.text("x")])
    }
    let plain = TTMLFormat().write(doc, options: WriteOptions())
    #expect(plain.diagnostics.filter { $0.code == "ttml.write.id-changed" }.map(\.message) == [
      "4 cue identifiers are not valid, unique XML ids (the first is this cue's, '1'); they were not written"
    ])
    #expect(plain.diagnostics.first { $0.code == "ttml.write.id-changed" }?.cueIndex == 0)
    #expect(String(decoding: plain.bytes, as: UTF8.self).components(separatedBy: "xml:id=\"ok\"").count == 2)
    doc.cues = [doc.cues[0]]
    let ebu = TTMLFormat().write(doc, options: WriteOptions(flavor: "ebu-tt-d"))
    #expect(ebu.diagnostics.filter { $0.code == "ttml.write.id-changed" }.map(\.message) == [
      "the cue identifier '1' is not a valid, unique XML id; a new one was written"
    ])
  }

  /// Tech 3380 gives EBU-TT-D a head with a style and a region. Text a document places in
  /// no region goes in one that is TTML's default region (the whole root, text at the top);
  /// a document without cues still gets both.
  @Test func ebuAlwaysWritesAStyleAndARegion() throws {
    let plain = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="1s" end="2s">Hi</p></div>"#)).document
    let (ebu, _) = Self.write(plain, "ebu-tt-d")
    #expect(ebu.contains(#"<tt:style xml:id="ck1"/>"#))
    #expect(ebu.contains(#"<tt:region xml:id="r1" tts:origin="0% 0%" tts:extent="100% 100%"/>"#))
    #expect(ebu.contains(#"<tt:p xml:id="sub1" begin="00:00:01.000" end="00:00:02.000" region="r1">Hi</tt:p>"#))
    let back = try TTMLFormat().read(Array(ebu.utf8), options: ReadOptions(profile: "ebu-tt-d"))
    #expect(back.diagnostics.filter { $0.severity == .error }.isEmpty)
    let (empty, _) = Self.write(CaptionDocument(), "ebu-tt-d")
    #expect(empty.contains(#"<tt:style xml:id="ck1"/>"#) && empty.contains(#"<tt:region xml:id="r1" tts:origin="0% 0%" tts:extent="100% 100%"/>"#))
    #expect(try TTMLFormat().read(Array(empty.utf8), options: ReadOptions(profile: "ebu-tt-d")).diagnostics.filter { $0.severity == .error }.isEmpty)
    // IMSC keeps such a document without a layout.
    let (imsc, _) = Self.write(plain, "imsc1.1")
    #expect(!imsc.contains("<region"))
  }

  /// A region placed through its styles (an origin, or a tts:position with the extent) keeps
  /// its place in EBU-TT-D, which reads origin and extent from the region only; it was written
  /// at 0% 0%. The reader turns a position from a style into the origin it amounts to.
  @Test func ebuRegionPlacedThroughStylesKeepsItsPlace() throws {
    let src = TTMLTest.doc(
      head: #"<styling><style xml:id="s1" tts:origin="10% 80%" tts:extent="80% 10%"/><style xml:id="s2" tts:position="center bottom" tts:extent="80% 10%"/></styling>"#
        + #"<layout><region xml:id="bottom" style="s1"/><region xml:id="pos" style="s2"/></layout>"#,
      body: #"<div><p xml:id="p1" begin="1s" end="2s" region="bottom">A</p><p xml:id="p2" begin="3s" end="4s" region="pos">B</p></div>"#)
    let doc = try TTMLTest.read(src).document
    #expect(doc.regions.first { $0.id == "pos" }?.origin == Region.LengthPair(Length(10, .percent), Length(90, .percent)))
    #expect(doc.cues.map(\.settings.line) == [.value(80), .value(90)])
    let (ebu, _) = Self.write(doc, "ebu-tt-d")
    #expect(ebu.contains(#"<tt:region xml:id="bottom" style="s1" tts:extent="80% 10%" tts:origin="10% 80%"/>"#), "\(ebu)")
    #expect(ebu.contains(#"<tt:region xml:id="pos" style="s2" tts:origin="10% 90%" tts:extent="80% 10%"/>"#), "\(ebu)")
  }

  /// Ids the writer makes up (a region, EBU-TT-D's p ids) keep clear of the cues' own.
  @Test func madeUpIDsKeepClearOfCueIDs() throws {
    let src = TTMLTest.doc(
      head: #"<styling><style xml:id="r1" tts:color="yellow"/></styling>"#,
      body: #"<div><p xml:id="r2" begin="1s" end="2s" style="r1">A</p><p begin="2s" end="3s">B</p><p xml:id="sub1" begin="3s" end="4s">C</p></div>"#)
    let (ebu, diags) = Self.write(try TTMLTest.read(src).document, "ebu-tt-d")
    #expect(ebu.contains(#"<tt:region xml:id="r3" tts:origin="0% 0%" tts:extent="100% 100%"/>"#))
    #expect(ebu.contains(#"<tt:p xml:id="r2" "#) && ebu.contains(#"<tt:p xml:id="sub2" "#) && ebu.contains(#"<tt:p xml:id="sub1" "#))
    #expect(!diags.contains { $0.code == "ttml.write.id-changed" })
  }

  @Test func ebuFlatteningKeepsInnerReferentialStyle() throws {
    let src = TTMLTest.doc(
      head: #"<styling><style xml:id="red" tts:color="red"/></styling>"#,
      body: #"<div><p begin="0s" end="1s"><span tts:color="lime">g<span style="red">e</span></span></p></div>"#)
    let doc = try TTMLTest.read(src).document
    let (ebu, _) = Self.write(doc, "ebu-tt-d")
    #expect(ebu.contains(#"<tt:span style="red">e</tt:span>"#))
    let back = try TTMLFormat().read(Array(ebu.utf8), options: ReadOptions()).document
    let srt = String(decoding: SubRipFormat().write(back, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(srt.hasSuffix(##"<font color="#00ff00">g</font><font color="#ff0000">e</font>"## + "\n"))
    // A relative font size inside a relative one multiplies when flattened: 50% of 150% is 75%.
    let sizes = try TTMLTest.read(TTMLTest.doc(
      head: #"<styling><style xml:id="big" tts:fontSize="150%"/></styling>"#,
      body: #"<div><p begin="0s" end="1s"><span tts:fontSize="50%"><span style="big">X</span></span></p></div>"#)).document
    let (flat, _) = Self.write(sizes, "ebu-tt-d")
    #expect(flat.contains(#"<tt:style xml:id="ck1" tts:fontSize="75%"/>"#) && flat.contains(#"<tt:span style="big ck1">X</tt:span>"#))
  }

  /// DFXP (TTML1) and EBU-TT-D have no rw/rh: lengths become cells through
  /// ttp:cellResolution (here 20 rows, 40 columns), region geometry percent of the root.
  @Test func rootRelativeUnitsInFlavorsWithoutThem() throws {
    let src = TTMLTest.doc(
      #"xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:cellResolution="40 20""#,
      head: #"<styling><style xml:id="s" tts:fontSize="5rh" tts:lineHeight="10rh" tts:padding="1rh 2rw"/></styling><layout><region xml:id="r" tts:origin="10rw 70rh" tts:extent="60rw 20rh"/></layout>"#,
      body: #"<div><p begin="0s" end="1s" region="r" style="s">x</p></div>"#)
    let doc = try TTMLTest.read(src).document
    for flavor in ["dfxp", "ebu-tt-d"] {
      let (xml, diags) = Self.write(doc, flavor)
      // EBU-TT-D font sizes and line heights are percentages only (100% = one cell row).
      let sizes = flavor == "dfxp" ? #"tts:fontSize="1c" tts:lineHeight="2c""# : #"tts:fontSize="100%" tts:lineHeight="200%""#
      #expect(xml.contains(sizes), "\(flavor)")
      #expect(xml.contains(#"tts:origin="10% 70%" tts:extent="60% 20%""#), "\(flavor)")
      if flavor == "dfxp" {
        #expect(xml.contains(#"tts:padding="0.2c 0.8c""#))
      } else {
        // EBU-TT-D padding is in percentages only (of the region): cells cannot be written.
        #expect(!xml.contains("tts:padding"))
        #expect(diags.map(\.message).contains("style 's' styles content with tts:padding 0.2c 0.8c (EBU-TT-D allows percentages only), which ebu-tt-d holds on regions only"), "\(diags)")
      }
      #expect(!xml.contains("rh\"") && !xml.contains("rw "), "\(flavor)")
    }
    let (imsc, _) = Self.write(doc)
    #expect(imsc.contains(#"tts:fontSize="5rh""#) && imsc.contains(#"tts:extent="60rw 20rh""#))
    // Across axes (rh for x, rw for y) region geometry goes through the root's aspect ratio.
    let across = try TTMLTest.read(TTMLTest.doc(
      #"tts:extent="1920px 1080px""#, head: #"<layout><region xml:id="r" tts:origin="16rh 9rw" tts:extent="50% 10%"/></layout>"#,
      body: #"<div><p begin="0s" end="1s" region="r">x</p></div>"#)).document
    let (ebu, _) = Self.write(across, "ebu-tt-d")
    #expect(ebu.contains(#"tts:origin="9% 16%""#))
    // EBU-TT-D region geometry is in percent only: cells through the grid, pixels through the
    // root extent. DFXP keeps them as given.
    let units = try TTMLTest.read(TTMLTest.doc(
      #"xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:cellResolution="40 20" tts:extent="1920px 1080px""#,
      head: #"<layout><region xml:id="r" tts:origin="2c 3c" tts:extent="20c 5c"/><region xml:id="q" tts:origin="192px 108px" tts:extent="960px 540px"/></layout>"#,
      body: #"<div><p begin="0s" end="1s" region="r">x</p><p begin="1s" end="2s" region="q">y</p></div>"#)).document
    let (ebuUnits, _) = Self.write(units, "ebu-tt-d")
    #expect(ebuUnits.contains(#"tts:origin="5% 15%" tts:extent="50% 25%""#) && ebuUnits.contains(#"tts:origin="10% 10%" tts:extent="50% 50%""#))
    let (dfxpUnits, _) = Self.write(units, "dfxp")
    #expect(dfxpUnits.contains(#"tts:origin="2c 3c" tts:extent="20c 5c""#))
  }

  /// A frame rate the reader refused as too large does not overflow the writer (it trapped).
  /// A cue that ends when or before it starts is written, and reported as never shown.
  @Test func cuesThatNeverShowAreReported() throws {
    var doc = CaptionDocument()
    doc.metadata.language = "en"
    doc.cues = [
      Cue(start: CaptionTime(milliseconds: 3000), end: CaptionTime(milliseconds: 2000), content: [.text("backwards")]),
      Cue(start: CaptionTime(milliseconds: 4000), end: CaptionTime(milliseconds: 4000), content: [.text("zero")]),
      Cue(start: CaptionTime(milliseconds: 5000), end: CaptionTime(milliseconds: 6000), content: [.text("fine")]),
    ]
    let (text, diagnostics) = Self.write(doc)
    #expect(text.contains(#"begin="00:00:03.000" end="00:00:02.000""#))
    #expect(diagnostics.filter { $0.code == "ttml.write.never-shown" }.map(\.cueIndex) == [0, 1])
    // The loss report is capped like the other writers' (one summary counts the rest).
    let capped = TTMLFormat().write(doc, options: WriteOptions(maxDiagnostics: 1)).diagnostics
    #expect(capped.map(\.code) == ["ttml.write.never-shown", "core.diagnostics.limit-reached"])
    #expect(capped.last?.message.hasPrefix("1 more diagnostics were not listed") == true)
  }

  /// EBU-TT-D has percentage font sizes and line heights only (Tech 3380): px become percent
  /// of a cell row (of the assumed 1280×720 root: 48 px), cells and em percent of one; the
  /// output passes the EBU-TT-D profile check, and px input fails it.
  /// A style whose identifier is not an XML name (3Play's DFXP uses `xml:id="1"`,
  /// pculture/unisubs#1661) is written renamed, with every reference, in TTML and WebVTT alike.
  @Test func styleIdentifierThatIsNotAnXMLName() throws {
    let src = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><head><styling><style xml:id="1" tts:color="yellow"/></styling></head><body><div><p begin="1s" end="2s" style="1">For nearly 25 years</p><p begin="3s" end="4s">a <span style="1">b</span></p></div></body></tt>"#
    let read = try TTMLFormat().read(Array(src.utf8), options: ReadOptions())
    #expect(read.diagnostics.map(\.message).contains(#"xml:id="1" is not an XML name (it must start with a letter or '_' and hold no spaces or ':')"#))
    for flavor in ["imsc1.1", "ebu-tt-d", "dfxp"] {
      let w = TTMLFormat().write(read.document, options: WriteOptions(flavor: flavor))
      let text = String(decoding: w.bytes, as: UTF8.self)
      #expect(text.contains(#"xml:id="_1""#), "\(flavor)")
      #expect(!text.contains(#"style="1""#), "\(flavor)")
      #expect(w.diagnostics.map(\.code).contains("ttml.write.style-renamed"), "\(flavor)")
      let back = try TTMLFormat().read(w.bytes, options: ReadOptions(profile: flavor == "dfxp" ? "ttml1" : flavor))
      #expect(!back.diagnostics.contains { $0.severity == .error }, "\(flavor): \(back.diagnostics.map(\.message))")
      let colours = try TTMLFormat().readDetails(w.bytes).styledRuns.filter { $0.text.contains("25") || $0.text == "b" }.map(\.style.color)
      #expect(colours == [Color(red: 255, green: 255, blue: 0), Color(red: 255, green: 255, blue: 0)], "\(flavor)")
    }
    let vtt = String(decoding: WebVTTFormat().write(read.document, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(vtt.contains("::cue(._1) { color: yellow"))
    #expect(vtt.contains("<c._1>For nearly 25 years</c>") && vtt.contains("a <c._1>b</c>"))
  }

  /// EBU-TT-D and DFXP are TTML1: a TTML2 parameter of the source is not carried into them.
  @Test func ttml2ParametersStayOutOfTTML1Flavors() throws {
    let src = TTMLTest.doc(#"ttp:displayAspectRatio="16 9" ttp:cellResolution="40 20""#, body: #"<div><p begin="0s" end="1s">x</p></div>"#)
    let doc = try TTMLTest.read(src).document
    for flavor in ["ebu-tt-d", "dfxp"] {
      let w = TTMLFormat().write(doc, options: WriteOptions(flavor: flavor))
      let text = String(decoding: w.bytes, as: UTF8.self)
      #expect(!text.contains("displayAspectRatio"), "\(flavor)")
      #expect(text.contains(#"ttp:cellResolution="40 20""#), "\(flavor)")
      #expect(w.diagnostics.map(\.code).contains("ttml.write.parameters-dropped"), "\(flavor)")
      let back = try TTMLFormat().read(w.bytes, options: ReadOptions(profile: flavor == "dfxp" ? "ttml1" : flavor))
      #expect(!back.diagnostics.contains { $0.severity == .error }, "\(flavor): \(back.diagnostics.map(\.message))")
    }
    let imsc = String(decoding: TTMLFormat().write(doc, options: WriteOptions(flavor: "imsc1.1")).bytes, as: UTF8.self)
    #expect(imsc.contains(#"ttp:displayAspectRatio="16 9""#))
  }

  @Test func ebuFontSizesArePercentages() throws {
    var doc = CaptionDocument()
    var px = TextStyle()
    px.fontSize = Length(24, .pixels)
    px.lineHeight = Length(1.5, .cells)
    var em = TextStyle()
    em.fontSize = Length(0.5, .em)
    doc.cues = [
      Cue(start: CaptionTime(milliseconds: 0), end: CaptionTime(milliseconds: 1000), style: px, content: [
        .text("a "), .element(CueElement(.span, style: em, children: [.text("b")])),
      ])
    ]
    doc.metadata.language = "en"
    let (text, diagnostics) = Self.write(doc, "ebu-tt-d")
    #expect(text.contains(#"tts:fontSize="50%""#))
    // A line height is a percentage of the element's own font size: 1.5c over 0.5c; over a
    // 150% font, 1.5c is 100%; an em line height is already of the own size.
    #expect(text.contains(#"tts:lineHeight="300%""#))
    var pct = TextStyle()
    pct.fontSize = Length(150, .percent)
    pct.lineHeight = Length(1.5, .cells)
    var ems = TextStyle()
    ems.fontSize = Length(1.5, .em)
    ems.lineHeight = Length(2, .em)
    let sized = CaptionDocument(styles: [NamedStyle(id: "f", style: pct), NamedStyle(id: "g", style: ems)])
    let (sizedText, _) = Self.write(sized, "ebu-tt-d")
    #expect(sizedText.contains(#"xml:id="f" tts:fontSize="150%" tts:lineHeight="100%""#), "\(sizedText)")
    #expect(sizedText.contains(#"xml:id="g" tts:fontSize="150%" tts:lineHeight="200%""#), "\(sizedText)")
    #expect(!text.contains("px"))
    #expect(diagnostics.contains { $0.code == "ttml.write.root-extent-assumed" })
    var options = ReadOptions()
    options.profile = "ebu-tt-d"
    let back = try TTMLFormat().read(Array(text.utf8), options: options)
    #expect(!back.diagnostics.contains { $0.code == "ttml.profile.length-unit" }, "\(back.diagnostics)")
    let pxInput = TTMLTest.doc(
      #"xmlns:tts="http://www.w3.org/ns/ttml#styling""#, head: #"<styling><style xml:id="s" tts:fontSize="20px" tts:lineHeight="2c"/></styling>"#,
      body: #"<div><p begin="0s" end="1s" style="s">x</p></div>"#)
    let bad = try TTMLFormat().read(Array(pxInput.utf8), options: options)
    #expect(bad.diagnostics.filter { $0.code == "ttml.profile.length-unit" }.map(\.message) == [
      "ebu-tt-d: tts:fontSize must be one or two percentages", "ebu-tt-d: tts:lineHeight must be normal or a percentage",
    ])
  }

  /// WebVTT default colour classes become the colours they give; other unknown classes are
  /// reported.
  @Test func defaultColourClassesAreWritten() {
    var doc = CaptionDocument()
    doc.cues = [Cue(start: CaptionTime(milliseconds: 0), end: CaptionTime(milliseconds: 1000), content: [
      .element(CueElement(.span, classes: ["yellow", "bg_blue", "loud"], children: [.text("x")]))
    ])]
    let (text, diagnostics) = Self.write(doc)
    #expect(text.contains(##"<span tts:color="#ffff00" tts:backgroundColor="#0000ff">x</span>"##))
    #expect(diagnostics.filter { $0.code == "ttml.write.class-dropped" }.map(\.message) == ["class(es) loud have no style rule and were not written"])
    // Under a style of the same name that sets no colour, the class keeps its colour.
    var bold = TextStyle()
    bold.fontWeight = .bold
    doc.styles = [NamedStyle(id: "yellow", style: bold)]
    let (text2, _) = Self.write(doc)
    #expect(text2.contains(##"<span style="yellow" tts:color="#ffff00" tts:backgroundColor="#0000ff">x</span>"##), "\(text2)")
  }

  @Test func hugeFrameRateParametersDoNotTrap() throws {
    let src = TTMLTest.doc(#"xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="9223372036854775807" ttp:frameRateMultiplier="1000 1001" ttp:tickRate="9223372036854775807""#, body: #"<div><p begin="1s" end="2s">x</p></div>"#)
    let doc = try TTMLTest.read(src).document
    let (xml, _) = Self.write(doc)
    #expect(xml.contains(#"begin="00:00:01.000" end="00:00:02.000""#) || xml.contains(#"begin="00:00:01" end="00:00:02""#))
  }

  /// A time too large for the output unit is reported, not silently saturated.
  @Test func timesBeyondTheOutputUnitAreReported() {
    var doc = CaptionDocument()
    doc.metadata.language = "en"
    doc.cues = [
      Cue(start: CaptionTime(value: 1 << 62, timescale: 1), end: CaptionTime(value: (1 << 62) + 1, timescale: 1), content: [.text("far")]),
      Cue(start: .zero, end: CaptionTime(milliseconds: 1000), content: [.text("near")]),
    ]
    let (_, diags) = Self.write(doc)
    #expect(diags.filter { $0.code == "ttml.write.time-out-of-range" }.map(\.cueIndex) == [0])
    #expect(!diags.contains { $0.code == "ttml.write.time-rounded" })
  }

  /// TTML2 `<initial>` is kept by IMSC 1.1; DFXP and EBU-TT-D, which have no `<initial>`, and
  /// other formats get its properties as the style for all cue text (body style, `::cue`).
  @Test func initialStylesReachEveryFlavorAndFormat() throws {
    let src = TTMLTest.doc(head: #"<styling><initial tts:color="yellow" tts:fontStyle="italic"/></styling>"#, body: #"<div><p begin="0s" end="1s">x</p></div>"#)
    let doc = try TTMLTest.read(src).document
    let (imsc, _) = Self.write(doc)
    #expect(imsc.contains(#"<initial tts:color="yellow" tts:fontStyle="italic"/>"#))
    for flavor in ["dfxp", "ebu-tt-d"] {
      let (xml, _) = Self.write(doc, flavor)
      #expect(xml.contains(##"style xml:id="cueText" tts:color="#ffff00" tts:fontStyle="italic"/>"##), "\(flavor)")
      #expect(xml.contains(#"body style="cueText">"#), "\(flavor)")
      #expect(!xml.contains("initial"), "\(flavor)")
    }
    // A region's own colour outranks the initial one: it is not moved onto the body.
    let withRegion = try TTMLTest.read(TTMLTest.doc(
      head: #"<styling><initial tts:color="yellow" tts:fontStyle="italic"/></styling><layout><region xml:id="r" tts:origin="10% 80%" tts:extent="80% 10%" tts:color="red"/></layout>"#,
      body: #"<div region="r"><p begin="0s" end="1s">x</p></div>"#)).document
    let (ebu, _) = Self.write(withRegion, "ebu-tt-d")
    #expect(ebu.contains(#"<tt:style xml:id="cueText" tts:fontStyle="italic"/>"#))
    let moved = TTMLFormat.movingInitialToGlobalStyle(doc)
    #expect(moved.metadata.parameters["captionkit:initial"] == nil)
    let vtt = String(decoding: WebVTTFormat().write(moved, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(vtt.contains("::cue { color: yellow; font-style: italic; }"))
  }

  /// Characters XML 1.0 forbids (even as references) are written as U+FFFD and reported, so
  /// the output is well-formed and reads back without XML errors, in text and attributes.
  @Test func charactersXMLCannotHoldAreReplaced() throws {
    var doc = CaptionDocument()
    doc.metadata.language = "en"
    doc.cues = [Cue(id: "c1", start: .zero, end: CaptionTime(milliseconds: 1000), content: [.element(CueElement(.voice(name: "A\u{1}B"), children: [.text("\u{0B}a\u{1F}b\u{FFFE}c\u{FFFF}d\te\u{FFFD}f\u{FFEF}")]))])]
    let (xml, diags) = Self.write(doc)
    #expect(xml.contains("\u{FFFD}a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\u{FFFD}f\u{FFEF}"))
    #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" || $0.value == 0xFFFE || $0.value == 0xFFFF })
    #expect(diags.filter { $0.code == "ttml.write.invalid-character" }.map(\.message) == ["5 character(s) that XML 1.0 does not allow (C0 control characters other than tab, line feed and carriage return; U+FFFE; U+FFFF) written as U+FFFD"])
    let back = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions())
    #expect(back.diagnostics.filter { $0.severity == .error }.isEmpty)
    #expect(back.document.cues.first?.plainText == "\u{FFFD}a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\u{FFFD}f\u{FFEF}")  // written with xml:space="preserve"
  }


  @Test("WebVTT positions become TTML regions that read back to the same placement")
  func vttToRegions() throws {
    let (xml, diags) = Self.write(Self.vttLikeDocument())
    // Default WebVTT placement: the whole video, text at the bottom, centred.
    #expect(xml.contains("<region xml:id=\"r1\" tts:origin=\"0% 0%\" tts:extent=\"100% 100%\" tts:displayAlign=\"after\"/>"))
    // line:10% position:50% size:60% align:center.
    #expect(xml.contains("<region xml:id=\"r2\" tts:origin=\"20% 10%\" tts:extent=\"60% 90%\" tts:displayAlign=\"before\"/>"))
    #expect(xml.contains("ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\""))
    #expect(xml.contains("<p xml:id=\"one\" begin=\"00:00:01.000\" end=\"00:00:02.500\" region=\"r1\" tts:textAlign=\"center\">Bottom centre</p>"))
    #expect(xml.contains("<ttm:agent xml:id=\"a1\" type=\"character\"><ttm:name type=\"full\">Esme</ttm:name></ttm:agent>"))
    #expect(xml.contains("<span style=\"yellow\">yellow</span>"))
    #expect(xml.contains("<span tts:fontStyle=\"italic\">left</span>"))
    #expect(xml.contains("tts:ruby=\"container\""))
    // Losses are reported per cue.
    #expect(diags.contains { $0.code == "ttml.write.timestamp-dropped" && $0.cueIndex == 2 })
    #expect(diags.contains { $0.code == "ttml.write.line-approximated" && $0.cueIndex == 2 })
    // Reading back gives the same text, voices and horizontal placement.
    let back = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions()).document
    #expect(back.cues.map(\.plainText) == ["Bottom centre", "Top yellow", "left side", "漢かん"])
    #expect(back.cues[1].settings.position == 50)
    #expect(back.cues[1].settings.size == 60)
    #expect(back.cues[1].settings.line == .value(10))
    #expect(back.cues[0].settings.line == .value(100))
    #expect(back.cues[0].settings.lineAlign == .end)
    guard case .element(let v) = back.cues[1].content.first else {
      Issue.record("no voice")
      return
    }
    #expect(v.kind == .voice(name: "Esme"))
  }

  @Test("Vertical WebVTT cues become tbrl/tblr regions and read back to the same settings")
  func vertical() throws {
    var doc = CaptionDocument()
    for (i, dir) in [CueSettings.WritingDirection.verticalGrowingLeft, .verticalGrowingRight].enumerated() {
      var s = CueSettings()
      s.vertical = dir
      s.line = .value(10)
      s.snapToLines = false
      s.position = 50
      s.size = 60
      doc.cues.append(Cue(start: CaptionTime(milliseconds: Int64(i) * 1000), end: CaptionTime(milliseconds: Int64(i) * 1000 + 500), settings: s, content: [.text("縦")]))
    }
    let (xml, _) = Self.write(doc)
    #expect(xml.contains("tts:origin=\"0% 20%\" tts:extent=\"90% 60%\" tts:displayAlign=\"before\" tts:writingMode=\"tbrl\""))
    #expect(xml.contains("tts:origin=\"10% 20%\" tts:extent=\"90% 60%\" tts:displayAlign=\"before\" tts:writingMode=\"tblr\""))
    let back = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions()).document
    for (a, b) in zip(doc.cues, back.cues) {
      #expect(b.settings.vertical == a.settings.vertical)
      #expect(b.settings.line == .value(10))
      #expect(b.settings.lineAlign == .start)
      #expect(b.settings.position == 50)
      #expect(b.settings.size == 60)
    }
  }

  @Test("Output is deterministic")
  func deterministic() {
    let a = TTMLFormat().write(Self.vttLikeDocument(), options: WriteOptions()).bytes
    let b = TTMLFormat().write(Self.vttLikeDocument(), options: WriteOptions()).bytes
    #expect(a == b)
  }

  @Test("EBU-TT-D: referential styles only, clock times, no nested spans, no agents")
  func ebuttd() throws {
    let (xml, diags) = Self.write(Self.vttLikeDocument(), "ebu-tt-d")
    #expect(xml.contains("<tt:tt xmlns:tt=\"http://www.w3.org/ns/ttml\""))
    #expect(xml.contains("begin=\"00:00:01.000\""))
    #expect(!xml.contains("ttm:agent="))
    #expect(diags.contains { $0.code == "ttml.write.voice-dropped" && $0.cueIndex == 1 })
    #expect(diags.contains { $0.code == "ttml.write.ruby-dropped" && $0.cueIndex == 3 })
    // Inline italics became a generated style.
    #expect(xml.contains("<tt:style xml:id=\"ck3\" tts:fontStyle=\"italic\"/>"))
    // The result validates as EBU-TT-D.
    let r = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions(profile: "ebu-tt-d"))
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
  }

  @Test("EBU-TT-D output follows Tech 3380's schema: p ids, flattened style chains, region styles referenced, origin and extent on regions, italic for oblique")
  func ebuttdSchema() throws {
    let src = TTMLTest.doc(
      head: #"<styling><style xml:id="base" tts:color="yellow"/><style xml:id="s" style="base" tts:fontStyle="oblique"/><style xml:id="ext" tts:extent="80% 20%"/></styling><layout><region xml:id="r" style="ext" tts:origin="10% 70%" tts:textAlign="center" tts:backgroundColor="black"/></layout>"#,
      body: #"<div><p begin="0s" end="1s" region="r" style="s">x</p><p xml:id="keep" begin="1s" end="2s" region="r">y</p></div>"#)
    let (xml, _) = Self.write(try TTMLTest.read(src).document, "ebu-tt-d")
    #expect(xml.contains(##"<tt:style xml:id="s" tts:color="#ffff00" tts:fontStyle="italic"/>"##), "\(xml)")
    #expect(xml.contains(#"<tt:region xml:id="r" style="ext ck1" tts:origin="10% 70%" tts:extent="80% 20%"/>"#), "\(xml)")
    #expect(xml.contains(##"<tt:style xml:id="ck1" tts:backgroundColor="#000000" tts:textAlign="center"/>"##), "\(xml)")
    #expect(xml.contains(#"<tt:p xml:id="sub1" begin="00:00:00.000""#) && xml.contains(#"<tt:p xml:id="keep""#), "\(xml)")
    let r = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions(profile: "ebu-tt-d"))
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
  }

  /// Tech 3380's schema gives <style> text properties only: a region's properties from a style
  /// it references were written on that style (invalid), and tts:opacity and
  /// itts:forcedDisplay, which EBU-TT-D lacks, were written at all.
  @Test("EBU-TT-D styles hold text properties only: region properties move to the region, others are reported")
  func ebuttdStyleVocabulary() throws {
    let src = TTMLTest.doc(
      #"xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling""#,
      head: #"<styling><style xml:id="box" tts:displayAlign="after" tts:showBackground="whenActive" tts:padding="1% 2%" tts:color="lime"/></styling><layout><region xml:id="r" style="box" tts:origin="10% 10%" tts:extent="80% 80%"/></layout>"#,
      body: #"<div><p begin="0s" end="1s" region="r" tts:opacity="0.5" itts:forcedDisplay="true">x</p></div>"#)
    let (xml, diags) = Self.write(try TTMLTest.read(src).document, "ebu-tt-d")
    #expect(xml.contains(##"<tt:style xml:id="box" tts:color="#00ff00"/>"##), "\(xml)")
    #expect(xml.contains(#"tts:displayAlign="after""#) && xml.contains(#"tts:showBackground="whenActive""#) && xml.contains(#"tts:padding="1% 2%""#))
    let region = try #require(xml.split(separator: "\n").first { $0.contains("<tt:region xml:id=\"r\"") })
    #expect(region.contains(#"tts:displayAlign="after""#) && region.contains(#"tts:showBackground="whenActive""#), "\(region)")
    #expect(!xml.contains("tts:opacity") && !xml.contains("forcedDisplay"))
    let dropped = diags.filter { $0.code == "ttml.write.style-property-dropped" }.map(\.message)
    #expect(dropped.contains { $0.contains("tts:opacity") } && dropped.contains { $0.contains("itts:forcedDisplay") }, "\(dropped)")
    let r = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions(profile: "ebu-tt-d"))
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
  }

  /// EBU-TT-D geometry from styles: a px extent or origin a region takes from a style was
  /// not converted (100% 100% and 0% 0% were written, off the root); an `auto` extent was
  /// written as `auto`; a region's own padding it cannot write was replaced by the one its style
  /// gives, which it overrides; a p's display alignment and padding were dropped silently.
  @Test("EBU-TT-D regions: geometry from styles converted, auto extent as the root, own values not replaced; region properties on content reported")
  func ebuttdRegionGeometryFromStyles() throws {
    let src = TTMLTest.doc(
      #"tts:extent="1280px 720px""#,
      head: #"<styling><style xml:id="g" tts:padding="10%"/><style xml:id="h" tts:extent="640px 180px"/><style xml:id="o" tts:origin="128px 504px" tts:extent="50% 20%"/></styling><layout><region xml:id="r1" style="g" tts:origin="10% 10%" tts:extent="80% 80%" tts:padding="1c"/><region xml:id="r2" style="h" tts:origin="25% 70%"/><region xml:id="r3" style="o"/><region xml:id="r4" tts:origin="0% 0%" tts:extent="auto"/></layout>"#,
      body: #"<div><p region="r1" begin="1s" end="2s">A</p><p region="r2" begin="3s" end="4s">B</p><p region="r3" begin="5s" end="6s">C</p><p region="r4" begin="7s" end="8s" tts:displayAlign="after">D</p></div>"#)
    let (xml, diags) = Self.write(try TTMLTest.read(src).document, "ebu-tt-d")
    let regions = xml.split(separator: "\n").filter { $0.contains("<tt:region") }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(regions == [
      #"<tt:region xml:id="r1" style="g" tts:origin="10% 10%" tts:extent="80% 80%"/>"#,
      #"<tt:region xml:id="r2" style="h" tts:origin="25% 70%" tts:extent="50% 25%"/>"#,
      #"<tt:region xml:id="r3" style="o" tts:extent="50% 20%" tts:origin="10% 70%"/>"#,
      #"<tt:region xml:id="r4" tts:origin="0% 0%" tts:extent="100% 100%"/>"#,
    ], "\(xml)")
    #expect(diags.filter { $0.code == "ttml.write.style-property-dropped" }.map(\.message) == [
      "region 'r1': tts:padding 1c (EBU-TT-D allows percentages only) cannot be written in ebu-tt-d",
      "tts:displayAlign after on content cannot be written in ebu-tt-d (only a region holds it)",
    ])
    let r = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions(profile: "ebu-tt-d"))
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
  }

  /// IMSC 1.1 has minimal ruby alignment and text emphasis: the writer wrote what the validator
  /// then rejected on its own output.
  @Test("IMSC 1.1 output: ruby alignment other than center or spaceAround dropped, emphasis colour dropped, both reported")
  func imscRubyAlignAndEmphasisColour() throws {
    let src = TTMLTest.doc(
      body: #"<div><p begin="0s" end="1s"><span tts:textEmphasis="red filled circle" tts:ruby="container" tts:rubyAlign="end"><span tts:ruby="base">a</span><span tts:ruby="text">b</span></span> <span tts:textEmphasis="rgba(0, 0, 255, 255)">c</span></p></div>"#)
    let (xml, diags) = Self.write(try TTMLTest.read(src).document)
    #expect(xml.contains(#"tts:textEmphasis="filled circle""#) && xml.contains(#"tts:textEmphasis="auto""#), "\(xml)")
    #expect(!xml.contains("rubyAlign") && !xml.contains("red") && !xml.contains("rgba"))
    #expect(diags.filter { $0.code == "ttml.write.style-property-dropped" }.count == 3, "\(diags)")
    let r = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions(profile: "imsc1.1"))
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
  }

  @Test("DFXP: TTML1 vocabulary, ruby reported")
  func dfxp() {
    let (xml, diags) = Self.write(Self.vttLikeDocument(), "dfxp")
    #expect(xml.contains("ttp:profile=\"http://www.w3.org/ns/ttml/profile/dfxp-presentation\""))
    #expect(!xml.contains("tts:ruby"))
    #expect(diags.contains { $0.code == "ttml.write.ruby-dropped" && $0.cueIndex == 3 })
  }

  @Test("IMSC 1.1 output validates against IMSC 1.1")
  func imscValid() throws {
    let (xml, _) = Self.write(Self.vttLikeDocument())
    let r = try TTMLFormat().read(Array(xml.utf8), options: ReadOptions(profile: "imsc1.1"))
    #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
  }

  @Test("Unknown flavors are reported and IMSC 1.1 is written")
  func unknownFlavor() {
    let (xml, diags) = Self.write(Self.vttLikeDocument(), "smpte-tt-2099")
    #expect(diags.contains { $0.code == "ttml.write.unknown-flavor" })
    #expect(xml.contains("imsc1.1/text"))
  }

  @Test("Sample converts with a loss report for SRT-like targets")
  func sampleStyles() throws {
    let bytes = try CaptionTestSupportBridge.sample("imsc11-styled.ttml")
    let d = try TTMLFormat().readDetails(bytes)
    #expect(d.result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(d.result.diagnostics)")
    #expect(d.result.document.cues.count == 6)
    #expect(d.result.document.regions.map(\.id) == ["bottom", "top", "leftSide"])
    let first = try #require(d.result.document.cues.first)
    #expect(first.start == CaptionTime(value: 1, timescale: 1))
    #expect(d.result.document.cues[1].start == CaptionTime(value: 3003, timescale: 1000))  // 90f at 29.97
    #expect(first.settings.region == "bottom")
    #expect(first.plainText == "Welcome to the CaptionKit sample.")
    let emphasis = try #require(d.styledRuns.first { $0.text == "CaptionKit" })
    #expect(emphasis.style.fontStyle == .italic)
    // backgroundColor is not inherited (TTML2 §10.2.2): the span's own is transparent. Behind it
    // are the body's box (style "base"), which the ISD puts in the p's region, and the p's own
    // (style "centered", based on "base"): two layers, each from its element.
    #expect(emphasis.style.backgroundColor == .transparent)
    #expect(emphasis.backgroundLayers == [Color(red: 0, green: 0, blue: 0, alpha: 204), Color(red: 0, green: 0, blue: 0, alpha: 204)])
    #expect(emphasis.backgroundOwners.count == 2 && emphasis.backgroundOwners.allSatisfy { $0 >= 0 } && Set(emphasis.backgroundOwners).count == 2)
  }

  /// IMSC 1.1 output follows the profile where a lenient read kept what it does not allow
  /// (ttconv rejected the em extent; IMSC wants an extent on every region, no cells in tts:
  /// lengths, and a root extent for px): found by reading the writer's output with peers.
  @Test("IMSC regions get an extent, keep only IMSC units, and px needs a root extent")
  func imscRegionProfileRules() throws {
    let source = TTMLTest.doc(
      head: #"<styling><style xml:id="big" tts:extent="80% 20%"/><style xml:id="em" tts:extent="3em 4em"/></styling>"#
        + #"<layout><region xml:id="bare"/><region xml:id="styled" style="big"/><region xml:id="emr" style="em"/><region xml:id="pad" tts:padding="2c" tts:extent="50% 50%"/><region xml:id="pxpad" tts:padding="3px" tts:extent="50% 50%"/></layout>"#,
      body: #"<div><p region="bare" begin="0s" end="1s">a</p><p region="styled" begin="1s" end="2s">b</p><p region="emr" begin="2s" end="3s">c</p><p region="pad" begin="3s" end="4s">d</p><p region="pxpad" begin="4s" end="5s">e</p></div>"#)
    let doc = try TTMLTest.read(source).document
    let w = TTMLFormat().write(doc, options: WriteOptions(flavor: "imsc1.1"))
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.contains(#"<region xml:id="bare" tts:extent="100% 100%"/>"#))
    #expect(text.contains(#"<region xml:id="styled" style="big"/>"#))
    #expect(!text.contains("3em"))
    #expect(w.diagnostics.contains { $0.message.contains("tts:extent 3em 4em (units imsc1.1 does not allow)") })
    #expect(text.contains(#"tts:padding="13.333333333333334rh 6.25rw""#))
    #expect(text.contains(#"tts:extent="1280px 720px""#))
    let back = try TTMLFormat().read(w.bytes, options: ReadOptions(profile: "imsc1.1"))
    #expect(back.diagnostics.filter { $0.severity == .error }.isEmpty)
  }
}

