#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the first start tag with too many attributes, in one linear pass over the bytes,
/// before libxml2 sees them: libxml2 2.9 checks each new attribute against all earlier ones of
/// its element, so tens of thousands of attributes on one element take quadratic time (a 440 KB
/// file, 23 s).
///
/// A start tag is `<` then a name-start byte (a letter, `_`, `:` or a non-ASCII byte), up to the
/// `>` outside quotes; each `=` outside quotes is one attribute. Comments, CDATA sections,
/// processing instructions and declarations (with a DOCTYPE's internal subset) are skipped.
enum XMLAttributeCounter {
  static let commentEnd = Array("-->".utf8), cdataEnd = Array("]]>".utf8), piEnd = Array("?>".utf8)

  /// The offset of the `<` of the first start tag with more than `limit` attributes, or nil.
  static func firstCrowdedTag(_ b: [UInt8], limit: Int) -> Int? {
    b.withUnsafeBufferPointer { p -> Int? in
      let n = p.count
      var i = 0
      /// The index of the first `byte` at or after `k`, or `n`. memchr: text between tags and
      /// quoted values are most of a file, and the scan runs before every read.
      func next(_ byte: UInt8, from k: Int) -> Int {
        guard k < n, let base = p.baseAddress, let r = memchr(base + k, Int32(byte), n - k) else { return n }
        return UnsafeRawPointer(r) - UnsafeRawPointer(base)
      }
      func skip(past end: [UInt8], from k: Int) -> Int {
        var j = k
        while true {
          j = next(end[0], from: j)
          guard j + end.count <= n else { return n }
          var k2 = 1
          while k2 < end.count && p[j + k2] == end[k2] { k2 += 1 }
          if k2 == end.count { return j + end.count }
          j += 1
        }
      }
      while i < n {
        i = next(UInt8(ascii: "<"), from: i)
        guard i + 1 < n else { break }
        let c = p[i + 1]
        if c == UInt8(ascii: "!") {
          if i + 3 < n, p[i + 2] == UInt8(ascii: "-"), p[i + 3] == UInt8(ascii: "-") {
            i = skip(past: commentEnd, from: i + 4)
          } else if i + 8 < n, p[i + 2] == UInt8(ascii: "[") {
            i = skip(past: cdataEnd, from: i + 3)
          } else {
            // A declaration: up to its '>', over quotes and an internal subset's brackets.
            var j = i + 2, depth = 0, quote: UInt8 = 0
            while j < n {
              let x = p[j]
              if quote != 0 { if x == quote { quote = 0 } }
              else if x == 0x22 || x == 0x27 { quote = x }
              else if x == UInt8(ascii: "[") { depth += 1 }
              else if x == UInt8(ascii: "]") { depth -= 1 }
              else if x == UInt8(ascii: ">") && depth <= 0 { break }
              j += 1
            }
            i = j + 1
          }
          continue
        }
        if c == UInt8(ascii: "?") { i = skip(past: piEnd, from: i + 2); continue }
        let isNameStart = (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c >= 0x80
        guard isNameStart else { i += 1; continue }
        var j = i + 2, count = 0
        while j < n {
          let x = p[j]
          if x == 0x22 || x == 0x27 {
            j = next(x, from: j + 1)  // the closing quote (or the end)
          } else if x == UInt8(ascii: "=") {
            count += 1
            if count > limit { return i }
          } else if x == UInt8(ascii: ">") || x == UInt8(ascii: "<") {
            break
          }
          j += 1
        }
        i = j
      }
      return nil
    }
  }
}
