import CaptionCore

/// Finds pairs of cues whose display times overlap, in one sweep over presentation order.
///
/// - Complexity: O(n log n + n·k) where k is the most cues shown at once; at most
///   `maxPairsPerCue` pairs are reported per cue so hostile input cannot blow up the report.
enum OverlapScanner {
  static let maxPairsPerCue = 3

  /// Pairs `(earlier, later)` of cue indices that overlap in time (half-open intervals).
  static func pairs(_ input: LintRuleInput) -> [(Int, Int)] {
    let cues = input.document.cues
    var active: [Int] = []
    var out: [(Int, Int)] = []
    for i in input.presentationOrder where cues[i].end > cues[i].start {
      let start = cues[i].start
      active.removeAll { cues[$0].end <= start }
      var reported = 0
      for a in active where reported < maxPairsPerCue {
        out.append((a, i))
        reported += 1
      }
      active.append(i)
    }
    return out
  }

  /// Whether two cues are laid out in the same place: same region and the same line,
  /// position, size and alignment settings.
  static func samePlacement(_ a: Cue, _ b: Cue) -> Bool {
    a.settings == b.settings
  }
}
