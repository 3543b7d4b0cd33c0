/// Splits UTF-8 bytes into lines, recognising LF, CRLF and lone CR as terminators (WebVTT
/// §6.1 and what SRT files in the wild use), and tracking 1-based line numbers and byte
/// offsets for diagnostics.
///
/// - Complexity: O(n) over the input, one pass, no copies.
public struct LineScanner: Sendable {
  /// One line: the byte range of its content (terminator excluded) and its position.
  public struct Line: Sendable, Hashable {
    /// Range of the line's content in the scanned bytes.
    public var range: Range<Int>
    /// 1-based line number.
    public var number: Int
    /// The terminator that ended it: `\n`, `\r\n`, `\r`, or empty at end of input.
    public var terminatorLength: Int

    /// Location of byte `index` of the input (which must be on this line).
    public func location(at index: Int) -> SourceLocation {
      SourceLocation(line: number, column: index - range.lowerBound + 1, offset: index)
    }

    /// Location of the start of the line.
    public var start: SourceLocation { SourceLocation(line: number, column: 1, offset: range.lowerBound) }
  }

  private let bytes: [UInt8]
  /// The byte offset where the next line starts.
  public private(set) var position: Int
  /// The 1-based number of the next line.
  public private(set) var lineNumber: Int
  /// Lines seen terminated by a lone CR, CRLF and LF, for reporting mixed endings.
  public private(set) var crCount = 0, crlfCount = 0, lfCount = 0

  public init(_ bytes: [UInt8], startingAt position: Int = 0) {
    self.bytes = bytes
    self.position = position
    self.lineNumber = 1
  }

  /// Whether every byte has been consumed.
  public var isAtEnd: Bool { position >= bytes.count }

  /// Returns the next line, or `nil` at the end of the input.
  public mutating func next() -> Line? {
    let n = bytes.count
    guard position < n else { return nil }
    let start = position
    return bytes.withUnsafeBufferPointer { buf -> Line in
      var i = start
      while i < n {
        let b = buf[i]
        if b == 0x0A || b == 0x0D { break }
        i += 1
      }
      var term = 0
      if i < n {
        if buf[i] == 0x0D {
          if i + 1 < n && buf[i + 1] == 0x0A {
            term = 2
            crlfCount += 1
          } else {
            term = 1
            crCount += 1
          }
        } else {
          term = 1
          lfCount += 1
        }
      }
      let line = Line(range: start..<i, number: lineNumber, terminatorLength: term)
      position = i + term
      lineNumber += 1
      return line
    }
  }

  /// Looks at the next line without consuming it.
  public func peek() -> Line? {
    var copy = self
    return copy.next()
  }
}
