import CaptionKit
import Testing

@Suite("TTML validation rules")
struct TTMLValidationTests {
  func errors(_ text: String, profile: String? = nil) throws -> [Diagnostic] {
    try TTMLTest.read(text, profile: profile).diagnostics.filter { $0.severity == .error }
  }

  @Test("Profile definitions: feature and extension designations, bases and the use designator")
  func profileDefinitions() throws {
    func profileErrors(_ profile: String, _ as: String? = nil) throws -> [String] {
      try errors(TTMLTest.doc(head: "<ttp:profile>\(profile)</ttp:profile>", body: ""), profile: `as`).map(\.message)
    }
    // Standard designations are accepted, in TTML1 and TTML2.
    let good = #"<ttp:features><ttp:feature value="required">#fontStyle-italic</ttp:feature></ttp:features>"#
      + #"<ttp:extensions xml:base="http://example.com/ext/"><ttp:extension>#mine</ttp:extension></ttp:extensions>"#
    #expect(try profileErrors(good, "ttml1").isEmpty)
    #expect(try profileErrors(good).isEmpty)
    // An unknown or empty feature token, an unknown standard extension, a bad use designator.
    #expect(try profileErrors("<ttp:features><ttp:feature>#foo</ttp:feature></ttp:features>").first?.contains("\"#foo\" is not a standard feature designation") == true)
    #expect(try profileErrors("<ttp:features><ttp:feature>#</ttp:feature></ttp:features>").first?.contains("needs a designation") == true)
    #expect(try profileErrors("<ttp:extensions><ttp:extension>#unknown</ttp:extension></ttp:extensions>").count == 1)
    #expect(try TTMLTest.read(TTMLTest.doc(head: #"<ttp:profile use="foo"/>"#, body: "")).diagnostics.contains { $0.message.contains("use=\"foo\" is not an absolute URI or a standard profile designator") })
    #expect(try errors(TTMLTest.doc(head: #"<ttp:profile use="dfxp-full"/>"#, body: "")).isEmpty)
    // TTML1 wants absolute bases, and the feature namespace itself for features; TTML2 does not.
    let relative = #"<ttp:features xml:base="foo"/>"#
    #expect(try profileErrors(relative, "ttml1").first?.contains("must be an absolute URI") == true)
    #expect(try profileErrors(relative).isEmpty)
    #expect(try profileErrors(#"<ttp:features xml:base="http://example.com/f/"/>"#, "ttml1").first?.contains("must be the TT feature namespace") == true)
  }

  @Test("TTML1 lengths have no rw or rh (TTML1 8.3.9); TTML2 and IMSC 1.1 accept them")
  func rootRelativeUnitsAreTTML2Only() throws {
    let doc = TTMLTest.doc(head: #"<styling><style xml:id="s" tts:fontSize="5rh"/></styling><layout><region xml:id="r" tts:origin="10rw 70%" tts:extent="60% 20%"/></layout>"#, body: "")
    let ttml1 = try errors(doc, profile: "ttml1").filter { $0.code == "ttml.validate.bad-value" }.map(\.message)
    #expect(ttml1 == [
      #"tts:fontSize="5rh": TTML1 lengths are px, em, c or %; rw and rh are TTML2 units"#,
      #"tts:origin="10rw 70%": TTML1 lengths are px, em, c or %; rw and rh are TTML2 units"#,
    ])
    #expect(try errors(doc, profile: "ttml2").filter { $0.code == "ttml.validate.bad-value" }.isEmpty)
  }

  @Test("A content profile must not prohibit a feature that a feature it permits is defined by (TTML2 Appendix E.1)")
  func profileFeatureConflicts() throws {
    func profile(_ features: String, type: String = "content") -> String {
      TTMLTest.doc(head: "\n<ttp:profile type=\"\(type)\">\n<ttp:features>\n\(features)\n</ttp:features>\n</ttp:profile>", body: "")
    }
    let conflict = try errors(profile("""
      <ttp:feature value="optional">#extent-root-version-2</ttp:feature>
      <ttp:feature value="prohibited">#extent-contain</ttp:feature>
      """))
    #expect(conflict.map(\.code) == ["ttml.validate.profile-conflict"])
    #expect(conflict.first?.location?.line == 7)
    #expect(conflict.first?.location?.column == 1)
    // No value means required; an absolute designation counts the same.
    let required = try errors(profile("""
      <ttp:feature>http://www.w3.org/ns/ttml/feature/#fontStyle</ttp:feature>
      <ttp:feature value="prohibited">#fontStyle-oblique</ttp:feature>
      """))
    #expect(required.map(\.code) == ["ttml.validate.profile-conflict"])
    // Prohibiting the broader feature while permitting a narrower one is fine, and processor
    // profiles are not held to the rule.
    #expect(try errors(profile("""
      <ttp:feature value="prohibited">#extent-root-version-2</ttp:feature>
      <ttp:feature value="optional">#extent-contain</ttp:feature>
      """)).isEmpty)
    #expect(try errors(profile("""
      <ttp:feature value="optional">#fontStyle</ttp:feature>
      <ttp:feature value="prohibited">#fontStyle-italic</ttp:feature>
      """, type: "processor")).isEmpty)
  }

  @Test("metadata holds elements, not text")
  func metadataText() throws {
    let e = try errors(TTMLTest.doc(head: "<metadata>Illegal Text</metadata>", body: ""))
    #expect(e.map(\.code) == ["ttml.validate.misplaced-text"])
  }

  @Test("A clean IMSC 1.1 document has no errors")
  func clean() throws {
    let d = TTMLTest.doc(
      "ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\"",
      head: "<layout><region xml:id=\"r\" tts:origin=\"10% 80%\" tts:extent=\"80% 10%\"/></layout>",
      body: "<div><p region=\"r\" begin=\"00:00:01.000\" end=\"00:00:02.000\">ok</p></div>")
    #expect(try errors(d).isEmpty)
  }

  @Test("Bad values, unknown attributes and dangling references have code and line:column")
  func ttmlRules() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="1s" end="2s" tts:color="rgb(0,0,300)" region="nowhere">a</p>
      <p begin="1s" end="2s" tts:colour="red" style="missing">b</p></div>
      """)
    let e = try errors(d)
    // One error for the bad colour: the reader's (the validator's bad-value would repeat it).
    #expect(!e.contains { $0.code == "ttml.validate.bad-value" })
    let bad = try #require(e.first { $0.code == "ttml.style.invalid-value" })
    #expect(bad.location?.line == 4)
    #expect(bad.location?.column == 35)  // after "<body><div><p begin=\"1s\" end=\"2s\" "
    #expect(e.contains { $0.code == "ttml.validate.bad-idref" && $0.message.contains("nowhere") })
    #expect(e.contains { $0.code == "ttml.validate.bad-idref" && $0.message.contains("missing") })
    #expect(e.contains { $0.code == "ttml.validate.unknown-attribute" && $0.location?.line == 5 })
  }

  @Test("Content model: a p inside a p, text in a div")
  func contentModel() throws {
    let d = TTMLTest.doc(body: "<div>stray<p begin=\"0s\" end=\"1s\"><p>nested</p></p></div>")
    let e = try errors(d)
    #expect(e.contains { $0.code == "ttml.validate.misplaced-element" })
    #expect(e.contains { $0.code == "ttml.validate.misplaced-text" })
  }

  @Test("IMSC 1.1 profile rules apply from the designator or from ReadOptions.profile")
  func imscProfile() throws {
    let body = "<div><p begin=\"0s\" end=\"1s\" tts:letterSpacing=\"1px\" tts:textAlign=\"justify\">a</p></div>"
    let designated = TTMLTest.doc("ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\" tts:extent=\"640px 480px\"", body: body)
    let e = try errors(designated)
    #expect(e.contains { $0.code == "ttml.profile.prohibited-style" && $0.message.hasPrefix("imsc1.1-text") })
    #expect(e.contains { $0.code == "ttml.profile.prohibited-value" })
    // Without a designator, only TTML2 rules apply…
    let plain = TTMLTest.doc("tts:extent=\"640px 480px\"", body: body)
    #expect(try errors(plain).isEmpty)
    // …unless the caller chooses the profile.
    #expect(try errors(plain, profile: "imsc1.1").contains { $0.code == "ttml.profile.prohibited-style" })
  }

  @Test("EBU-TT-D: timing on p or on all spans, no inline styles")
  func ebuttd() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="0s" end="1s"><span begin="0s" end="1s">both timed</span></p>
      <p><span begin="0s" end="1s">timed</span> untimed</p>
      <p begin="0s" end="1s" tts:color="red">inline</p></div>
      """)
    let e = try errors(d, profile: "ebu-tt-d")
    #expect(e.filter { $0.code == "ttml.profile.timing" }.count == 2)
    #expect(e.contains { $0.code == "ttml.profile.inline-style" && $0.location?.line == 6 })
  }

  @Test("EBU-TT-D: what Tech 3380's schema allows (time forms, ids, regions, values, elements)")
  func ebuttdSchemaRules() throws {
    let head = """
      <styling><style xml:id="base" tts:color="#FFFFFF"/><style xml:id="s2" style="base" tts:fontStyle="oblique" tts:backgroundColor="black"/></styling>
      <layout><region xml:id="r1" tts:origin="10% 70%"/><region xml:id="r2" tts:origin="10px 70px" tts:extent="80% 20%" tts:padding="1c" tts:textAlign="center"/>
      <region xml:id="r3" tts:origin="50% 50%" tts:extent="80% 80%"/></layout>
      """
    let d = TTMLTest.doc("ttp:timeBase=\"media\"", head: head, body: """
      <div begin="00:00:00.000"><p xml:id="a" begin="1s" end="00:00:02:10">x</p>
      <p begin="00:00:03.000" end="00:00:04.000"><span region="r1">y<set tts:color="#FF0000"/></span></p><ck:x xmlns:ck="urn:x"/></div>
      """)
    let e = try errors(d, profile: "ebu-tt-d").map { "\($0.code)@\($0.location?.line ?? 0)" }
    #expect(e.sorted() == [
      "ttml.profile.color@3", "ttml.profile.element@7", "ttml.profile.element@7", "ttml.profile.font-style@3", "ttml.profile.length-unit@4",
      "ttml.profile.length-unit@4", "ttml.profile.missing-id@7", "ttml.profile.region-geometry@4", "ttml.profile.region-outside-root@4",
      "ttml.profile.region-outside-root@5", "ttml.profile.region-style@4", "ttml.profile.span-region@7", "ttml.profile.style-chain@3",
      "ttml.profile.time-expression@6", "ttml.profile.time-expression@6", "ttml.profile.timing@6",
      // The set after the span's text: animation comes before content (TTML1 §7.1.6).
      "ttml.validate.element-order@7",
    ])
    // ttp:timeBase is required; hh:mm:ss.fff times and the allowed region styles are fine.
    let clean = TTMLTest.doc(head: #"<styling><style xml:id="s"/></styling><layout><region xml:id="r" tts:origin="10% 10%" tts:extent="80% 80%" tts:displayAlign="after"/></layout>"#,
      body: #"<div><p xml:id="p1" region="r" begin="00:00:01.000" end="00:00:02.5">x</p></div>"#)
    #expect(try errors(clean, profile: "ebu-tt-d").map(\.code) == ["ttml.profile.time-base"])
  }

  /// Tech 3380's schema gives <style> the text properties only (with ebutts:multiRowAlign,
  /// ebutts:linePadding and itts:fillLineGap); a region's, or one EBU-TT-D lacks, is an error.
  @Test("EBU-TT-D: a style holds text properties only")
  func ebuttdStyleAttributes() throws {
    let head = #"""
      <styling><style xml:id="s" tts:color="#FFFFFF" tts:fontSize="100%" ebutts:multiRowAlign="center" ebutts:linePadding="0.5c" itts:fillLineGap="true"/>
      <style xml:id="t" tts:origin="10% 10%" tts:opacity="0.5" itts:forcedDisplay="true" ebutts:other="x"/></styling>
      <layout><region xml:id="r" tts:origin="10% 10%" tts:extent="80% 80%"/></layout>
      """#
    let d = TTMLTest.doc(
      #"ttp:timeBase="media" xmlns:ebutts="urn:ebu:tt:style" xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling""#, head: head,
      body: #"<div><p xml:id="p1" region="r" style="s t" begin="00:00:01.000" end="00:00:02.000">x</p></div>"#)
    let e = try errors(d, profile: "ebu-tt-d").filter { $0.code == "ttml.profile.style-attribute" }
    #expect(e.map(\.message) == [
      "ebu-tt-d: tts:origin is not allowed on <style> in EBU-TT-D (it belongs on the <region>)",
      "ebu-tt-d: tts:opacity is not allowed on <style> in EBU-TT-D",
      "ebu-tt-d: itts:forcedDisplay is not allowed on <style> in EBU-TT-D",
      "ebu-tt-d: ebutts:other is not allowed on <style> in EBU-TT-D",
    ])
    #expect(e.allSatisfy { $0.location?.line == 4 })
    // An unknown tts: name is the vocabulary's error only, not this one as well.
    let unknown = TTMLTest.doc(
      #"ttp:timeBase="media""#,
      head: #"<styling><style xml:id="s" tts:colour="red"/></styling><layout><region xml:id="r" tts:origin="10% 10%" tts:extent="80% 80%"/></layout>"#,
      body: #"<div><p xml:id="p1" region="r" style="s" begin="00:00:01.000" end="00:00:02.000">x</p></div>"#)
    #expect(try errors(unknown, profile: "ebu-tt-d").map(\.code) == ["ttml.validate.unknown-attribute"])
  }

  @Test("EBU-TT-D: a head holding styling with a style and layout with a region; styles have ids")
  func ebuttdStructure() throws {
    let body = #"<div><p xml:id="p1" begin="00:00:01.000" end="00:00:02.000">x</p></div>"#
    func found(_ head: String?) throws -> [String] {
      let d = head.map { TTMLTest.doc(#"ttp:timeBase="media""#, head: $0, body: body) }
        ?? "<?xml version=\"1.0\"?>" + TTMLTest.header + #" ttp:timeBase="media"><body>\#(body)</body></tt>"#
      return try errors(d, profile: "ebu-tt-d").map { "\($0.code): \($0.message)" }
    }
    let region = #"<region xml:id="r" tts:origin="0% 0%" tts:extent="100% 100%"/>"#
    #expect(try found(#"<styling><style xml:id="s"/></styling><layout>\#(region)</layout>"#).isEmpty)
    #expect(try found(nil) == ["ttml.profile.missing-element: ebu-tt-d: <tt> must hold a <head>"])
    #expect(try found("") == [
      "ttml.profile.missing-element: ebu-tt-d: <head> must hold a <styling>",
      "ttml.profile.missing-element: ebu-tt-d: <head> must hold a <layout>",
    ])
    #expect(try found(#"<styling/><layout/>"#) == [
      "ttml.profile.missing-element: ebu-tt-d: <styling> must hold a <style>",
      "ttml.profile.missing-element: ebu-tt-d: <layout> must hold a <region>",
    ])
    #expect(try found(##"<styling><style tts:color="#ffffff"/></styling><layout>\##(region)</layout>"##) == [
      "ttml.profile.missing-id: ebu-tt-d: xml:id is required on <style>"
    ])
  }

  @Test("EBU-TT-D is detected from ebuttm:conformsToStandard when the document claims nothing else")
  func ebuttdDetection() throws {
    func doc(_ standards: [String]) -> String {
      let meta = standards.map { "<ebuttm:conformsToStandard>\($0)</ebuttm:conformsToStandard>" }.joined()
      return TTMLTest.doc(#"xmlns:ebuttm="urn:ebu:tt:metadata""#, head: "<metadata><ebuttm:documentMetadata>\(meta)</ebuttm:documentMetadata></metadata>",
        body: #"<div><p begin="1s" end="2s">x</p></div>"#)
    }
    #expect(try errors(doc(["urn:ebu:tt:distribution:2014-01"])).map(\.code).contains("ttml.profile.missing-id"))
    #expect(try errors(doc(["urn:ebu:tt:distribution:2014-01", "http://www.w3.org/ns/ttml/profile/imsc1/text"])).isEmpty)
    #expect(try errors(doc([])).isEmpty)
  }

  @Test("Bytes that are not UTF-8 in a UTF-8 document are an error (XML 1.0 §4.3.3), the text still read")
  func invalidUTF8IsAnError() throws {
    var bytes = Array(TTMLTest.doc(body: #"<div><p begin="1s" end="2s">CafX</p></div>"#).utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0xE9
    let r = try TTMLFormat().read(bytes, options: ReadOptions())
    #expect(r.document.cues.map(\.plainText) == ["Caf\u{FFFD}"])
    let d = r.diagnostics.filter { $0.code == "text.encoding.invalid-utf8" }
    #expect(d.map(\.severity) == [.error])
    #expect(d.first?.message.hasSuffix("(XML 1.0 §4.3.3: a fatal error in XML)") == true)
  }

  @Test("A style or region with a plain id (old DFXP) is one unknown attribute, not also an undefined reference")
  func plainIDIsReportedOnce() throws {
    let d = TTMLTest.doc(head: #"<styling><style id="s1" tts:color="red"/></styling><layout><region id="r1"/></layout>"#,
      body: #"<div style="s1" region="r1"><p begin="1s" end="2s">x</p></div>"#)
    let r = try TTMLTest.read(d)
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.code) == ["ttml.validate.unknown-attribute", "ttml.validate.unknown-attribute"])
    #expect(r.document.cues.first?.settings.region == "r1")
  }

  @Test("IMSC timing metrics need their rate parameters")
  func metricsNeedRates() throws {
    let d = TTMLTest.doc(
      "ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\"",
      body: "<div><p begin=\"10t\" end=\"30f\">a</p></div>")
    let e = try errors(d)
    #expect(e.contains { $0.code == "ttml.profile.ticks-without-rate" })
    #expect(e.contains { $0.code == "ttml.profile.frames-without-rate" })
  }
}
