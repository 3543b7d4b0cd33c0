import CaptionKit
@testable import CaptionTTML
import Testing

/// TTML2 §9 embedded content, §10.2/§13 animatability and §14.1 `ttm:item` names: each rule on a
/// small valid and invalid document, with its code and line:column.
@Suite("TTML embedded content validation")
struct TTMLEmbeddedContentTests {
  /// Diagnostics of a TTML2 document whose `head` holds `resources` (one element per line: the
  /// first line of `resources` content is line 5) and whose `body` is `body`.
  func read(resources: String, head: String = "", body: String = "", root: String = "") throws -> [Diagnostic] {
    let text = TTMLTest.doc(root, head: "\n<resources>\n" + resources + "\n</resources>" + head, body: body)
    return try TTMLTest.read(text, profile: "ttml2").diagnostics
  }

  func errors(resources: String, head: String = "", body: String = "", root: String = "") throws -> [Diagnostic] {
    try read(resources: resources, head: head, body: body, root: root).filter { $0.severity == .error }
  }

  func at(_ d: Diagnostic?) -> [Int] { [d?.location?.line ?? 0, d?.location?.column ?? 0] }

  @Test("data: simple, chunked, sourced and referenced embedding are valid as the spec writes them")
  func dataValid() throws {
    let simple = #"<data xml:id="d1" type="text/plain; charset=us-ascii" length="10">VEVTVCAx&#x09;IDIgMw==</data>"#
    let chunked = """
      <data xml:id="d2" type="application/octet-stream" length="44"><chunk length="19">VGhlIHF1aWNrIGJyb3duIGZveA==</chunk>
      <chunk length="0"/><chunk encoding="base64" length="25">IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nLg==</chunk></data>
      """
    let sourced = ##"<data xml:id="d3"><source src="#d1"/></data>"##
    let referenced = #"<data xml:id="d4" src="http://www.w3.org/ns/ttml/resource/#empty" type="application/octet-stream"><metadata/></data>"#
    let hex = #"<data xml:id="d5" type="application/octet-stream" encoding="base16" length="2">0aFF</data>"#
    let d = try read(resources: [simple, chunked, sourced, referenced, hex].joined(separator: "\n"))
    #expect(d.filter { $0.severity != .info }.isEmpty, "\(d)")
    // Data bound to metadata (TTML2 §9.1.3): allowed there, and the spec's example has no type.
    let meta = try TTMLTest.read(TTMLTest.doc(head: #"<metadata><data encoding="base64">TWFu</data></metadata>"#, body: ""), profile: "ttml2")
    #expect(meta.diagnostics.filter { $0.severity == .error }.isEmpty)
  }

  @Test("data: type required for embedded data, forbidden with a fragment src")
  func dataType() throws {
    let missing = try errors(resources: "<data xml:id=\"d1\">VGhl</data>")
    #expect(missing.map(\.code) == ["ttml.validate.resource-type"])
    #expect(at(missing.first) == [5, 1])
    let chunked = try errors(resources: "<data xml:id=\"d1\"><chunk>VGhl</chunk></data>")
    #expect(chunked.map(\.code) == ["ttml.validate.resource-type"])
    let internalType = try errors(resources: """
      <data xml:id="d1" type="application/octet-stream">VGhl</data>
      <data xml:id="d2" src="#d1" type="application/octet-stream"/>
      """)
    #expect(internalType.map(\.code) == ["ttml.validate.resource-type"])
    #expect(at(internalType.first) == [6, 29])
    let badType = try errors(resources: #"<data type="octet-stream">VGhl</data>"#)
    #expect(badType.map(\.code) == ["ttml.validate.bad-value"])
  }

  @Test("data and chunk: length is digits only; encoding is one of five; chunk takes no condition")
  func dataAttributes() throws {
    for bad in ["-1", "-0", "+0", "1.0"] {
      let e = try errors(resources: #"<data type="application/octet-stream" length="\#(bad)"/>"#)
      #expect(e.map(\.code) == ["ttml.validate.bad-value"], "length=\(bad)")
      #expect(at(e.first) == [5, 39])
      let c = try errors(resources: #"<data type="application/octet-stream"><chunk length="\#(bad)"/></data>"#)
      #expect(c.map(\.code) == ["ttml.validate.bad-value"], "chunk length=\(bad)")
    }
    let enc = try errors(resources: #"<data type="application/octet-stream" encoding="base65">VGhl</data>"#)
    #expect(enc.map(\.code) == ["ttml.validate.bad-value"])
    let cond = try errors(resources: #"<data type="application/octet-stream"><chunk condition="false">VGhl</chunk></data>"#)
    #expect(cond.map(\.code) == ["ttml.validate.unknown-attribute"])
    #expect(at(cond.first) == [5, 46])
  }

  @Test("data: one content model; no encoding on chunked or sourced data, no length on sourced data")
  func dataContentModel() throws {
    let mixed = try errors(resources: #"<data type="application/octet-stream">VGhl<chunk>VGhl</chunk></data>"#)
    #expect(mixed.map(\.code) == ["ttml.validate.resource-content"])
    let encodingOnChunked = try errors(resources: #"<data type="application/octet-stream" encoding="base64"><chunk>VGhl</chunk></data>"#)
    #expect(encodingOnChunked.map(\.code) == ["ttml.validate.misplaced-attribute"])
    #expect(at(encodingOnChunked.first) == [5, 39])
    let lengthOnSourced = try errors(resources: """
      <data xml:id="d1" type="application/octet-stream">VGhl</data>
      <data length="3"><source src="#d1"/></data>
      """)
    #expect(lengthOnSourced.map(\.code) == ["ttml.validate.misplaced-attribute"])
    let srcAndContent = try errors(resources: #"<data src="http://example.com/a.bin" type="application/octet-stream">VGhl</data>"#)
    #expect(srcAndContent.map(\.code) == ["ttml.validate.resource-content"])
  }

  @Test("data: content must be in its encoding; a wrong length is a warning")
  func dataDecoding() throws {
    let bad = try errors(resources: #"<data type="application/octet-stream">VGhl*</data>"#)
    #expect(bad.map(\.code) == ["ttml.validate.bad-data"])
    let hex = try errors(resources: #"<data type="application/octet-stream" encoding="base16">0g</data>"#)
    #expect(hex.map(\.code) == ["ttml.validate.bad-data"])
    let d = try read(resources: #"<data type="application/octet-stream" length="4">VGhl</data>"#)
    #expect(d.map(\.code) == ["ttml.validate.data-length"])
    #expect(d.first?.severity == .warning)
    #expect(at(d.first) == [5, 39])
    let chunks = try read(resources: #"<data type="application/octet-stream" length="5"><chunk>VGhl</chunk><chunk>VGhl</chunk></data>"#)
    #expect(chunks.map(\.code) == ["ttml.validate.data-length"])
    #expect(TTMLDataEncoding.decodedLength("VGhl IHF1\naWNr", .base64) == 9)
    #expect(TTMLDataEncoding.decodedLength("VGhlIHF1aWNrIGJyb3duIGZveA==", .base64) == 19)
    #expect(TTMLDataEncoding.decodedLength("MZXW6===", .base32) == 3)
    #expect(TTMLDataEncoding.decodedLength("CPNMU===", .base32hex) == 3)
    #expect(TTMLDataEncoding.decodedLength("Zm9v-_", .base64url) == 4)
    #expect(TTMLDataEncoding.decodedLength("Zm9v-_", .base64) == nil)
    #expect(TTMLDataEncoding.decodedLength("Zg==Zg==", .base64) == nil)
  }

  @Test("source: src or one data child, never both, never nested; a fragment names a data resource")
  func source() throws {
    let ok = try errors(resources: """
      <data xml:id="d1" type="image/png">VGhl</data>
      <image xml:id="i1"><source src="#d1"/><source><data type="image/png">VGhl</data></source></image>
      """)
    #expect(ok.isEmpty, "\(ok)")
    let both = try errors(resources: #"<image><source src="http://example.com/a.png"><data type="image/png">VGhl</data></source></image>"#)
    #expect(both.map(\.code) == ["ttml.validate.resource-content"])
    let neither = try errors(resources: #"<image><source/></image>"#)
    #expect(neither.map(\.code) == ["ttml.validate.resource-content"])
    #expect(at(neither.first) == [5, 8])
    let toImage = try errors(resources: """
      <image xml:id="i1" src="http://example.com/a.png" type="image/png"/>
      <image><source src="#i1"/></image>
      """)
    #expect(toImage.map(\.code) == ["ttml.validate.resource-ref"])
    #expect(at(toImage.first) == [6, 16])
    let typed = try errors(resources: """
      <data xml:id="d1" type="image/png">VGhl</data>
      <image><source src="#d1" type="image/png"/></image>
      """)
    #expect(typed.map(\.code) == ["ttml.validate.resource-type"])
    let nested = try errors(resources: #"<image><source><data type="image/png"><source src="http://example.com/a.png"/></data></source></image>"#)
    #expect(nested.contains { $0.code == "ttml.validate.resource-content" && $0.message.contains("nested") })
  }

  @Test("image and audio: src xor source children; fragment references; no timing in resources")
  func imageAndAudio() throws {
    let missing = try errors(resources: "", body: ##"<div><image src="#missing"/></div>"##)
    #expect(missing.map(\.code) == ["ttml.validate.resource-ref"])
    #expect(at(missing.first) == [7, 19])
    let good = try errors(
      resources: #"<image xml:id="i1" src="http://example.com/a.png" type="image/png"/>"#,
      body: ##"<div tts:backgroundImage="#i1"><image src="#i1"/><p><image src="http://example.com/b.png" type="image/png"/></p></div>"##)
    #expect(good.isEmpty, "\(good)")
    let typed = try errors(resources: ##"<image xml:id="i1" src="http://example.com/a.png"/>"##, body: ##"<div><image src="#i1" type="image/png"/></div>"##)
    #expect(typed.map(\.code) == ["ttml.validate.resource-type"])
    let both = try errors(resources: #"<image src="http://example.com/a.png"><source src="http://example.com/b.png"/></image>"#)
    #expect(both.map(\.code) == ["ttml.validate.resource-content"])
    let neither = try errors(resources: "", body: "<div><image/></div>")
    #expect(neither.map(\.code) == ["ttml.validate.resource-content"])
    let timed = try errors(resources: #"<image src="http://example.com/a.png" begin="1s"/>"#)
    #expect(timed.map(\.code) == ["ttml.validate.misplaced-attribute"])
    #expect(at(timed.first) == [5, 39])
    let background = try errors(resources: "", body: ##"<div tts:backgroundImage="#nothing"/>"##)
    #expect(background.map(\.code) == ["ttml.validate.resource-ref"])
    // Implied speech audio: an audio element with neither src nor source is allowed.
    let speech = try errors(resources: "", body: #"<div><p><span><audio clipBegin="1s"/>Test</span></p></div>"#)
    #expect(speech.isEmpty, "\(speech)")
    let clip = try errors(resources: "", body: ##"<div><audio src="http://example.com/a.mp3" clipBegin="00:00:01" clipEnd="2s"/></div>"##)
    #expect(clip.map(\.code) == ["ttml.validate.bad-value"])
    #expect(at(clip.first) == [7, 50])
    let audioBoth = try errors(resources: #"<audio src="http://example.com/a.mp3" type="audio/mpeg"><source src="http://example.com/b.mp3"/></audio>"#)
    #expect(audioBoth.map(\.code) == ["ttml.validate.resource-content"])
  }

  @Test("font: family not a generic family (case-sensitive), style, weight and unicode-range syntax")
  func font() throws {
    let ok = try errors(resources: """
      <font src="http://example.com/a.otf" type="font/otf" family="Default" style="oblique" weight="bold" range="U+0020-007F"/>
      <font src="http://example.com/a.otf" type="font/otf" family="MyFont" range="u+20-7f, u+90-9f,U+4??"/>
      """)
    #expect(ok.isEmpty, "\(ok)")
    let generic = try errors(resources: #"<font src="http://example.com/a.otf" type="font/otf" family="proportionalSansSerif"/>"#)
    #expect(generic.map(\.code) == ["ttml.validate.font-family"])
    #expect(at(generic.first) == [5, 54])
    for (attribute, value) in [("style", "bold"), ("weight", "600"), ("range", "unknown"), ("range", "U+??????"), ("range", "U+110000"), ("range", "U+7F-20")] {
      let e = try errors(resources: #"<font src="http://example.com/a.otf" \#(attribute)="\#(value)"/>"#)
      #expect(e.map(\.code) == ["ttml.validate.bad-value"], "\(attribute)=\(value)")
    }
    let empty = try errors(resources: #"<font family="MyFont"/>"#)
    #expect(empty.map(\.code) == ["ttml.validate.resource-content"])
  }

  @Test("set and animate: tts:ruby is not animatable; keyword properties only animate discretely")
  func animatability() throws {
    func animation(_ element: String) throws -> [Diagnostic] {
      try TTMLTest.read(TTMLTest.doc(head: "<animation>\(element)</animation>", body: ""), profile: "ttml2").diagnostics.filter { $0.severity == .error }
    }
    let set = try animation(#"<set tts:ruby="text"/>"#)
    #expect(set.map(\.code) == ["ttml.validate.non-animatable"])
    #expect(at(set.first) == [3, 23])
    #expect(try animation(#"<animate tts:ruby="text"/>"#).map(\.code) == ["ttml.validate.non-animatable"])
    for mode in ["linear", "paced", "spline"] {
      #expect(try animation(#"<animate calcMode="\#(mode)" tts:fontFamily="serif;sansSerif"/>"#).map(\.code) == ["ttml.validate.non-animatable"], "\(mode)")
    }
    #expect(try animation(#"<animate calcMode="discrete" tts:fontFamily="serif;sansSerif"/>"#).isEmpty)
    #expect(try animation(#"<animate calcMode="linear" tts:color="red;blue"/>"#).isEmpty)
    #expect(try animation(#"<set tts:fontFamily="sansSerif"/>"#).isEmpty)
    #expect(try animation(#"<set tts:writingMode="tb"/>"#).isEmpty)
    // The animate attribute names out-of-line animate or set elements.
    func outOfLine(_ refs: String) throws -> [Diagnostic] {
      let d = TTMLTest.doc(
        head: #"<styling><style xml:id="st"/></styling><animation><animate xml:id="a1" tts:color="red;blue"/><set xml:id="s1" tts:display="none"/></animation>"#,
        body: "<div><p animate=\"\(refs)\">x</p></div>")
      return try TTMLTest.read(d, profile: "ttml2").diagnostics.filter { $0.severity == .error }
    }
    #expect(try outOfLine("a1 s1").isEmpty)
    let dangling = try outOfLine("a1 st")
    #expect(dangling.map(\.code) == ["ttml.validate.bad-idref"])
    #expect(at(dangling.first) == [4, 15])
  }

  @Test("ttm:item: a qualified name needs its prefix bound; URIs and plain names need nothing")
  func itemNames() throws {
    func item(_ attributes: String) throws -> [Diagnostic] {
      try TTMLTest.read(TTMLTest.doc(head: "<metadata><ttm:item \(attributes)>v</ttm:item></metadata>", body: ""), profile: "ttml2").diagnostics.filter { $0.severity == .error }
    }
    let unbound = try item(#"name="custom:private""#)
    #expect(unbound.map(\.code) == ["ttml.validate.unbound-prefix"])
    #expect(at(unbound.first) == [3, 27])
    #expect(try item(#"xmlns:custom="http://example.com/ns#items" name="custom:private""#).isEmpty)
    #expect(try item(#"name="http://example.com/items#private""#).isEmpty)
    #expect(try item(#"name="altText""#).isEmpty)
  }
}
