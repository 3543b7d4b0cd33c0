/// Small pieces of TTML reading: source positions, the one-step clock time, numbers out of range.
import CaptionCore
import CaptionTestSupport
@testable import CaptionTTML
import Testing

/// Byte offsets to line:column, with and without the line hint the tree builder passes.
@Suite struct XMLSourcePositionsTests {
  @Test func hintedLookupEqualsTheSearch() {
    // LF, CRLF, lone CR, an empty line and a last line without a newline.
    let text = Array("<tt>\n<p a=\"1\">x</p>\r\n\r<p>é</p>\n\nend".utf8)
    let positions = XMLSourcePositions(text)
    #expect(positions.location(0) == CaptionCore.SourceLocation(line: 1, column: 1, offset: 0))
    #expect(positions.location(5) == CaptionCore.SourceLocation(line: 2, column: 1, offset: 5))
    #expect(positions.location(21) == CaptionCore.SourceLocation(line: 3, column: 1, offset: 21))
    #expect(positions.location(22) == CaptionCore.SourceLocation(line: 4, column: 1, offset: 22))
    #expect(positions.location(text.count) == CaptionCore.SourceLocation(line: 6, column: 4, offset: text.count))
    var generator = SystemRandomNumberGenerator()
    var hint = 0
    for _ in 0..<2_000 {
      // Mostly forward, sometimes back, sometimes out of range.
      let offset = Int.random(in: -3...(text.count + 3), using: &generator)
      #expect(positions.location(offset, line: &hint) == positions.location(offset))
    }
    for offset in 0...text.count {
      #expect(positions.location(offset, line: &hint) == positions.location(offset))
    }
  }

  /// The line table (built eight bytes a step) against a byte-by-byte count, with CR, LF and
  /// CRLF at every position within and across eight-byte words.
  @Test func lineTableMatchesAByteCount() {
    var rng = SplitMix64(seed: 7)
    let alphabet: [UInt8] = [0x0A, 0x0D, 0x61, 0x62, 0x3C, 0xC3, 0xA9, 0x20, 0x61, 0x61, 0x61, 0x61]
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 0...70, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
      let positions = XMLSourcePositions(text)
      var line = 1, column = 1, k = 0
      while k <= text.count {
        #expect(positions.location(k) == CaptionCore.SourceLocation(line: line, column: column, offset: k))
        guard k < text.count else { break }
        if text[k] == 0x0D, k + 1 < text.count, text[k + 1] == 0x0A {
          #expect(positions.location(k + 1) == CaptionCore.SourceLocation(line: line, column: column + 1, offset: k + 1))
          k += 1
        }
        if text[k] == 0x0A || text[k] == 0x0D {
          line += 1
          column = 1
        } else {
          column += 1
        }
        k += 1
      }
    }
  }

  /// The backward byte search (memrchr) against a loop, at every offset and look-back limit.
  @Test func lastIndexMatchesABackwardLoop() {
    let text = Array("<a b='1'>x<&c d=\"<\"/>&&<".utf8)
    let positions = XMLSourcePositions(text)
    for byte in [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "z")] {
      for offset in -2...(text.count + 2) {
        for limit in [0, 1, 3, .max] {
          var expected: Int?
          let floor = limit == .max ? 0 : max(0, offset - limit)
          var k = min(offset, text.count - 1)
          while k >= floor {
            if text[k] == byte {
              expected = k
              break
            }
            k -= 1
          }
          #expect(positions.lastIndex(of: byte, atOrBefore: offset, limit: limit) == expected, "\(byte) \(offset) \(limit)")
        }
      }
    }
  }

  @Test func attributeNamesInSourceOrder() {
    let text = Array("<p xmlns:a='u' a:b=\"1\"  c = '>' d=\"x\"/>".utf8)
    let positions = XMLSourcePositions(text)
    var names: [Range<Int>] = []
    positions.attributeNames(ofStartTagAt: 0, into: &names)
    #expect(names.map { String(decoding: text[$0], as: UTF8.self) } == ["xmlns:a", "a:b", "c", "d"])
    #expect(positions.spells(names[1], "a:b") && !positions.spells(names[1], "a:bc") && !positions.spells(names[2], "d"))
  }

  @Test func attributeNameBeforeItsValue() {
    let text = Array("<p a:b=\"1\"  c = '>' d=\"x\"/>".utf8)
    let positions = XMLSourcePositions(text)
    #expect(positions.attributeName("a:b", beforeValueAt: 8) == 3)
    #expect(positions.attributeName("c", beforeValueAt: 17) == 12)  // spaces around `=`
    #expect(positions.attributeName("d", beforeValueAt: 23) == 20)
    #expect(positions.attributeName("d", beforeValueAt: 17) == nil)  // another name there
    #expect(positions.attributeName("b", beforeValueAt: 8) == nil)  // `a:b` ends with it
    #expect(positions.attributeName("a:b", beforeValueAt: 9) == nil)  // no quote before
    #expect(positions.attributeName("a:b", beforeValueAt: 0) == nil)
  }

  /// Attributes found from their values, and those libxml2 hands over in a buffer of its own
  /// (a reference in the value), are placed alike.
  @Test func attributeLocationsInTheTree() throws {
    let text = """
      <!DOCTYPE tt [<!ATTLIST p ttm:role CDATA "x">]>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="en"><body><div>
      <p begin="1s"
         end = '2s' xml:id="a&amp;b" region="r&#x9;1" tts:color="red">x</p>
      </div></body></tt>
      """
    let root = try #require(XMLTreeParser.parse(Array(text.utf8)).root)
    let body = try #require(root.elements.first)
    let p = try #require(body.elements.first?.elements.first)
    #expect(p.location.line == 3 && p.location.column == 1)
    func column(_ name: String) -> [Int]? {
      p.attributes.first { $0.qualifiedName == name }.map { [$0.location.line, $0.location.column] }
    }
    #expect(column("begin") == [3, 4])
    #expect(column("end") == [4, 4])
    #expect(column("xml:id") == [4, 15])  // a reference: libxml2's own buffer
    #expect(column("region") == [4, 32])
    #expect(column("tts:color") == [4, 49])
    #expect(p.attribute("", "region") == "r\t1" && p.attribute(TTMLNamespace.xml, "id") == "a&b")
    // The DTD's default for ttm:role is not applied: the parser options load no DTD attributes.
    #expect(p.attributes.map(\.qualifiedName) == ["begin", "end", "xml:id", "region", "tts:color"])
  }
}

/// The one-step reading of `hh:mm:ss.fff` against the general clock-time reader.
@Suite struct TTMLCommonClockTimeTests {
  @Test func equalsTheGeneralReader() {
    var p = TTMLTimingParameters()
    p.frameRate = 30
    p.tickRate = 7
    let fixed = ["00:00:01.068", "99:59:60.999", "00:59:59.000", "12:34:56.789", "00:60:00.000", "00:00:61.000", "0a:00:00.000",
      "00:00:00,000", "00:00:00.0000", " 00:00:01.000", "00:00:01.000 ", "00:00:01:00", "00:00:01.5", "1.5s"]
    var generator = SystemRandomNumberGenerator()
    var cases = fixed
    for _ in 0..<500 {
      let pieces = [Int.random(in: 0...99, using: &generator), Int.random(in: 0...61, using: &generator), Int.random(in: 0...61, using: &generator)]
      cases.append(pieces.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":") + "." + String(Int.random(in: 1000...1999, using: &generator)).dropFirst())
    }
    for text in cases {
      let general: CaptionTime?
      let u = TTMLTimeExpression.trimmedBytes(text)
      if u.contains(UInt8(ascii: ":")), case .success(let t) = TTMLTimeExpression.clock(u, p) { general = t } else { general = nil }
      if let fast = TTMLTimeExpression.commonClockTime(text) {
        #expect(fast == general, "\(text)")
        #expect(fast.value == general?.value && fast.timescale == general?.timescale, "\(text)")
      }
      if case .success(let t) = TTMLTimeExpression.parse(text, parameters: p), u.contains(UInt8(ascii: ":")) { #expect(t == general, "\(text)") }
    }
    #expect(TTMLTimeExpression.commonClockTime("00:00:01.068") == CaptionTime(value: 1068, timescale: 1000))
    #expect(TTMLTimeExpression.commonClockTime("00:60:00.000") == nil && TTMLTimeExpression.commonClockTime("00:00:01.5") == nil)
  }
}

/// Numbers too large to compute with are reported as out of range, not as malformed.
@Suite struct TTMLOutOfRangeTests {
  @Test func overlongTimeFields() {
    let p = TTMLTimingParameters()
    for text in ["99999999999999999999:00:00", "00:00:01:9223372036854775807", "9223372036854775807000t", "1234567890123456.5s"] {
      guard case .failure(let e) = TTMLTimeExpression.parse(text, parameters: p) else {
        Issue.record("\(text) was accepted")
        continue
      }
      #expect(e.message.hasPrefix("time out of range"), "\(text): \(e.message)")
    }
    // Up to 15 digits still read.
    #expect(TTMLTimeExpression.parse("123456789012345t", parameters: p) == .success(CaptionTime(value: 123456789012345, timescale: 1)))
  }

  @Test func parameterTooLarge() throws {
    let text = TTMLTest.doc("ttp:tickRate=\"9223372036854775807\" ttp:frameRate=\"0\"", body: "<div><p begin=\"0s\" end=\"1s\">x</p></div>")
    let r = try TTMLTest.read(text)
    let messages = r.diagnostics.filter { $0.code == "ttml.parameter.invalid" }.map(\.message)
    #expect(messages.contains("ttp:tickRate=\"9223372036854775807\" is out of range (at most 2147483647)"), "\(messages)")
    #expect(messages.contains("ttp:frameRate=\"0\" is not a positive integer"), "\(messages)")
  }
}

/// Valid TTML that is never presented is reported, not dropped silently.
@Suite struct TTMLNeverShownTests {
  @Test func emptyIntervalsAreReported() throws {
    let text = """
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
      <p begin="12s" end="11s">end before begin</p>
      <p begin="12s" end="12s">zero</p>
      <p begin="13s" end="14s">shown</p>
      <p begin="15s" end="15s"> </p>
      </div><div begin="20s" end="21s"><p begin="5s" end="6s">outside parent</p></div></body></tt>
      """
    let r = try TTMLTest.read(text)
    #expect(r.document.cues.map(\.plainText) == ["shown"])
    let never = r.diagnostics.filter { $0.code == "ttml.timing.never-shown" }
    #expect(never.count == 3)
    #expect(never.map { $0.location?.line } == [2, 3, 6])
    #expect(never.allSatisfy { $0.severity == .info })
    #expect(never.first?.message.hasPrefix("<p> \"end before begin\" is never shown") == true)
  }

  /// Text inside a shown p that its timing never shows (a span past the p's end, as when span
  /// times are written as media times, ttconv#95; a backwards span; bare text in a seq) was
  /// left out without a word.
  @Test func contentNeverShownInsideAShownParagraphIsReported() throws {
    let text = """
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
      <p begin="1s" end="3s">a <span begin="0.5s">b</span></p>
      <p begin="10s" end="12s">Shown <span begin="10.5s">late</span></p>
      <p begin="30s" end="35s">A <span begin="3s" end="1s">backwards</span></p>
      <p begin="40s" end="50s" timeContainer="seq">Only text</p>
      </div></body></tt>
      """
    let r = try TTMLTest.read(text)
    #expect(r.document.cues.map(\.plainText) == ["a", "a b", "Shown", "A"])
    let never = r.diagnostics.filter { $0.code == "ttml.timing.never-shown" }
    #expect(never.map { $0.location?.line } == [3, 4, 5])
    #expect(never.map { String($0.message.prefix(24)) } == ["<span> \"late\" is never s", "<span> \"backwards\" is ne", "\"Only text\" is never sho"])
  }

  /// A span whose media times (itunes:timing) end before its p begins is never shown either:
  /// the check cut only the span's end to the p's and missed it.
  @Test func spanEndingBeforeItsParagraphBeginsIsReported() throws {
    let text = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:itunes="http://music.apple.com/lyric-ttml-internal" itunes:timing="Line" xml:lang="en"><body><div>
      <p begin="10s" end="12s">Shown <span begin="1s" end="5s">early</span></p>
      </div></body></tt>
      """
    let r = try TTMLTest.read(text)
    #expect(r.document.cues.map(\.plainText) == ["Shown"])
    let never = r.diagnostics.filter { $0.code == "ttml.timing.never-shown" }
    #expect(never.map { String($0.message.prefix(14)) } == ["<span> \"early\""])
    #expect(never.map { $0.location?.line } == [2])
  }
}

/// The parser counts `xml:id` attributes (the reader and validator reserve their id tables by it).
@Suite struct XMLIDCountTests {
  @Test func countsXMLIDsOnly() {
    let text = "<tt xmlns='http://www.w3.org/ns/ttml' xml:id='t'><body><p xml:id='a' id='x'/><p xml:lang='en'/><p xml:id='b'>x</p></body></tt>"
    #expect(XMLTreeParser.parse(Array(text.utf8)).xmlIDCount == 3)
    #expect(XMLTreeParser.parse(Array("<tt/>".utf8)).xmlIDCount == 0)
  }
}

/// The tree builder's name table: every name stays findable however the slots collide.
@Suite struct XMLNameTableTests {
  func pointer(_ k: Int) -> UnsafeRawPointer { UnsafeRawPointer(bitPattern: 0x10_0000 + 16 * k)! }

  @Test func namesSurviveSlotCollisions() {
    var table = XMLNameTable()
    // 1,000 names in 128 slots: most are pushed out of their slot by later ones.
    for k in 0..<1000 { table.insert("n\(k)", pointer(k)) }
    for k in 0..<1000 { #expect(table.lookup(pointer(k)) == "n\(k)") }
    // Looked up again in reverse, after each lookup moved a name back into its slot.
    for k in (0..<1000).reversed() { #expect(table.lookup(pointer(k)) == "n\(k)") }
    #expect(table.lookup(pointer(1000)) == nil)
  }

  @Test func pairsAreKeyedByBothPointers() {
    var table = XMLNameTable()
    table.insert("tts:color", pointer(1), pointer(2))
    table.insert("color", pointer(1))
    table.insert("x:color", pointer(1), pointer(3))
    #expect(table.lookup(pointer(1), pointer(2)) == "tts:color")
    #expect(table.lookup(pointer(1)) == "color")
    #expect(table.lookup(pointer(1), pointer(3)) == "x:color")
    #expect(table.lookup(pointer(2), pointer(1)) == nil)
    // Two null pointers name nothing: the empty string.
    #expect(table.lookup(nil, nil) == "")
  }
}

/// Siblings share computed styles through the cache; its last-used entry must never answer
/// for another key or an older resolver.
@Suite struct TTMLSiblingStyleCacheTests {
  @Test func lastEntryAnswersOnlyItsOwnKey() {
    let cache = TTMLSiblingStyleCache(generation: 0)
    var red = TextStyle()
    red.color = Color(named: "red")
    var blue = TextStyle()
    blue.color = Color(named: "blue")
    let a = TTMLSiblingStyleCache.Key(region: "bottom", refs: ["s1"])
    let b = TTMLSiblingStyleCache.Key(region: "bottom", refs: ["s2"])
    cache.store(.init(computed: red), for: a)
    cache.store(.init(computed: blue), for: b)
    #expect(cache.entry(a, generation: 0)?.computed.color == Color(named: "red"))
    #expect(cache.entry(b, generation: 0)?.computed.color == Color(named: "blue"))
    #expect(cache.entry(TTMLSiblingStyleCache.Key(region: nil, refs: ["s1"]), generation: 0) == nil)
    // Settings stored for a key reach the entry whichever way it is found next.
    var start = CueSettings()
    start.align = .start
    cache.storeSettings(Cue.SharedSettings(start), for: a)
    #expect(cache.entry(b, generation: 0)?.settings == nil)
    #expect(cache.entry(a, generation: 0)?.settings?.value.align == .start)
    // A rebuilt resolver empties the cache, last entry included.
    #expect(cache.entry(a, generation: 1) == nil)
  }
}
