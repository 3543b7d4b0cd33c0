import CaptionKit
@testable import CaptionTTML
import Testing

/// SMPTE-TT (ST 2052-1) vocabulary under the `smpte-tt` profile: where the `smpte:`, `m608:` and
/// `m708:` attributes may appear, background image values and references, `smpte:data`, and
/// one `smpte:information` per document.
@Suite("SMPTE-TT validation")
struct TTMLSMPTEValidationTests {
  static func document(head: String, body: String, designator: Bool = true) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xml:lang="en" xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
    xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt" \
    xmlns:m608="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt#cea608" \
    xmlns:m708="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt#cea708" \
    \(designator ? #"ttp:profile="http://www.smpte-ra.org/schemas/2052-1/2013/profiles/smpte-tt-full""# : "")>\
    <head>\(head)</head><body>\(body)</body></tt>
    """
  }

  func errors(_ head: String, _ body: String = "", designator: Bool = true) throws -> [String] {
    try TTMLTest.read(Self.document(head: head, body: body, designator: designator)).diagnostics
      .filter { $0.severity == .error }.map { "\($0.code) \($0.location?.line ?? 0): \($0.message)" }
  }

  @Test("A document with an information element, an image, 608 and 708 metadata and data is clean")
  func clean() throws {
    let head = """
      <metadata><smpte:information origin="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt#cea608" mode="Preserved" \
      m608:channel="CC1" m708:number="1"><m708:service m708:number="1" m708:easyReader="false"/></smpte:information>\
      <smpte:image xml:id="logo" imageType="PNG" encoding="Base64">iVBORw0KGgo=</smpte:image></metadata>
      """
    let body = ##"<div smpte:backgroundImage="#logo" smpte:backgroundImageHorizontal="10px" smpte:backgroundImageVertical="bottom"><metadata><smpte:data datatype="x-private" encoding="Base64">VP/8 gID9</smpte:data></metadata></div>"##
    #expect(try errors(head, body).isEmpty)
    // Any TTML1 <length> places the image (ST 2052-1 §5.5): em and c too.
    for v in ["0em", "32em", "0c", "15c", "50%"] {
      let placed = body.replacingOccurrences(of: "smpte:backgroundImageHorizontal=\"10px\" smpte:backgroundImageVertical=\"bottom\"",
        with: "smpte:backgroundImageHorizontal=\"\(v)\" smpte:backgroundImageVertical=\"\(v)\"")
      #expect(placed != body)
      #expect(try errors(head, placed).isEmpty, "\(v)")
    }
  }

  @Test("Misplaced attributes, bad values, bad references, bad data, a second information element")
  func violations() throws {
    let head = #"<metadata m608:channel="CC1"><smpte:information/><smpte:information m708:number="1"/><smpte:bogus/></metadata>"#
    let body = ##"<div smpte:backgroundImage="#nothing" smpte:backgroundImageHorizontal="-1px" smpte:backgroundImageVertical="1mm"/>"##
      + #"<div m708:number="2"><p smpte:backgroundImageHorizontal="left">x</p></div>"#
      + #"<div><metadata><smpte:data datatype="private">x===</smpte:data></metadata></div>"#
    #expect(try errors(head, body).map { String($0.split(separator: ":")[0]) } == [
      "ttml.validate.misplaced-attribute 2",  // m608 on <metadata>
      "ttml.validate.duplicate-element 2",
      "ttml.validate.unknown-element 2",
      "ttml.validate.bad-idref 2",
      "ttml.validate.bad-value 2",  // horizontal -1px
      "ttml.validate.bad-value 2",  // vertical 1mm
      "ttml.validate.misplaced-attribute 2",  // m708 on <div>
      "ttml.validate.misplaced-attribute 2",  // background position on <p>
      "ttml.validate.bad-value 2",  // Base64 (at the element)
      "ttml.validate.bad-value 2",  // datatype (at the attribute, after it)
    ])
    // Without the SMPTE-TT profile these namespaces are foreign and ignored (TTML2 §5.3.2).
    #expect(try errors(head, body, designator: false).isEmpty)
  }

  @Test("Base64", arguments: [
    ("", true), ("abcd", true), ("ab==", true), ("abc=", true), ("ab cd\nef==", true),
    ("x", false), ("xy", false), ("xyz", false), ("x===", false), ("=abc", false), ("ab=c", false), ("ab*d", false),
  ])
  func base64(text: String, valid: Bool) {
    #expect(TTMLValidator.isBase64(text) == valid)
  }
}
