import CaptionKit
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

  @Test("100,000 levels of nesting")
  func deepNesting() throws {
    var s = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"0s\" end=\"1s\">"
    s += String(repeating: "<span>", count: 100_000) + "deep" + String(repeating: "</span>", count: 100_000)
    s += "</p></div></body></tt>"
    let (r, secs) = try read(Array(s.utf8))
    let d = try #require(r.diagnostics.first { $0.code == "ttml.xml.nesting-too-deep" })
    #expect(d.location?.line == 1)
    #expect(r.document.cues.first?.plainText == "deep")
    #expect(secs < 10)
  }

  @Test("A 20 MB attribute value")
  func hugeAttribute() throws {
    let s = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"" + String(repeating: "x", count: 20_000_000)
      + "\"><body><div><p begin=\"0s\" end=\"1s\">ok</p></div></body></tt>"
    let (r, secs) = try read(Array(s.utf8))
    #expect(r.diagnostics.contains { $0.code == "ttml.xml.attribute-too-long" })
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
