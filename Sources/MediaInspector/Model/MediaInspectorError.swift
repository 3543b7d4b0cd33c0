/// Why a file could not be inspected at all. Everything else is a `Diagnostic` in the report.
public enum MediaInspectorError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The path does not exist or is not a regular file.
  case notFound(String)
  /// The file has zero bytes.
  case empty(String)
  /// The file could not be read (permissions, I/O).
  case unreadable(String, reason: String)
  /// FFmpeg could not open or probe the file (the libav error text is included).
  case notMedia(String, reason: String)
  /// The requested track does not exist or is not a text subtitle track.
  case noSuchTrack(Int, reason: String)
  /// A subtitle codec that extraction cannot turn into cues.
  case unsupportedCodec(String)
  /// A policy file or requirement string is invalid; `path` is a JSON path such as
  /// `$.requirements[2].language`.
  case invalidPolicy(path: String, reason: String)

  public var description: String {
    switch self {
    case .notFound(let p): "\(p): no such file"
    case .empty(let p): "\(p): file is empty (0 bytes)"
    case .unreadable(let p, let r): "\(p): cannot read: \(r)"
    case .notMedia(let p, let r): "\(p): not a media file FFmpeg can open: \(r)"
    case .noSuchTrack(let i, let r): "track \(i): \(r)"
    case .unsupportedCodec(let c): "cannot extract cues from codec '\(c)'"
    case .invalidPolicy(let p, let r): "policy \(p): \(r)"
    }
  }
}
