import CaptionCore

/// Time spans sorted by start, with the latest end so far, so the spans that overlap a time are
/// found by binary search instead of a scan from the first (`package.forced-subset`, `diff`).
struct IntervalIndex: Sendable {
  /// Input positions in start order (ties in input order).
  private let order: [Int]
  private let starts: [CaptionTime]
  private let ends: [CaptionTime]
  /// `latestEnd[k]`: the latest end among spans `0...k` in start order (never decreasing).
  private let latestEnd: [CaptionTime]

  init(_ spans: [(start: CaptionTime, end: CaptionTime)]) {
    order = spans.indices.sorted { (spans[$0].start, $0) < (spans[$1].start, $1) }
    starts = order.map { spans[$0].start }
    ends = order.map { spans[$0].end }
    var latest: [CaptionTime] = []
    latest.reserveCapacity(order.count)
    for e in ends { latest.append(max(latest.last ?? e, e)) }
    latestEnd = latest
  }

  /// The outcome of a bounded search.
  enum Search { case found(Int), none, exhausted }

  /// The input position of the first span, in start order, that overlaps [start, end) and for
  /// which `accept` holds. With `countingSameStart`, a span that starts at `start` counts too,
  /// even with no duration or when [start, end) is empty.
  func first(overlapping start: CaptionTime, _ end: CaptionTime, countingSameStart: Bool, where accept: (Int) -> Bool) -> Int? {
    if case .found(let k) = search(overlapping: start, end, countingSameStart: countingSameStart, where: accept) { return k }
    return nil
  }

  /// As `first(overlapping:…)`, looking at `steps` spans at most: ended spans before the match
  /// count too (one long span early makes every search start from it), so a caller bounds its
  /// work on hostile input and learns that it stopped (`.exhausted`).
  func search(overlapping start: CaptionTime, _ end: CaptionTime, countingSameStart: Bool, steps: Int = .max, where accept: (Int) -> Bool) -> Search {
    var k = firstIndex { latestEnd[$0] > start }
    if countingSameStart { k = min(k, firstIndex { starts[$0] >= start }) }
    var budget = steps
    while k < starts.count {
      budget -= 1
      if budget < 0 { return .exhausted }
      let s = starts[k]
      if s >= end && (!countingSameStart || s > start) { break }
      if ends[k] > start || (countingSameStart && s == start), accept(order[k]) { return .found(order[k]) }
      k += 1
    }
    return .none
  }

  /// Spans already taken (`take`): each taken sorted position points past itself, so a search
  /// skips a run of taken spans in one step (a union-find "next free" with path halving).
  struct Taken {
    fileprivate var next: [Int]
    init(count: Int) { next = Array(0...count) }

    fileprivate mutating func free(from k: Int) -> Int {
      var k = k
      while next[k] != k {
        next[k] = next[next[k]]
        k = next[k]
      }
      return k
    }
  }

  /// As `first(overlapping:…)` over the spans not yet in `taken`, and takes the span found: how
  /// `diff` pairs removed cues with added ones without walking past every pair made so far.
  /// Looks at `steps` spans at most (nil past them: the cue stays unpaired).
  func take(overlapping start: CaptionTime, _ end: CaptionTime, countingSameStart: Bool, taken: inout Taken, steps: Int = 10_000) -> Int? {
    var k = firstIndex { latestEnd[$0] > start }
    if countingSameStart { k = min(k, firstIndex { starts[$0] >= start }) }
    k = taken.free(from: k)
    var budget = steps
    while k < starts.count {
      budget -= 1
      if budget < 0 { return nil }
      let s = starts[k]
      if s >= end && (!countingSameStart || s > start) { break }
      if ends[k] > start || (countingSameStart && s == start) {
        taken.next[k] = k + 1
        return order[k]
      }
      k = taken.free(from: k + 1)
    }
    return nil
  }

  /// The first sorted index where `predicate` holds, for a predicate that is false, then true.
  private func firstIndex(where predicate: (Int) -> Bool) -> Int {
    var lo = 0, hi = starts.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if predicate(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}
