import CaptionCore
import Foundation
import Testing

@testable import CaptionStyle

@Suite struct ExportTests {
  let lib = ProfileLibrary.builtIn

  @Test func webvttCSSWithOutlineApproximation() throws {
    let e = ProfileExporter.export(try lib.profile("translucent-box-50-outline"), to: .webvtt)
    #expect(e.text.hasPrefix("STYLE\n"))
    #expect(e.text.contains("color: #ffffff;"))
    #expect(e.text.contains("background-color: rgba(0, 0, 0, 0.5);"))
    #expect(e.text.contains("font-family: \"SF Pro Text\", \"Helvetica Neue\", sans-serif;"))
    #expect(e.text.contains("font-size: 5.33vh;"))
    #expect(e.text.contains("text-shadow: 0.06em 0 0 #000000, -0.06em 0 0 #000000"))
    #expect(e.diagnostics.map(\.code) == ["style.export.webvtt.outline-approximated"])
    #expect(!e.text.contains("\n\n\n"))
  }

  @Test func ttmlStyles() throws {
    let e = ProfileExporter.export(try lib.profile("translucent-box-50-outline"), to: .ttml)
    #expect(e.text.contains("tts:color=\"#ffffffff\""))
    #expect(e.text.contains("tts:backgroundColor=\"#00000080\""))
    #expect(e.text.contains("tts:textOutline=\"#000000ff 0.06em\""))
    #expect(e.text.contains("tts:fontFamily=\"'SF Pro Text', 'Helvetica Neue', proportionalSansSerif\""))
    #expect(e.text.contains("tts:fontSize=\"5.33rh\""))
    #expect(e.diagnostics.isEmpty)
    // The result is well-formed XML.
    #expect((try? XMLDocumentProbe.parse(e.text)) == true)
    var thick = try lib.profile("outline-only")
    thick.edge.width = 0.12
    #expect(ProfileExporter.export(thick, to: .ttml).diagnostics.map(\.code) == ["style.export.ttml.outline-too-thick"])
  }

  @Test func cea708Quantisation() throws {
    let e = ProfileExporter.export(try lib.profile("translucent-box-75"), to: .cea708)
    #expect(e.text.contains("fgColor      (3,3,3) = #FFFFFF"))
    #expect(e.text.contains("bgOpacity    2 TRANSLUCENT"))
    #expect(e.text.contains("fillOpacity  3 TRANSPARENT"))
    #expect(e.text.contains("fontTag      4 PROPORTIONAL_SANSSERIF"))
    let q = try #require(e.diagnostics.first { $0.code == "style.export.cea708.quantised" })
    #expect(q.severity == .warning)
    #expect(q.message.contains("3.98:1 (sRGB blend)"))
    let glare = ProfileExporter.export(try lib.profile("low-glare-dark"), to: .cea708)
    #expect(glare.text.contains("fgColor      (3,3,3) = #FFFFFF"))
    #expect(glare.text.contains("bgColor      (0,0,0) = #000000"))
    #expect(glare.diagnostics.first { $0.code == "style.export.cea708.quantised" }?.severity == .info)
    let classic = ProfileExporter.export(try lib.profile("cea608-classic"), to: .cea708)
    #expect(classic.text.contains("fontTag      3 MONOSPACED_SANSSERIF"))
    #expect(classic.diagnostics.isEmpty)
  }

  @Test func appleAndAndroidValues() throws {
    let p = try lib.profile("translucent-box-50-outline")
    let apple = ProfileExporter.export(p, to: .apple)
    #expect(apple.text.contains("MACaptionAppearanceGetBackgroundOpacity     0.5"))
    #expect(apple.text.contains("kMACaptionAppearanceTextEdgeStyleUniform"))
    #expect(apple.text.contains("kCMTextMarkupAttribute_CharacterBackgroundColorARGB [0.5, 0, 0, 0]"))
    #expect(apple.text.contains("kCMTextMarkupGenericFontName_ProportionalSansSerif"))
    #expect(apple.diagnostics.map(\.code) == ["style.export.apple.edge-approximated"])
    let android = ProfileExporter.export(p, to: .android)
    #expect(android.text.contains("foregroundColor = 0xFFFFFFFF"))
    #expect(android.text.contains("backgroundColor = 0x80000000"))
    #expect(android.text.contains("windowColor     = 0x00000000"))
    #expect(android.text.contains("edgeType        = 1 EDGE_TYPE_OUTLINE"))
    #expect(android.text.contains("setFractionalTextSize(0.0533f)"))
    let yb = ProfileExporter.export(try lib.profile("yellow-on-blue"), to: .android)
    #expect(yb.text.contains("foregroundColor = 0xFFFFFF00"))
    #expect(yb.text.contains("backgroundColor = 0xFF0000FF"))
  }

  @Test func everyProfileExportsEverywhere() throws {
    for p in lib.allProfiles {
      for t in ExportTarget.allCases {
        let e = ProfileExporter.export(p, to: t)
        #expect(!e.text.isEmpty, "\(p.id) → \(t)")
      }
    }
  }

  @Test func applyWritesCSSNamedStyleAndRefs() throws {
    let p = try lib.profile("outline-only")
    let doc = CaptionDocument(cues: [
      Cue(start: .zero, end: CaptionTime(milliseconds: 1000), styleRefs: ["s1"], content: [.text("Hi")])
    ])
    let (out, diags) = p.apply(to: doc)
    #expect(out.styleSheets.count == 1)
    #expect(out.styleSheets[0].contains("::cue {"))
    #expect(out.styles.map(\.id) == ["outline-only"])
    #expect(out.styles[0].style.textOutline?.thickness == Length(0.08, .em))
    #expect(out.styles[0].style.fontSize == Length(6, .rootHeight))
    #expect(out.cues[0].styleRefs == ["outline-only", "s1"])
    #expect(diags.isEmpty)
    // The applied document passes the document checker: the outline travels as a halo.
    #expect(DocumentStyleChecker.check(out, profile: nil, defaults: .ttml).isEmpty)
    // WebVTT: a ::cue rule only, cue refs untouched, and the outline approximation reported.
    let (vtt, vttDiags) = p.apply(to: doc, format: "webvtt")
    #expect(vtt.styleSheets.count == 1 && vtt.styles.isEmpty)
    #expect(vtt.cues[0].styleRefs == ["s1"])
    #expect(vttDiags.map(\.code) == ["style.export.webvtt.outline-approximated"])
    // From TTML (named styles, no style sheet) to WebVTT: a global named style instead.
    var fromTTML = doc
    fromTTML.styles = [NamedStyle(id: "s1", style: TextStyle())]
    let (t2v, _) = p.apply(to: fromTTML, format: "webvtt")
    #expect(t2v.styleSheets.isEmpty)
    #expect(t2v.styles.map(\.id) == ["", "s1"])
    // Applying a failing profile says so.
    let (_, bad) = try lib.profile("drop-shadow-only").apply(to: doc, format: "ttml")
    #expect(bad.contains { $0.code == "style.apply.profile-fails" })
  }

  @Test func svgPreviewLabelsEachFrame() throws {
    let svg = SVGPreview.render(try lib.profile("fcc-semitransparent-box"))
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("fcc-semitransparent-box — FAIL"))
    #expect(svg.contains("Black frame: contrast 21.00:1 (sRGB blend), 21.00:1 (linear)"))
    #expect(svg.contains("White frame: contrast 3.98:1 (sRGB blend), 1.91:1 (linear)"))
    #expect(svg.contains("Busy frame: worst case over any video 3.98:1 (sRGB blend), 1.91:1 (linear)"))
    #expect((try? XMLDocumentProbe.parse(svg)) == true)
    let outline = SVGPreview.render(try lib.profile("outline-only"))
    #expect(outline.contains("stroke=\"#000000\""))
  }

  /// A font family name is escaped as a CSS string and again for the XML attribute: a name
  /// holding `"/><script>` ended the attribute and put a live script in the preview.
  @Test func svgPreviewEscapesFontFamilies() throws {
    var p = try lib.profile("outline-only")
    p.text.fontFamily = ["\"/><script>alert(2)</script>", "O'Brien \\ Sans"]
    let svg = SVGPreview.render(p)
    #expect(!svg.contains("<script>"))
    #expect(svg.contains("font-family=\"'&quot;/&gt;&lt;script&gt;alert(2)&lt;/script&gt;', 'O\\'Brien \\\\ Sans', "), "\(svg)")
    #expect((try? XMLDocumentProbe.parse(svg)) == true)
    // A quote followed by a combining mark is one Character: escaped all the same.
    p.text.fontFamily = ["A\"\u{301} onload=\"x"]
    let marked = SVGPreview.render(p)
    #expect(marked.contains("font-family=\"'A&quot;\u{301} onload=&quot;x', "), "\(marked)")
    #expect((try? XMLDocumentProbe.parse(marked)) == true)
  }

  /// Escapes go by code point: "\r\n" and a quote or hyphen with a combining mark after it are
  /// single Characters that passed checks of whole Characters.
  @Test func exportEscapesGoByCodePoint() {
    #expect(WebVTTStyleExporter.safe("A\r\n\r\nB\"\u{301}}") == "AB\u{301}")
    #expect(TTMLStyleExporter.escape("a\"\u{301}&\u{301}<\u{301}") == "a&quot;\u{301}&amp;\u{301}&lt;\u{301}")
    #expect(TTMLStyleExporter.commentSafe("x--\u{301}y") == "x- -\u{301}y")
  }

  /// Control characters XML 1.0 cannot hold, even as references (§2.2), made the SVG preview
  /// and the TTML export unparsable; tab, line feed and carriage return survive as references.
  @Test func controlCharactersCannotBreakTheXML() throws {
    let p = try ProfileLoader.parse(
      #"{"schema": "caption-style-profile/1", "id": "evil", "name": "A\u0001B\nC", "text": {"fontFamily": ["Fo\u0000o\t", "proportionalSansSerif"]}}"#)
    let svg = SVGPreview.render(p)
    #expect((try? XMLDocumentProbe.parse(svg)) == true)
    #expect(svg.contains("A\u{FFFD}B&#10;C"))
    let ttml = TTMLStyleExporter.export(p).text
    #expect((try? XMLDocumentProbe.parse(ttml)) == true)
    #expect(ttml.contains("Fo\u{FFFD}o&#9;"), "\(ttml)")
    #expect(ExportSupport.xml("\u{FFFE}a\u{7}") == "\u{FFFD}a\u{FFFD}")
  }
}

/// Parses XML with Foundation's SAX parser to check well-formedness.
enum XMLDocumentProbe {
  static func parse(_ s: String) throws -> Bool {
    #if canImport(FoundationXML)
      return FoundationXMLProbe.parse(s)
    #else
      return XMLParser(data: Data(s.utf8)).parse()
    #endif
  }
}

@Suite struct ExportSafetyTests {
  @Test func hostileFontNamesCannotBreakTheStyleBlock() throws {
    let p = try ProfileLoader.parse(
      ##"{"schema": "caption-style-profile/1", "id": "x", "text": {"fontFamily": ["Evil\n\n-->\"}", "sansSerif"]}, "platformOverrides": {"webvtt": {"color": "red}\n\n00:00.000 --> 00:01.000"}}}"##)
    let css = WebVTTStyleExporter.export(p).text
    #expect(!css.contains("-->"))
    #expect(!css.contains("\n\n"))
    #expect(css.contains("font-family: \"Evil-\", sans-serif;"))
    let ttml = TTMLStyleExporter.export(p).text
    #expect((try? XMLDocumentProbe.parse(ttml)) == true)
  }

  /// Override keys are written as attribute or field names: one that is not a name broke the
  /// TTML export's XML, and a line break in a value started a new line of a snippet.
  @Test func overridesThatAreNotNamesAreSkippedAndSaid() throws {
    let p = try ProfileLoader.parse(
      ##"{"schema": "caption-style-profile/1", "id": "x", "platformOverrides": {"ttml": {"tts:fontSize": "90%", "a b=\"1\" c": "x", "foo:bar": "1", "tts:": "1"}, "android": {"setFoo": "1", "x\ny": "2", "ok": "a\nb"}, "apple": {"kCMTextMarkupAttribute_X": "2"}, "cea708": {"pen size": "1"}}}"##)
    let ttml = TTMLStyleExporter.export(p)
    #expect((try? XMLDocumentProbe.parse(ttml.text)) == true)
    #expect(ttml.text.contains(#"tts:fontSize="90%""#))
    #expect(!ttml.text.contains("a b="))
    let skipped = ttml.diagnostics.filter { $0.code == "style.export.override-skipped" }
    #expect(skipped.map(\.message) == [
      #"platformOverrides.ttml.a b=\"1\" c: the key is not an attribute name with a declared prefix (tts:, ebutts:, itts:); skipped"#,
      "platformOverrides.ttml.foo:bar: the key is not an attribute name with a declared prefix (tts:, ebutts:, itts:); skipped",
      "platformOverrides.ttml.tts:: the key is not an attribute name with a declared prefix (tts:, ebutts:, itts:); skipped",
    ])
    #expect(skipped.allSatisfy { $0.severity == .warning })
    let android = AndroidStyleExporter.export(p)
    #expect(android.text.contains("setFoo = 1\n"))
    #expect(!android.text.contains("x\ny") && !android.text.contains("ok = "))
    #expect(android.diagnostics.filter { $0.code == "style.export.override-skipped" }.map(\.message) == [
      "platformOverrides.android.ok: the value holds a line break or control character; skipped",
      #"platformOverrides.android.x\ny: the key is not an identifier (letters, digits, _ and .); skipped"#,
    ])
    #expect(AppleStyleExporter.export(p).text.contains("kCMTextMarkupAttribute_X 2\n"))
    // A comment opened in a WebVTT override would swallow the rule's closing brace.
    let css = try ProfileLoader.parse(##"{"schema": "caption-style-profile/1", "id": "x", "platformOverrides": {"webvtt": {"a-color": "red /* x", "b": "1 */ 2"}}}"##)
    let vtt = WebVTTStyleExporter.export(css).text
    let rule = try #require(vtt.range(of: "::cue {")).upperBound
    #expect(!vtt[rule...].contains("/*") && !vtt[rule...].contains("*/"), "\(vtt)")
    #expect(vtt.contains("a-color: red / x;") && vtt.contains("b: 1 * 2;"), "\(vtt)")
    let cea = CEA708StyleExporter.export(p)
    #expect(!cea.text.contains("override pen size"))
    #expect(cea.diagnostics.contains { $0.code == "style.export.override-skipped" })
  }

  @Test func profileIDsThatAreNotXMLNamesGetAnUnderscore() throws {
    let p = try ProfileLoader.parse(#"{"schema": "caption-style-profile/1", "id": "2024-night"}"#)
    let export = TTMLStyleExporter.export(p)
    #expect(export.text.contains(#"<style xml:id="_2024-night""#))
    #expect(export.text.contains(#"<style xml:id="_2024-night-window""#))
    #expect(!export.text.contains(#"xml:id="2024"#))
    #expect(export.diagnostics.filter { $0.code == "style.export.ttml.id-renamed" }.count == 1)
    let plain = TTMLStyleExporter.export(try ProfileLoader.parse(#"{"schema": "caption-style-profile/1", "id": "night-2024"}"#))
    #expect(plain.text.contains(#"<style xml:id="night-2024""#))
    #expect(!plain.diagnostics.contains { $0.code == "style.export.ttml.id-renamed" })
  }
}
