/// Byte classes of XML 1.0 names (§2.3 `NameStartChar`, `NameChar`), over UTF-8 bytes.
///
/// Every byte of a multi-byte UTF-8 sequence (≥ 0x80) is accepted: the permissive reading the
/// writer needs to decide whether an identifier can be written as an `xml:id`, and the validator
/// for names in attribute values (no false errors). The strict check of non-ASCII ranges in
/// element and attribute names is left to the reader, that is libxml2.
enum XMLNameCharacters {
  static func isNameStart(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A || c >= 0x80
  }

  static func isNameChar(_ c: UInt8) -> Bool {
    isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
  }

  /// Whether `s` is an NCName (Namespaces in XML §3: a name without `:`), with the same
  /// permissive reading of non-ASCII characters.
  static func isNCName(_ s: String) -> Bool {
    guard let f = s.utf8.first, isNameStart(f), f != UInt8(ascii: ":") else { return false }
    return s.utf8.allSatisfy { isNameChar($0) && $0 != UInt8(ascii: ":") }
  }
}
