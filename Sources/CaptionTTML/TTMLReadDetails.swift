import CaptionCore

/// Everything a TTML read produces beyond `ReadResult`: the computed style of every run of
/// text and the document's significant times.
public struct TTMLReadDetails: Sendable {
  /// The document and diagnostics, as `TTMLFormat.read` returns them.
  public var result: ReadResult
  /// One run per text node of every cue, in document order, with its computed style and the
  /// source location of the text (see `TTMLStyleResolver`).
  public var styledRuns: [TTMLStyledRun]
  /// The times at which the presentation may change (each element's begin and clipped end,
  /// TTML2 §12.4), sorted, starting with 0. This is what ttconv's `ISD.significant_times` gives.
  public var significantTimes: [CaptionTime]

  public init(result: ReadResult, styledRuns: [TTMLStyledRun], significantTimes: [CaptionTime]) {
    self.result = result
    self.styledRuns = styledRuns
    self.significantTimes = significantTimes
  }
}
