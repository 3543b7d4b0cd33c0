import CaptionCore

/// The full track of a package, prepared once for `ForcedSubsetRule` (not again in every window
/// of a streamed lint): whitespace-collapsed texts, the cues with each exact text, and an
/// `IntervalIndex` of the cue times.
package final class ForcedSubsetIndex: Sendable {
  private let texts: [String]
  private let times: IntervalIndex
  private let spans: [(start: CaptionTime, end: CaptionTime)]
  /// Full-track cues by their whole normalised text: the usual match, found without a scan.
  private let byText: [String: [Int]]

  /// Full-track cues that overlap one forced cue and are searched for its text as a part of
  /// theirs, at most: past this the cue is `unchecked` (a file of cues that all overlap each
  /// other made the rule quadratic).
  static let maxSubstringCandidates = 100

  /// What the full track holds for one forced cue.
  package enum Match { case found, missing, unchecked }

  package init(_ full: CaptionDocument) {
    texts = full.cues.map { ForcedSubsetRule.normalized($0.plainText) }
    spans = full.cues.map { ($0.start, $0.end) }
    times = IntervalIndex(spans)
    var byText: [String: [Int]] = [:]
    for (k, t) in texts.enumerated() { byText[t, default: []].append(k) }
    self.byText = byText
  }

  /// Whether a cue that overlaps [start, end) in time, or starts at `start` (for cues with no
  /// duration), contains `text`.
  package func match(_ text: String, overlapping start: CaptionTime, _ end: CaptionTime) -> Match {
    for k in byText[text] ?? [] {
      let s = spans[k]
      if (s.start < end && s.end > start) || s.start == start { return .found }
    }
    var tried = 0
    var gaveUp = false
    let hit = times.first(overlapping: start, end, countingSameStart: true) { k in
      tried += 1
      if tried > Self.maxSubstringCandidates {
        gaveUp = true
        return true
      }
      return texts[k].contains(text)
    }
    if gaveUp { return .unchecked }
    return hit != nil ? .found : .missing
  }
}
