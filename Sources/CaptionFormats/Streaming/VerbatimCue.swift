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
  var start: CaptionTime
  var end: CaptionTime
  /// Where the cue's timing line is.
  var source: SourceLocation
  /// The decoded input, valid UTF-8, which the text lines are ranges of.
  var buffer: UnsafeBufferPointer<UInt8>
  /// The first text line, the second if any, and the lines after those. Most cues have one or
  /// two lines, which then take no allocation of their own (the converter may hold a few thousand
  /// cues in flight, `ConversionPipeline`).
  private var first: Range<Int>
  private var second: Range<Int>?
  private var more: [Range<Int>]

  /// The identifier as text, or `nil` when it is `idBytes` of `buffer`.
  private var idText: String?
  private var idBytes: Range<Int>

  /// The identifier's bytes when it was read from an SRT index line (nil for a WebVTT cue,
  /// whose identifier is a `String` already); empty when there is none.
  var idBytesInBuffer: UnsafeBufferPointer<UInt8>? {
    idText == nil ? UnsafeBufferPointer(rebasing: buffer[idBytes]) : nil
  }

  /// The identifier (empty for none). From SRT it is kept as bytes until a writer asks, so when
  /// the conversion is pipelined the `String` is made on the writer's thread.
  var id: String {
    if let idText { return idText }
    return idBytes.isEmpty ? "" : String(decoding: UnsafeBufferPointer(rebasing: buffer[idBytes]), as: UTF8.self)
  }

  /// `lines` are the cue's text lines in `buffer`: at least one, none empty.
  init(id: String, start: CaptionTime, end: CaptionTime, source: SourceLocation, buffer: UnsafeBufferPointer<UInt8>, lines: [Range<Int>]) {
    self.init(idBytes: 0..<0, start: start, end: end, source: source, buffer: buffer, lines: lines)
    idText = id
  }

  /// As `init(id:…)`, with the identifier given as bytes of `buffer` (valid UTF-8 or not: it is
  /// decoded as the readers decode text, invalid bytes becoming U+FFFD).
  init(idBytes: Range<Int>, start: CaptionTime, end: CaptionTime, source: SourceLocation, buffer: UnsafeBufferPointer<UInt8>, lines: [Range<Int>]) {
    self.idBytes = idBytes
    self.start = start
    self.end = end
    self.source = source
    self.buffer = buffer
    first = lines.first ?? 0..<0
    second = lines.count > 1 ? lines[1] : nil
    more = lines.count > 2 ? Array(lines[2...]) : []
  }

  /// The text lines, in order, as bytes of `buffer`.
  func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    body(UnsafeBufferPointer(rebasing: buffer[first]))
    guard let second else { return }
    body(UnsafeBufferPointer(rebasing: buffer[second]))
    for r in more { body(UnsafeBufferPointer(rebasing: buffer[r])) }
  }

  /// Whether `buf[r]` has none of `<`, `>`, `&` and `{`.
  static func isPlain(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    !ByteScan.containsAny(buf, from: r.lowerBound, to: r.upperBound, (0x3C, 0x3E, 0x26, 0x7B))
  }
}
