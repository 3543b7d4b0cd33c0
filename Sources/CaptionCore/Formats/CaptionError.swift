/// The errors readers and writers throw when they cannot proceed at all. Everything else a
/// file gets wrong is a `Diagnostic`.
public enum CaptionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input is larger than `ReadLimits.maxFileSize` (bytes, limit).
  case fileTooLarge(size: Int, limit: Int)
  /// The bytes cannot be decoded in the requested encoding.
  case undecodable(encoding: String)
  /// No registered format recognises the input; the candidates and their scores are listed.
  case unknownFormat(candidates: [String])
  /// A format name that is not registered.
  case unsupportedFormat(String)

  public var description: String {
    switch self {
    case .fileTooLarge(let size, let limit):
      "file is \(size) bytes, over the \(limit)-byte limit (raise it with --max-file-size)"
    case .undecodable(let e): "the input cannot be decoded as \(e)"
    case .unknownFormat(let c):
      c.isEmpty ? "cannot tell the caption format from the content" : "cannot tell the caption format; candidates: \(c.joined(separator: ", "))"
    case .unsupportedFormat(let f): "unsupported format '\(f)'"
    }
  }
}
