import CaptionCore

/// `timing.min-duration`: a cue shown too briefly to be read.
///
/// Threshold: `minDuration` (streaming preset 5/6 s, Netflix TTSG; DCMP adult cultural 2 s).
public struct MinDurationRule: LintRule {
  public init() {}
  public var id: String { "timing.min-duration" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "A cue must stay on screen at least the minimum duration." }
  public var thresholdSource: String { "Netflix TTSG: 5/6 s minimum; DCMP: never under 2 s for adult cultural movies" }
  public var thresholdKeys: [String] { ["minDuration"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let min = input.thresholds.minDuration else { return }
    for (i, cue) in input.document.cues.enumerated() where cue.end > cue.start && cue.duration < min {
      findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) is on screen for \(RuleSupport.pair(cue.duration, min).value) s, under the \(RuleSupport.pair(cue.duration, min).limit) s minimum"))
    }
  }
}
