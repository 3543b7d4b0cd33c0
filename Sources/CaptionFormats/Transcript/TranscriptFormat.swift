import CaptionCore

/// A readable transcript (`.txt` plain text, `.md` Markdown): the cue text as paragraphs, with
/// speaker names from voice spans (WebVTT `<v Name>`, TTML `ttm:agent` as the TTML reader maps
/// it) and, with the `timestamps` flavor, the start time of each paragraph. Write only.
///
/// `captionkit convert in.vtt out.txt`, `convert in.ttml out.md --flavor timestamps`.
/// See `TranscriptWriter` for the layout rules.
public struct TranscriptFormat: CaptionFormat {
  /// Plain text or Markdown.
  public enum Style: Sendable, Hashable {
    case plainText, markdown
  }

  /// The output style.
  public let style: Style

  public init(style: Style) {
    self.style = style
  }

  /// The plain-text transcript (`.txt`).
  public static let text = TranscriptFormat(style: .plainText)
  /// The Markdown transcript (`.md`).
  public static let markdown = TranscriptFormat(style: .markdown)

  public var id: String { style == .plainText ? "transcript" : "transcript-md" }
  public var displayName: String { style == .plainText ? "Transcript (text, write only)" : "Transcript (Markdown, write only)" }
  public var fileExtensions: [String] { style == .plainText ? ["txt"] : ["md", "markdown"] }
  public var features: FeatureSupport {
    FeatureSupport(
      cueIdentifiers: false, positioning: false, regions: false, namedStyles: false, inlineColor: false,
      basicFormatting: style == .markdown, voices: true, ruby: false, inlineTimestamps: false, comments: false,
      timeResolution: 1)
  }

  /// Always 0: a transcript is never read.
  public func probe(_ prefix: ArraySlice<UInt8>) -> Int { 0 }

  /// Transcripts are write only.
  ///
  /// - Throws: `CaptionError.unsupportedFormat` always.
  public func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    throw .unsupportedFormat("\(id) (transcripts are write only)")
  }

  /// Writes the transcript. `options.flavor` `timestamps` adds each paragraph's start time.
  public func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    var result = TranscriptWriter(style: style, timestamps: options.flavor == "timestamps", lineEnding: options.lineEnding.rawValue).write(document)
    if let f = options.flavor, f != "timestamps" {
      result.diagnostics.insert(
        Diagnostic(code: "transcript.write.unknown-flavor", severity: .warning, message: "unknown flavor '\(f)' (the transcript flavor is 'timestamps'); written without timestamps"),
        at: 0)
    }
    return result
  }
}
