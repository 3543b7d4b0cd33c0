import CaptionKit
@testable import CaptionTTML
import Testing

/// Rules that the TTML validation suites (skynav ttv, w3c ttml2-tests) check, each with the
/// smallest document that breaks it and one that keeps it.
@Suite("TTML conformance rules")
struct TTMLConformanceRuleTests {
  func errors(_ text: String, profile: String? = nil) throws -> [Diagnostic] {
    try TTMLTest.read(text, profile: profile).diagnostics.filter { $0.severity == .error }
  }

  static func imsc(extent: String = "640px 480px", layout: String) -> String {
    """
    <tt xml:lang="" xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
    xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text" \
    tts:extent="\(extent)"><head><styling><style xml:id="wide" tts:extent="100% 100%"/><style xml:id="half" tts:extent="50% 50%"/></styling><layout>\(layout)</layout></head><body/></tt>
    """
  }

  @Test("IMSC: every region lies inside the root container, in px, %, rw/rh and through styles; auto is the whole root")
  func regionInsideRoot() throws {
    func outside(_ region: String, extent: String = "640px 480px", profile: String? = nil) throws -> Int {
      try errors(Self.imsc(extent: extent, layout: region), profile: profile).filter { $0.code == "ttml.profile.region-outside-root" }.count
    }
    #expect(try outside(#"<region xml:id="a" tts:origin="auto" tts:extent="auto"/>"#) == 0)
    #expect(try outside(#"<region xml:id="a" tts:origin="0px 0px" tts:extent="640px 480px"/>"#) == 0)
    #expect(try outside(#"<region xml:id="a" tts:origin="1px 0px" tts:extent="640px 480px"/>"#) == 1)
    #expect(try outside(#"<region xml:id="a" tts:origin="0px 1px" tts:extent="auto"/>"#) == 1)
    #expect(try outside(#"<region xml:id="a" tts:origin="0px 0px" tts:extent="640px 481px"/>"#) == 1)
    #expect(try outside(#"<region xml:id="a" tts:origin="auto" tts:extent="100% 101%"/>"#) == 1)
    #expect(try outside(#"<region xml:id="a" tts:origin="10% 80%" tts:extent="90% 20%"/>"#) == 0)
    #expect(try outside(#"<region xml:id="a" tts:origin="10% 80%" tts:extent="90.5% 20%"/>"#) == 1)
    // The extent given by a referenced style, and by a style inside the region.
    #expect(try outside(#"<region xml:id="a" style="wide" tts:origin="5% 0%"/>"#) == 1)
    #expect(try outside(#"<region xml:id="a" tts:origin="5% 0%"><style tts:extent="95% 100%"/></region>"#) == 0)
    // Of two referenced styles the later wins (TTML1 §8.4.4.2): 50% from 50% fits.
    #expect(try outside(#"<region xml:id="a" style="wide half" tts:origin="50% 50%"/>"#) == 0)
    #expect(try outside(#"<region xml:id="a" style="half wide" tts:origin="50% 50%"/>"#) == 1)
    // IMSC 1.1 root-relative units: 50rh across the width of a 640×480 root is 37.5% of it.
    #expect(try outside(#"<region xml:id="a" tts:origin="60% 0%" tts:extent="50rh 10rh"/>"#, profile: "imsc1.1") == 0)
    #expect(try outside(#"<region xml:id="a" tts:origin="70% 0%" tts:extent="50rh 10rh"/>"#, profile: "imsc1.1") == 1)
    // Without a pixel root extent, px cannot be placed (reported on its own), so nothing here.
    let noRoot = """
      <tt xml:lang="" xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text">\
      <head><layout><region xml:id="a" tts:origin="700px 0px" tts:extent="10px 10px"/></layout></head><body/></tt>
      """
    #expect(try errors(noRoot).map(\.code) == ["ttml.profile.pixel-without-extent"])
    // TTML itself lets a region overflow the root (it is clipped): only IMSC forbids it.
    #expect(try outside(#"<region xml:id="a" tts:origin="1px 0px" tts:extent="640px 480px"/>"#, profile: "ttml1") == 0)
  }

  @Test("Frames on a clock time base are an error in both forms: 00:00:00:01 and the f metric")
  func framesOnClockTimeBase() throws {
    let clock = { (begin: String) in
      TTMLTest.doc(#"ttp:timeBase="clock""#, body: #"<div><p begin="\#(begin)" end="10s">x</p></div>"#)
    }
    #expect(try errors(clock("0f"), profile: "ttml1").map(\.message) == ["frames are not allowed in clock time base"])
    #expect(try errors(clock("2.5f"), profile: "ttml1").map(\.code) == ["ttml.validate.bad-value"])
    #expect(try errors(clock("00:00:00:01"), profile: "ttml1").map(\.code) == ["ttml.validate.bad-value"])
    #expect(try errors(clock("1s"), profile: "ttml1").isEmpty)
    // On the media time base frames are fine.
    #expect(try errors(TTMLTest.doc(body: #"<div><p begin="0f" end="10s">x</p></div>"#), profile: "ttml1").isEmpty)
  }

  @Test("ttp:profile names a known profile: an unknown relative designator is an error, an absolute URI elsewhere is not")
  func profileAttributeDesignator() throws {
    func codes(_ v: String) throws -> [String] {
      try errors(TTMLTest.doc(#"ttp:profile="\#(v)""#, body: ""), profile: "ttml1").map(\.code)
    }
    #expect(try codes("foo") == ["ttml.validate.bad-value"])
    #expect(try codes("http://www.w3.org/ns/ttml/profile/bar") == ["ttml.validate.bad-value"])
    #expect(try codes("dfxp-full").isEmpty)
    #expect(try codes("http://www.w3.org/ns/ttml/profile/dfxp-presentation").isEmpty)
    #expect(try codes("http://www.netflix.com/ns/ttml/profile/dfxp-ls-sdh").isEmpty)
  }

  @Test("ttm:actor and ttm:agent reference agents declared in head (significant ones), not in body metadata")
  func significantAgents() throws {
    let body = #"<metadata><ttm:agent xml:id="a2" type="person"><ttm:name type="full">Odysseus</ttm:name></ttm:agent></metadata>"#
    let head = #"<ttm:agent xml:id="a1" type="character"><ttm:name type="full">Nobody</ttm:name><ttm:actor agent="a2"/></ttm:agent>"#
    let r = try TTMLTest.read(TTMLTest.doc(head: head, body: body), profile: "ttml1")
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.message) == ["ttm:actor agent 'a2' is not a significant agent (a ttm:agent in <head>)"])
    // The body's only text is metadata: nothing is reported as a hidden cue.
    #expect(!r.diagnostics.contains { $0.code == "ttml.timing.never-shown" })
    let onContent = TTMLTest.doc(head: head, body: body + #"<div><p ttm:agent="a2" begin="0s" end="1s">x</p><p ttm:agent="a1" begin="1s" end="2s">y</p></div>"#)
    #expect(try errors(onContent, profile: "ttml1").map(\.message).contains("agent 'a2' is not a significant agent (a ttm:agent in <head>)"))
    // Both agents in head: clean.
    let inHead = head.replacingOccurrences(of: "</ttm:agent>", with: "</ttm:agent>" + #"<ttm:agent xml:id="a2" type="person"/>"#)
    #expect(try errors(TTMLTest.doc(head: inHead, body: ""), profile: "ttml1").isEmpty)
  }

  @Test("An animate without calcMode interpolates linearly, so it cannot target a discrete-only property")
  func animateDefaultCalcMode() throws {
    func codes(_ animation: String) throws -> [String] {
      try errors(TTMLTest.doc(#"ttp:profile="ttml2-transformation""#, body: #"<div><p begin="0s" end="2s">\#(animation)x</p></div>"#), profile: "ttml2").map(\.code)
    }
    #expect(try codes(#"<animate tts:fontWeight="normal;bold"/>"#) == ["ttml.validate.non-animatable"])
    #expect(try codes(#"<animate calcMode="discrete" tts:fontWeight="normal;bold"/>"#).isEmpty)
    #expect(try codes(#"<set tts:fontWeight="bold"/>"#).isEmpty)
    #expect(try codes(#"<animate tts:opacity="0;1"/>"#).isEmpty)
  }

  @Test("tts:display=\"inlineBlock\" only on span (or a style), never on body, div or p")
  func inlineBlockOnlyOnSpan() throws {
    let text = TTMLTest.doc(
      #"ttp:profile="ttml2-transformation""#, head: #"<styling><style xml:id="s" tts:display="inlineBlock"/></styling>"#,
      body: #"<div tts:display="inlineBlock"><p tts:display="inlineBlock" begin="0s" end="1s"><span tts:display="inlineBlock">x</span></p></div>"#)
    let e = try errors(text, profile: "ttml2")
    #expect(e.map(\.message) == [#"tts:display="inlineBlock" applies only to <span>, not <div>"#, #"tts:display="inlineBlock" applies only to <span>, not <p>"#])
  }

  @Test("URI syntax (RFC 3986, IRI characters allowed): ttp:profile and xml:base must be URIs")
  func uriSyntax() throws {
    for good in ["http://example.com/a?b=c#d", "http://[::1]:8080/x", "urn:ebu:tt:distribution:2014-01", "rel/path", "http://example.com/é", "a%20b"] {
      #expect(TTMLDesignations.isURIReference(good), "\(good)")
    }
    for bad in ["http://[bad", "a b", "%zz", "#a#b", "http://x/[y]", "a<b", "http://[::1]x/"] {
      #expect(!TTMLDesignations.isURIReference(bad), "\(bad)")
    }
    #expect(try errors(TTMLTest.doc(#"ttp:profile="http://[bad""#, body: ""), profile: "ttml1").map(\.code) == ["ttml.validate.bad-value"])
    #expect(try errors(TTMLTest.doc(body: #"<div xml:base="http://[bad"/>"#), profile: "ttml2").map(\.code) == ["ttml.validate.bad-value"])
  }

  @Test("IMSC prohibits ttp:validation and ttp:validationAction in the Text Profile as in the Image Profile")
  func validationParametersProhibited() throws {
    let text = """
      <tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text" ttp:validation="required" ttp:validationAction="abort"><head/><body/></tt>
      """
    #expect(try errors(text).map(\.code) == ["ttml.profile.prohibited-parameter", "ttml.profile.prohibited-parameter"])
  }

  @Test("SMPTE-TT: smpte:image holds Base64, smpte:information sits in head's metadata")
  func smpteImageAndInformation() throws {
    func doc(head: String, body: String = "") -> String {
      """
      <tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt">\
      <head><metadata>\(head)</metadata></head><body>\(body)</body></tt>
      """
    }
    #expect(try errors(doc(head: #"<smpte:image xml:id="i" imagetype="PNG" encoding="Base64">iVBORw0KGgo=</smpte:image>"#), profile: "smpte-tt").isEmpty)
    #expect(try errors(doc(head: #"<smpte:image xml:id="i" imagetype="PNG" encoding="Base64">!!!not*base64!!!</smpte:image>"#), profile: "smpte-tt").map(\.code) == ["ttml.validate.bad-value"])
    #expect(try errors(doc(head: #"<smpte:information/>"#), profile: "smpte-tt").isEmpty)
    let inBody = try errors(doc(head: "", body: #"<div><metadata><smpte:information/></metadata></div>"#), profile: "smpte-tt")
    #expect(inBody.map(\.code) == ["ttml.validate.misplaced-element"])
  }

  @Test("style references name significant styles (in head's styling), not a region's own styles")
  func significantStyles() throws {
    let head = #"<styling><style xml:id="s1" tts:color="red"/></styling><layout><region xml:id="r" tts:extent="80% 20%" tts:origin="10% 70%"><style xml:id="nested" tts:color="blue"/></region></layout>"#
    let ok = try errors(TTMLTest.doc(head: head, body: #"<div><p region="r" style="s1" begin="0s" end="1s">x</p></div>"#), profile: "ttml1")
    #expect(ok.isEmpty)
    let bad = try errors(TTMLTest.doc(head: head, body: #"<div><p region="r" style="nested" begin="0s" end="1s">x</p></div>"#), profile: "ttml1")
    #expect(bad.map(\.message) == ["style 'nested' is not a significant style (one in <head>'s <styling>)"])
  }
}
