import CaptionCore
import CaptionFormats
import Testing

/// Hostile inputs, generated in the test: the reader reports and returns, never crashes or hangs.
@Suite struct SubRipHostileInputTests {
  /// Indices of more than 18 digits: leading zeros do not count, a too-large one is reported as
  /// such (not "not a number") and its repetition is still a duplicate.
  @Test func indicesBeyondEighteenDigits() {
    let big = "123456789012345678901"
    let text = """
      0000000000000000000001
      00:00:01,000 --> 00:00:02,000
      a

      \(big)
      00:00:03,000 --> 00:00:04,000
      b

      000\(big)
      00:00:05,000 --> 00:00:06,000
      c

      2
      00:00:07,000 --> 00:00:08,000
      d

      """
    let r = SRT.read(text)
    #expect(r.cues.map(\.id) == ["0000000000000000000001", big, "000" + big, "2"])
    #expect(r.cues.map(\.plainText) == ["a", "b", "c", "d"])
    #expect(r.diagnostics.map(\.description) == [
      "5:1: warning: [srt.index.invalid] index \(big) is too large for a cue number; kept as the cue identifier",
      "9:1: warning: [srt.index.duplicate] index 000\(big) was already used",
    ])
  }

  @Test func emptyFile() {
    let r = SRT.read([UInt8]())
    #expect(r.cues.isEmpty)
    #expect(r.diagnostics.map(\.code) == ["srt.file.no-cues"])
  }

  @Test func nulBytesBecomeReplacementCharactersWithAWarning() {
    let bytes: [UInt8] = Array("1\n00:00:01,000 --> 00:00:02,000\nab".utf8) + [0] + Array("c\n\n2\n00:00:03,000 --> 00:00:04,000\nd".utf8) + [0, 0] + [0x0A]
    let r = SRT.read(bytes)
    #expect(r.cues.map(\.plainText) == ["ab\u{FFFD}c", "d\u{FFFD}\u{FFFD}"])
    let d = r.diagnostics.filter { $0.code == "srt.file.null-character" }
    #expect(d.count == 1)
    #expect(d.first?.severity == .warning)
    #expect(d.first?.location?.line == 3)
    #expect(d.first?.location?.column == 3)
    #expect(d.first?.message.contains("3 U+0000") == true)
  }

  @Test func binaryGarbage() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256 * 1024)
    for _ in 0..<(256 * 1024) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: state >> 56))
    }
    let r = SRT.read(bytes)
    #expect(r.cues.isEmpty)
    #expect(r.diagnostics.contains { $0.code == "srt.file.no-cues" })
    #expect(r.diagnostics.contains { $0.code == "text.encoding.detected" })
  }

  @Test func everyTruncation() {
    let full = Array("1\n00:00:01,000 --> 00:00:02,000\n<i>Hello <font color=\"red\">wor</font></i>\n{\\an8}x\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n".utf8)
    for n in 0...full.count {
      let r = SRT.read(Array(full.prefix(n)))
      #expect(r.cues.count <= 2)
      if n >= 33 { #expect(r.cues.first?.start == SRT.ms(1000)) }
    }
  }

  @Test func fiftyMegabyteLine() {
    let size = 50 << 20
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size)
    bytes[0] = UInt8(ascii: "<")
    let r = SRT.read(bytes)
    #expect(r.cues.isEmpty)
    #expect(r.diagnostics.map(\.code) == ["srt.line.too-long", "srt.text.stray", "srt.file.no-cues"])
    #expect(r.diagnostics.first?.message.contains("line is 52428800 bytes long") == true)
  }

  @Test func fiftyMegabyteCueText() {
    var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "<"), count: 25 << 20)
    bytes += [UInt8](repeating: UInt8(ascii: "{"), count: 25 << 20)
    let r = SRT.read(bytes)
    #expect(r.cues.count == 1)
    #expect(r.cues.first?.plainText.utf8.count == 50 << 20)
  }

  @Test func hundredThousandNestedTags() {
    let text = "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "<i>", count: 100_000) + "x" + String(repeating: "</i>", count: 100_000) + "\n"
    var options = ReadOptions()
    options.limits.maxNestingDepth = 64
    let r = SRT.read(text, options: options)
    #expect(r.cues.count == 1)
    #expect(r.cues[0].plainText == "x")
    #expect(r.diagnostics.map(\.code) == ["srt.tag.nesting-too-deep"])
    var depth = 0
    var node = r.cues[0].content.first
    while case .element(let e)? = node {
      depth += 1
      node = e.children.first
    }
    #expect(depth == 64)
    // The writer handles the deep tree too.
    #expect(SubRipFormat().write(r.document, options: WriteOptions()).bytes.count > 64 * 7)
  }

  @Test func hundredThousandStrayCloseTags() {
    let text = "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "</b><b", count: 100_000) + "\n"
    let r = SRT.read(text)
    #expect(r.cues.count == 1)
    #expect(r.diagnostics.count == 10_001)
    #expect(r.diagnostics.last?.code == "core.diagnostics.limit-reached")
  }

  @Test func oneMillionCues() {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1_000_000 * 32)
    let block = Array("00:00:01,000 --> 00:00:02,000\nx\n\n".utf8)
    for _ in 0..<1_000_000 { bytes += block }
    var options = ReadOptions()
    options.limits.maxDiagnostics = 100
    let r = SRT.read(bytes, options: options)
    #expect(r.cues.count == 1_000_000)
    #expect(r.cues.last?.plainText == "x")
    #expect(r.diagnostics.count == 101)
  }

  @Test func manyUnterminatedTagOpeners() {
    let text = "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "<font color=", count: 200_000) + "\n"
    let r = SRT.read(text)
    #expect(r.cues.count == 1)
    #expect(r.cues[0].plainText.utf8.count == 12 * 200_000)
  }
}
