import CaptionCore

/// `cea608.rows`: a cue with more rows than a CEA-608 pop-on caption may show. Off unless the
/// `cea608` preset or the configuration turns it on.
///
/// Threshold: `cea608Rows` (4, FCC 79.102).
public struct Cea608RowsRule: LintRule {
  public init() {}
  public var id: String { "cea608.rows" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "Captions bound for CEA-608 must fit 4 rows." }
  public var thresholdSource: String { "FCC 79.102 / CEA-608: at most 4 rows displayed" }
  public var thresholdKeys: [String] { ["cea608Rows"] }
  public var enabledByDefault: Bool { false }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    let max = input.thresholds.cea608Rows
    for i in input.document.cues.indices {
      let n = TextMetrics.lineCount(input.plainTexts[i])
      if n > max {
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) has \(n) rows; 608 shows at most \(max)"))
      }
    }
  }
}
