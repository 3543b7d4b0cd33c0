/// Substring tests on UTF-8 bytes.
///
/// With Foundation imported, `"10px".contains("px")` resolves to Foundation's
/// `StringProtocol.contains(_:)`, which on Linux goes through `NSString.range(of:)`: about 6,000
/// instructions a call, a tenth of reading a small TTML document. The values we search (TTML
/// attribute values, URIs, designators) are matched byte for byte, which is also what the specs
/// ask for: XML names and values compare as code points, with no Unicode equivalence.
extension StringProtocol {
  /// Whether the UTF-8 bytes of `needle` occur in this string's UTF-8 bytes. An empty `needle`
  /// occurs in every string.
  @inlinable
  package func containsUTF8(_ needle: String) -> Bool {
    var needle = needle
    return needle.withUTF8 { n in
      if let found = utf8.withContiguousStorageIfAvailable({ Self.search($0, n) }) { return found }
      return Self.search(Array(utf8), n)
    }
  }

  @inlinable
  package static func search<C: RandomAccessCollection>(_ hay: C, _ needle: UnsafeBufferPointer<UInt8>) -> Bool
  where C.Element == UInt8, C.Index == Int {
    guard let first = needle.first else { return true }
    guard hay.count >= needle.count else { return false }
    var i = hay.startIndex
    let last = hay.endIndex - needle.count
    outer: while i <= last {
      if hay[i] == first {
        var k = 1
        while k < needle.count {
          if hay[i + k] != needle[k] { i += 1; continue outer }
          k += 1
        }
        return true
      }
      i += 1
    }
    return false
  }
}
