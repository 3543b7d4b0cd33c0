/// The longest run of ASCII digits in some bytes: how a reader tells a time field too large to
/// compute with (`srt.timing.too-large`, TTML "out of range") from a malformed one.
public enum DigitRuns {
  public static func longest<S: Sequence>(in bytes: S) -> Int where S.Element == UInt8 {
    var run = 0, longest = 0
    for b in bytes {
      run = b >= 0x30 && b <= 0x39 ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }
}
