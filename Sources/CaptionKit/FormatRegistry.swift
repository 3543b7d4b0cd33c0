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
      // Nothing in the content: trust the extension, if it names a format that can be read
      // (`.txt` names the transcript writer, which reads nothing).
      if let ext, let f = format(named: ext), !(f is TranscriptFormat) { return f }
      throw .unknownFormat(candidates: [])
    }
    return best
  }

  /// Extensions that name one caption format for certain (not `.xml` or `.txt`, which hold
  /// many things).
  static let telling: Set<String> = ["vtt", "webvtt", "srt", "ttml", "dfxp", "imsc"]

  /// A diagnostic when the file's extension names a caption format other than the one its
  /// content was detected as (`core.format.extension-mismatch`), else nil.
  ///
  /// A `.vtt` file that is not WebVTT is an error: it lacks the `WEBVTT` signature, so browsers
  /// and players load no cues from it (WebVTT §6.1), whatever a lenient reader makes of it.
  /// Any other mismatch is a warning. The location is line 1, column 1.
  public static func extensionMismatch(detected: any CaptionFormat, fileExtension: String?) -> Diagnostic? {
    guard let ext = fileExtension?.lowercased(), telling.contains(ext), let named = format(named: ext), named.id != detected.id else {
      return nil
    }
    let at = SourceLocation(line: 1, column: 1, offset: 0)
    if named.id == "webvtt" {
      return Diagnostic(
        code: "core.format.extension-mismatch", severity: .error,
        message: "the file is named .\(ext) but does not start with the WEBVTT signature, so browsers and players will not load it; it was read as \(detected.displayName)",
        location: at)
    }
    return Diagnostic(
      code: "core.format.extension-mismatch", severity: .warning,
      message: "the file is named .\(ext) but holds \(detected.displayName); it was read as such", location: at)
  }
}
