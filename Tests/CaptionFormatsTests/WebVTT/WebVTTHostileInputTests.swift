import CaptionCore
import CaptionFormats
import Foundation
import Testing

/// Hostile and broken inputs: bounded work, diagnostics instead of crashes, linear time.
@Suite struct WebVTTHostileInputTests {
  let format = WebVTTFormat()

  func read(_ bytes: [UInt8], _ options: ReadOptions = ReadOptions()) throws -> ReadResult {
    try format.read(bytes, options: options)
  }

  @Test func hundredThousandNestedTagsAreFlattened() throws {
    let text = "WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "<b>", count: 100_000) + "deep" + String(repeating: "</b>", count: 100_000) + "after\n"
    let r = try read(Array(text.utf8))
    let cue = try #require(r.document.cues.first)
    var depth = 0
    var node = cue.content.first
    while case .element(let e)? = node {
      depth += 1
      node = e.children.first
    }
    #expect(depth == 256)
    #expect(node == .text("deep"))
    #expect(cue.content.last == .text("after"))
    #expect(r.diagnostics.filter { $0.code == "webvtt.cuetext.nesting-too-deep" }.count == 1)
  }

  /// Tens of thousands of REGION blocks, many redefining an earlier id: the last definition of
  /// each id wins, in the order the winners were defined (redefinitions used to be removed one
  /// by one from the list, quadratic in the number of regions).
  @Test func manyRegionsWithRedefinitions() throws {
    var text = "WEBVTT\n\n"
    for i in 0..<30_000 { text += "REGION\nid:r\(i)\n\n" }
    for i in stride(from: 0, to: 30_000, by: 2) { text += "REGION\nid:r\(i)\nlines:2\n\n" }
    text += "00:00.000 --> 00:01.000 region:r0\nx\n"
    var limits = ReadLimits()
    limits.maxDiagnostics = 100_000
    let r = try read(Array(text.utf8), ReadOptions(limits: limits))
    let regions = r.document.regions
    #expect(regions.count == 30_000)
    #expect(regions.prefix(3).map(\.id) == ["r1", "r3", "r5"])
    #expect(regions[15_000].id == "r0")
    #expect(regions[15_000].lines == 2)
    #expect(regions[0].lines == 3)
    #expect(r.diagnostics.filter { $0.code == "webvtt.region.duplicate-id" }.count == 15_000)
    #expect(r.document.cues.first?.settings.region == "r0")
    // A small case, against the order the spec's "last one wins" gives.
    let small = try read(Array("WEBVTT\n\nREGION\nid:a\n\nREGION\nid:b\n\nREGION\nid:a\nlines:2\n\nREGION\nid:c\n\nREGION\nid:b\nlines:4\n\n00:00.000 --> 00:01.000 region:b\nx\n".utf8))
    #expect(small.document.regions.map(\.id) == ["a", "c", "b"])
    #expect(small.document.regions.map(\.lines) == [2, 3, 4])
  }

  /// Thousands of STYLE rules: rules for the same selector merge into one named style, later
  /// declarations winning (each rule used to be looked up by a scan of all the styles so far).
  @Test func manyStyleRulesMergeBySelector() throws {
    var css = ""
    for i in 0..<5_000 { css += "::cue(.c\(i)) { color: red }\n" }
    css += "::cue(.c7) { color: blue; font-style: italic }\n"
    let r = try read(Array("WEBVTT\n\nSTYLE\n\(css)\n00:00.000 --> 00:01.000\n<c.c7>x</c>\n".utf8))
    let styles = r.document.styles
    #expect(styles.count == 5_000)
    #expect(styles[7].id == "c7")
    #expect(styles[7].style.color == Color(named: "blue"))
    #expect(styles[7].style.fontStyle == .italic)
    #expect(styles[4_999].id == "c4999")
    #expect(styles[4_999].style.color == Color(named: "red"))
  }

  /// 20,000 rules for one selector, every other one `!important`: each rule merged the whole
  /// style so far, and the important layer over the normal one (20 s and more). The cascade
  /// is unchanged: important wins whatever the order, then the later declaration.
  @Test func manyRulesForOneSelectorCascadeLinearly() throws {
    var css = ""
    for i in 0..<20_000 { css += "::cue { x-prop-\(i): \(i)\(i % 2 == 1 ? " !important" : "") }\n" }
    css += "::cue { x-prop-1: late; x-prop-2: late; color: red !important }\n::cue { color: blue }\n"
    var limits = ReadLimits()
    limits.maxDiagnostics = 10
    let r = try read(Array("WEBVTT\n\nSTYLE\n\(css)\n00:00.000 --> 00:01.000\nx\n".utf8), ReadOptions(limits: limits))
    let style = try #require(r.document.styles.first)
    #expect(r.document.styles.count == 1)
    #expect(style.style.other.count == 20_000)
    #expect(style.style.other["x-prop-1"] == "1")  // important: a later normal one does not win
    #expect(style.style.other["x-prop-2"] == "late")
    #expect(style.style.other["x-prop-19999"] == "19999")
    #expect(style.style.color == Color(named: "red"))
    #expect(style.propertySources["color"]?.line == 20_004)
  }

  /// One rule of 20,000 declarations, and 5,000 STYLE blocks for one class: merging each
  /// declaration copied all those before it.
  @Test func manyDeclarationsAndBlocksForOneSelector() throws {
    let decls = (0..<20_000).map { "x-p\($0): \($0)" }.joined(separator: "; ")
    var text = "WEBVTT\n\nSTYLE\n::cue(.a) { \(decls); x-p5: last }\n\n"
    for i in 0..<5_000 { text += "STYLE\n::cue(.b) { x-q\(i): \(i) }\n\n" }
    text += "00:00.000 --> 00:01.000\n<c.a.b>x</c>\n"
    var limits = ReadLimits()
    limits.maxDiagnostics = 10
    let styles = try read(Array(text.utf8), ReadOptions(limits: limits)).document.styles
    #expect(styles.map(\.id) == ["a", "b"])
    #expect(styles[0].style.other.count == 20_000)
    #expect(styles[0].style.other["x-p5"] == "last")
    #expect(styles[1].style.other.count == 5_000)
    #expect(styles[1].style.other["x-q4999"] == "4999")
    #expect(styles[1].source?.line == 7)
  }

  @Test func fiftyMegabyteLine() throws {
    var bytes = Array("WEBVTT\n\n00:00.000 --> 00:01.000\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 50 << 20)
    bytes.append(0x0A)
    let r = try read(bytes)
    #expect(r.document.cues.count == 1)
    #expect(r.document.cues[0].sourceText?.utf8.count == 50 << 20)
    // Read whole, and reported once as over the line length limit.
    #expect(r.diagnostics.map(\.code) == ["webvtt.line.too-long"])
    #expect(r.diagnostics.first?.location?.line == 4)
  }

  @Test func longLineOfMarkupCharactersIsLinear() throws {
    // Every '&' is a bare ampersand and every '<' starts a tag: diagnostics are capped.
    var bytes = Array("WEBVTT\n\n00:00.000 --> 00:01.000\n".utf8)
    for _ in 0..<200_000 { bytes += Array("&x ".utf8) }
    let r = try read(bytes)
    #expect(r.document.cues.count == 1)
    #expect(r.diagnostics.count <= ReadLimits().maxDiagnostics + 1)
    #expect(r.diagnostics.last?.code == "core.diagnostics.limit-reached")
  }

  @Test func millionCues() throws {
    var bytes = Array("WEBVTT\n\n".utf8)
    bytes.reserveCapacity(34_000_000)
    let cue = Array("00:00:00.000 --> 00:00:01.000\nx\n\n".utf8)
    for _ in 0..<1_000_000 { bytes += cue }
    let r = try read(bytes)
    #expect(r.document.cues.count == 1_000_000)
    #expect(r.document.cues.last?.end == CaptionTime(milliseconds: 1000))
    #expect(r.diagnostics.isEmpty)
  }

  @Test func binaryGarbage() throws {
    var rng = SystemRandomNumberGenerator()
    for prefix in ["", "WEBVTT\n\n", "WEBVTT\n\n00:00.000 --> 00:01.000\n"] {
      for _ in 0..<20 {
        var bytes = Array(prefix.utf8)
        for _ in 0..<4096 { bytes.append(UInt8.random(in: 0...255, using: &rng)) }
        let r = try read(bytes)
        if prefix.isEmpty {
          #expect(r.document.cues.isEmpty)
        }
        // Whatever was read writes and reads back without trapping.
        let w = format.write(r.document, options: WriteOptions())
        _ = try read(w.bytes)
      }
    }
  }

  @Test func emptyFileIsRejected() throws {
    let r = try read([])
    #expect(r.document == CaptionDocument())
    #expect(r.diagnostics.map(\.code) == ["webvtt.signature.invalid"])
  }

  @Test func signatureOnlyFiles() throws {
    for text in ["WEBVTT", "WEBVTT\n", "WEBVTT\r\n\r\n", "\u{FEFF}WEBVTT\t title"] {
      let r = try read(Array(text.utf8))
      #expect(r.document.cues.isEmpty)
      #expect(!r.diagnostics.contains { $0.severity == .error }, "\(text.debugDescription)")
    }
  }

  @Test func truncatedFiles() throws {
    let full = "WEBVTT\n\nSTYLE\n::cue(.a) { color: red }\n\n1\n00:00:01.000 --> 00:00:02.000 align:start\n<c.a>Hello <b>there</b></c>\n"
    let bytes = Array(full.utf8)
    for cut in 0...bytes.count {
      let r = try read(Array(bytes[0..<cut]))
      if cut < 6 { #expect(r.diagnostics.contains { $0.code == "webvtt.signature.invalid" }) }
    }
    let r = try read(Array("WEBVTT\n\n00:00:01.000 --> 00:0".utf8))
    #expect(r.document.cues.isEmpty)
    #expect(r.diagnostics.contains { $0.code == "webvtt.timestamp.field-digits" })
    let open = try read(Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<b>tex".utf8))
    #expect(open.document.cues[0].content == [.element(CueElement(.bold, children: [.text("tex")]))])
    #expect(open.diagnostics.contains { $0.code == "webvtt.cuetext.unclosed-tag" })
  }

  @Test func fileTooLargeThrows() {
    var o = ReadOptions()
    o.limits.maxFileSize = 10
    #expect(throws: CaptionError.fileTooLarge(size: 22, limit: 10)) {
      try format.read(Array("WEBVTT\n\n00:00.000 --> ".utf8), options: o)
    }
  }
}
