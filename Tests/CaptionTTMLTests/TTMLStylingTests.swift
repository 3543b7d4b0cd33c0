import CaptionKit
import Testing

@Suite("TTML styling")
struct TTMLStylingTests {
  /// The computed style of the run whose text is `text`.
  func run(_ d: TTMLReadDetails, _ text: String) -> TextStyle? {
    d.styledRuns.first { $0.text == text }?.style
  }

  @Test("Referential style chains, inline override, inheritance from p and region")
  func cascade() throws {
    let d = TTMLTest.doc(
      head: """
        <styling>
          <style xml:id="base" tts:color="red" tts:fontFamily="monospaceSansSerif, 'My Font'"/>
          <style xml:id="big" style="base" tts:fontSize="200%" tts:fontWeight="bold"/>
        </styling>
        <layout><region xml:id="r" tts:origin="10% 80%" tts:extent="80% 10%" tts:color="yellow" tts:textAlign="center"/></layout>
        """,
      body: """
        <div><p region="r" begin="0s" end="1s">plain <span style="big">big</span> <span style="big" tts:color="#00ff0080">green</span></p></div>
        """)
    let r = try TTMLTest.details(d)
    let plain = try #require(run(r, "plain"))
    #expect(plain.color == Color(named: "yellow"))  // from the region
    #expect(plain.textAlign == .center)
    #expect(plain.fontSize == Length(100.0 / 15, .rootHeight))  // 1c initial, 15 rows
    let big = try #require(run(r, "big"))
    #expect(big.color == Color(red: 255, green: 0, blue: 0))  // chain: big → base
    #expect(big.fontFamily == ["monospaceSansSerif", "My Font"])
    #expect(big.fontWeight == .bold)
    #expect(abs((big.fontSize?.value ?? 0) - 200.0 / 15) < 1e-9)
    #expect(big.fontSize?.unit == .rootHeight)
    let green = try #require(run(r, "green"))
    #expect(green.color == Color(red: 0, green: 255, blue: 0, alpha: 128))  // inline wins
    // The model keeps the named styles with their chain.
    #expect(r.result.document.styles.map(\.id) == ["base", "big"])
    #expect(r.result.document.style(id: "big")?.basedOn == ["base"])
    // Runs carry their source location.
    #expect(r.styledRuns.first { $0.text == "big" }?.location?.line == 8)
  }

  @Test("2006 DFXP namespaces read as TTML1: the same cues, styles and diagnostics")
  func legacyNamespaces() throws {
    func document(_ tt: String, _ styling: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="\(tt)" xmlns:tts="\(styling)" xml:lang="en">
      <head><styling><style xml:id="y" tts:color="yellow"/></styling></head>
      <body><div><p begin="1.5s" end="3s" style="y">Hello <span tts:fontStyle="italic">there</span></p></div></body>
      </tt>
      """
    }
    let old = try TTMLTest.details(document("http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/10/ttaf1#styling"))
    let new = try TTMLTest.details(document(TTMLNamespace.tt, TTMLNamespace.styling))
    let cue = try #require(old.result.document.cues.first)
    #expect(cue.start == TTMLTest.t(3, 2) && cue.end == TTMLTest.t(3))
    #expect(cue.plainText == "Hello there")
    #expect(old.result.document.style(id: "y")?.style.color == Color(named: "yellow"))
    #expect(cue.styleRefs == ["y"])
    #expect(run(old, "there")?.fontStyle == .italic)
    #expect(old.result.document == new.result.document)
    #expect(TTMLTest.codes(old.result) == TTMLTest.codes(new.result))
  }

  @Test("Colours: named, #rrggbb, #rrggbbaa, rgb(), rgba() with alpha 0–255")
  func colours() {
    #expect(TTMLStyleParser.color("rgba(255,0,0,128)") == Color(red: 255, green: 0, blue: 0, alpha: 128))
    #expect(TTMLStyleParser.color("rgb(1,2,3)") == Color(red: 1, green: 2, blue: 3))
    #expect(TTMLStyleParser.color("#11223344") == Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
    #expect(TTMLStyleParser.color("transparent") == .transparent)
    #expect(TTMLStyleParser.color("cyan") == Color(red: 0, green: 255, blue: 255))
    #expect(TTMLStyleParser.color("rgba(256,0,0,0)") == nil)
    #expect(TTMLStyleParser.color("#12345") == nil)
  }

  @Test("Font sizes in px, %, c, em, rh, rw become rh where the units allow")
  func fontSizes() throws {
    let d = TTMLTest.doc(
      "tts:extent=\"1920px 1080px\" ttp:cellResolution=\"40 20\"",
      body: """
        <div tts:fontSize="2c"><p begin="0s" end="1s"><span tts:fontSize="54px">px</span> <span tts:fontSize="50%">pc</span> \
        <span tts:fontSize="1.5em">em</span> <span tts:fontSize="4rh">rh</span> <span tts:fontSize="3rw">rw</span></p></div>
        """)
    let r = try TTMLTest.details(d)
    #expect(run(r, "px")?.fontSize == Length(5, .rootHeight))  // 54 / 1080
    #expect(run(r, "pc")?.fontSize == Length(5, .rootHeight))  // 50% of 2c = 1c = 5rh at 20 rows
    #expect(run(r, "em")?.fontSize == Length(15, .rootHeight))
    #expect(run(r, "rh")?.fontSize == Length(4, .rootHeight))
    #expect(run(r, "rw")?.fontSize == Length(3, .rootWidth))
    #expect(r.result.document.metadata.parameters["ttp:cellResolution"] == "40 20")
    #expect(r.result.document.metadata.parameters["tts:extent"] == "1920px 1080px")
  }

  @Test("Every styling property the model has is read")
  func properties() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="0s" end="1s"><span tts:fontStyle="italic" tts:textDecoration="underline lineThrough" \
      tts:textOutline="black 2px 1px" tts:textShadow="1px 2px 3px red, 4px 5px" tts:lineHeight="120%" tts:opacity="0.5" \
      tts:visibility="hidden" tts:display="auto" tts:direction="rtl" tts:backgroundColor="rgba(0,0,0,51)" \
      itts:forcedDisplay="true" ebutts:linePadding="0.5c" ebutts:multiRowAlign="center" tts:ruby="text" tts:writingMode="tbrl">x</span></p></div>
      """)
    let r = try TTMLTest.read(d)
    guard case .element(let e) = r.document.cues.first?.content.first, let s = e.style else {
      Issue.record("no styled span")
      return
    }
    #expect(e.kind == .rubyText)
    #expect(s.fontStyle == .italic)
    #expect(s.textDecoration == [.underline, .lineThrough])
    #expect(s.textOutline == TextStyle.TextOutline(color: .black, thickness: Length(2, .pixels), blur: Length(1, .pixels)))
    #expect(s.textShadow?.count == 2)
    #expect(s.textShadow?.first?.color == Color(named: "red"))
    #expect(s.lineHeight == Length(120, .percent))
    #expect(s.opacity == 0.5)
    #expect(s.visible == false)
    #expect(s.displayed == true)  // display none is not read at all: see displayNoneContentIsNotRead
    #expect(s.direction == .rtl)
    #expect(s.backgroundColor?.alpha == 51)
    #expect(s.forcedDisplay == true)
    #expect(s.linePadding == Length(0.5, .cells))
    #expect(s.multiRowAlign == "center")
    #expect(s.writingMode == .tbrl)
  }

  @Test("White space: default collapses and trims around br; preserve keeps it")
  func whiteSpace() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="0s" end="1s">
          Hello   <span>big</span>
          world <br/>  second   line
        </p>
        <p begin="1s" end="2s" xml:space="preserve">  two  spaces
      next</p></div>
      """)
    let cues = try TTMLTest.read(d).document.cues
    #expect(cues[0].plainText == "Hello big world\nsecond line")
    #expect(cues[1].plainText == "  two  spaces\nnext")
  }

  @Test("White space: a span's own xml:space applies to its text, either way, and leaves no trace")
  func whiteSpaceSwitchedBySpan() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="0s" end="1s">  Hello   <span xml:space="preserve">big   gap
      next</span>   world  </p>
      <p begin="1s" end="2s" xml:space="preserve">Keep   this <span xml:space="default">  but   collapse  </span> end</p>
      <p begin="2s" end="3s"><span xml:space="preserve"><span xml:space="default" tts:color="red">  a   b  </span>  c  </span></p></div>
      """)
    let cues = try TTMLTest.read(d).document.cues
    #expect(cues.map(\.plainText) == ["Hello big   gap\nnext world", "Keep   this but collapse  end", "a b   c  "])
    // The preserved line feed is a line break node; the span keeps no marker class.
    #expect(cues[0].content == [.text("Hello "), .element(CueElement(.span, children: [.text("big   gap"), .lineBreak, .text("next")])), .text(" world")])
    func classes(_ nodes: [CueNode]) -> [String] {
      nodes.flatMap { n -> [String] in
        guard case .element(let e) = n else { return [] }
        return e.classes + classes(e.children)
      }
    }
    #expect(cues.flatMap { classes($0.content) }.isEmpty)
  }

  @Test("tts:position places a region as CSS background-position (TTML2 10.2.35): keywords, offsets, edge offsets")
  func regionPosition() throws {
    let cases: [(String, Double, Double)] = [
      // rh across and rw down use 16:9 when the root has no pixel size: 25rh = 14.0625rw.
      ("center", 20, 40), ("left", 0, 40), ("bottom", 20, 80), ("25rh", 14.0625, 40),
      ("left 25rw", 0, 25 * 16.0 / 9), ("right 25rw", 40, 25 * 16.0 / 9), ("25% 75%", 10, 60),
      ("bottom left 25rw", 25, 80), ("bottom 25rh center", 20, 55), ("right 25rw top 25rh", 15, 25), ("center right 25rw", 15, 40),
    ]
    let regions = cases.enumerated().map { #"<region xml:id="r\#($0.offset)" tts:extent="60rw 20rh" tts:position="\#($0.element.0)"/>"# }.joined()
    let doc = try TTMLTest.read(TTMLTest.doc(head: "<layout>\(regions)</layout>", body: "")).document
    for (k, c) in cases.enumerated() {
      let r = try #require(doc.region(id: "r\(k)"))
      #expect(r.origin == Region.LengthPair(Length(c.1, .percent), Length(c.2, .percent)), "\(c.0)")
      #expect(r.style.other["tts:position"] == nil)
    }
    // Pixels, and rh across or rw down, need the root's pixel size (1920x1080 here).
    let sized = try TTMLTest.read(TTMLTest.doc(#"tts:extent="1920px 1080px""#, head: #"<layout><region xml:id="a" tts:extent="50% 20%" tts:position="10rh 10rw"/><region xml:id="b" tts:extent="960px 216px" tts:position="192px 108px"/></layout>"#, body: "")).document
    let a = try #require(sized.region(id: "a")?.origin)
    #expect(abs(a.x.value - 5.625) < 1e-9 && abs(a.y.value - 1920.0 / 108) < 1e-9)
    #expect(sized.region(id: "b")?.origin == Region.LengthPair(Length(10, .percent), Length(10, .percent)))
    let unsized = try TTMLTest.read(TTMLTest.doc(head: #"<layout><region xml:id="b" tts:extent="50% 20%" tts:position="192px 108px"/></layout>"#, body: "")).document
    #expect(unsized.region(id: "b")?.origin == nil)
    // Not a position: kept as written, no origin.
    let bad = try TTMLTest.read(TTMLTest.doc(head: #"<layout><region xml:id="r" tts:extent="60% 20%" tts:position="left 10% 20%"/></layout>"#, body: "")).document
    #expect(bad.region(id: "r")?.origin == nil)
  }

  @Test("br, ttm:agent voices, xml:lang spans")
  func structure() throws {
    let d = TTMLTest.doc(
      head: "<metadata><ttm:agent xml:id=\"a1\" type=\"character\"><ttm:name type=\"full\">Mary</ttm:name></ttm:agent></metadata>",
      body: "<div><p begin=\"0s\" end=\"1s\" ttm:role=\"dialog\"><span ttm:agent=\"a1\">Hi</span><br/><span xml:lang=\"fr\">Salut</span></p></div>")
    let cue = try #require(try TTMLTest.read(d).document.cues.first)
    #expect(cue.content.count == 3)
    guard case .element(let v) = cue.content[0], case .element(let l) = cue.content[2] else {
      Issue.record("unexpected content \(cue.content)")
      return
    }
    #expect(v.kind == .voice(name: "Mary"))
    #expect(cue.content[1] == .lineBreak)
    #expect(l.kind == .language("fr"))
  }

  @Test("Namespaces resolve whatever the prefix: default, tt:, ttml:")
  func prefixes() throws {
    let a = """
      <tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xmlns:s="http://www.w3.org/ns/ttml#styling" xml:lang="en">
      <tt:body><tt:div><tt:p begin="1s" end="2s" s:color="red">x</tt:p></tt:div></tt:body></tt:tt>
      """
    let b = """
      <ttml:tt xmlns:ttml="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
      <ttml:body><ttml:div><ttml:p begin="1s" end="2s" tts:color="red">x</ttml:p></ttml:div></ttml:body></ttml:tt>
      """
    let c = TTMLTest.doc(body: "<div><p begin=\"1s\" end=\"2s\" tts:color=\"red\">x</p></div>")
    let docs = try [a, b, c].map { try TTMLTest.read($0).document.cues }
    #expect(docs[0] == docs[1])
    #expect(docs[1] == docs[2])
    #expect(docs[0].first?.style?.color == Color(red: 255, green: 0, blue: 0))
  }

  @Test("Region geometry becomes WebVTT cue settings")
  func regionToSettings() throws {
    let d = TTMLTest.doc(
      head: """
        <layout>
          <region xml:id="bottom" tts:origin="10% 70%" tts:extent="80% 20%" tts:displayAlign="after"/>
          <region xml:id="top" tts:origin="5% 5%" tts:extent="40% 10%"/>
        </layout>
        """,
      body: """
        <div><p region="bottom" tts:textAlign="center" begin="0s" end="1s">a</p>
        <p region="top" tts:textAlign="left" begin="1s" end="2s">b</p>
        <p region="top" tts:textAlign="end" begin="2s" end="3s">c</p></div>
        """)
    let cues = try TTMLTest.read(d).document.cues
    let s0 = cues[0].settings
    #expect(s0.region == "bottom")
    #expect(s0.snapToLines == false)
    #expect(s0.line == .value(90))
    #expect(s0.lineAlign == .end)
    #expect(s0.position == 50)
    #expect(s0.positionAlign == .center)
    #expect(s0.size == 80)
    #expect(s0.align == .center)
    let s1 = cues[1].settings
    #expect(s1.line == .value(5))
    #expect(s1.lineAlign == .start)
    #expect(s1.position == 5)
    #expect(s1.positionAlign == .lineLeft)
    #expect(s1.size == 40)
    #expect(s1.align == .left)
    let s2 = cues[2].settings
    #expect(s2.position == 45)
    #expect(s2.positionAlign == .lineRight)
    #expect(s2.align == .end)
  }

  @Test("The style resolver works on any model, not only TTML-read ones")
  func resolverOnModel() {
    var doc = CaptionDocument()
    var base = TextStyle()
    base.color = .black
    var bg = TextStyle()
    bg.backgroundColor = Color(red: 255, green: 255, blue: 0)
    doc.styles = [NamedStyle(id: "b", style: base), NamedStyle(id: "y", basedOn: ["b"], style: bg)]
    doc.cues = [Cue(start: .zero, end: TTMLTest.t(1), content: [.element(CueElement(.span, classes: ["y"], children: [.text("hi")]))])]
    let runs = TTMLStyleResolver(document: doc).styledRuns(of: doc)
    #expect(runs.count == 1)
    #expect(runs.first?.style.color == .black)
    #expect(runs.first?.style.backgroundColor == Color(red: 255, green: 255, blue: 0))
  }
}

@Suite("TTML regions")
struct TTMLRegionTests {
  @Test("An inline region places its p and is kept in the model")
  func inlineRegion() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="0s" end="1s" tts:textAlign="center"><region tts:origin="0% 50%" tts:extent="100% 50%" tts:displayAlign="after"/>low</p></div>
      """)
    let r = try TTMLTest.read(d)
    #expect(r.document.regions.map(\.id) == ["_inline1"])
    let s = try #require(r.document.cues.first?.settings)
    #expect(s.region == "_inline1")
    #expect(s.line == .value(100))
    #expect(s.lineAlign == .end)
    #expect(r.document.cues.first?.plainText == "low")
  }

  @Test("Content outside every region is kept and reported once")
  func unassigned() throws {
    let d = TTMLTest.doc(
      head: "<layout><region xml:id=\"r\" tts:extent=\"50% 50%\"/></layout>",
      body: "<div><p begin=\"0s\" end=\"1s\">a</p><p begin=\"1s\" end=\"2s\">b</p></div>")
    let r = try TTMLTest.read(d)
    #expect(r.document.cues.count == 2)
    #expect(r.diagnostics.filter { $0.code == "ttml.region.unassigned" }.count == 1)
  }
}

@Suite("TTML metadata attributes")
struct TTMLMetadataTests {
  @Test("ttm:role survives a TTML round trip")
  func role() throws {
    let d = TTMLTest.doc(body: "<div><p begin=\"0s\" end=\"1s\" ttm:role=\"sound\">[door slams]</p></div>")
    let a = try TTMLTest.read(d).document
    #expect(a.cues.first?.style?.other["ttm:role"] == "sound")
    let w = TTMLFormat().write(a, options: WriteOptions())
    #expect(String(decoding: w.bytes, as: UTF8.self).contains("ttm:role=\"sound\""))
    #expect(try TTMLFormat().read(w.bytes, options: ReadOptions()).document.cues == a.cues)
  }

  @Test("Content with display none is not read (TTML2 §10.2.11), also when a style or an ancestor hides it; set can show it for a while")
  func displayNoneContentIsNotRead() throws {
    let doc = TTMLTest.doc(
      head: #"<styling><style xml:id="hid" tts:display="none"/></styling>"#,
      body: #"<div><p begin="0s" end="4s">A<span tts:display="none">B<set begin="1s" end="2s" tts:display="auto"/></span><span style="hid">C</span></p><p begin="0s" end="2s" tts:display="none">hidden p</p><p begin="0s" end="3s" tts:display="none">later<set begin="2s" end="3s" tts:display="auto"/></p></div><div tts:display="none"><p begin="5s" end="6s">in a hidden div</p></div><div><p begin="6s" end="7s" style="hid">hidden by its style</p></div><div style="hid"><p begin="7s" end="8s">in a div hidden by its style</p></div>"#)
    let r = try TTMLTest.read(doc)
    #expect(r.document.cues.map(\.plainText) == ["A", "AB", "A", "later"])
    #expect(r.document.cues.map { [$0.start, $0.end] } == [[TTMLTest.t(0), TTMLTest.t(1)], [TTMLTest.t(1), TTMLTest.t(2)], [TTMLTest.t(2), TTMLTest.t(4)], [TTMLTest.t(2), TTMLTest.t(3)]])
  }

  @Test("Hidden content is not written to SRT (display none, visibility hidden) or WebVTT (display none; visibility is CSS there)")
  func hiddenContentIsNotShownInSRTAndWebVTT() throws {
    let r = try TTMLTest.read(TTMLTest.doc(
      body: #"<div><p begin="0s" end="2s">A<span tts:display="none">B<set begin="1s" end="2s" tts:display="auto"/></span></p><p begin="4s" end="6s" tts:visibility="hidden">invisible <span tts:visibility="visible">but this shows</span></p></div>"#))
    var document = r.document
    #expect(document.cues.map(\.plainText) == ["A", "AB", "invisible but this shows"])
    // Other sources of the model (a JSON document, the library) may carry display none.
    var hidden = TextStyle()
    hidden.displayed = false
    document.cues.append(Cue(start: TTMLTest.t(7), end: TTMLTest.t(8), content: [.text("C"), .element(CueElement(.span, style: hidden, children: [.text("D")]))]))
    document.cues.append(Cue(start: TTMLTest.t(9), end: TTMLTest.t(10), style: hidden, content: [.text("E")]))
    let srt = SubRipFormat().write(document, options: WriteOptions())
    let back = try SubRipFormat().read(srt.bytes, options: ReadOptions()).document.cues
    #expect(back.map(\.plainText) == ["A", "AB", "but this shows", "C", ""])
    let srtHidden = srt.diagnostics.filter { $0.code == "srt.write.hidden-text-dropped" }
    #expect(srtHidden.map(\.cueIndex) == [2, 3, 4])
    #expect(srtHidden.allSatisfy { $0.severity == .info })
    // Display and visibility, honoured, are not reported as styles SRT cannot hold.
    #expect(!srt.diagnostics.contains { $0.code == "srt.write.style-dropped" && ($0.message.contains("display") || $0.message.contains("visibility")) })

    let vtt = WebVTTFormat().write(document, options: WriteOptions())
    let vttText = String(decoding: vtt.bytes, as: UTF8.self)
    let vttBack = try WebVTTFormat().read(vtt.bytes, options: ReadOptions()).document.cues
    #expect(vttBack.map(\.plainText) == ["A", "AB", "invisible but this shows", "C", ""])
    #expect(vttText.contains("visibility: hidden"))
    #expect(!vttText.contains("{  }"))
    #expect(vtt.diagnostics.filter { $0.code == "webvtt.write.hidden-text-dropped" }.map(\.cueIndex) == [3, 4])
    #expect(!vtt.diagnostics.contains { $0.message.contains("display cannot be expressed") })
  }

  @Test("A document without any region is read unplaced: SRT and WebVTT players put it at the bottom, as other converters do; TTML is written back without a layout")
  func documentWithoutRegionsIsUnplaced() throws {
    let r = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="1s" end="2s">Hello</p><p begin="2s" end="3s" tts:textAlign="right">Right</p></div>"#))
    #expect(r.document.cues.map(\.settings.line) == [.auto, .auto])
    #expect(r.document.cues.map(\.settings.position) == [nil, nil])
    #expect(r.document.cues.map(\.settings.align) == [.center, .right])
    #expect(r.diagnostics.isEmpty)  // valid TTML: nothing to say when only validating
    let srt = SubRipFormat().write(r.document, options: WriteOptions())
    #expect(String(decoding: srt.bytes, as: UTF8.self) == "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:02,000 --> 00:00:03,000\n{\\an3}Right\n")
    #expect(srt.diagnostics.filter { $0.code == "srt.write.default-region-placed" }.count == 1)
    #expect(!srt.diagnostics.contains { $0.message.contains("captionkit:") })
    let vtt = WebVTTFormat().write(r.document, options: WriteOptions())
    #expect(String(decoding: vtt.bytes, as: UTF8.self).contains("00:00:01.000 --> 00:00:02.000\nHello\n"))
    #expect(vtt.diagnostics.filter { $0.code == "webvtt.write.default-region-placed" }.count == 1)
    let ttml = String(decoding: TTMLFormat().write(r.document, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(!ttml.contains("<region"))
    // With a region defined, a p outside it keeps TTML's placement (the default region).
    let withRegion = try TTMLTest.read(TTMLTest.doc(head: #"<layout><region xml:id="r" tts:origin="0% 80%" tts:extent="100% 20%"/></layout>"#, body: #"<div><p begin="1s" end="2s">x</p></div>"#))
    #expect(withRegion.document.cues.first?.settings.line == .value(0))
  }

  @Test("Image subtitles (smpte:backgroundImage on a div) are reported, not silently lost")
  func imageSubtitlesAreReported() throws {
    let doc = TTMLTest.doc(
      #"xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt""#,
      body: #"<div begin="1s" end="2s" smpte:backgroundImage="a.png"/><div begin="2s" end="3s" smpte:backgroundImage="b.png"/><div><p begin="3s" end="4s">text</p></div>"#)
    let r = try TTMLTest.read(doc)
    #expect(r.document.cues.map(\.plainText) == ["text"])
    let d = r.diagnostics.filter { $0.code == "ttml.content.image-dropped" }
    #expect(d.count == 1)
    #expect(d.first?.severity == .warning)
    #expect(d.first?.message.hasPrefix("2 subtitle(s) are images") == true)
    #expect(d.first?.message.contains("\"a.png\"") == true)
  }

  @Test("Unprefixed content elements in a prefixed (tt:) document are read as TTML and reported")
  func unprefixedContentInPrefixedDocument() throws {
    let text = #"<tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xml:lang="en"><tt:body><tt:div><tt:p begin="00:00:01.000" end="00:00:02.000">line one<br/>line two</tt:p><p begin="00:00:05.000" end="00:00:06.000">no ns p</p></tt:div><tt:head><tt:metadata><p>metadata stays</p></tt:metadata></tt:head></tt:body></tt:tt>"#
    let r = try TTMLFormat().read(Array(text.utf8), options: ReadOptions())
    #expect(r.document.cues.map(\.plainText) == ["line one\nline two", "no ns p"])
    let d = r.diagnostics.filter { $0.code == "ttml.content.no-namespace" }
    #expect(d.count == 1)
    #expect(d.first?.message.hasPrefix("2 content element(s)") == true)
    #expect(!r.diagnostics.contains { $0.code == "ttml.content.foreign-element-ignored" })
  }

  @Test("HTML entities no DTD declares (&nbsp;, &hellip;) are read as their characters, reported as errors; unknown names stay undefined")
  func htmlEntitiesAreReadAsCharacters() throws {
    let text = #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div><p begin="1s" end="2s">Wait&nbsp;for&hellip;me &copy; &nosuch;x</p><p begin="2s" end="3s">&nbsp;again</p></div></body></tt>"#
    let r = try TTMLFormat().read(Array(text.utf8), options: ReadOptions())
    #expect(r.document.cues.map(\.plainText) == ["Wait\u{00A0}for\u{2026}me \u{00A9} x", "\u{00A0}again"])
    let html = r.diagnostics.filter { $0.code == "ttml.xml.html-entity" }
    #expect(html.map { $0.location?.column } == [91, 100, 111])  // once per name
    #expect(html.allSatisfy { $0.severity == .error })
    #expect(html.first?.message.contains("U+00A0,") == true)
    #expect(r.diagnostics.filter { $0.code == "ttml.xml.undefined-entity" }.count == 1)  // &nosuch;
    // After an undefined entity, later references are still replaced: libxml2 stops doing so
    // once a document is not well-formed, which lost every later & and < of the text.
    // In attribute values too, whole characters (not their first byte), reported once per name.
    let attrs = try TTMLFormat().read(Array(#"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><body><div><p begin="0s" end="1s" xml:id="caf&eacute;" tts:fontFamily="Times&nbsp;New&nbsp;Roman">caf&eacute;</p></div></body></tt>"#.utf8), options: ReadOptions())
    #expect(attrs.document.cues.first?.id == "café")
    #expect(attrs.document.cues.first?.style?.fontFamily == ["Times\u{00A0}New\u{00A0}Roman"])
    #expect(attrs.document.cues.first?.plainText == "café")
    #expect(attrs.diagnostics.filter { $0.code == "ttml.xml.html-entity" }.count == 2)
    let broken = try TTMLFormat().read(Array(#"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div><p begin="1s" end="2s">&nosuch; a &amp; b</p><p begin="2s" end="3s">x &lt; y</p></div></body></tt>"#.utf8), options: ReadOptions())
    #expect(broken.document.cues.map(\.plainText) == ["a & b", "x < y"])
  }
}
