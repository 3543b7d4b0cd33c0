import CaptionCore

/// A cue the streaming converter copies byte for byte, without building a `Cue`. Its lines are
/// not empty and either plain (none of `<`, `>`, `&` and `{`: no markup to parse, nothing to
/// escape, no `{\anN}` tag or `-->`) or plain but for simple `<i>`, `<b>` and `<u>` tags
/// (`hasOnlySimpleTags`), which both formats read as the same elements and write as they are;
/// and it has default settings. From WebVTT, no cue is copied when the file has `STYLE` blocks:
/// their rules reach SRT inline, which only the model carries. This is the rule the readers'
/// "plain cue" fast paths and the writers' `verbatimCue` refer to.
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

  /// Whether the converter may copy a cue whose text is `lines`: none empty, none with a `\`
  /// (SubStation's `\N` is a line break to SRT readers and text to WebVTT ones, which the
  /// writers report), and every one plain or the whole plain but for simple tags
  /// (`hasOnlySimpleTags`).
  static func isCopyable(_ buf: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>], maxDepth: Int, maxElements: Int) -> Bool {
    guard !lines.isEmpty, lines.allSatisfy({ !$0.isEmpty && !ByteScan.containsAny(buf, from: $0.lowerBound, to: $0.upperBound, (0x5C, 0x5C, 0x5C, 0x5C)) }) else {
      return false
    }
    return lines.allSatisfy { isPlain(buf, $0) } || hasOnlySimpleTags(buf, lines, maxDepth: maxDepth, maxElements: maxElements)
  }

  /// Whether cue text (`lines`, none empty) is plain but for `<i>`, `<b>` and `<u>` tags that
  /// the other format writes back as the same bytes: lower case, no attributes, classes or
  /// spaces, each closed in the cue in nesting order, none directly closed after it opens (an
  /// empty element), none inside one of its own kind, no deeper than `maxDepth` and no more
  /// than `maxElements` of them (where the readers start flattening); and no other `<`, nor
  /// `>`, `&` or `{`. Both readers read such
  /// text into italic, bold and underline elements without a diagnostic, and both writers
  /// write those elements as these tags, so the converter may copy the cue.
  static func hasOnlySimpleTags(_ buf: UnsafeBufferPointer<UInt8>, _ lines: some Sequence<Range<Int>>, maxDepth: Int, maxElements: Int) -> Bool {
    // The open tags' letters, innermost in the low byte (three at most: each kind once).
    var open: UInt32 = 0
    var depth = 0
    var elements = 0
    var justOpened = false
    for r in lines {
      var i = r.lowerBound
      let end = r.upperBound
      while i < end {
        switch buf[i] {
        case UInt8(ascii: "<"):
          let closing = i + 1 < end && buf[i + 1] == UInt8(ascii: "/")
          let k = closing ? i + 2 : i + 1
          guard k + 1 < end, buf[k + 1] == UInt8(ascii: ">") else { return false }
          let letter = buf[k]
          guard letter == UInt8(ascii: "i") || letter == UInt8(ascii: "b") || letter == UInt8(ascii: "u") else { return false }
          if closing {
            guard depth > 0, UInt8(truncatingIfNeeded: open) == letter, !justOpened else { return false }
            open >>= 8
            depth -= 1
          } else {
            let inside = (0..<depth).contains { UInt8(truncatingIfNeeded: open >> (8 * $0)) == letter }
            guard !inside, depth < maxDepth, elements < maxElements else { return false }
            elements += 1
            open = open << 8 | UInt32(letter)
            depth += 1
            justOpened = true
            i = k + 2
            continue
          }
          i = k + 2
        case UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "{"):
          return false
        default:
          i += 1
        }
        justOpened = false
      }
      justOpened = false  // the line break is content
    }
    return depth == 0
  }
}
