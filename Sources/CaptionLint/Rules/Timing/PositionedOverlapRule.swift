import CaptionCore

/// `timing.overlap-positioned`: two cues shown at the same time at different positions or in
/// different regions, usually simultaneous speakers placed apart. Often intended, so it is
/// informational; raise it in the configuration if a delivery spec forbids it.
///
/// Threshold: none.
public struct PositionedOverlapRule: LintRule {
  public init() {}
  public var id: String { "timing.overlap-positioned" }
  public var defaultSeverity: Severity { .info }
  public var summary: String { "Reports cues shown together at different positions (simultaneous speakers)." }
  public var thresholdSource: String { "No threshold; simultaneous positioned speakers are often intended, so this is for review" }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    let cues = input.document.cues
    for (a, b) in OverlapScanner.pairs(input) where !OverlapScanner.samePlacement(cues[a], cues[b]) {
      findings.append(LintFinding(
        cueIndex: b,
        message: "\(input.cueName(b)) is shown together with \(input.cueName(a)) at a different position from \(cues[b].start)"))
    }
  }
}
