import CaptionCore

/// The text of a plain cue (no markup) as the one string `Cue` holds it in: its lines joined
/// with `\n`. The lines are whole lines of a reader's input, which is well-formed UTF-8
/// (`WellFormedUTF8`).
enum PlainCueText {
  /// Joins `lines`, ranges of `buf` in order. When each line ends in a `\n` that the next line
  /// follows at once (a file with LF line ends), the string is one slice of the input;
  /// otherwise (CR LF, CR) the lines are joined in `scratch` first.
  static func string(_ buf: UnsafeBufferPointer<UInt8>, lines: some Collection<Range<Int>>, scratch: inout [UInt8]) -> String {
    guard let first = lines.first else { return "" }
    var end = first.upperBound
    var contiguous = true
    for r in lines.dropFirst() {
      if r.lowerBound != end + 1 || buf[end] != 0x0A {
        contiguous = false
        break
      }
      end = r.upperBound
    }
    if contiguous {
      return WellFormedUTF8.string(UnsafeBufferPointer(rebasing: buf[first.lowerBound..<end]))
    }
    scratch.removeAll(keepingCapacity: true)
    for (k, r) in lines.enumerated() {
      if k > 0 { scratch.append(0x0A) }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[r]))
    }
    return scratch.withUnsafeBufferPointer { WellFormedUTF8.string($0) }
  }
}
