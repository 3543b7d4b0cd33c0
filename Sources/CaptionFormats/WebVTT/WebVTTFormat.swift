import CaptionCore

/// WebVTT (W3C WebVTT: The Web Video Text Tracks Format).
///
/// Reading implements the WebVTT parser (WebVTT §6) exactly, plus authoring-conformance checks
/// reported as `webvtt.*` diagnostics (see `docs/WebVTT.md`). Writing produces conforming WebVTT
/// that reads back to the same model.
public struct WebVTTFormat: CaptionFormat {
  public init() {}
  public var id: String { "webvtt" }
  public var displayName: String { "WebVTT" }
  public var fileExtensions: [String] { ["vtt", "webvtt"] }
  public var features: FeatureSupport {
    FeatureSupport(
      cueIdentifiers: true, positioning: true, regions: true, namedStyles: true, inlineColor: false,
      basicFormatting: true, voices: true, ruby: true, inlineTimestamps: true, comments: true, timeResolution: 1000)
  }

  public func probe(_ prefix: ArraySlice<UInt8>) -> Int {
    var p = prefix
    if p.starts(with: [0xEF, 0xBB, 0xBF]) { p = p.dropFirst(3) }
    guard p.starts(with: Array("WEBVTT".utf8)) else { return 0 }
    let rest = p.dropFirst(6)
    guard let c = rest.first else { return 100 }
    return c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D ? 100 : 20
  }

  /// Reads a WebVTT file.
  ///
  /// - Parameters:
  ///   - bytes: the file; decoded as UTF-8 (a BOM is skipped; invalid bytes become U+FFFD),
  ///     unless `options.encoding` forces another encoding.
  ///   - options: `limits.maxFileSize`, `limits.maxNestingDepth` (deeper cue-text tags are
  ///     flattened and reported) and `limits.maxDiagnostics`.
  /// - Returns: the document (empty, with a `webvtt.signature.invalid` error, when the file does
  ///   not start with the WebVTT signature) and every syntax violation found.
  /// - Throws: `CaptionError.fileTooLarge` when the input exceeds `limits.maxFileSize`.
  public func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    try WebVTTReader.read(bytes, options: options)
  }

  /// Writes a document as WebVTT (UTF-8, LF or CRLF line endings per `options.lineEnding`).
  ///
  /// Everything the syntax cannot hold is reported per cue (`webvtt.write.*`), see
  /// `docs/WebVTT.md`. The output is deterministic.
  public func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    WebVTTWriter.write(document, options: options)
  }
}
