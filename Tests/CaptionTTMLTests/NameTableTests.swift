import CaptionCore
@testable import CaptionTTML
import Testing

/// `NameTable` and `NameSet` answer as a `Dictionary` and a `Set` of the same names would: the
/// validator's vocabulary checks depend on it.
@Suite struct NameTableTests {
  @Test func lookupsAgreeWithADictionary() {
    let names = ["", "p", "br", "div", "dur", "end", "span", "begin", "style", "region", "timeContainer", "a-very-long-attribute-name-past-fifteen-bytes"]
    let pairs = names.enumerated().map { ($0.element, $0.offset) }
    let table = NameTable(pairs)
    let dictionary = Dictionary(uniqueKeysWithValues: pairs)
    var probes = names + ["P", "spam", "begins", "regio", "x", "dus", "a-very-long-attribute-name-past-fifteen-byteS", "é", "e\u{301}", "日本"]
    // Every string of up to two letters from a small alphabet, and random ones.
    let letters = ["", "a", "b", "e", "n", "d", "p", "r"]
    for a in letters { for b in letters { probes.append(a + b) } }
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      probes.append(String((0..<Int.random(in: 0...20, using: &rng)).map { _ in "abdegilnprsty".randomElement(using: &rng)! }))
    }
    for probe in probes {
      #expect(table[probe] == dictionary[probe], "\(probe)")
    }
    // A later value for a repeated name wins, as a dictionary literal's would not be allowed to.
    // XML names are compared as written: the Kelvin sign is not `K`, though Swift's `==` (and
    // so a Dictionary) takes them as canonically equivalent.
    let kelvin = NameTable([("Kelvin", 1)])
    #expect(kelvin["Kelvin"] == 1)
    #expect(kelvin["\u{212A}elvin"] == nil)
    #expect(["Kelvin": 1]["\u{212A}elvin"] == 1)
    let repeated = NameTable([("x", 1), ("x", 2)])
    #expect(repeated["x"] == 2)
    #expect(NameTable<Int>([])["x"] == nil)
  }

  @Test func aNameSetHoldsItsNamesOnly() {
    let set: NameSet = ["begin", "end", "dur"]
    #expect(set.contains("begin") && set.contains("end") && set.contains("dur"))
    #expect(!set.contains("beginx") && !set.contains("en") && !set.contains("") && !set.contains("Dur"))
    #expect(!NameSet([]).contains(""))
    // The validator's element table: every TTML element it knows, and what it allows inside.
    #expect(TTMLValidator.ttmlElements["p"]?.contains("span") == true)
    #expect(TTMLValidator.ttmlElements["p"]?.contains("div") == false)
    #expect(TTMLValidator.ttmlElements["paragraph"] == nil)
    #expect(TTMLValidator.allowedPlain("p").contains("timeContainer"))
    #expect(!TTMLValidator.allowedPlain("unknown").contains("begin"))
  }

  /// The validator and the reader know TTML's names as XML writes them: an attribute spelled
  /// with the Kelvin sign (U+212A) for `K` is not `tts:fontKerning` (Namespaces in XML compares
  /// names code point by code point), though Swift's `==` takes the two as equal.
  @Test func namesAreComparedAsWritten() throws {
    func read(_ attribute: String) throws -> ReadResult {
      let doc = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><body><div><p begin="0s" end="1s" "# + attribute + #"="none">Hi</p></div></body></tt>"#
      return try TTMLFormat().read(Array(doc.utf8), options: ReadOptions())
    }
    let ascii = try read("tts:fontKerning")
    #expect(!ascii.diagnostics.contains { $0.code == "ttml.validate.unknown-attribute" })
    #expect(ascii.document.cues.first?.style?.other["tts:fontKerning"] == "none")
    let kelvin = try read("tts:font\u{212A}erning")
    let unknown = kelvin.diagnostics.filter { $0.code == "ttml.validate.unknown-attribute" }
    #expect(unknown.count == 1)
    #expect(unknown.first?.message.contains("is not a TTML style attribute") == true)
    #expect(kelvin.document.cues.first?.style?.other["tts:fontKerning"] == nil)
  }

  /// The reader's one pass over a content element's attributes finds what a search for each
  /// would, the first of a repeated name included, and only in the right namespace.
  @Test func contentAttributesMatchTheSearches() {
    func attribute(_ ns: String, _ local: String, _ value: String) -> XMLAttribute {
      XMLAttribute(name: XMLName(ns, local), qualifiedName: local, value: value, location: SourceLocation(line: 1, column: 1, offset: 0))
    }
    let e = XMLElementNode(
      name: XMLName(TTMLNamespace.tt, "p"), qualifiedName: "p",
      attributes: [
        attribute("", "begin", "1s"), attribute(TTMLNamespace.xml, "id", "c1"), attribute("", "region", "r1"),
        attribute(TTMLNamespace.styling, "region", "not this"), attribute("", "region", "r2"), attribute(TTMLNamespace.xml, "lang", "fr"),
        attribute(TTMLNamespace.metadata, "agent", "a1"), attribute("", "style", "s1 s2"), attribute(TTMLNamespace.xml, "space", "preserve"),
        attribute("", "id", "plain id"),
      ],
      location: SourceLocation(line: 1, column: 1, offset: 0))
    let a = TTMLContentAttributes(e)
    #expect(a.region == "r1" && a.region == e.attribute("", "region"))
    #expect(a.id == "c1" && a.id == e.attribute(TTMLNamespace.xml, "id"))
    #expect(a.lang == "fr" && a.space == "preserve" && a.agent == "a1" && a.style == "s1 s2")
    let none = TTMLContentAttributes(XMLElementNode(name: XMLName(TTMLNamespace.tt, "p"), qualifiedName: "p", location: SourceLocation(line: 1, column: 1, offset: 0)))
    #expect(none.region == nil && none.id == nil && none.lang == nil && none.space == nil && none.agent == nil && none.style == nil)
  }
}
