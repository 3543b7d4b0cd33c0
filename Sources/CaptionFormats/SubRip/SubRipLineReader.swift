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

  private mutating func scan() -> Line? {
    let n = buf.count
    guard position < n, let base = buf.baseAddress else { return nil }
    let start = position
    var i = start
    // Eight bytes at a time: a byte equal to LF or CR makes (v ^ pattern) have a zero byte.
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    while i + 8 <= n {
      let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      let a = v ^ (ones &* 0x0A), b = v ^ (ones &* 0x0D)
      let hit = ((a &- ones) & ~a | (b &- ones) & ~b) & highs
      if hit != 0 {
        i += (hit.littleEndian.trailingZeroBitCount >> 3)
        break
      }
      i += 8
    }
    while i < n && buf[i] != 0x0A && buf[i] != 0x0D { i += 1 }
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
