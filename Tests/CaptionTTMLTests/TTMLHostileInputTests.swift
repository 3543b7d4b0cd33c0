import CaptionKit
import CaptionTestSupport
@testable import CaptionTTML
import Foundation
import Testing

/// Hostile input: each case ends with a clear diagnostic, no crash, in bounded time, with no
/// file or network access.
@Suite("TTML hostile input")
struct TTMLHostileInputTests {
  func read(_ bytes: [UInt8]) throws -> (ReadResult, Double) {
    let start = Date()
    let r = try TTMLFormat().read(bytes, options: ReadOptions())
    return (r, Date().timeIntervalSince(start))
  }

  @Test("XInclude and other foreign elements in a p are ignored with a warning, never fetched")
  func foreignContentIsReported() throws {
    let body = #"<div><p begin="0s" end="1s"><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></p>"#
      + #"<p begin="1s" end="2s">kept <x:b xmlns:x="urn:example">gone</x:b><ttm:desc>note</ttm:desc></p></div>"#
    let (r, _) = try read(Array(TTMLTest.doc(body: body).utf8))
    #expect(r.document.cues.map(\.plainText) == ["kept"])
    let foreign = r.diagnostics.filter { $0.code == "ttml.content.foreign-element-ignored" }
    #expect(foreign.map(\.severity) == [.warning, .warning])
    #expect(foreign.first?.message.contains("<xi:include> inside <p>") == true)
    #expect(foreign.first?.message.contains("XInclude is not processed") == true)
    #expect(foreign.last?.message.contains("<x:b> inside <p>") == true)
    #expect(foreign.first?.location?.line == 4)
  }

  @Test("An element with tens of thousands of attributes stops reading there, at once")
  func manyAttributes() throws {
    let attrs = (0..<40_000).map { "a\($0)=\"x\"" }.joined(separator: " ")
    let body = #"<div><p begin="0s" end="1s">kept</p><p "# + attrs + #">x</p></div>"#
    let (r, secs) = try read(Array(TTMLTest.doc(body: body).utf8))
    #expect(secs < 5)  // libxml2's quadratic duplicate check took about 20 s here
    #expect(r.document.cues.map(\.plainText) == ["kept"])
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.too-many-attributes" })
    #expect(d.severity == .error)
    #expect(d.location?.line == 4)
    // Quotes, comments, CDATA and a DOCTYPE's internal subset are not counted as attributes.
    let tricky = "<!DOCTYPE tt [<!ENTITY e \"" + String(repeating: "a=b ", count: 2_000) + "\">]><!-- "
      + String(repeating: "x=1 ", count: 2_000) + "--><tt t=\"" + String(repeating: "=", count: 5_000) + "\"><![CDATA["
      + String(repeating: "<p a=1 ", count: 2_000) + "]]></tt>"
    #expect(XMLAttributeCounter.firstCrowdedTag(Array(tricky.utf8), limit: 1_000) == nil)
    #expect(XMLAttributeCounter.firstCrowdedTag(Array("<a b=1 c='>' d=\"=\"/>".utf8), limit: 2) == 0)
    #expect(XMLAttributeCounter.firstCrowdedTag(Array("<a b=1 c='>' d=\"=\"/>".utf8), limit: 3) == nil)
  }

  @Test("Billion laughs: entity expansion is bounded and reported")
  func billionLaughs() throws {
    var s = "<?xml version=\"1.0\"?>\n<!DOCTYPE tt [\n<!ENTITY lol \"lol\">\n"
    var prev = "lol"
    for i in 1...12 {
      s += "<!ENTITY lol\(i) \"" + String(repeating: "&\(prev);", count: 10) + "\">\n"
      prev = "lol\(i)"
    }
    s += "]>\n<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">&lol12;</p></div></body></tt>"
    let (r, secs) = try read(Array(s.utf8))
    #expect(r.diagnostics.contains { $0.code == "ttml.xml.entity-expansion-limit" && $0.severity == .error })
    #expect(secs < 5)
    #expect((r.document.cues.first?.plainText.utf8.count ?? 0) <= 1 << 20)
  }

  /// Past `maxCueElements` a cue's spans are flattened, their text kept (a p of 200,000 spans
  /// took 440 MB to convert to JSON), and the limit is reported once per cue.
  @Test func spansPastTheCueElementLimitAreFlattened() throws {
    var options = ReadOptions()
    options.limits.maxCueElements = 2
    let doc = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><body><div>
      <p begin="0s" end="1s"><span tts:fontStyle="italic">a</span><span>b</span><span tts:fontWeight="bold">c<span>d</span></span></p>
      <p begin="1s" end="2s"><span>e</span></p>
      </div></body></tt>
      """
    let r = try TTMLFormat().read(Array(doc.utf8), options: options)
    #expect(r.document.cues.map(\.plainText) == ["abcd", "e"])
    #expect(r.document.cues.first?.content.count == 3)  // two spans and the flattened text
    let limit = r.diagnostics.filter { $0.code == "ttml.content.too-many-elements" }
    #expect(limit.count == 1)
    #expect(limit.first?.location?.line == 2)
    #expect(limit.first?.message == "the cue has more than 2 spans; later ones are flattened into their parent, their text kept (raise it with --max-cue-elements)")
    #expect(r.document.cues.last?.content == [.element(CueElement(.span, children: [.text("e")]))])
  }

  /// The flattened spans' texts join into one text node in one pass: joining each to the run
  /// so far copied the run every time (a p of 80,000 spans, 1.2 MB, took 4.5 s to validate).
  @Test(.timeLimit(.minutes(1))) func manyFlattenedSpansJoinInLinearTime() throws {
    let n = 150_000
    var doc = #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div><p begin="0s" end="1s">"#
    for k in 0..<n { doc += "<span>w\(k) </span>" }
    doc += "</p></div></body></tt>"
    let r = try TTMLFormat().read(Array(doc.utf8), options: ReadOptions())
    let content = try #require(r.document.cues.first?.content)
    // 10,000 spans kept, then one text: the rest, joined (its last space trimmed).
    #expect(content.count == 10_001)
    guard case .text(let rest) = content.last else {
      Issue.record("the flattened spans did not end in one text: \(String(describing: content.last))")
      return
    }
    #expect(rest.hasPrefix("w10000 w10001 ") && rest.hasSuffix(" w149999"))
    #expect(rest.utf8.count == (10_000..<n).reduce(0) { $0 + "w\($1) ".utf8.count } - 1)
  }

  /// libxml2 reports an entity loop at each level it unwinds; the reader says it once, where
  /// the loop is used, and reads nothing after it.
  @Test func entityLoopIsReportedOnce() throws {
    let doc = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [<!ENTITY a "&b;"><!ENTITY b "&a;">]>
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div><p begin="0s" end="1s">&a;</p><p begin="1s" end="2s">after</p></div></body></tt>
      """
    let (r, _) = try read(Array(doc.utf8))
    let loops = r.diagnostics.filter { $0.code == "ttml.xml.entity-expansion-limit" }
    #expect(loops.count == 1)
    #expect(loops.first?.location?.line == 3)
    #expect(loops.first?.location?.column == 87)  // the reference's &
    #expect(loops.first?.message.hasPrefix("Detected an entity reference loop") == true)
    #expect(r.document.cues.isEmpty)
  }

  @Test("Entity bombs that expand to nothing, or to long text many times, end quickly with an error")
  func otherEntityBombs() throws {
    // 10^12 references to an empty entity: no output, so only libxml2's reference count stops it.
    var empty = "<?xml version=\"1.0\"?>\n<!DOCTYPE tt [\n<!ENTITY e0 \"\">\n"
    for i in 1...12 { empty += "<!ENTITY e\(i) \"" + String(repeating: "&e\(i - 1);", count: 10) + "\">\n" }
    empty += "]>\n<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">a&e12;b</p></div></body></tt>"
    // One 10 kB entity used 100,000 times ("quadratic blowup"): 1 GB of text.
    var wide = "<?xml version=\"1.0\"?>\n<!DOCTYPE tt [<!ENTITY w \"" + String(repeating: "w", count: 10_000) + "\">]>\n"
    wide += "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">" + String(repeating: "&w;", count: 100_000) + "</p></div></body></tt>"
    for doc in [empty, wide] {
      let (r, secs) = try read(Array(doc.utf8))
      #expect(r.diagnostics.contains { $0.code == "ttml.xml.entity-expansion-limit" && $0.severity == .error })
      #expect((r.document.cues.first?.plainText.utf8.count ?? 0) <= 2 << 20)
      #expect(secs < 5)
    }
  }

  @Test("External entities (file:// and http://) are never fetched")
  func externalEntities() throws {
    for target in ["file:///etc/passwd", "http://127.0.0.1:9/evil.dtd"] {
      let s = """
        <?xml version="1.0"?>
        <!DOCTYPE tt [<!ENTITY x SYSTEM "\(target)">]>
        <tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="0s" end="1s">a&x;b</p></div></body></tt>
        """
      let (r, _) = try read(Array(s.utf8))
      #expect(r.diagnostics.contains { $0.code == "ttml.xml.external-entity" && $0.severity == .error })
      #expect(r.document.cues.first?.plainText == "ab")
    }
    let dtd = "<?xml version=\"1.0\"?><!DOCTYPE tt SYSTEM \"http://127.0.0.1:9/x.dtd\"><tt xmlns=\"http://www.w3.org/ns/ttml\"/>"
    #expect(try read(Array(dtd.utf8)).0.diagnostics.contains { $0.code == "ttml.xml.external-dtd" })
  }

  @Test("An external entity naming an existing local file is not read")
  func localFileNotRead() throws {
    // A file of our own with an unmistakable content, plus /etc/hostname.
    let marker = "CAPTIONKIT-SECRET-\(UUID().uuidString)"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-xxe-\(UUID().uuidString).txt").path
    try Data(marker.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.contents(atPath: path) == Data(marker.utf8))
    let s = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [<!ENTITY a SYSTEM "file://\(path)"><!ENTITY b SYSTEM "\(path)"><!ENTITY c SYSTEM "/etc/hostname">]>
      <tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="0s" end="1s">[&a;|&b;|&c;]</p></div></body></tt>
      """
    let (r, _) = try read(Array(s.utf8))
    #expect(r.document.cues.first?.plainText == "[||]")
    #expect(r.diagnostics.filter { $0.code == "ttml.xml.external-entity" && $0.severity == .error }.count == 3)
    let written = String(decoding: TTMLFormat().write(r.document, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(written.range(of: marker) == nil)
    #expect(r.diagnostics.allSatisfy { $0.message.range(of: marker) == nil })
  }

  @Test("Internal entities expand in text and attribute values; positions stay exact")
  func internalEntities() throws {
    let s = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [<!ENTITY who "World"><!ENTITY greet "Hello &who;">]>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata">
        <body><div><p xml:id="a&#38;b" begin="0s" end="1s" ttm:role="&greet; &amp; more">&greet;! &lt;ok&gt;</p>
        <p begin="1s" end="2s"><!-- c --><![CDATA[<raw>]]></p></div></body></tt>
      """
    let (r, _) = try read(Array(s.utf8))
    #expect(r.document.cues.map(\.plainText) == ["Hello World! <ok>", "<raw>"])
    let tree = try #require(XMLTreeParser.parse(Array(s.utf8)).root)
    let p = try #require(tree.elements.first?.elements.first?.elements.first)
    #expect(p.location.line == 4)
    #expect(p.location.column == 14)
    #expect(p.attribute("http://www.w3.org/XML/1998/namespace", "id") == "a&b")
    #expect(p.attribute("http://www.w3.org/ns/ttml#metadata", "role") == "Hello World & more")
    let role = try #require(p.attributeNode("http://www.w3.org/ns/ttml#metadata", "role"))
    #expect(role.location.line == 4)
    #expect(role.location.column == 54)
    #expect(tree.namespaceDeclarations.map(\.prefix) == ["", "ttm"])
    // Text starts where the markup before it ends: after the start tag, after a comment.
    guard case .text(let t1, let l1) = p.children.first else { Issue.record("no text"); return }
    #expect(t1 == "Hello World! <ok>")
    #expect(l1.line == 4 && l1.column == 84)
    let p2 = try #require(tree.elements.first?.elements.first?.elements.last)
    guard case .text(let t2, let l2) = p2.children.last else { Issue.record("no text"); return }
    #expect(t2 == "<raw>")
    #expect(l2.line == 5 && l2.column == 36)
  }

  @Test("100,000 levels of nesting")
  func deepNesting() throws {
    var s = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">"
    s += String(repeating: "<span>", count: 100_000) + "deep" + String(repeating: "</span>", count: 100_000)
    s += "</p></div></body></tt>"
    let (r, secs) = try read(Array(s.utf8))
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.nesting-too-deep" })
    #expect(d.location?.line == 1)
    #expect(d.severity == .error)
    // libxml2 (without XML_PARSE_HUGE) stops reading at 256 levels: the text is not read.
    #expect(r.document.cues.first?.plainText ?? "" != "deep")
    #expect(secs < 10)
  }

  @Test("Nesting deeper than ReadLimits.maxNestingDepth (below libxml2's 256) is flattened, text kept")
  func flattenedNesting() throws {
    var s = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">"
    s += String(repeating: "<span>", count: 100) + "deep" + String(repeating: "</span>", count: 100)
    s += "</p></div></body></tt>"
    var o = ReadOptions()
    o.limits.maxNestingDepth = 64
    let r = try TTMLFormat().read(Array(s.utf8), options: o)
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.nesting-too-deep" })
    // The 65th element: tt, body, div, p and 60 spans are kept; the 61st span starts at byte 73 + 60 × 6.
    #expect(d.location?.line == 1)
    #expect(d.location?.column == 73 + 60 * 6)
    #expect(r.document.cues.first?.plainText == "deep")
    // The TTML reader names the flag; a DASH manifest read with plain limits names none
    // (`inspect` has no such flag).
    #expect(d.message.hasSuffix("(raise it with --max-nesting-depth)"))
    let plain = XMLTreeParser.parse(Array(s.utf8), limits: XMLParserLimits(maxDepth: 64), maxDiagnostics: 10)
    let m = try #require(plain.diagnostics.first { $0.code.hasSuffix("nesting-too-deep") })
    #expect(!m.message.contains("raise it"))
    #expect(m.message.hasSuffix("so it is lost where that ancestor holds no text"))
  }

  /// The validator keeps as many diagnostics as the reader (--max-diagnostics) and counts the
  /// rest in the limit summary; it stopped at 5,000 without a word, and later problems (a div
  /// in a p, after many unknown attributes) were neither listed nor counted.
  @Test("Validation diagnostics past the limit are counted, not lost")
  func validationPastTheLimit() throws {
    let ps = (0..<8).map { #"<p begin="\#($0)s" end="\#($0).5s" foo="1">x</p>"# }.joined()
    let s = #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>"# + ps + #"<p begin="9s" end="10s"><div>late</div></p></div></body></tt>"#
    var options = ReadOptions()
    options.limits.maxDiagnostics = 5
    let r = try TTMLFormat().read(Array(s.utf8), options: options)
    let summary = try #require(r.diagnostics.first { $0.code == "core.diagnostics.limit-reached" })
    #expect(r.diagnostics.filter { $0.code != "core.diagnostics.limit-reached" }.count == 5)
    // 8 unknown attributes, a misplaced div and its misplaced text: 10 errors, 5 listed.
    #expect(summary.unlistedCounts == [.error: 5])
    let all = try TTMLFormat().read(Array(s.utf8), options: ReadOptions())
    #expect(all.diagnostics.filter { $0.severity == .error }.map(\.code).suffix(2) == ["ttml.validate.misplaced-element", "ttml.validate.misplaced-text"])
  }

  /// The XML parser's own summary was passed on as one diagnostic: the errors it stood for were
  /// counted as one, and totals fell with --max-diagnostics (4 errors, then 2 at a limit of 1).
  @Test("XML errors past the limit are counted, not summarised as one")
  func xmlErrorsPastTheLimit() throws {
    let s = #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div><p begin="1s" end="2s">a <1> b <2> c <3> d <4></p></div></body></tt>"#
    func total(_ limit: Int) throws -> Int {
      var options = ReadOptions()
      options.limits.maxDiagnostics = limit
      let r = try TTMLFormat().read(Array(s.utf8), options: options)
      let listed = r.diagnostics.filter { $0.code != "core.diagnostics.limit-reached" && $0.severity == .error }.count
      return listed + (r.diagnostics.first { $0.code == "core.diagnostics.limit-reached" }?.unlistedCounts?[.error] ?? 0)
    }
    let all = try total(10_000)
    #expect(all == 4)
    for limit in [1, 2, 3] { #expect(try total(limit) == all, "limit \(limit)") }
  }

  /// A value the reader cannot read is one error, listed or not: past the limit the validator
  /// counted its own bad-value error as well as the reader's.
  @Test("An unreadable value past the limit is counted once")
  func badValuesPastTheLimitCountedOnce() throws {
    let ps = (0..<20).map { #"<p begin="\#($0)s" end="\#($0).5s" tts:color="nocolour">x</p>"# }.joined()
    let s = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><body><div>"# + ps + "</div></body></tt>"
    let all = try TTMLFormat().read(Array(s.utf8), options: ReadOptions())
    let errors = all.diagnostics.filter { $0.severity == .error }.count
    #expect(errors == 20)
    var options = ReadOptions()
    options.limits.maxDiagnostics = 5
    let r = try TTMLFormat().read(Array(s.utf8), options: options)
    let summary = try #require(r.diagnostics.first { $0.code == "core.diagnostics.limit-reached" })
    let listed = r.diagnostics.filter { $0.code != "core.diagnostics.limit-reached" && $0.severity == .error }.count
    #expect(listed + (summary.unlistedCounts?[.error] ?? 0) == errors)
  }

  @Test("A 20 MB attribute value")
  func hugeAttribute() throws {
    let s = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"" + String(repeating: "x", count: 20_000_000)
      + "\"><body><div><p begin=\"0s\" end=\"1s\">ok</p></div></body></tt>"
    let (r, secs) = try read(Array(s.utf8))
    // Past libxml2's 10,000,000-byte limit the element cannot be read: an error, in bounded time.
    #expect(r.diagnostics.contains { $0.code == "ttml.xml.attribute-too-long" && $0.severity == .error })
    #expect(r.document.cues.isEmpty)
    #expect(secs < 10)
  }

  @Test("A 2 MB attribute value is cut to 1 MiB and the document is read")
  func longAttribute() throws {
    let s = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"en\">\n<head><metadata xmlns:ttm=\"http://www.w3.org/ns/ttml#metadata\"><ttm:desc>"
      + "</ttm:desc></metadata></head><body><div>\n  <p begin=\"0s\" end=\"1s\" ttm:role=\"" + String(repeating: "x", count: 2_000_000)
      + "\" xmlns:ttm=\"http://www.w3.org/ns/ttml#metadata\">ok</p></div></body></tt>"
    let (r, secs) = try read(Array(s.utf8))
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.attribute-too-long" })
    #expect(d.location?.line == 3)
    #expect(d.location?.column == 26)
    #expect(r.document.cues.first?.plainText == "ok")
    #expect(secs < 10)
  }

  @Test("A truncated document")
  func truncated() throws {
    let s = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\n<p begin=\"0s\" end=\"1s\">Hello wor"
    let (r, _) = try read(Array(s.utf8))
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.unexpected-end" })
    #expect(d.severity == .error)
    #expect(d.message.contains("<p>"))
    #expect(d.location?.line == 2)
    #expect(r.document.cues.first?.plainText == "Hello wor")
  }

  @Test("Non-XML bytes and an empty file")
  func notXML() throws {
    let (r, _) = try read([0x00, 0xFF, 0x13, 0x37, 0x89, 0x50, 0x4E, 0x47])
    #expect(r.diagnostics.contains { $0.code == "ttml.xml.not-xml" && $0.severity == .error })
    #expect(r.document.cues.isEmpty)
    let (e, _) = try read([])
    #expect(e.diagnostics.contains { $0.code == "ttml.xml.not-xml" })
    let (w, _) = try read(Array("WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n".utf8))
    #expect(w.diagnostics.contains { $0.code == "ttml.xml.not-xml" })
  }

  @Test("Well-formedness errors carry line and byte column")
  func wellFormedness() throws {
    let s = "<tt xmlns=\"http://www.w3.org/ns/ttml\">\n  <body><div><p begin=\"0s\" end=\"1s\">a</span></p></div></body>\n</tt>"
    let (r, _) = try read(Array(s.utf8))
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.mismatched-end-tag" })
    #expect(d.location?.line == 2)
    #expect(d.location?.column == 38)
    let u = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><x:p/></body></tt>"
    #expect(try read(Array(u.utf8)).0.diagnostics.contains { $0.code == "ttml.xml.unbound-prefix" })
  }

  @Test("Files over the size limit throw")
  func sizeLimit() {
    var o = ReadOptions()
    o.limits.maxFileSize = 10
    #expect(throws: CaptionError.self) { try TTMLFormat().read(Array("<tt xmlns=\"http://www.w3.org/ns/ttml\"/>".utf8), options: o) }
  }
}

@Suite("TTML scale")
struct TTMLScaleTests {
  /// Regions that all refer to one long style chain: each chain is walked once for the IMSC
  /// checks (region extent, origin or position, placement inside the root), not once per
  /// region and property (3,000 regions took 20 s).
  @Test("2,000 regions on a 2,000-style chain are checked once per style", .timeLimit(.minutes(1)))
  func regionsSharingALongStyleChain() throws {
    let n = 2_000
    var styles = (0..<n).map { #"<style xml:id="s\#($0)" style="s\#($0 + 1)"/>"# }.joined()
    styles += #"<style xml:id="s\#(n)" tts:extent="50% 50%"/>"#
    let regions = (0..<n).map { #"<region xml:id="r\#($0)" style="s0" tts:origin="60% 0%"/>"# }.joined()
    let doc = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1/text" tts:extent="640px 480px" xml:lang="en">\
      <head><styling>\(styles)</styling><layout>\(regions)</layout></head><body/></tt>
      """
    let r = try TTMLFormat().read(Array(doc.utf8), options: ReadOptions())
    // The chain is 2,001 styles long, past the 64 followed: no extent is found for any region
    // (and `auto`, the whole root, from 60% overflows it).
    #expect(r.diagnostics.filter { $0.code == "ttml.profile.region-extent" }.count == n)
    #expect(r.diagnostics.filter { $0.code == "ttml.profile.region-outside-root" }.count == n)
    // A short chain gives the extent, and the region then overflows the root (60% + 50%).
    let short = doc.replacingOccurrences(of: #"style="s1"/>"#, with: #"style="s\#(n)"/>"#)
    let r2 = try TTMLFormat().read(Array(short.utf8), options: ReadOptions())
    #expect(r2.diagnostics.filter { $0.code == "ttml.profile.region-outside-root" }.count == n)
    #expect(!r2.diagnostics.contains { $0.code == "ttml.profile.region-extent" })
  }

  @Test("5,000 cues read, validate and write in bounded time")
  func manyCues() throws {
    var s = TTMLTest.doc(head: "<layout><region xml:id=\"r\" tts:origin=\"10% 80%\" tts:extent=\"80% 10%\"/></layout>", body: "")
    var body = "<div>"
    for i in 0..<(Int(ProcessInfo.processInfo.environment["TTML_N"] ?? "") ?? 5_000) {
      body += "<p xml:id=\"c\(i)\" region=\"r\" begin=\"\(i)s\" end=\"\(i)s500ms\"><span tts:color=\"yellow\">Line \(i)</span><br/>second</p>\n"
    }
    body = body.replacingOccurrences(of: "s500ms", with: ".5s") + "</div>"
    s = s.replacingOccurrences(of: "<body></body>", with: "<body>\(body)</body>")
    let start = Date()
    let r = try TTMLFormat().read(Array(s.utf8), options: ReadOptions(profile: "ebu-tt-d"))
    let readSecs = Date().timeIntervalSince(start)
    #expect(r.document.cues.count == (Int(ProcessInfo.processInfo.environment["TTML_N"] ?? "") ?? 5_000))
    let w0 = Date()
    let out = TTMLFormat().write(r.document, options: WriteOptions(flavor: "ebu-tt-d"))
    let writeSecs = Date().timeIntervalSince(w0)
    print("TTML scale: read \(readSecs) s, write \(writeSecs) s for \(r.document.cues.count) cues (\(out.bytes.count) bytes)")
    #expect(readSecs < 60)
    #expect(writeSecs < 60)
  }
}

@Suite("TTML mutation fuzzing")
struct TTMLFuzzTests {
  @Test("500 mutated and truncated copies of the sample read without crashing, and round-trip through the writer")
  func mutations() throws {
    let base = try CaptionTestSupportBridge.sample("imsc11-styled.ttml")
    var rng = SplitMix64(seed: UInt64(ProcessInfo.processInfo.environment["TTML_FUZZ_SEED"] ?? "") ?? 42)
    let alphabet = Array("<>/&;:\"'=#%. \n0123456789abcdefghijklmnopqrstuvwxyzpsbrdiv".utf8) + [0, 0xFF, 0xC3]
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["TTML_FUZZ_N"] ?? "") ?? 500) {
      var b = base
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        guard !b.isEmpty else { break }
        let k = Int.random(in: 0..<b.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: b[k] = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
        case 1: b.remove(at: k)
        case 2: b.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)], at: k)
        default: b.removeSubrange(k...)
        }
      }
      let r = try TTMLFormat().read(b, options: ReadOptions())
      let w = TTMLFormat().write(r.document, options: WriteOptions())
      _ = try TTMLFormat().read(w.bytes, options: ReadOptions())
    }
  }
}

/// The attribute counter's memchr scan against the byte-at-a-time scan it replaced, on random
/// markup made of the bytes the scan looks at.
@Suite struct XMLAttributeCounterTests {
  /// The scan as it was (before memchr), kept as the reference.
    static func reference(_ b: [UInt8], limit: Int) -> Int? {
      b.withUnsafeBufferPointer { p -> Int? in
        let n = p.count
        var i = 0
        func skip(past end: [UInt8], from k: Int) -> Int {
          var j = k
          while j + end.count <= n {
            if p[j] == end[0] {
              var k2 = 1
              while k2 < end.count && p[j + k2] == end[k2] { k2 += 1 }
              if k2 == end.count { return j + end.count }
            }
            j += 1
          }
          return n
        }
        while i < n {
          guard p[i] == UInt8(ascii: "<"), i + 1 < n else { i += 1; continue }
          let c = p[i + 1]
          if c == UInt8(ascii: "!") {
            if i + 3 < n, p[i + 2] == UInt8(ascii: "-"), p[i + 3] == UInt8(ascii: "-") {
              i = skip(past: Array("-->".utf8), from: i + 4)
            } else if i + 8 < n, p[i + 2] == UInt8(ascii: "[") {
              i = skip(past: Array("]]>".utf8), from: i + 3)
            } else {
              // A declaration: up to its '>', over quotes and an internal subset's brackets.
              var j = i + 2, depth = 0, quote: UInt8 = 0
              while j < n {
                let x = p[j]
                if quote != 0 { if x == quote { quote = 0 } }
                else if x == 0x22 || x == 0x27 { quote = x }
                else if x == UInt8(ascii: "[") { depth += 1 }
                else if x == UInt8(ascii: "]") { depth -= 1 }
                else if x == UInt8(ascii: ">") && depth <= 0 { break }
                j += 1
              }
              i = j + 1
            }
            continue
          }
          if c == UInt8(ascii: "?") { i = skip(past: Array("?>".utf8), from: i + 2); continue }
          let isNameStart = (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c >= 0x80
          guard isNameStart else { i += 1; continue }
          var j = i + 2, count = 0, quote: UInt8 = 0
          while j < n {
            let x = p[j]
            if quote != 0 {
              if x == quote { quote = 0 }
            } else if x == 0x22 || x == 0x27 {
              quote = x
            } else if x == UInt8(ascii: "=") {
              count += 1
              if count > limit { return i }
            } else if x == UInt8(ascii: ">") || x == UInt8(ascii: "<") {
              break
            }
            j += 1
          }
          i = j
        }
        return nil
      }
    }

  @Test func memchrScanAgreesWithTheByteScan() {
    var rng = SplitMix64(seed: 0x5EED_A77C)
    let alphabet = Array("<<<>>>!-[]?=\"'ab _:\u{E9}\n".utf8)
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...40, using: &rng)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &rng)! }
      for limit in [0, 1, 2] {
        #expect(XMLAttributeCounter.firstCrowdedTag(bytes, limit: limit) == Self.reference(bytes, limit: limit), "\(String(decoding: bytes, as: UTF8.self)) limit \(limit)")
      }
    }
  }
}
