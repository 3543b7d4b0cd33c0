/// Options common to every writer. Format-specific choices are in `flavor`.
public struct WriteOptions: Sendable {
  /// A format-specific variant (TTML: `imsc1.1`, `ebu-tt-d`, `dfxp`); `nil` for the default.
  public var flavor: String?
  /// Line ending to write. Default `\n`; SRT writers may choose `\r\n`.
  public var lineEnding: LineEnding
  /// The most per-cue loss diagnostics a writer keeps (SRT and WebVTT). Past it, losses are
  /// only counted, in one `core.diagnostics.limit-reached` summary at the end, and their
  /// messages are never built (a 1M-cue file can have millions). Default 10,000, as reading.
  public var maxDiagnostics: Int

  /// Line endings a writer can produce.
  public enum LineEnding: String, Sendable {
    case lf = "\n"
    case crlf = "\r\n"
  }

  public init(flavor: String? = nil, lineEnding: LineEnding = .lf, maxDiagnostics: Int = 10_000) {
    self.flavor = flavor
    self.lineEnding = lineEnding
    self.maxDiagnostics = maxDiagnostics
  }
}
