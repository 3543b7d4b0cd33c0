/// Large XML documents are parsed in two halves at once: the tree, the diagnostics and the
/// counts must be what one parse gives.
import CaptionCore
import CaptionTestSupport
@testable import CaptionTTML
import Foundation
import Testing

@Suite struct XMLHalvesTests {
  static func whole(_ bytes: [UInt8]) -> XMLTreeParser.Result {
    XMLTreeParser.parse(bytes, limits: XMLParserLimits(), maxDiagnostics: 10_000, halvesFrom: .max)
  }

  static func halves(_ bytes: [UInt8]) -> XMLTreeParser.Result? {
    XMLHalves.parse(bytes, positions: XMLSourcePositions(bytes), limits: XMLParserLimits(), maxDiagnostics: 10_000)
  }

  /// `a` and `b` hold the same tree, diagnostics and counts.
  static func same(_ a: XMLTreeParser.Result, _ b: XMLTreeParser.Result) -> Bool {
    a.root == b.root && a.diagnostics == b.diagnostics && a.namespacesUsed == b.namespacesUsed
      && a.elementsInNoNamespace == b.elementsInNoNamespace && a.xmlIDCount == b.xmlIDCount
  }

  /// A TTML document of `count` cues over two divs, pretty-printed, with a span and a line
  /// break in every third cue.
  static func document(_ count: Int) -> String {
    var s = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- made for the test -->
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
      <head><styling><style xml:id="s1" tts:color="yellow"/></styling></head>
      <body>
      <div xml:id="d1">

      """
    for k in 0..<count {
      if k == count / 3 { s += "</div>\n<div xml:id=\"d2\"\n     tts:textAlign=\"left\">\n" }
      let text = k % 3 == 0 ? "line \(k)<br/><span style=\"s1\">and &amp; more</span>" : "cue \(k) > text"
      s += "<p xml:id=\"c\(k)\" begin=\"\(k)s\" end=\"\(k).5s\">\(text)</p>\n"
    }
    return s + "</div>\n</body>\n</tt>\n<!-- after -->\n"
  }

  @Test("A generated document: the halves give one parse's tree, with the second half's cues in place")
  func generated() throws {
    let bytes = Array(Self.document(3_000).utf8)
    let one = Self.whole(bytes)
    let two = try #require(Self.halves(bytes))
    #expect(Self.same(one, two))
    #expect(two.diagnostics.isEmpty)
    #expect(two.xmlIDCount == 3_003)  // the style, two divs and the cues; d2 is open at the cut
    let body = try #require(two.root?.elements.last)
    let divs = body.elements
    #expect(divs.map { $0.attribute(TTMLNamespace.xml, "id") } == ["d1", "d2"])
    #expect(divs[0].elements.count == 1_000 && divs[1].elements.count == 2_000)
    let last = try #require(divs[1].elements.last)
    #expect(last.attribute(TTMLNamespace.xml, "id") == "c2999")
    // Line 1 is the declaration; the cues start on line 7, and d2's start tag takes 2 lines.
    #expect(last.location.line == 7 + 3_000 + 2 && last.location.column == 1)
    #expect(last.attributes[1].location.column == 19)  // begin, after `<p xml:id="c2999" `
  }

  @Test("The cut inside a p's mixed content: text before and after it joins the same p")
  func cutInsideMixedContent() throws {
    var s = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">start"
    for k in 0..<200 { s += "\n<span>word \(k)</span> tail \(k)" }
    s += "</p></div></body></tt>"
    let bytes = Array(s.utf8)
    let two = try #require(Self.halves(bytes))
    #expect(Self.same(Self.whole(bytes), two))
    let p = try #require(two.root?.elements.first?.elements.first?.elements.first)
    #expect(p.elements.count == 200)
    #expect(p.children.count == 401)  // "start\n", then a span and a text after each
  }

  @Test("No halves for a DOCTYPE, a middle inside a comment or CDATA, or a document with an error")
  func declined() {
    let body = (0..<100).map { "<p>cue \($0)</p>" }.joined(separator: "\n")
    let doctype = "<!DOCTYPE tt [<!ENTITY e \"x\">]>\n<tt>\n" + body + "\n</tt>"
    #expect(Self.halves(Array(doctype.utf8)) == nil)
    let comment = "<tt>\n<!--\n" + body + "\n-->\n</tt>"
    #expect(Self.halves(Array(comment.utf8)) == nil)
    let cdata = "<tt>\n<![CDATA[\n" + body + "\n]]>\n</tt>"
    #expect(Self.halves(Array(cdata.utf8)) == nil)
    // Elements open more than 256 deep at the middle (libxml2's limit): no halves.
    let deep = String(repeating: "<a>", count: 3_000) + String(repeating: "<b/>\n", count: 5_000) + String(repeating: "</a>", count: 3_000)
    #expect(Self.halves(Array(deep.utf8)) == nil)
    let shallow = String(repeating: "<a>", count: 200) + String(repeating: "<b/>\n", count: 5_000) + String(repeating: "</a>", count: 200)
    #expect(Self.halves(Array(shallow.utf8))?.root == Self.whole(Array(shallow.utf8)).root)
    // An error in the second half: read again in one parse, with one parse's diagnostics.
    let broken = "<tt>\n" + body + "\n<p>unclosed <b></p>\n</tt>"
    #expect(Self.halves(Array(broken.utf8)) == nil)
    let forced = XMLTreeParser.parse(Array(broken.utf8), limits: XMLParserLimits(), maxDiagnostics: 10_000, halvesFrom: 0)
    #expect(Self.same(forced, Self.whole(Array(broken.utf8))))
    #expect(!forced.diagnostics.isEmpty)
  }

  /// A diagnostic in the middle of a start tag (an attribute value past the length limit, on an
  /// element open at the cut, so in both halves): the halves stop at their next start tag, not
  /// at once, as stopping libxml2 frees the input the value is still read from (a 1.1 MB value
  /// is in memory that is unmapped then: this crashed).
  @Test func aDiagnosticInsideAStartTagStopsTheHalvesLater() throws {
    var s = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"><body><div ttm:role=""#
    s += String(repeating: "a", count: 1_100_000) + "\">\n"
    for k in 0..<30_000 { s += "<p>cue \(k)</p>\n" }
    s += "</div></body></tt>\n"
    let bytes = Array(s.utf8)
    #expect(Self.halves(bytes) == nil)
    let parsed = XMLTreeParser.parse(bytes)
    #expect(Self.same(parsed, Self.whole(bytes)))
    #expect(parsed.diagnostics.map(\.code) == ["ttml.xml.attribute-too-long"])
    #expect(parsed.root?.elements.first?.elements.first?.elements.count == 30_000)
  }

  @Test("The scan of open start tags: quoted '>' in values, empty elements, comments, end tags")
  func openStartTags() {
    let text = Array("<?xml version=\"1.0\"?><a x='>'><!-- <b> --><c/><d><![CDATA[<e>]]></d><f\ny=\"1\">\n<g>".utf8)
    let cut = text.count - 3
    let open = text.withUnsafeBufferPointer { XMLHalves.openStartTags($0, before: cut) }
    #expect(open?.map { String(decoding: text[$0], as: UTF8.self) } == ["<a x='>'>", "<f\ny=\"1\">"])
  }

  /// Every TTML document of the conformance corpus that can be cut: the same result either way.
  @Test(.enabled(if: Corpus.root != nil)) func corpus() throws {
    var files: [URL] = []
    for folder in ["imsc-tests", "ttml2-tests", "skynav-ttv", "imsc-hrm-tests", "w3c-imsc-dece", "pycaption", "ttconv"] {
      files += Corpus.files(in: folder, extensions: ["ttml", "xml", "dfxp"])
    }
    var halved = 0
    for url in files {
      let bytes = try Corpus.bytes(url)
      let one = Self.whole(bytes)
      if let two = Self.halves(bytes) {
        halved += 1
        #expect(Self.same(one, two), "\(url.lastPathComponent)")
      }
      let forced = XMLTreeParser.parse(bytes, limits: XMLParserLimits(), maxDiagnostics: 10_000, halvesFrom: 0)
      #expect(Self.same(one, forced), "\(url.lastPathComponent)")
    }
    #expect(halved > 300)
  }
}
