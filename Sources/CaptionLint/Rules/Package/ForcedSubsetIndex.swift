import CaptionCore

/// The full track of a package, prepared once for `ForcedSubsetRule` (not again in every window
/// of a streamed lint): whitespace-collapsed texts, the cues with each exact text, and an
/// `IntervalIndex` of the cue times.
package final class ForcedSubsetIndex: Sendable {
  private let texts: [String]
  private let times: IntervalIndex
  /// Full-track cues by their whole normalised text, each group indexed by time: the usual
  /// match, found by binary search whatever the number of cues with the same text.
  private let byText: [String: (cues: [Int], times: IntervalIndex)]

  /// Full-track spans a search for one forced cue looks at, at most: past this the cue is
  /// `unchecked` (cues that all overlap each other made the rule quadratic).
  static let maxSteps = 500

  /// What the full track holds for one forced cue.
  package enum Match { case found, missing, unchecked }

  package init(_ full: CaptionDocument) {
    texts = full.cues.map { ForcedSubsetRule.normalized($0.plainText) }
    let spans = full.cues.map { ($0.start, $0.end) }
    times = IntervalIndex(spans)
    var groups: [String: [Int]] = [:]
    for (k, t) in texts.enumerated() { groups[t, default: []].append(k) }
    byText = groups.mapValues { cues in (cues, IntervalIndex(cues.map { spans[$0] })) }
  }

  /// Whether a cue that overlaps [start, end) in time, or starts at `start` (for cues with no
  /// duration), contains `text`: a cue with that very text first, then any whose text holds it.
  package func match(_ text: String, overlapping start: CaptionTime, _ end: CaptionTime) -> Match {
    var exhausted = false
    if let same = byText[text] {
      switch same.times.search(overlapping: start, end, countingSameStart: true, steps: Self.maxSteps, where: { _ in true }) {
      case .found: return .found
      case .exhausted: exhausted = true
      case .none: break
      }
    }
    switch times.search(overlapping: start, end, countingSameStart: true, steps: Self.maxSteps, where: { self.texts[$0].contains(text) }) {
    case .found: return .found
    case .exhausted: return .unchecked
    case .none: return exhausted ? .unchecked : .missing
    }
  }
}
