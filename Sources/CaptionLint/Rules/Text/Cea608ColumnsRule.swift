import CaptionCore

/// `cea608.columns`: a line longer than a CEA-608 caption row (32 columns). Off unless the
/// `cea608` preset or the configuration turns it on, since only captions bound for 608
/// (line 21, or 608 carried in 708 / SEI) have this hard limit.
///
/// Threshold: `cea608Columns` (32, CEA-608 and FCC 79.102 for 4:3).
public struct Cea608ColumnsRule: LintRule {
  public init() {}
  public var id: String { "cea608.columns" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "Captions bound for CEA-608 must fit 32 columns." }
  public var thresholdSource: String { "CEA-608 and FCC 79.102: 32 characters per row" }
  public var thresholdKeys: [String] { ["cea608Columns"] }
  public var enabledByDefault: Bool { false }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    let max = input.thresholds.cea608Columns
    for i in input.document.cues.indices {
      for (n, line) in TextMetrics.lines(input.plainTexts[i]).enumerated() {
        let count = TextMetrics.graphemeCount(line)
        if count > max {
          findings.append(LintFinding(cueIndex: i, message: "line \(n + 1) of \(input.cueName(i)) has \(count) characters; a 608 row holds \(max)"))
        }
      }
    }
  }
}
