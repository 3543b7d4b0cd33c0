import CaptionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Word-at-a-time byte searches for the reader's hot loops (eight bytes per step, so that even
/// unoptimized debug builds stay fast on 50 MB lines).
enum ByteScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of each zero byte of `x`. Only the lowest set bit is exact (a borrow can mark
  /// a byte above a zero byte too), so `trailingZeroBitCount / 8` is the first zero byte's index
  /// (the words are loaded little-endian).
  @inline(__always) private static func zeroBytes(_ x: UInt64) -> UInt64 {
    (x &- ones) & ~x & highs
  }

  /// `zeroBytes` of the bytes of `w` that equal `b`.
  @inline(__always) private static func matches(_ w: UInt64, _ b: UInt8) -> UInt64 {
    zeroBytes(w ^ (ones &* UInt64(b)))
  }

  @inline(__always) private static func has(_ w: UInt64, _ b: UInt8) -> Bool {
    matches(w, b) != 0
  }

  @inline(__always) private static func word(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
    UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
  }

  /// The index of the first CR or LF in `p[from..<to]` (or `to`), and whether `-->` occurs
  /// before it.
  static func lineEnd(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (end: Int, arrow: Bool) {
    var i = from
    var arrow = false
    while true {
      // Eight bytes at a time to the next CR, LF or `>`, then straight to that byte.
      while i + 8 <= to {
        let w = word(p, i)
        let m = matches(w, 0x0A) | matches(w, 0x0D) | matches(w, 0x3E)
        if m != 0 {
          i += m.trailingZeroBitCount >> 3
          break
        }
        i += 8
      }
      guard i < to else { return (to, arrow) }
      let c = p[i]
      if c == 0x0A || c == 0x0D { return (i, arrow) }
      if c == 0x3E, !arrow, i >= from + 2, p[i - 1] == 0x2D, p[i - 2] == 0x2D { arrow = true }
      i += 1
    }
  }

  /// Whether `p[from..<to]` contains `<` or `&` (cue text that needs the tokenizer).
  static func containsMarkup(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
    containsAny(p, from: from, to: to, (0x3C, 0x26, 0x3C, 0x26))
  }

  /// Whether `p[from..<to]` contains any of four bytes (repeat one to look for fewer).
  static func containsAny(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ b: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
    var i = from
    while i + 8 <= to {
      let w = word(p, i)
      if has(w, b.0) || has(w, b.1) || has(w, b.2) || has(w, b.3) { return true }
      i += 8
    }
    // The last few bytes: one more word ending at `to` when the range is that long (the bytes
    // it shares with the words before matched nothing).
    if i < to, to - from >= 8 {
      let w = word(p, to - 8)
      return has(w, b.0) || has(w, b.1) || has(w, b.2) || has(w, b.3)
    }
    while i < to {
      let c = p[i]
      if c == b.0 || c == b.1 || c == b.2 || c == b.3 { return true }
      i += 1
    }
    return false
  }

  /// The index of the first zero byte, if any.
  /// Whether byte `p` starts a line that follows an empty one: LF LF or LF CR LF just before
  /// it (`p` ≥ 3). After any line end (LF, CRLF, CR CR LF) an LF ends a line, so `p` is a line
  /// start in SRT and WebVTT alike; the cut the two-halves readers look for.
  static func followsEmptyLine(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
    p[i - 1] == 0x0A && (p[i - 2] == 0x0A || (p[i - 2] == 0x0D && p[i - 3] == 0x0A))
  }

  static func firstZero(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
    // The C library's memchr is vectorised: a tenth of the word-at-a-time loop's cost over a
    // whole file, which every SRT and WebVTT read scans once.
    guard let base = p.baseAddress, !p.isEmpty, let hit = memchr(base, 0, p.count) else { return nil }
    return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
  }

}
