import CaptionCore
import Testing

/// UTF-16 without a byte order mark is recognised by where its zero bytes fall.
@Suite struct UTF16DetectionTests {
  static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
    text.utf16.flatMap { u in
      littleEndian ? [UInt8(u & 0xFF), UInt8(u >> 8)] : [UInt8(u >> 8), UInt8(u & 0xFF)]
    }
  }

  /// Cyrillic and CJK text has no zero byte in its code units; only the SRT structure around
  /// it does, so fewer than 70% of the bytes at that parity are zero.
  @Test(arguments: [
    "1\n00:00:01,000 --> 00:00:02,000\nПривет, как дела? Всё хорошо, спасибо большое.\nДа.\n",
    "1\n00:00:01,000 --> 00:00:02,000\n你好，今天天气很好，我们去公园散步吧。\n",
    "1\n00:00:01,000 --> 00:00:02,000\n😀 こんにちは 😀\n",
  ])
  func nonLatinTextWithoutBOM(_ text: String) {
    for le in [true, false] {
      let d = TextDecoder.decode(Self.utf16(text, littleEndian: le))
      #expect(d.encoding == (le ? .utf16LE : .utf16BE))
      #expect(String(decoding: d.utf8, as: UTF8.self) == text)
    }
  }

  /// Plain ASCII and UTF-8 stay UTF-8, and bytes that would leave a surrogate unpaired are not
  /// taken for UTF-16.
  @Test func otherInputIsNotUTF16() {
    #expect(TextDecoder.decode(Array("1\n00:00:01,000 --> 00:00:02,000\nПривет\n".utf8)).encoding == .utf8)
    // Mostly Cyrillic, so only the zero-parity rule could take it for UTF-16.
    var bytes = Self.utf16("1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "Привет", count: 10) + "\n", littleEndian: true)
    #expect(TextDecoder.decode(bytes).encoding == .utf16LE)
    bytes[40] = 0x00
    bytes[41] = 0xDC  // a low surrogate alone
    #expect(TextDecoder.decode(bytes).encoding != .utf16LE)
    // UTF-8 text with NUL bytes at odd offsets only: its line ends are not UTF-16 code units.
    var nul: [UInt8] = []
    for k in 1...200 {
      var cue = Array("\(k)\n00:00:01,000 --> 00:00:02,000\n".utf8)
      for _ in 0..<6 {
        if (nul.count + cue.count + 4) % 2 == 0 { cue.append(UInt8(ascii: "x")) }
        cue += Array("word".utf8) + [0] + [UInt8(ascii: " ")]
      }
      nul += cue + [0x0A, 0x0A]
    }
    #expect(TextDecoder.decode(nul).encoding == .utf8)
  }
}
