import CaptionCore
import Testing

/// UTF-32 is read by its byte order mark (`FF FE 00 00`, `00 00 FE FF`) or when named; its
/// little-endian mark begins with UTF-16 LE's, which it was taken for.
@Suite struct UTF32Tests {
  static func utf32(_ text: String, littleEndian: Bool, bom: Bool = true) -> [UInt8] {
    let scalars = (bom ? [Unicode.Scalar(0xFEFF)!] : []) + Array(text.unicodeScalars)
    return scalars.flatMap { s -> [UInt8] in
      let v = s.value
      let be = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
      return littleEndian ? be.reversed() : be
    }
  }

  static let text = "1\n00:00:01,000 --> 00:00:02,000\nHéllo 😀 你好\n"

  @Test func byteOrderMarksChooseUTF32() {
    for le in [true, false] {
      let d = TextDecoder.decode(Self.utf32(Self.text, littleEndian: le))
      #expect(d.encoding == (le ? .utf32LE : .utf32BE))
      #expect(d.hadBOM)
      #expect(String(decoding: d.utf8, as: UTF8.self) == Self.text)
      #expect(d.diagnostics.isEmpty)
    }
    // UTF-16 LE's mark followed by a character that is not U+0000 stays UTF-16.
    let utf16 = [0xFF, 0xFE] + UTF16DetectionTests.utf16("Hi", littleEndian: true)
    #expect(TextDecoder.decode(utf16).encoding == .utf16LE)
  }

  @Test func namedEncodingAndLabels() {
    let d = TextDecoder.decode(Self.utf32(Self.text, littleEndian: false, bom: false), encoding: .utf32BE)
    #expect(String(decoding: d.utf8, as: UTF8.self) == Self.text)
    #expect(!d.hadBOM)
    #expect(TextEncoding(label: "UTF-32") == .utf32LE)
    #expect(TextEncoding(label: "utf32be") == .utf32BE)
  }

  /// A surrogate, a value past U+10FFFF and a cut last unit each become U+FFFD, counted.
  @Test func invalidUnitsAreReplacedAndCounted() {
    var bytes = Self.utf32("ab", littleEndian: true)
    bytes += [0x00, 0xD8, 0x00, 0x00]  // U+D800
    bytes += [0x00, 0x00, 0x11, 0x00]  // 0x110000
    bytes += [0x63, 0x00]  // half a unit
    let d = TextDecoder.decode(bytes)
    #expect(d.encoding == .utf32LE)
    #expect(String(decoding: d.utf8, as: UTF8.self) == "ab\u{FFFD}\u{FFFD}\u{FFFD}")
    #expect(d.diagnostics.map(\.message) == ["3 invalid UTF-32 unit(s) replaced with U+FFFD"])
    #expect(d.diagnostics.map(\.code) == ["text.encoding.invalid-utf32"])
  }
}
