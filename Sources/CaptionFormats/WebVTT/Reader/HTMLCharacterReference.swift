/// Consumes HTML character references (`&amp;`, `&#x20;`, `&not`) in WebVTT cue text and
/// annotations, as WebVTT §6.4 asks: "consume a character reference" from the HTML standard, not
/// in an attribute, with an optional additional allowed character.
///
/// Named references use the longest match against the full HTML5 table (so `&notit;` is `¬`
/// followed by `it;`, and legacy names such as `&amp` match without their semicolon). The table
/// is searched by narrowing a sorted name list one byte at a time: O(length × log n), no
/// allocation per lookup.
enum HTMLCharacterReference {
  /// What a reference attempt found.
  enum Outcome: Equatable {
    /// A complete reference.
    case ok
    /// A named or numeric reference without its `;` (accepted, but a parse error).
    case missingSemicolon
    /// A numeric reference to a code point HTML replaces or forbids (NUL, surrogates, above
    /// U+10FFFF, C1 controls).
    case invalidCodePoint
    /// `&#` or `&#x` with no digits: nothing consumed.
    case noDigits
    /// `&name;` that is not in the table: nothing consumed.
    case unknownName
    /// The `&` is followed by whitespace, `<`, `&`, end of input or the additional allowed
    /// character: not a reference, nothing consumed.
    case notReference
    /// Anything else that is not a reference (`&1`, `&;`): nothing consumed.
    case notMatched
  }

  /// Sorted name table, built once from the generated source.
  struct Table: Sendable {
    var blob: [UInt8] = []
    var starts: [Int32] = []
    var lengths: [UInt8] = []
    var first: [UInt32] = []
    var second: [UInt32] = []
  }

  static let table: Table = {
    var t = Table()
    t.blob.reserveCapacity(20_000)
    let src = Array(HTMLEntityTable.source.utf8)
    for line in src.split(separator: UInt8(ascii: "\n")) {
      guard let sp = line.firstIndex(of: UInt8(ascii: " ")) else { continue }
      t.starts.append(Int32(t.blob.count))
      t.lengths.append(UInt8(sp - line.startIndex))
      t.blob.append(contentsOf: line[line.startIndex..<sp])
      var cps: [UInt32] = []
      var v: UInt32 = 0
      for b in line[(sp + 1)...] {
        if b == UInt8(ascii: ",") { cps.append(v); v = 0; continue }
        v = v << 4 | UInt32(hexValue(b) ?? 0)
      }
      cps.append(v)
      t.first.append(cps[0])
      t.second.append(cps.count > 1 ? cps[1] : 0)
    }
    return t
  }()

  /// Windows-1252 meanings HTML gives numeric references 0x80–0x9F.
  static let c1Replacements: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  /// Attempts to consume a reference whose `&` is at `amp`.
  ///
  /// - Returns: the index after the consumed reference (or `amp + 1` when nothing was consumed),
  ///   and the outcome; the decoded characters are appended to `out` as UTF-8 (nothing is
  ///   appended when nothing was consumed — the caller appends the `&`).
  static func consume(
    _ p: UnsafeBufferPointer<UInt8>, amp: Int, end: Int, additionalAllowed: UInt8?, into out: inout [UInt8]
  ) -> (next: Int, outcome: Outcome) {
    let i = amp + 1
    guard i < end else { return (i, .notReference) }
    let c = p[i]
    if c == 0x09 || c == 0x0A || c == 0x0C || c == 0x20 || c == UInt8(ascii: "<") || c == UInt8(ascii: "&")
      || c == additionalAllowed
    {
      return (i, .notReference)
    }
    if c == UInt8(ascii: "#") { return consumeNumeric(p, hash: i, end: end, into: &out) }
    return consumeNamed(p, start: i, end: end, into: &out)
  }

  private static func consumeNumeric(
    _ p: UnsafeBufferPointer<UInt8>, hash: Int, end: Int, into out: inout [UInt8]
  ) -> (next: Int, outcome: Outcome) {
    var j = hash + 1
    var hex = false
    if j < end, p[j] == UInt8(ascii: "x") || p[j] == UInt8(ascii: "X") {
      hex = true
      j += 1
    }
    var value: UInt32 = 0
    var digits = 0
    while j < end {
      let d: UInt8?
      if hex { d = hexValue(p[j]) } else { d = p[j] >= 0x30 && p[j] <= 0x39 ? p[j] - 0x30 : nil }
      guard let d else { break }
      // Saturate above the Unicode range: the exact value no longer matters.
      if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + UInt32(d) }
      digits += 1
      j += 1
    }
    guard digits > 0 else { return (hash, .noDigits) }
    var outcome = Outcome.ok
    if j < end, p[j] == UInt8(ascii: ";") { j += 1 } else { outcome = .missingSemicolon }
    var scalar = value
    if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
      scalar = 0xFFFD
      outcome = .invalidCodePoint
    } else if (0x80...0x9F).contains(value) {
      scalar = c1Replacements[Int(value - 0x80)]
      outcome = .invalidCodePoint
    } else if (0x01...0x08).contains(value) || value == 0x0B || (0x0E...0x1F).contains(value) || (0x7F...0x9F).contains(value)
      || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    {
      outcome = .invalidCodePoint
    }
    appendUTF8(scalar, to: &out)
    return (j, outcome)
  }

  private static func consumeNamed(
    _ p: UnsafeBufferPointer<UInt8>, start: Int, end: Int, into out: inout [UInt8]
  ) -> (next: Int, outcome: Outcome) {
    let t = table
    var lo = 0
    var hi = t.starts.count
    var best = -1
    var bestLength = 0
    var k = 0
    // Narrow [lo, hi) to the names whose first k+1 bytes match the input.
    t.blob.withUnsafeBufferPointer { blob in
      while start + k < end, k < 40, lo < hi {
        let c = p[start + k]
        // Lower bound: first name with byte k >= c (names of length k sort first and are < c).
        var a = lo, b = hi
        while a < b {
          let m = (a + b) >> 1
          let len = Int(t.lengths[m])
          let byte = len > k ? Int(blob[Int(t.starts[m]) + k]) : -1
          if byte < Int(c) { a = m + 1 } else { b = m }
        }
        let newLo = a
        b = hi
        while a < b {
          let m = (a + b) >> 1
          let len = Int(t.lengths[m])
          let byte = len > k ? Int(blob[Int(t.starts[m]) + k]) : -1
          if byte <= Int(c) { a = m + 1 } else { b = m }
        }
        lo = newLo
        hi = a
        k += 1
        if lo < hi, Int(t.lengths[lo]) == k {
          best = lo
          bestLength = k
        }
      }
    }
    guard best >= 0 else {
      // Alphanumerics followed by `;` name an unknown reference; anything else is just an `&`.
      var j = start
      while j < end, isAlphanumeric(p[j]) { j += 1 }
      if j > start, j < end, p[j] == UInt8(ascii: ";") { return (start, .unknownName) }
      return (start, .notMatched)
    }
    appendUTF8(t.first[best], to: &out)
    if t.second[best] != 0 { appendUTF8(t.second[best], to: &out) }
    let endsWithSemicolon = p[start + bestLength - 1] == UInt8(ascii: ";")
    return (start + bestLength, endsWithSemicolon ? .ok : .missingSemicolon)
  }

  static func isAlphanumeric(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
  }

  static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x37
    case 0x61...0x66: b - 0x57
    default: nil
    }
  }

  static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
    let s = Unicode.Scalar(v) ?? "\u{FFFD}"
    UTF8.encode(s) { out.append($0) }
  }
}
