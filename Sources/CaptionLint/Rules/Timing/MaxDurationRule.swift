import CaptionCore

/// `timing.max-duration`: a cue left on screen longer than the maximum (it lingers over
/// following shots and speech).
///
/// Threshold: `maxDuration` (streaming preset 7 s, Netflix TTSG).
public struct MaxDurationRule: LintRule {
  public init() {}
  public var id: String { "timing.max-duration" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "A cue must not stay on screen longer than the maximum duration." }
  public var thresholdSource: String { "Netflix TTSG: 7 s maximum" }
  public var thresholdKeys: [String] { ["maxDuration"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let max = input.thresholds.maxDuration else { return }
    for (i, cue) in input.document.cues.enumerated() where cue.end > cue.start && cue.duration > max {
      findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) is on screen for \(RuleSupport.pair(cue.duration, max).value) s, over the \(RuleSupport.pair(cue.duration, max).limit) s maximum"))
    }
  }
}
