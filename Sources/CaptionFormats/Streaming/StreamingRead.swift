import CaptionCore

/// Reads an SRT or WebVTT file cue by cue, for callers that check or transform each cue and
/// need not hold the whole document (`captionkit validate` of a large file).
///
/// The same reader code runs as for `read`, so the cues, their order and the diagnostics are
/// exactly `read`'s; only how the cues are delivered differs.
public enum StreamingRead {
  /// Whether format id `format` can be read cue by cue (`srt`, `webvtt`).
  public static func supports(_ format: String) -> Bool {
    format == "srt" || format == "webvtt"
  }

  /// Reads `bytes` as format `format` (`srt` or `webvtt`).
  ///
  /// - Parameters:
  ///   - onHeader: called once, before the first cue (also for a file with none): the document
  ///     without cues — WebVTT's metadata, style sheets, styles, regions and the comments before
  ///     the first cue (none of which can follow a cue, WebVTT §6.1); an empty document for SRT.
  ///   - onComment: each comment after the first cue (WebVTT `NOTE` blocks), in file order.
  ///   - onCue: each cue, in file order.
  /// - Returns: the read result without cues or comments: the header, every reading diagnostic
  ///   (the same as `read`'s) and the encoding.
  /// - Throws: `CaptionError.fileTooLarge` past `options.limits.maxFileSize`;
  ///   `CaptionError.unsupportedFormat` when `supports(format)` is false.
  public static func read(
    _ bytes: [UInt8], format: String, options: ReadOptions, onHeader: @escaping (CaptionDocument) -> Void,
    onComment: @escaping (Comment) -> Void, onCue: @escaping (Cue) -> Void
  ) throws(CaptionError) -> ReadResult {
    switch format {
    case "srt":
      guard bytes.count <= options.limits.maxFileSize else {
        throw .fileTooLarge(size: bytes.count, limit: options.limits.maxFileSize)
      }
      // As `SubRipFormat.read`, with the cues handed over instead of kept.
      let decoded = SubRipFormat.decode(bytes, options: options)
      var reader = SubRipReader(bytes: decoded.utf8, limits: options.limits)
      for d in decoded.diagnostics { reader.sink.report(d) }
      onHeader(CaptionDocument())
      reader.onCue = onCue
      decoded.utf8.withUnsafeBufferPointer { reader.run($0) }
      reader.onCue = nil
      return ReadResult(document: CaptionDocument(), diagnostics: reader.sink.finished, encoding: decoded.encoding)
    case "webvtt":
      var headerSent = false
      var result = try WebVTTReader.stream(
        bytes, options: options, onHeader: { headerSent = true; onHeader($0) }, onComment: onComment, onCue: onCue)
      // A file with no cues: its header (comments included) is the whole document.
      if !headerSent { onHeader(result.document) }
      result.document.comments = []
      return result
    default:
      throw .unsupportedFormat("reading \(format) cue by cue")
    }
  }
}
