import CaptionCore

/// Splits decoded SRT text into lines (LF, CRLF, lone CR, or CR CR LF as one line end), with
/// one line of lookahead.
///
/// Lines are numbered from 1. It finds line ends eight bytes at a time and keeps the peeked line, so that each byte is examined once even though the reader looks one line ahead.
/// - Complexity: O(n) over the input.
struct SubRipLineReader {
  /// One line: the byte range of its content (terminator excluded) and its 1-based number.
  struct Line {
    var range: Range<Int>
    var number: Int

    /// Location of byte `index` of the input (which must be on this line).
    func location(at index: Int) -> SourceLocation {
      SourceLocation(line: number, column: index - range.lowerBound + 1, offset: index)
    }

    /// Location of the start of the line.
    var start: SourceLocation { SourceLocation(line: number, column: 1, offset: range.lowerBound) }
  }

  private let buf: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var lineNumber = 1
  private var peeked: Line?
  /// How many lines ended with a lone CR, LF, CRLF and CR CR LF (read as one line end).
  private(set) var lineEnds = LineEnds()

  init(_ buf: UnsafeBufferPointer<UInt8>) {
    self.buf = buf
  }

  /// A reader whose first line starts at byte `start` of `buf` (which must be a line start);
  /// its lines are numbered from 1 there. CR CR LF is still decided by the whole input.
  init(_ buf: UnsafeBufferPointer<UInt8>, start: Int) {
    self.buf = buf
    position = start
  }

  /// Where the next line starts (the peeked one, if a line was peeked).
  var nextLineStart: Int { peeked?.range.lowerBound ?? position }

  /// The number the next line gets.
  var nextLineNumber: Int { peeked?.number ?? lineNumber }

  /// Counts of line ends by kind.
  struct LineEnds {
    var cr = 0, lf = 0, crlf = 0, crcrlf = 0

    static func + (a: LineEnds, b: LineEnds) -> LineEnds {
      LineEnds(cr: a.cr + b.cr, lf: a.lf + b.lf, crlf: a.crlf + b.crlf, crcrlf: a.crcrlf + b.crcrlf)
    }
  }

  /// Whether CR CR LF is one line end: decided, the first time it is met, by the whole input.
  /// A file whose line ends are CR CR LF (or CRLF) was converted twice; in one that ends its
  /// lines with a lone CR, CR CR LF is a CR line end followed by a CRLF blank line. A few
  /// stray CRs in a doubled file do not change that: CR CR LF must outnumber them four to one.
  private lazy var mergesDoubledCR: Bool = {
    var i = 0
    let n = buf.count
    var doubled = 0, lone = 0
    while i < n {
      if buf[i] == 0x0D {
        if i + 1 < n && buf[i + 1] == 0x0A {
          i += 2
          continue
        }
        if i + 2 < n && buf[i + 1] == 0x0D && buf[i + 2] == 0x0A {
          doubled += 1
          i += 3
          continue
        }
        lone += 1
      }
      i += 1
    }
    return doubled > 4 * lone
  }()

  /// The next line without consuming it.
  mutating func peek() -> Line? {
    if peeked == nil { peeked = scan() }
    return peeked
  }

  /// The next line, or `nil` at the end of the input.
  mutating func next() -> Line? {
    if let p = peeked {
      peeked = nil
      return p
    }
    return scan()
  }

  /// The first CR or LF at or after `start`, or `n`.
  @inline(__always)
  private static func lineEnd(_ base: UnsafePointer<UInt8>, _ n: Int, from start: Int) -> Int {
    var i = start
    // Eight bytes at a time: a byte equal to LF or CR makes (v ^ pattern) have a zero byte.
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    while i + 8 <= n {
      let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      let a = v ^ (ones &* 0x0A), b = v ^ (ones &* 0x0D)
      let hit = ((a &- ones) & ~a | (b &- ones) & ~b) & highs
      if hit != 0 { return i + (hit.littleEndian.trailingZeroBitCount >> 3) }
      i += 8
    }
    while i < n && base[i] != 0x0A && base[i] != 0x0D { i += 1 }
    return i
  }

  // MARK: The usual lines, read by their bytes
  //
  // Most lines of most files are the usual block's: an index and a timing line, text lines
  // that cannot be mistaken for anything else, and an empty line. These find such lines
  // (consuming them and counting their line ends) and answer nil or false, consuming nothing,
  // for any other; `SubRipReader.scan` then reads it the general way, which would read the
  // usual lines exactly as these do. Only with no line peeked.

  /// The length of an LF (1) or CR LF (2) line end at `i`; nil for anything else, the end of
  /// the input included (a lone CR may be part of CR CR LF, which the general path decides).
  @inline(__always)
  private func usualLineEnd(at i: Int) -> Int? {
    guard i < buf.count else { return nil }
    if buf[i] == 0x0A { return 1 }
    return buf[i] == 0x0D && i + 1 < buf.count && buf[i + 1] == 0x0A ? 2 : nil
  }

  @inline(__always)
  private mutating func count(_ lineEnd: Int) {
    if lineEnd == 1 { lineEnds.lf += 1 } else { lineEnds.crlf += 1 }
  }

  /// The index and timing lines that may start the usual block, found but not consumed
  /// (`take`): 1–9 digits and then a line of at most `maxLineLength` bytes, each ended by LF or
  /// CR LF. They start a block when the second is a timing line (`SubRipTimingParser.parse`);
  /// `times` holds its times already when it is the 29-byte line with two-digit hours
  /// (`SubRipTimingParser.usualTimes`), which has nothing to report.
  struct UsualHeader {
    var index: Line
    var timingLine: Line
    var times: (start: CaptionTime, end: CaptionTime)?
    /// How the two lines end: 1 for LF, 2 for CR LF.
    fileprivate var indexEnd: Int, timingEnd: Int
  }

  func usualHeader(maxLineLength: Int) -> UsualHeader? {
    guard peeked == nil, let base = buf.baseAddress else { return nil }
    var i = position
    while i < buf.count, i - position < 10, SubRipTimingParser.isDigit(buf[i]) { i += 1 }
    guard i > position, i - position <= min(9, maxLineLength), let indexEnd = usualLineEnd(at: i) else { return nil }
    let t = i + indexEnd
    // The 29-byte line is read at fixed places (no byte of it is a line end); any other line
    // is found by its line end.
    var times: (start: CaptionTime, end: CaptionTime)? = nil
    var e = t + 29
    if e < buf.count, buf[e] == 0x0A || buf[e] == 0x0D, let usual = SubRipTimingParser.usualTimes(buf, t) {
      times = usual
    } else {
      e = Self.lineEnd(base, buf.count, from: t)
    }
    guard e - t <= maxLineLength, let timingEnd = usualLineEnd(at: e) else { return nil }
    return UsualHeader(
      index: Line(range: position..<i, number: lineNumber), timingLine: Line(range: t..<e, number: lineNumber + 1), times: times,
      indexEnd: indexEnd, timingEnd: timingEnd)
  }

  /// Consumes the two lines of `header`, which `usualHeader` just found.
  mutating func take(_ header: UsualHeader) {
    count(header.indexEnd)
    count(header.timingEnd)
    position = header.timingLine.range.upperBound + header.timingEnd
    lineNumber += 2
  }

  /// A line of cue text the general path would only add to the cue: it starts with none of a
  /// digit, space, tab, `-` or the first byte of a byte order mark (so it is not blank, not a
  /// timing or index line, and not broken one), is not over `maxLineLength`, and ends with LF
  /// or CR LF.
  mutating func nextUsualTextLine(maxLineLength: Int) -> Line? {
    guard peeked == nil, position < buf.count, let base = buf.baseAddress else { return nil }
    switch buf[position] {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), 0x20, 0x09, UInt8(ascii: "-"), 0xEF, 0x0A, 0x0D: return nil
    default: break
    }
    let e = Self.lineEnd(base, buf.count, from: position)
    guard e - position <= maxLineLength, let term = usualLineEnd(at: e) else { return nil }
    let line = Line(range: position..<e, number: lineNumber)
    count(term)
    position = e + term
    lineNumber += 1
    return line
  }

  /// Consumes an empty line ended by LF or CR LF.
  mutating func skipUsualEmptyLine() -> Bool {
    guard peeked == nil, let term = usualLineEnd(at: position) else { return false }
    count(term)
    position += term
    lineNumber += 1
    return true
  }

  private mutating func scan() -> Line? {
    let n = buf.count
    guard position < n, let base = buf.baseAddress else { return nil }
    let start = position
    let i = Self.lineEnd(base, n, from: start)
    var term = 0
    if i < n {
      if buf[i] == 0x0D {
        if i + 1 < n && buf[i + 1] == 0x0A {
          term = 2
          lineEnds.crlf += 1
        } else if i + 2 < n && buf[i + 1] == 0x0D && buf[i + 2] == 0x0A && mergesDoubledCR {
          // CR CR LF: a CRLF file whose line ends were converted again. One line end, not
          // two (which would put a blank line inside every cue).
          term = 3
          lineEnds.crcrlf += 1
        } else {
          term = 1
          lineEnds.cr += 1
        }
      } else {
        term = 1
        lineEnds.lf += 1
      }
    }
    let line = Line(range: start..<i, number: lineNumber)
    position = i + term
    lineNumber += 1
    return line
  }
}
