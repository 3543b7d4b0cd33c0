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

  /// Whether `buf[r]` has none of `<`, `>`, `&` and `{`.
  static func isPlain(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    !ByteScan.containsAny(buf, from: r.lowerBound, to: r.upperBound, (0x3C, 0x3E, 0x26, 0x7B))
  }
}
