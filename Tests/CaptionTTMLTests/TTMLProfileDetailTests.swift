import CaptionKit
@testable import CaptionTTML
import Testing

/// Profile details that conformance suites check: UTF-8 only in IMSC and EBU-TT-D,
/// `tts:fontVariant` only from IMSC 1.3, TTML1's space-free `rgb()`, and the TTML2 wall-clock
/// grammar.
@Suite("TTML profile details")
struct TTMLProfileDetailTests {
  func errors(_ text: String, profile: String? = nil) throws -> [Diagnostic] {
    try TTMLTest.read(text, profile: profile).diagnostics.filter { $0.severity == .error }
  }

  static func document(encoding: String, profiles: String = "http://www.w3.org/ns/ttml/profile/imsc1.1/text", body: String = "") -> String {
    """
    <?xml version="1.0" encoding="\(encoding)"?>
    <tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
    xmlns:tts="http://www.w3.org/ns/ttml#styling" ttp:contentProfiles="\(profiles)"><head/><body>\(body)</body></tt>
    """
  }

  /// Anamorphic is two font sizes that differ; `40px 40px` is isomorphic (TTV's
  /// imsc10-valid-all-ttml1-styles-in-text-profile).
  @Test("IMSC: two equal font sizes are not anamorphic")
  func isomorphicFontSize() throws {
    func doc(_ size: String) -> String {
      TTMLTest.doc(#"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1.1/text" tts:extent="640px 480px""#,
        head: #"<styling><style xml:id="s" tts:fontSize="\#(size)"/></styling>"#, body: #"<div><p begin="0s" end="1s" style="s">x</p></div>"#)
    }
    #expect(try errors(doc("40px")).isEmpty)
    #expect(try errors(doc("40px 40px")).isEmpty)
    #expect(try errors(doc("40px 50px")).map { "\($0.code): \($0.message)" } == [
      "ttml.profile.anamorphic-font-size: imsc1.1-text: tts:fontSize must have one value, or two equal ones"
    ])
  }

  @Test("IMSC: a negative length is an error; -0 is zero")
  func negativeZeroIsNotNegative() throws {
    func doc(_ padding: String) -> String {
      TTMLTest.doc(#"ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1.1/text""#,
        head: #"<layout><region xml:id="r" tts:origin="10% 10%" tts:extent="80% 80%" tts:padding="\#(padding)"/></layout>"#,
        body: #"<div><p begin="0s" end="1s" region="r">x</p></div>"#)
    }
    #expect(try errors(doc("-0% 1%")).isEmpty)
    #expect(try errors(doc("-1% 1%")).map(\.code).contains("ttml.profile.negative-length"))
  }

  @Test("IMSC and EBU-TT-D documents must be UTF-8, and declare nothing else")
  func encoding() throws {
    let ascii = try errors(Self.document(encoding: "us-ascii"))
    #expect(ascii.map(\.code) == ["ttml.profile.encoding"])
    #expect(ascii.first?.message == "imsc1.1-text: documents must be encoded in UTF-8; the XML declaration names \"us-ascii\"")
    #expect(ascii.first?.location?.line == 1)
    #expect(try errors(Self.document(encoding: "UTF-8")).isEmpty)
    // UTF-8 under a name IANA does not register: the text is UTF-8, so a warning about the name.
    let alias = try TTMLTest.read(Self.document(encoding: "utf8")).diagnostics.filter { $0.code.hasPrefix("ttml.profile.encoding") }
    #expect(alias.map(\.severity) == [.warning])
    #expect(alias.first?.message == "imsc1.1-text: the XML declaration names \"utf8\"; the registered name is \"UTF-8\", and strict XML processors may not recognise another")
    #expect(try errors(Self.document(encoding: "utf-8"), profile: "ebu-tt-d").allSatisfy { $0.code != "ttml.profile.encoding" })
    #expect(try errors(Self.document(encoding: "ISO-8859-1"), profile: "ebu-tt-d").contains { $0.code == "ttml.profile.encoding" })
    // Plain TTML may use any encoding XML allows.
    #expect(try errors(Self.document(encoding: "us-ascii", profiles: "http://www.w3.org/ns/ttml/profile/ttml2-presentation")).isEmpty)
    // A UTF-16 IMSC document is read, and reported.
    var utf16: [UInt8] = [0xFF, 0xFE]
    for u in Self.document(encoding: "UTF-16").utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
    let r = try TTMLFormat().read(utf16, options: ReadOptions())
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.message) == ["imsc1.1-text: documents must be encoded in UTF-8; this one is utf-16le"])
  }

  @Test("A UTF-16 label on bytes that spell <?xml in ASCII is not followed: the document is still read")
  func utf16LabelOnASCIIBytes() throws {
    let text = Self.document(encoding: "UTF-16", body: "<div><p begin=\"00:00:01.000\" end=\"00:00:02.000\">caf\u{E9}</p></div>")
    let r = try TTMLFormat().read(Array(text.utf8), options: ReadOptions())
    #expect(r.document.cues.map(\.plainText) == ["caf\u{E9}"])
    #expect(r.document.cues.first?.start == CaptionTime(milliseconds: 1000))
    #expect(r.encoding == .utf8)
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.message) == [
      "imsc1.1-text: documents must be encoded in UTF-8; the XML declaration names \"UTF-16\""
    ])
  }

  @Test("The encoding declaration is read with any XML white space, any label length, and only when well formed")
  func declarationSyntax() {
    func label(_ s: String) -> String? { TTMLReader.declaredEncodingLabel(Array(s.utf8)) }
    #expect(label("<?xml version=\"1.0\"\tencoding\n=\r\n'us-ascii'?><tt/>") == "us-ascii")
    let long = String(repeating: "a", count: 10_000)
    #expect(label("<?xml version=\"1.0\" encoding=\"\(long)\"?><tt/>") == long)
    #expect(label("\u{FEFF}<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>") == "ISO-8859-1")
    #expect(label("<?xml version=\"1.0\" encoding=\"\"?>") == "")
    // Not a declaration, or a broken one: no label.
    #expect(label("<?xml-stylesheet encoding=\"us-ascii\"?><tt/>") == nil)
    #expect(label("<?xml version=\"1.0\" encoding=UTF-8?><tt/>") == nil)
    #expect(label("<?xml version=\"1.0\" encoding=\"UTF-8") == nil)
    #expect(label("<?xml version=\"1.0\" encoding=\"UTF-8?><tt/>") == nil)
    #expect(label("<?xml version=\"1.0\" myencoding=\"latin1\"?>") == nil)
    #expect(label("<?xml") == nil)
    #expect(label("") == nil)
  }

  @Test("A long or tab-separated declared label still breaks IMSC's UTF-8 rule")
  func declarationProblems() throws {
    let long = String(repeating: "x", count: 10_000)
    #expect(try errors(Self.document(encoding: long)).map(\.message) == [
      "imsc1.1-text: documents must be encoded in UTF-8; the XML declaration names \"\(long.prefix(40))\""
    ])
    let tabbed = Self.document(encoding: "UTF-8").replacingOccurrences(of: " encoding=\"UTF-8\"", with: "\tencoding\t=\t\"us-ascii\"")
    #expect(try errors(tabbed).map(\.code) == ["ttml.profile.encoding"])
  }

  @Test("tts:fontVariant: prohibited in IMSC 1.1, normal/super/sub in IMSC 1.3")
  func fontVariant() throws {
    let span = #"<div><p begin="0s" end="1s">H<span tts:fontVariant="sub">2</span>O</p></div>"#
    #expect(try errors(Self.document(encoding: "UTF-8", body: span)).map(\.message) == ["imsc1.1-text: tts:fontVariant is prohibited (IMSC 1.3 permits it)"])
    let imsc13 = "http://www.w3.org/ns/ttml/profile/imsc1.3/text"
    #expect(try errors(Self.document(encoding: "UTF-8", profiles: imsc13, body: span)).isEmpty)
    let bad = #"<div><p begin="0s" end="1s">H<span tts:fontVariant="ruby">2</span>O</p></div>"#
    #expect(try errors(Self.document(encoding: "UTF-8", profiles: imsc13, body: bad)).map(\.code).contains("ttml.profile.prohibited-value"))
    // Written as IMSC 1.1, the variant is dropped and reported, so the output validates.
    let doc = try TTMLTest.read(Self.document(encoding: "UTF-8", profiles: imsc13, body: span)).document
    let written = TTMLFormat().write(doc, options: WriteOptions(flavor: "imsc1.1"))
    #expect(!String(decoding: written.bytes, as: UTF8.self).contains("fontVariant"))
    #expect(written.diagnostics.contains { $0.message.contains("tts:fontVariant") })
    #expect(try TTMLFormat().read(written.bytes, options: ReadOptions(profile: "imsc1.1")).diagnostics.allSatisfy { $0.severity != .error })
  }

  @Test("rgb() and rgba() with spaces: invalid in TTML1 and IMSC 1.0, valid in TTML2")
  func paddedColorFunctions() throws {
    let body = #"<div><p begin="0s" end="1s" tts:color="rgb( 0,0,0)" tts:backgroundColor="rgba(0, 0, 0, 255)">x</p></div>"#
    let ttml1 = try errors(TTMLTest.doc(body: body), profile: "ttml1")
    #expect(ttml1.count == 2)
    #expect(ttml1.allSatisfy { $0.message.hasSuffix("TTML1 allows no spaces inside rgb() or rgba()") })
    #expect(try errors(TTMLTest.doc(body: body), profile: "ttml2").isEmpty)
    let tight = #"<div><p begin="0s" end="1s" tts:color="rgb(0,0,0)" tts:backgroundColor="rgba(0,0,0,255)">x</p></div>"#
    #expect(try errors(TTMLTest.doc(body: tight), profile: "ttml1").isEmpty)
  }

  @Test("Wall-clock times: TTML2 grammar; any time base in TTML2, the clock time base in TTML1", arguments: [
    ("wallclock(2019-01-01T00:00:05)", true), ("wallclock( 2019-01-01 )", true), ("wallclock(23:59)", true),
    ("wallclock(23:59:60)", true), ("wallclock(12:00:00.250)", true),
    ("wallclock(1970-00-01)", false), ("wallclock(1970-13-01)", false), ("wallclock(1970-01-32)", false), ("wallclock(1970-0)", false),
    ("wallclock(24:00:00)", false), ("wallclock(23:59:61)", false), ("wallclock(23:59:60.000000001)", false),
    ("wallclock(00:00:00.)", false), ("wallclock(0:00)", false), ("wallclock(:)", false),
  ])
  func wallClock(value: String, valid: Bool) throws {
    let body = #"<div begin="\#(value)" dur="10s"><p>x</p></div>"#
    #expect(try errors(TTMLTest.doc(body: body), profile: "ttml2").isEmpty == valid)
    if valid {
      #expect(try errors(TTMLTest.doc(body: body), profile: "ttml1").map(\.message) == ["wallclock times need ttp:timeBase=\"clock\" in TTML1"])
      #expect(try errors(TTMLTest.doc(#"ttp:timeBase="clock""#, body: body), profile: "ttml1").isEmpty)
    }
  }

  @Test("The Image Profile: no initial, position, text shadow, vertical writing, rw/rh, validation parameters or xlink")
  func imageProfile() throws {
    let image = "http://www.w3.org/ns/ttml/profile/imsc1.1/image"
    func codes(_ rootAttributes: String = "", head: String, body: String = "", profiles: String = image) throws -> [String] {
      let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
        xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:xlink="http://www.w3.org/1999/xlink" tts:extent="1280px 720px" \
        ttp:contentProfiles="\(profiles)" \(rootAttributes)><head>\(head)</head><body>\(body)</body></tt>
        """
      return try errors(text).map { "\($0.code) \($0.message)" }
    }
    #expect(try codes(head: "<styling><initial/></styling>") == ["ttml.profile.prohibited-element imsc1.1-image: <initial> is prohibited in the Image Profile"])
    #expect(try codes(head: #"<layout><region xml:id="r" tts:extent="50rw 50rh" tts:origin="0px 0px"/></layout>"#)
      == ["ttml.profile.length-unit imsc1.1-image: tts:extent must use %, px units"])
    #expect(try codes(head: #"<layout><region xml:id="r" tts:extent="10px 10px" tts:position="center"/></layout>"#)
      == ["ttml.profile.prohibited-style imsc1.1-image: tts:position is prohibited in the Image Profile"])
    #expect(try codes(head: "", body: #"<div tts:textShadow="none"/>"#)
      == ["ttml.profile.prohibited-style imsc1.1-image: tts:textShadow is prohibited in the Image Profile"])
    #expect(try codes(head: #"<layout><region xml:id="a" tts:extent="10px 10px" tts:writingMode="tbrl"/><region xml:id="b" tts:extent="10px 10px" tts:writingMode="rl"/></layout>"#)
      == ["ttml.profile.prohibited-value imsc1.1-image: vertical tts:writingMode (tbrl) is prohibited in the Image Profile"])
    #expect(try codes(#"ttp:validation="optional" ttp:validationAction="abort""#, head: "").map { String($0.prefix(36)) }
      == ["ttml.profile.prohibited-parameter im", "ttml.profile.prohibited-parameter im"])
    // xlink attributes are prohibited in both profiles; rw/rh and the rest stay fine in Text.
    let text = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    #expect(try codes(head: "", body: ##"<div xlink:href="#x"/>"##, profiles: text) == ["ttml.profile.prohibited-attribute imsc1.1-text: xlink:href is prohibited"])
    #expect(try codes(head: #"<layout><region xml:id="r" tts:extent="50rw 50rh" tts:position="center"/></layout>"#, profiles: text).isEmpty)
  }

  @Test("dur is not allowed with the SMPTE time base in discontinuous marker mode")
  func durWithDiscontinuousSMPTE() throws {
    let smpte = #"ttp:timeBase="smpte" ttp:frameRate="25" ttp:markerMode="discontinuous""#
    #expect(try errors(TTMLTest.doc(smpte, body: #"<div dur="10:00:00:00"/>"#)).map(\.message)
      == ["dur is not allowed with ttp:timeBase=\"smpte\" and ttp:markerMode=\"discontinuous\""])
    #expect(try errors(TTMLTest.doc(smpte, body: #"<div begin="10:00:00:00" end="10:00:01:00"/>"#)).isEmpty)
    let continuous = #"ttp:timeBase="smpte" ttp:frameRate="25" ttp:markerMode="continuous""#
    #expect(try errors(TTMLTest.doc(continuous, body: #"<div dur="00:00:01:00"/>"#)).isEmpty)
  }

  @Test("condition syntax", arguments: [
    ("true", true), ("media('(color)')", true), ("parameter( 'forced' ) && !supports('#structure')", true),
    ("1.1 + 2.2 * 3.3 == 8.36", true), ("123. == 123.0", true), (".0 == 0", true), ("0.0E-0 == 0", true),
    ("parameter('mediaAspectRatio') == 16/9", true), ("(1 < 2) ? true : false", true),
    ("~", false), ("00", false), ("\"a b c", false), ("'a b c", false), ("parameter()", false), ("supports(x)", false),
    ("foo('a')", false), ("1 +", false), ("(true", false), ("1e", false), ("", false),
  ])
  func conditionSyntax(value: String, valid: Bool) throws {
    #expect((TTMLConditionSyntax.problem(value) == nil) == valid)
    let escaped = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: "\"", with: "&quot;")
    let e = try errors(TTMLTest.doc(body: #"<div condition="\#(escaped)"/>"#), profile: "ttml2")
    #expect(e.isEmpty == valid)
  }

  @Test("xlink:href: not empty, not nested; ISD version only on the outer element")
  func linksAndISD() throws {
    let xlink = #"xmlns:xlink="http://www.w3.org/1999/xlink""#
    #expect(try errors(TTMLTest.doc(xlink, body: #"<div><p><span xlink:href="">x</span></p></div>"#), profile: "ttml2").map(\.message) == ["xlink:href must not be empty"])
    let nested = #"<div><p><span xlink:href="https://a.example/"><span xlink:href="https://b.example/">x</span></span></p></div>"#
    #expect(try errors(TTMLTest.doc(xlink, body: nested), profile: "ttml2").map(\.code) == ["ttml.validate.misplaced-attribute"])
    #expect(try errors(TTMLTest.doc(xlink, body: #"<div><p><span xlink:href="https://a.example/">x</span></p></div>"#), profile: "ttml2").isEmpty)
    let isd = #"<isd:sequence xml:lang="" xmlns:isd="http://www.w3.org/ns/ttml#isd" size="1" version="2"><isd:isd begin="0s" end="indefinite" version="2"/></isd:sequence>"#
    #expect(try errors(isd).map(\.message) == ["version is not allowed on an isd:isd inside isd:sequence"])
  }

  @Test("Profile lists: any() only for processor profiles; relative designators resolve before the duplicate check")
  func profileLists() {
    let two = "http://www.w3.org/ns/ttml/profile/ttml2-transformation http://www.w3.org/ns/ttml/profile/ttml2-presentation"
    #expect(TTMLValueRules.validParameter("processorProfiles", "any(\(two))") == true)
    #expect(TTMLValueRules.validParameter("contentProfiles", "any(\(two))") == false)
    #expect(TTMLValueRules.validParameter("contentProfiles", "all(\(two))") == true)
    #expect(TTMLValueRules.validParameter("contentProfiles", "http://www.w3.org/ns/ttml/profile/ttml2-transformation ttml2-transformation") == false)
    // A designator in the TTML profile namespace names a profile defined there (TTV's
    // imsc11-invld-profile-attribute); one in another namespace may name anything.
    #expect(TTMLValueRules.validParameter("contentProfiles", "http://www.w3.org/ns/ttml/profile/imsc1.1/unknown") == false)
    #expect(TTMLValueRules.validParameter("contentProfiles", "imsc1.1/unknown") == false)
    #expect(TTMLValueRules.validParameter("processorProfiles", "any(imsc1.1/text imsc1.1/unknown)") == false)
    #expect(TTMLValueRules.validParameter("contentProfiles", "http://example.com/profiles/house-style imsc1.1/text") == true)
    #expect(TTMLValueRules.validParameter("processorProfiles", "ttml2-presentation ttml2-transformation") == true)
    // DAPT 1.0 (W3C Candidate Recommendation) defines its profiles in the TTML namespace too.
    #expect(TTMLValueRules.validParameter("contentProfiles", "http://www.w3.org/ns/ttml/profile/dapt1.0/content") == true)
    #expect(TTMLValueRules.validParameter("processorProfiles", "http://www.w3.org/ns/ttml/profile/dapt1.0/processor") == true)
    #expect(TTMLValueRules.validParameter("contentProfiles", "http://www.w3.org/ns/ttml/profile/dapt1.0/other") == false)
  }

  /// Held-out imsc-tests `*_invalid` cases (position003, rubyAlign002, textEmphasis001 and 002)
  /// read as valid: IMSC 1.1 keeps rw across and rh down in tts:extent and tts:position
  /// (w3c/imsc#445), position offsets in px, % or those (#366), tts:rubyAlign center or
  /// spaceAround, text emphasis without a colour; and TTML2's emphasis grammar has each part once.
  @Test("IMSC 1.1: rw/rh by axis, position units, minimal ruby alignment and text emphasis; the emphasis grammar")
  func imsc11PositionRubyAndEmphasis() throws {
    let imsc = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    func found(region: String = #"tts:origin="10% 10%" tts:extent="80% 80%""#, span: String = "") throws -> [String] {
      let doc = Self.imscDocument(
        imsc, head: #"<layout><region xml:id="r" \#(region)/></layout>"#,
        body: #"<div region="r"><p begin="0s" end="1s"><span \#(span)>x</span></p></div>"#)
      return try errors(doc).map { "\($0.code): \($0.message)" }
    }
    #expect(try found(region: #"tts:extent="60rw 20rh" tts:position="25rw 25rh""#).isEmpty)
    #expect(try found(region: #"tts:extent="60rw 20rh" tts:position="right 10% bottom 5rh""#).isEmpty)
    #expect(try found(region: #"tts:extent="60rh 20rw""#) == [
      "ttml.profile.length-unit: imsc1.1-text: tts:extent must not use rh for its width or rw for its height"
    ])
    #expect(try found(region: #"tts:extent="60rw 20rh" tts:position="25rh""#) == [
      "ttml.profile.length-unit: imsc1.1-text: tts:position's horizontal offset 25rh must be in px, % or rw"
    ])
    #expect(try found(region: #"tts:extent="60rw 20rh" tts:position="left 25rw""#) == [
      "ttml.profile.length-unit: imsc1.1-text: tts:position's vertical offset 25rw must be in px, % or rh"
    ])
    #expect(try found(region: #"tts:extent="60rw 20rh" tts:position="center 25em""#) == [
      "ttml.profile.length-unit: imsc1.1-text: tts:position's vertical offset 25em must be in px, % or rh"
    ])
    #expect(try found(span: #"tts:ruby="container" tts:rubyAlign="spaceAround""#).isEmpty)
    #expect(try found(span: #"tts:ruby="container" tts:rubyAlign="end""#) == [
      "ttml.profile.prohibited-value: imsc1.1-text: tts:rubyAlign must be center or spaceAround"
    ])
    for ok in ["filled circle", "open sesame", "auto before", "dot outside current", "none"] {
      #expect(try found(span: #"tts:textEmphasis="\#(ok)""#).isEmpty, "\(ok)")
    }
    #expect(try found(span: #"tts:textEmphasis="white filled circle""#) == [
      "ttml.profile.prohibited-value: imsc1.1-text: tts:textEmphasis must not give a colour (white); IMSC permits the minimal text emphasis only"
    ])
    for bad in ["circle circle", "filled open circle", "filled red circle", "before after", "red blue dot", "none auto", "'x' dot", "'x"] {
      #expect(TTMLValueRules.emphasis(bad) == nil, "\(bad)")
    }
    #expect(TTMLValueRules.emphasis("'\u{203B} x' rgba(255, 0, 0, 255) after") == "rgba(255, 0, 0, 255)")
    #expect(TTMLValueRules.emphasis("sesame open") == "")
  }

  /// A document with the TTML, styling, parameter and IMSC namespaces declared, designating
  /// `profiles`, with `head` and `body` as given.
  static func imscDocument(_ profiles: String, rootAttributes: String = "", head: String = "", body: String = "") -> String {
    """
    <tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
    xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling" \
    xmlns:ittp="http://www.w3.org/ns/ttml/profile/imsc1#parameter" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" \
    ttp:profile="\(profiles)" \(rootAttributes)><head>\(head)</head><body>\(body)</body></tt>
    """
  }

  @Test("TTML1-based profiles do not know TTML2's style attributes, parameters and elements")
  func ttml1Vocabulary() throws {
    let imsc10 = "http://www.w3.org/ns/ttml/profile/imsc1/text"
    let e = try errors(Self.imscDocument(imsc10, body: #"<div tts:textShadow="5% 5%" tts:textCombine="all" tts:color="red"/>"#))
    #expect(e.map(\.code) == ["ttml.validate.unknown-attribute", "ttml.validate.unknown-attribute"])
    #expect(e.first?.message == "'tts:textShadow' is a TTML2 style attribute; TTML1, on which imsc1.0-text is built, has none")
    // TTML1's own attributes stay valid, and TTML2 takes them all.
    #expect(try errors(Self.imscDocument(imsc10, body: #"<div tts:textOutline="red 5%" tts:zIndex="2"/>"#)).isEmpty)
    let ttml2 = try errors(Self.imscDocument("http://www.w3.org/ns/ttml/profile/imsc1.1/text", body: #"<div tts:textShadow="5% 5%" tts:textCombine="all"/>"#))
    #expect(ttml2.isEmpty)
    // Parameters and elements, under an explicit TTML1 profile.
    let doc = TTMLTest.doc(#"ttp:displayAspectRatio="16 9""#, head: #"<styling><initial tts:color="red"/></styling>"#, body: "")
    let t1 = try errors(doc, profile: "ttml1")
    #expect(t1.map(\.message).contains("'ttp:displayAspectRatio' is a TTML2 parameter; TTML1 has none"))
    #expect(t1.map(\.message).contains("<initial> is a TTML2 element; TTML1 has none"))
    #expect(try errors(doc, profile: "ttml2").isEmpty)
  }

  @Test("IMSC: the Image Profile prohibits tts:displayAlign and itts:fillLineGap; c units only outside tts: lengths")
  func imscProhibitions() throws {
    let image = "http://www.w3.org/ns/ttml/profile/imsc1/image"
    let region = #"<layout><region xml:id="r1" tts:origin="0px 0px" tts:extent="640px 480px" tts:displayAlign="after" itts:fillLineGap="true"/></layout>"#
    let e = try errors(Self.imscDocument(image, rootAttributes: #"tts:extent="640px 480px""#, head: region))
    #expect(e.map(\.message) == [
      "imsc1.0-image: tts:displayAlign is prohibited in the Image Profile", "imsc1.0-image: itts:fillLineGap is prohibited in the Image Profile",
    ])
    let text11 = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    let cells = try errors(Self.imscDocument(text11, body: #"<div tts:textShadow="0.1c 0.1c"><p tts:position="1c 1c"/></div>"#))
    #expect(cells.map(\.message) == ["imsc1.1-text: c (cell) units are not allowed in tts:textShadow", "imsc1.1-text: c (cell) units are not allowed in tts:position"])
    let both = try errors(Self.imscDocument(text11, rootAttributes: #"ittp:aspectRatio="16 9" ttp:displayAspectRatio="16 9""#))
    #expect(both.map(\.message) == ["imsc1.1-text: ittp:aspectRatio and ttp:displayAspectRatio must not both be specified"])
  }

  @Test("IMSC 1.1 Text: origins in px or percent, origin or position, no negative position, at most four shadows")
  func imsc11Geometry() throws {
    let text11 = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    func messages(_ region: String, body: String = "") throws -> [String] {
      try errors(Self.imscDocument(text11, head: "<layout>\(region)</layout>", body: body)).map(\.message)
    }
    #expect(try messages(#"<region xml:id="r" tts:origin="10rw 10rh" tts:extent="80rw 80rh"/>"#) == ["imsc1.1-text: tts:origin must use %, px units"])
    #expect(try messages(#"<region xml:id="r" tts:origin="10% 10%" tts:extent="80rw 80rh"/>"#).isEmpty)
    #expect(try messages(#"<region xml:id="r" tts:position="10% 10%" tts:origin="10% 10%" tts:extent="80% 80%"/>"#)
      == ["imsc1.1-text: tts:origin and tts:position must not both be specified on a region"])
    #expect(try messages(#"<region xml:id="r" tts:position="left 25rw top 16.67rh" tts:extent="50rw 50rh"/>"#).isEmpty)
    // Through a referenced style, or a style inside the region, too.
    let styled = try errors(Self.imscDocument(text11, head: #"<styling><style xml:id="s1" tts:position="center"/></styling><layout><region xml:id="r" style="s1" tts:origin="10% 10%" tts:extent="80% 80%"/></layout>"#)).map(\.message)
    #expect(styled == ["imsc1.1-text: tts:origin and tts:position must not both be specified on a region"])
    #expect(try messages(#"<region xml:id="r" tts:origin="10% 10%" tts:extent="80% 80%"><style tts:position="center"/></region>"#)
      == ["imsc1.1-text: tts:origin and tts:position must not both be specified on a region"])
    #expect(try messages(#"<region xml:id="r" tts:position="left -10% top 10%" tts:extent="50% 50%"/>"#) == ["imsc1.1-text: tts:position must not be negative"])
    let five = #"<div tts:textShadow="1% 1%, 1% 1%, 1% 1%, 1% 1%, 1% 1%"/>"#
    #expect(try messages("", body: five) == ["imsc1.1-text: tts:textShadow must have at most 4 shadows, not 5"])
    #expect(try messages("", body: #"<div tts:textShadow="1% -1%, 1% 1% red, 2% 2%, 1% 1%"/>"#).isEmpty)
    #expect(TTMLValueRules.topLevelItems("1% 1% rgba(0,0,0,255), 2% 2%").count == 2)
  }

  @Test("Value grammars: textDecoration pairs once each, named colours in lower case, <position> components")
  func valueGrammars() {
    let valid: [(String, String)] = [
      ("textDecoration", "none"), ("textDecoration", "underline lineThrough overline"), ("textDecoration", "noUnderline"),
      ("color", "red"), ("color", "#FFAA00"), ("color", "rgba(255,0,0,128)"),
      ("position", "left"), ("position", "10%"), ("position", "10% center"), ("position", "top left"), ("position", "center center"),
      ("position", "left 25rw top 16.67rh"), ("position", "center top 10%"), ("position", "left 10% center"), ("position", "right 5px bottom"),
      ("opacity", "0.5"), ("opacity", "1"), ("opacity", "5e-1"), ("opacity", "NaN"), ("opacity", "-INF"),
    ]
    for (p, v) in valid { #expect(TTMLValueRules.validStyle(p, v) == true, "\(p)=\(v)") }
    let invalid: [(String, String)] = [
      ("textDecoration", "underline noUnderline"), ("textDecoration", "none underline"), ("textDecoration", "underline underline"),
      ("color", "Red"), ("color", "WHITE"), ("color", "RGB(1,2,3)"),
      ("position", "50% left"), ("position", "top 10%"), ("position", "left left 1px"), ("position", "top 1px 1px"),
      ("position", "center 1px center 1px"), ("position", "1px 2px 3px"), ("position", "left right"), ("position", "top 1px bottom 2px"),
      ("position", "left 1px top 2px 3px"), ("opacity", "0x1p-1"), ("opacity", "inf"), ("opacity", "nan"),
    ]
    for (p, v) in invalid { #expect(TTMLValueRules.validStyle(p, v) == false, "\(p)=\(v)") }
  }

  @Test("EBU-TT-D times content with begin and end only")
  func ebuNoDur() throws {
    let doc = TTMLTest.doc(body: #"<div><p begin="00:00:01.000" dur="00:00:01.000">x</p></div>"#)
    #expect(try errors(doc, profile: "ebu-tt-d").map(\.message).contains("ebu-tt-d: dur is not allowed (EBU-TT-D times content with begin and end)"))
  }
}
