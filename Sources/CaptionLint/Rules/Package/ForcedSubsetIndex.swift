import CaptionCore

/// The full track of a package, prepared once for `ForcedSubsetRule` (not again in every window
/// of a streamed lint): whitespace-collapsed texts and an `IntervalIndex` of the cue times.
package final class ForcedSubsetIndex: Sendable {
  private let texts: [String]
  private let times: IntervalIndex

  package init(_ full: CaptionDocument) {
    texts = full.cues.map { ForcedSubsetRule.normalized($0.plainText) }
    times = IntervalIndex(full.cues.map { ($0.start, $0.end) })
  }

  /// Whether a cue that overlaps [start, end) in time, or starts at `start` (for cues with no
  /// duration), contains `text`.
  package func containsCue(with text: String, overlapping start: CaptionTime, _ end: CaptionTime) -> Bool {
    times.first(overlapping: start, end, countingSameStart: true) { texts[$0].contains(text) } != nil
  }
}
