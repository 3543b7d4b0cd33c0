/// Byte-level scanning of UTF-8 text for the metrics and fingerprints, so that a cue with a
/// megabyte-long line is counted in linear time without per-`Character` String work on the
/// ASCII text that dominates captions.
enum UTF8Text {
  /// Unicode `White_Space` (PropList.txt; the property is stable), the same set as
  /// `Unicode.Scalar.Properties.isWhitespace`.
  @inline(__always)
  static func isWhitespace(_ v: UInt32) -> Bool {
    if v < 0x80 { return v == 0x20 || (v >= 0x09 && v <= 0x0D) }
    switch v {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// The scalar whose encoding starts at `i` and the index after it. `p` holds valid UTF-8 (it
  /// comes from a `String`); a stray continuation byte is returned as itself, one byte long.
  @inline(__always)
  static func scalar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (value: UInt32, next: Int) {
    let b = p[i]
    if b < 0x80 { return (UInt32(b), i + 1) }
    let n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
    guard n > 1, i + n <= p.count else { return (UInt32(b), i + 1) }
    var v = UInt32(b) & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07)
    for k in 1..<n { v = (v << 6) | (UInt32(p[i + k]) & 0x3F) }
    return (v, i + n)
  }

  /// Calls `body` with the first scalar of each extended grapheme cluster of `p`, in order;
  /// a line break (`\n`, or `\r\n`, one cluster) is passed as `0x0A`.
  ///
  /// Two adjacent ASCII scalars are always separated by a cluster boundary (UAX #29: no ASCII
  /// scalar is Extend, SpacingMark, ZWJ, Prepend or Extended_Pictographic), except CR LF. So
  /// runs of ASCII are walked byte by byte, and only stretches that contain non-ASCII text (with
  /// the ASCII scalar before them, which a combining mark may extend) are segmented by the
  /// standard library. The result is the same as iterating the `String`'s `Character`s.
  static func forEachGrapheme(_ p: UnsafeBufferPointer<UInt8>, _ body: (UInt32) -> Void) {
    let n = p.count
    var i = 0
    while i < n {
      let b = p[i]
      if b < 0x80, i + 1 == n || p[i + 1] < 0x80 {
        if b == 0x0D, i + 1 < n, p[i + 1] == 0x0A {
          body(0x0A)
          i += 2
        } else {
          body(UInt32(b))
          i += 1
        }
        continue
      }
      // A stretch with non-ASCII text: up to the first pair of ASCII bytes (not CR LF), where a
      // cluster boundary is certain.
      let start = i
      var e = i + 1
      while e < n {
        if p[e] < 0x80, p[e - 1] < 0x80, !(p[e - 1] == 0x0D && p[e] == 0x0A) { break }
        e += 1
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<e]), as: UTF8.self)
      for ch in text {
        let scalars = ch.unicodeScalars
        guard let first = scalars.first else { continue }
        if first.value == 0x0D, scalars.count > 1 {
          body(0x0A)  // "\r\n"
        } else {
          body(first.value)
        }
      }
      i = e
    }
  }
}
