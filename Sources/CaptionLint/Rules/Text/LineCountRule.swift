import CaptionCore

/// `text.line-count`: a cue with more lines than the limit.
///
/// Threshold: `maxLinesPerCue` (2 in the streaming, broadcast and DCMP presets; 4 rows for 608).
public struct LineCountRule: LintRule {
  public init() {}
  public var id: String { "text.line-count" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "A cue must not have more lines than the limit." }
  public var thresholdSource: String { "Netflix, BBC, DCMP: 2 lines; FCC 79.102: 4 rows" }
  public var thresholdKeys: [String] { ["maxLinesPerCue"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let max = input.thresholds.maxLinesPerCue else { return }
    for i in input.document.cues.indices {
      let n = TextMetrics.lineCount(input.plainTexts[i])
      if n > max {
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) has \(n) lines, over \(max)"))
      }
    }
  }
}
