/// Checks that bytes are well-formed UTF-8 (Unicode §3.9, table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
///
/// Caption files are mostly ASCII with accented letters, CJK and emoji here and there, so ASCII
/// runs are skipped eight bytes at a time and only the multi-byte sequences are decoded. The
/// standard library's validator, used before, checked every byte and was a twentieth of the time
/// of an SRT to WebVTT conversion.
package enum UTF8Validator {
  /// Whether `p` is well-formed UTF-8. - Complexity: O(n), one pass.
  package static func isValid(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = p.baseAddress else { return true }
    let n = p.count
    var i = 0
    while i < n {
      while i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
      guard i < n else { return true }
      let c = p[i]
      if c < 0x80 {
        i += 1
        continue
      }
      let len: Int
      let minScalar: UInt32
      var v: UInt32
      if c & 0xE0 == 0xC0 {
        len = 2; minScalar = 0x80; v = UInt32(c & 0x1F)
      } else if c & 0xF0 == 0xE0 {
        len = 3; minScalar = 0x800; v = UInt32(c & 0x0F)
      } else if c & 0xF8 == 0xF0 {
        len = 4; minScalar = 0x10000; v = UInt32(c & 0x07)
      } else {
        return false
      }
      guard i + len <= n else { return false }
      for k in 1..<len {
        let d = p[i + k]
        guard d & 0xC0 == 0x80 else { return false }
        v = v << 6 | UInt32(d & 0x3F)
      }
      if v < minScalar || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) { return false }
      i += len
    }
    return true
  }

  /// Inputs from this size up (bytes) are checked in two halves at once.
  package static let halvesMinimumSize = 1 << 20

  /// Whether `bytes` are well-formed UTF-8; from `minimumSize` bytes up, the second half is
  /// checked on a side thread while the caller checks the first.
  ///
  /// The cut is at a byte that starts a character (not `10xxxxxx`): no well-formed sequence
  /// spans such a byte, so the input is well-formed exactly when both halves are. Four
  /// continuation bytes in a row are never well-formed.
  package static func isValid(_ bytes: ArraySlice<UInt8>, halvesFrom minimumSize: Int = halvesMinimumSize) -> Bool {
    guard bytes.count >= minimumSize, minimumSize >= 8 else { return bytes.withUnsafeBufferPointer { isValid($0) } }
    var cut = bytes.startIndex + bytes.count / 2
    let limit = cut + 4
    while cut < limit, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
    guard cut < limit else { return false }
    let tail = bytes[cut...]
    let second = SideThread(name: "captionkit-utf8-second-half") { tail.withUnsafeBufferPointer { isValid($0) } }
    let first = bytes[..<cut].withUnsafeBufferPointer { isValid($0) }
    return second.join() && first
  }
}
