import CaptionCore

/// Finds pairs of cues whose display times overlap, in one sweep over presentation order.
///
/// - Complexity: O(n log n) for the order, then O(n): at most `maxPairsPerCue` pairs are
///   reported per cue (so hostile input cannot blow up the report), and only the first cues
///   still on screen are looked at, never all of them (10,000 cues all on screen at once would
///   otherwise cost 10,000² steps).
enum OverlapScanner {
  static let maxPairsPerCue = 3

  /// Pairs `(earlier, later)` of cue indices that overlap in time (half-open intervals): for
  /// each cue, the first `maxPairsPerCue` earlier cues (in presentation order) still on screen
  /// when it starts. With `samePlacement`, only cues in the same place are paired (each place
  /// swept alone, so cues elsewhere on screen cannot use up a cue's pairs), in the same order.
  static func pairs(_ input: LintRuleInput, samePlacement: Bool = false) -> [(Int, Int)] {
    let cues = input.document.cues
    let order = input.presentationOrder.filter { cues[$0].end > cues[$0].start }
    guard samePlacement else { return sweep(order, cues) }
    var groups: [CueSettings: [Int]] = [:]
    for i in order { groups[cues[i].settings, default: []].append(i) }
    if groups.count <= 1 { return sweep(order, cues) }
    var rank = [Int: Int](minimumCapacity: order.count)
    for (k, i) in order.enumerated() { rank[i] = k }
    var out: [(Int, Int)] = []
    for g in groups.values { out += sweep(g, cues) }
    // The order one sweep over all cues gives: by the later cue, then the earlier one.
    out.sort { (rank[$0.1]!, rank[$0.0]!) < (rank[$1.1]!, rank[$1.0]!) }
    return out
  }

  /// The sweep: `order` is a presentation order of cues with a duration.
  static func sweep(_ order: [Int], _ cues: [Cue]) -> [(Int, Int)] {
    // The cues shown so far, in presentation order, as a linked list over positions in `order`.
    // Starts only grow, so a cue found to have ended when one starts has ended for every later
    // one: it is unlinked then, and never looked at again.
    var next = [Int](repeating: -1, count: order.count)
    var head = -1, tail = -1
    var out: [(Int, Int)] = []
    for (p, i) in order.enumerated() {
      let start = cues[i].start
      var reported = 0
      var prev = -1, cur = head
      while cur != -1 && reported < maxPairsPerCue {
        let a = order[cur]
        if cues[a].end <= start {
          let after = next[cur]
          if prev == -1 { head = after } else { next[prev] = after }
          if cur == tail { tail = prev }
          cur = after
          continue
        }
        out.append((a, i))
        reported += 1
        prev = cur
        cur = next[cur]
      }
      if tail == -1 { head = p } else { next[tail] = p }
      tail = p
    }
    return out
  }

  /// Whether two cues are laid out in the same place: same region and the same line,
  /// position, size and alignment settings.
  static func samePlacement(_ a: Cue, _ b: Cue) -> Bool {
    a.settings == b.settings
  }
}
