@testable import CaptionCore
import Testing

@Suite struct WellFormedUTF8Tests {
  /// The unchecked string equals the checked one in every way a caller can see: its bytes, its
  /// characters and scalars, equality, hashing and comparison; for ASCII and not, short (held
  /// inline, up to 15 bytes) and long, and with combining marks and emoji sequences.
  @Test(arguments: [
    "", "a", "fifteen bytes!!", "sixteen bytes!!!", "naïve café", "now many write most she naïve or",
    "日本語のテキスト", "🎬 emoji at the start", "e\u{301} combining", "👩‍👩‍👧 family", "line one\nline two",
    String(repeating: "ü", count: 300),
  ])
  func sameStringAsDecoding(_ text: String) {
    let bytes = Array(text.utf8)
    let made = bytes.withUnsafeBufferPointer { WellFormedUTF8.string($0) }
    let decoded = String(decoding: bytes, as: UTF8.self)
    #expect(made == decoded)
    #expect(Array(made.utf8) == bytes)
    #expect(made.count == decoded.count)
    #expect(Array(made.unicodeScalars) == Array(decoded.unicodeScalars))
    #expect(made.hashValue == decoded.hashValue)
    #expect(!(made < decoded) && !(decoded < made))
    #expect(made.lowercased() == decoded.lowercased())
  }
}
