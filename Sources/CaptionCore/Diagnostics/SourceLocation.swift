/// A position in a source file.
///
/// `line` and `column` are 1-based. The column counts UTF-8 bytes from the start of the line
/// (after any BOM and after transcoding to UTF-8 for UTF-16 or legacy-encoded inputs), as
/// compilers and swift-format do, so a tab or an emoji is as many columns as its bytes.
/// `offset` is the 0-based byte offset in the decoded UTF-8 text.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, in UTF-8 bytes.
  public var column: Int
  /// 0-based byte offset into the decoded UTF-8 text.
  public var offset: Int

  public init(line: Int, column: Int, offset: Int = 0) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
