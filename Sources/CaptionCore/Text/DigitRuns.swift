/// The longest run of ASCII digits in some bytes: how a reader tells a time field too large to
/// compute with (`srt.timing.too-large`, TTML "out of range") from a malformed one.
public enum DigitRuns {
  /// The longest run of digits; with `wholeOnly`, runs right after a `.` or `,` (fractions, or
  /// stray digits after one) do not count: they make a time wrong, not too large.
  public static func longest<S: Sequence>(in bytes: S, wholeOnly: Bool = false) -> Int where S.Element == UInt8 {
    var run = 0, longest = 0
    var fraction = false
    var previous: UInt8 = 0
    for b in bytes {
      if b >= 0x30 && b <= 0x39 {
        if run == 0 { fraction = wholeOnly && (previous == UInt8(ascii: ".") || previous == UInt8(ascii: ",")) }
        run += 1
        if !fraction { longest = max(longest, run) }
      } else {
        run = 0
      }
      previous = b
    }
    return longest
  }
}
