@_exported import CaptionCore
@_exported import CaptionFormats
@_exported import CaptionTTML

/// The caption formats CaptionKit knows, and content-based detection among them.
public enum FormatRegistry {
  /// Every built-in format, in a fixed order.
  public static let builtIn: [any CaptionFormat] = [WebVTTFormat(), SubRipFormat(), TTMLFormat(), TranscriptFormat.text, TranscriptFormat.markdown]

  /// The format with this identifier or file extension (`webvtt`, `vtt`, `srt`, `ttml`, `dfxp`…).
  public static func format(named name: String) -> (any CaptionFormat)? {
    let n = name.lowercased()
    return builtIn.first { $0.id == n || $0.fileExtensions.contains(n) }
  }

  /// Detects the format of a file from its content, using the file extension only to break ties.
  ///
  /// - Parameters:
  ///   - bytes: the file (only the first 4 KiB are examined).
  ///   - fileExtension: the name's extension, without the dot, if any.
  /// - Returns: the best-scoring format.
  /// - Throws: `CaptionError.unknownFormat` when no format scores above 0.
  public static func detect(_ bytes: [UInt8], fileExtension: String? = nil) throws(CaptionError) -> any CaptionFormat {
    let prefix = bytes.prefix(4096)
    var best: (any CaptionFormat)?
    var bestScore = 0
    let ext = fileExtension?.lowercased()
    for f in builtIn {
      var score = f.probe(prefix)
      if score > 0, let ext, f.fileExtensions.contains(ext) { score += 5 }
      if score > bestScore {
        best = f
        bestScore = score
      }
    }
    guard let best else {
      // Nothing in the content: trust the extension, if it names a format.
      if let ext, let f = format(named: ext) { return f }
      throw .unknownFormat(candidates: [])
    }
    return best
  }
}
