import CaptionCore

/// `timing.overlap`: two cues shown at the same time in the same place (same region and
/// placement), so the player stacks or hides one of them. Cues shown together at different
/// positions (two speakers placed left and right) are `timing.overlap-positioned` instead.
///
/// Threshold: none; any overlap in one position counts.
public struct OverlapRule: LintRule {
  public init() {}
  public var id: String { "timing.overlap" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Cues in the same region and position must not overlap in time." }
  public var thresholdSource: String { "No threshold; players stack or hide cues that overlap in one position" }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    let cues = input.document.cues
    for (a, b) in OverlapScanner.pairs(input, samePlacement: true) {
      let end = min(cues[a].end, cues[b].end)
      findings.append(LintFinding(
        cueIndex: b,
        message: "\(input.cueName(b)) overlaps \(input.cueName(a)) in the same position from \(cues[b].start) to \(end)"))
    }
  }
}
