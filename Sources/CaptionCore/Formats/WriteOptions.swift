/// Options common to every writer. Format-specific choices are in `flavor`.
public struct WriteOptions: Sendable {
  /// A format-specific variant (TTML: `imsc1.1`, `ebu-tt-d`, `dfxp`); `nil` for the default.
  public var flavor: String?
  /// Line ending to write. Default `\n`; SRT writers may choose `\r\n`.
  public var lineEnding: LineEnding

  /// Line endings a writer can produce.
  public enum LineEnding: String, Sendable {
    case lf = "\n"
    case crlf = "\r\n"
  }

  public init(flavor: String? = nil, lineEnding: LineEnding = .lf) {
    self.flavor = flavor
    self.lineEnding = lineEnding
  }
}
