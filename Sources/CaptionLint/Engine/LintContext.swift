import CaptionCore

/// Facts about a caption file that are not in the file: the media it belongs to and, for a
/// forced track in a package, the full track it must be a subset of.
public struct LintContext: Sendable {
  /// The duration of the programme the captions belong to (from the media inspector or
  /// `--media-duration`), if known. Media rules (`media.*`) run only when it is set.
  public var mediaDuration: CaptionTime?
  /// The full-subtitle track this document is the forced (foreign-parts-only) track of, if
  /// the caller inspected a package. `package.forced-subset` runs only when it is set.
  public var fullTrack: CaptionDocument? {
    didSet { fullTrackIndex = fullTrack.map(ForcedSubsetIndex.init) }
  }
  /// `fullTrack`, prepared for `package.forced-subset`.
  package private(set) var fullTrackIndex: ForcedSubsetIndex?
  /// The language to resolve per-language thresholds with, when the document does not say
  /// (`DocumentMetadata.language`); a BCP 47 tag.
  public var language: String?
  /// The id of the format the document was read from (`webvtt`, `srt`, `ttml`), which decides
  /// the markup `markup.unknown-tag` accepts; `nil` accepts the markup of every format.
  public var format: String?
  /// What the reader already reported for this document. A lint finding is dropped when the
  /// reader reported a diagnostic its rule lists in `readerEquivalents` for the same cue (same
  /// `cueIndex`, or a location at or after the cue's timing line and before the next cue's), so
  /// `validate` does not say the same thing twice.
  public var readerDiagnostics: [Diagnostic] = []

  public init(
    mediaDuration: CaptionTime? = nil, fullTrack: CaptionDocument? = nil, language: String? = nil, format: String? = nil,
    readerDiagnostics: [Diagnostic] = []
  ) {
    self.readerDiagnostics = readerDiagnostics
    self.mediaDuration = mediaDuration
    self.fullTrack = fullTrack
    fullTrackIndex = fullTrack.map(ForcedSubsetIndex.init)
    self.language = language
    self.format = format
  }
}
