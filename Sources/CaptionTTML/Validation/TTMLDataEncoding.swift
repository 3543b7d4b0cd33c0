/// The encodings of TTML2 embedded data (TTML2 §9.2.1, RFC 4648 §4–§8), and the decoded size of
/// encoded text, which is all validation needs (the bytes themselves are never materialised).
enum TTMLDataEncoding: String {
  case base16, base32, base32hex, base64, base64url

  /// How many bytes `text` decodes to, or nil when it holds a character outside the encoding's
  /// alphabet or data after padding. XML white space between characters is ignored (TTML2 allows
  /// line-wrapped data). One pass over the UTF-8 bytes, no allocation.
  static func decodedLength(_ text: String, _ encoding: TTMLDataEncoding) -> Int? {
    var symbols = 0
    var padding = 0
    for b in text.utf8 {
      if TTMLWhitespace.isSpace(b) { continue }
      if b == UInt8(ascii: "=") {
        guard encoding != .base16 else { return nil }
        padding += 1
        continue
      }
      // A data character after padding is not RFC 4648.
      guard padding == 0, isAlphabet(b, encoding) else { return nil }
      symbols += 1
    }
    // Group sizes are not enforced: real documents carry base64 whose final group is short
    // (ttml2-tests' chunked PNG images), and decoders take the whole bytes it does carry.
    switch encoding {
    case .base16: return symbols / 2
    case .base64, .base64url: return symbols * 6 / 8
    case .base32, .base32hex: return symbols * 5 / 8
    }
  }

  static func isAlphabet(_ b: UInt8, _ encoding: TTMLDataEncoding) -> Bool {
    let upper = b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")
    let lower = b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")
    let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    switch encoding {
    case .base16:
      // RFC 4648 §8 uses upper case; lower case hex is accepted as the same value.
      return digit || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "f"))
    case .base32: return upper || (b >= UInt8(ascii: "2") && b <= UInt8(ascii: "7"))
    case .base32hex: return digit || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "V"))
    case .base64: return upper || lower || digit || b == UInt8(ascii: "+") || b == UInt8(ascii: "/")
    case .base64url: return upper || lower || digit || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
    }
  }
}
