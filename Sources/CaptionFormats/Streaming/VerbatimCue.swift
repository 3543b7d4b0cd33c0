import CaptionCore

/// A cue the streaming converter copies byte for byte, without building a `Cue`: its text is
/// plain, every line as read, with none of `<`, `>`, `&` and `{`, so both SRT and WebVTT write
/// it unchanged (no markup to parse, nothing to escape, no `{\anN}` tag or `-->` in it), and it
/// has default settings.
///
/// The readers hand these out only to the streaming converter, and the writers treat one
/// exactly as the `Cue` it stands for (`StreamingConversionTests` checks the bytes and
/// diagnostics against reading and writing the whole document).
struct VerbatimCue {
  var id: String
  var start: CaptionTime
  var end: CaptionTime
  /// Where the cue's timing line is.
  var source: SourceLocation
  /// The decoded input, valid UTF-8, and the cue's text lines in it (none empty).
  var buffer: UnsafeBufferPointer<UInt8>
  var lines: [Range<Int>]

  /// Whether `buf[r]` has none of `<`, `>`, `&` and `{` (eight bytes at a time).
  static func isPlain(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    guard let base = buf.baseAddress else { return true }
    var i = r.lowerBound
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func has(_ v: UInt64, _ b: UInt64) -> UInt64 {
      let x = v ^ (ones &* b)
      return (x &- ones) & ~x & highs
    }
    while i + 8 <= r.upperBound {
      let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      if has(v, 0x3C) | has(v, 0x3E) | has(v, 0x26) | has(v, 0x7B) != 0 { return false }
      i += 8
    }
    while i < r.upperBound {
      switch buf[i] {
      case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "{"): return false
      default: i += 1
      }
    }
    return true
  }
}
