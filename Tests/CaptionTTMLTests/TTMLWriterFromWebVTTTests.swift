import CaptionKit
import Testing

/// TTML written from WebVTT documents: the global `::cue` style and CSS pixel lengths.
@Suite struct TTMLWriterFromWebVTTTests {
  static let vtt = """
    WEBVTT

    STYLE
    ::cue { color: #ffffff; background-color: rgba(0, 0, 0, 0.9); }
    ::cue(.caller) { color: #80deea; text-shadow: 1px 1px 2px #000000; }

    00:00:01.000 --> 00:00:03.000
    <c.caller>Hello</c>

    """

  func written() throws -> (text: String, result: WriteResult) {
    let doc = try WebVTTFormat().read(Array(Self.vtt.utf8), options: ReadOptions()).document
    let result = TTMLFormat().write(doc, options: WriteOptions())
    return (String(decoding: result.bytes, as: UTF8.self), result)
  }

  /// What TTML cannot carry from a WebVTT header and style sheet is reported, not silently
  /// dropped (lbrayner/vtt-to-srt#2, pysubs2#34): STYLE rules for IDs, elements and voices, the
  /// header lines and X-TIMESTAMP-MAP; the rules it can carry raise nothing.
  @Test func droppedStyleRulesAndHeaderAreReported() throws {
    let vtt = """
      WEBVTT
      Kind: captions
      X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000

      STYLE
      ::cue(#c1) { color: lime }
      ::cue(b), ::cue(.y) { color: red }

      c1
      00:00:01.000 --> 00:00:02.000
      Hello <b>bold</b>

      """
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let w = TTMLFormat().write(doc, options: WriteOptions())
    let found = Dictionary(uniqueKeysWithValues: w.diagnostics.map { ($0.code, $0) })
    #expect(found["ttml.write.style-rules-dropped"]?.severity == .warning)
    #expect(found["ttml.write.style-rules-dropped"]?.message.contains("(::cue(#c1), ::cue(b))") == true)
    #expect(found["ttml.write.header-dropped"]?.message == "the document's header lines have no TTML equivalent, dropped")
    // The time offset changes when cues play in a stream: a warning (`--fail-on-loss` counts it).
    #expect(found["ttml.write.timestamp-map-dropped"]?.severity == .warning)
    // The class rule is written as a style; SRT and WebVTT leave the reader's note out.
    #expect(String(decoding: w.bytes, as: UTF8.self).contains(#"xml:id="y""#))
    let plain = try WebVTTFormat().read(Array(Self.vtt.utf8), options: ReadOptions()).document
    #expect(!TTMLFormat().write(plain, options: WriteOptions()).diagnostics.contains { $0.code == "ttml.write.style-rules-dropped" || $0.code == "ttml.write.header-dropped" })
    #expect(!String(decoding: WebVTTFormat().write(doc, options: WriteOptions()).bytes, as: UTF8.self).contains("captionkit"))
    #expect(!SubRipFormat().write(doc, options: WriteOptions()).diagnostics.contains { $0.message.contains("captionkit") })
  }

  @Test func globalCueStyleAppliesToBody() throws {
    let (text, result) = try written()
    #expect(text.contains(##"<style xml:id="cueText" tts:color="#ffffff" tts:backgroundColor="#000000e6"/>"##))
    #expect(text.contains(#"<body style="cueText">"#))
    #expect(!result.diagnostics.contains { $0.code == "ttml.write.style-dropped" })
    // Read back, the cue text inherits the global colour and box.
    let back = try TTMLFormat().read(result.bytes, options: ReadOptions())
    #expect(back.document.cues.count == 1)
    #expect(back.document.style(id: "cueText")?.style.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 230))
  }

  /// A position with the default size (100%) keeps its place: the box shrinks to what the
  /// position allows first (WebVTT §7.2), so `position:20%` is a 40% box centred at 20%, and
  /// reading the TTML back gives the same rendering settings.
  @Test func positionWithDefaultSizeKeepsItsPlace() throws {
    let vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:01.000 position:20%\na\n\n00:00:01.000 --> 00:00:02.000 position:10% align:left\nb\n\n00:00:02.000 --> 00:00:03.000 position:70%,line-right size:50%\nc\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let out = TTMLFormat().write(doc, options: WriteOptions())
    let text = String(decoding: out.bytes, as: UTF8.self)
    #expect(text.contains(#"tts:origin="0% 0%" tts:extent="40% 100%""#))
    #expect(text.contains(#"tts:origin="10% 0%" tts:extent="90% 100%""#))
    #expect(text.contains(#"tts:origin="20% 0%" tts:extent="50% 100%""#))
    let back = try TTMLFormat().read(out.bytes, options: ReadOptions()).document.cues.map(\.settings)
    #expect(back.map(\.position) == [20, 10, 45])
    #expect(back.map(\.size) == [40, 90, 50])
    // At an edge the box would have no width: it keeps its size instead (moved inside).
    let edge = try WebVTTFormat().read(Array("WEBVTT\n\n00:00:00.000 --> 00:00:01.000 position:0%\nzero\n\n00:00:01.000 --> 00:00:02.000 position:100%,line-left\nhundred\n".utf8), options: ReadOptions()).document
    let edgeText = String(decoding: TTMLFormat().write(edge, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(!edgeText.contains(#"tts:extent="0%"#))
  }

  @Test func pixelLengthsGetARootExtent() throws {
    let (text, result) = try written()
    #expect(text.contains(#"tts:extent="1280px 720px""#))
    #expect(result.diagnostics.contains { $0.code == "ttml.write.root-extent-assumed" && $0.severity == .info })
    let back = try TTMLFormat().read(result.bytes, options: ReadOptions())
    #expect(!back.diagnostics.contains { $0.code == "ttml.profile.pixel-without-extent" })
  }

  /// TTML regions in px (through the root tts:extent) and in cells (through ttp:cellResolution)
  /// become WebVTT REGION geometry as percent regions do; px without a root extent cannot.
  @Test func pixelAndCellRegionsConvertToWebVTTRegions() throws {
    func vtt(_ rootAttributes: String, _ origin: String, _ extent: String) throws -> (String, [Diagnostic]) {
      let src = TTMLTest.doc(rootAttributes, head: #"<layout><region xml:id="a" tts:origin="\#(origin)" tts:extent="\#(extent)"/></layout>"#,
        body: #"<div><p region="a" begin="1s" end="2s">x</p></div>"#)
      // A cue that only names the region (cues placed by their own settings leave it out).
      var doc = try TTMLTest.read(src).document
      for i in doc.cues.indices {
        var s = CueSettings()
        s.region = "a"
        doc.cues[i].settings = s
      }
      let w = WebVTTFormat().write(doc, options: WriteOptions())
      return (String(decoding: w.bytes, as: UTF8.self), w.diagnostics)
    }
    let (px, _) = try vtt(#"tts:extent="640px 480px""#, "64px 384px", "512px 72px")
    #expect(px.contains("REGION\nid:a width:80% regionanchor:0%,0% viewportanchor:10%,80%\n"), "\(px)")
    let (cells, _) = try vtt(#"ttp:cellResolution="40 20""#, "4c 16c", "32c 3c")
    #expect(cells.contains("REGION\nid:a width:80% regionanchor:0%,0% viewportanchor:10%,80%\n"), "\(cells)")
    let (_, noRoot) = try vtt("", "64px 384px", "512px 72px")
    #expect(noRoot.contains { $0.code == "webvtt.write.region-geometry-dropped" && $0.severity == .warning })
  }

  /// A cue of a TTML region is placed by its own settings in WebVTT: `region:` after them would
  /// make a renderer lay it out in the region instead (WebVTT §6.3, §7.2), so it is left out,
  /// said once; converting back to TTML then needs no approximation.
  @Test func ttmlRegionCuesArePlacedByTheirOwnSettings() throws {
    let src = TTMLTest.doc(head: #"<layout><region xml:id="top" tts:origin="10% 5%" tts:extent="80% 20%" tts:displayAlign="before"/></layout>"#,
      body: #"<div><p region="top" begin="1s" end="2s">one</p><p region="top" begin="3s" end="4s">two</p></div>"#)
    let w = WebVTTFormat().write(try TTMLTest.read(src).document, options: WriteOptions())
    let vtt = String(decoding: w.bytes, as: UTF8.self)
    #expect(vtt.contains("00:00:01.000 --> 00:00:02.000 line:5% position:10%,line-left size:80% align:start\none\n"), "\(vtt)")
    #expect(!vtt.contains(" region:"))
    #expect(!vtt.contains("REGION"))  // no cue uses it
    #expect(w.diagnostics.filter { $0.code == "webvtt.write.region-omitted" }.map(\.cueIndex) == [0])
    let back = TTMLFormat().write(try WebVTTFormat().read(w.bytes, options: ReadOptions()).document, options: WriteOptions())
    #expect(!back.diagnostics.contains { $0.code == "ttml.write.region-approximated" })
  }

  /// Right-to-left WebVTT cues aligned start or end keep their side in TTML, whose start is
  /// left by default: written as right and left.
  @Test func rightToLeftStartAndEndKeepTheirSide() throws {
    let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000 align:start\nשלום עולם\n\n00:03.000 --> 00:04.000 align:end\nمرحبا\n\n00:05.000 --> 00:06.000 align:start\nHello\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let ttml = TTMLFormat().write(doc, options: WriteOptions())
    let back = try TTMLFormat().read(ttml.bytes, options: ReadOptions()).document.cues
    #expect(back.map(\.settings.align) == [.right, .left, .start], "\(String(decoding: ttml.bytes, as: UTF8.self))")
  }

  /// WebVTT ruby with several base/text pairs becomes one TTML ruby container per pair (TTML2
  /// §10.2.36); DFXP and EBU-TT-D keep the base text only, reported once; a language span
  /// keeps its xml:lang in EBU-TT-D; a p's xml:lang is read as the cue's language.
  @Test func rubyPairsLanguagesAndFlavors() throws {
    let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000\n<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>\n\n00:03.000 --> 00:04.000\nHello <lang fr>bonjour</lang>\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let imsc = String(decoding: TTMLFormat().write(doc, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(imsc.contains(#"<span tts:ruby="container"><span tts:ruby="base">漢</span><span tts:ruby="text">kan</span></span><span tts:ruby="container"><span tts:ruby="base">字</span><span tts:ruby="text">ji</span></span>"#), "\(imsc)")
    let back = try TTMLFormat().read(Array(imsc.utf8), options: ReadOptions())
    #expect(!back.diagnostics.contains { $0.severity == .error })
    #expect(back.document.cues.first?.plainText == "漢kan字ji")
    for flavor in ["dfxp", "ebu-tt-d"] {
      let w = TTMLFormat().write(doc, options: WriteOptions(flavor: flavor))
      let text = try TTMLFormat().read(w.bytes, options: ReadOptions()).document.cues.map(\.plainText)
      #expect(text == ["漢字", "Hello bonjour"], "\(flavor)")
      #expect(w.diagnostics.filter { $0.code == "ttml.write.ruby-dropped" }.count == 1, "\(flavor)")
    }
    let ebu = String(decoding: TTMLFormat().write(doc, options: WriteOptions(flavor: "ebu-tt-d")).bytes, as: UTF8.self)
    #expect(ebu.contains(#"<tt:span xml:lang="fr">bonjour</tt:span>"#), "\(ebu)")
    // A p (or div) in another language than the document's.
    let ttml = TTMLTest.doc(body: #"<div xml:lang="ja"><p begin="1s" end="2s">日本語</p></div><div><p xml:lang="de" begin="3s" end="4s">Hallo</p><p begin="5s" end="6s">Hi</p></div>"#)
    let cues = try TTMLTest.read(ttml).document.cues
    #expect(cues.map(\.content) == [
      [.element(CueElement(.language("ja"), children: [.text("日本語")]))], [.element(CueElement(.language("de"), children: [.text("Hallo")]))], [.text("Hi")],
    ])
  }
}
