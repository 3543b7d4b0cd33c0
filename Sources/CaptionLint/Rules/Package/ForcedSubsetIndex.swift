import CaptionCore

/// The full track of a package, prepared once for `ForcedSubsetRule` (not again for every
/// window of a streamed lint): its cues sorted by start, with whitespace-collapsed text and the
/// latest end so far, so the cues that overlap a time are found by binary search instead of a
/// scan from the first cue.
package final class ForcedSubsetIndex: Sendable {
  private let starts: [CaptionTime]
  private let ends: [CaptionTime]
  private let texts: [String]
  /// `latestEnd[k]`: the latest end among cues `0...k` (never decreasing).
  private let latestEnd: [CaptionTime]

  package init(_ full: CaptionDocument) {
    let cues = full.cues.map { (start: $0.start, end: $0.end, text: ForcedSubsetRule.normalized($0.plainText)) }
      .sorted { $0.start < $1.start }
    starts = cues.map(\.start)
    ends = cues.map(\.end)
    texts = cues.map(\.text)
    var latest: [CaptionTime] = []
    latest.reserveCapacity(cues.count)
    for c in cues { latest.append(max(latest.last ?? c.end, c.end)) }
    latestEnd = latest
  }

  /// Whether a cue that overlaps [start, end) in time (or starts at `start`, for cues with no
  /// duration) contains `text`.
  package func containsCue(with text: String, overlapping start: CaptionTime, _ end: CaptionTime) -> Bool {
    // The first cue that can still be on screen at `start`, or that starts there.
    let first = min(firstIndex { latestEnd[$0] > start }, firstIndex { starts[$0] >= start })
    var k = first
    while k < starts.count {
      let s = starts[k]
      if s >= end && s > start { break }
      if (ends[k] > start || s == start) && texts[k].contains(text) { return true }
      k += 1
    }
    return false
  }

  /// The first index where `predicate` holds, for a predicate that is false and then true.
  private func firstIndex(where predicate: (Int) -> Bool) -> Int {
    var lo = 0, hi = starts.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if predicate(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}
