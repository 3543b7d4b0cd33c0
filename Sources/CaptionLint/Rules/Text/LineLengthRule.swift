import CaptionCore

/// `text.line-length`: a line with more characters than fit.
///
/// Every character counts, spaces and punctuation included; full-width characters count
/// `counting.fullWidthWeight`. Markup does not count.
///
/// Threshold: `maxCharactersPerLine` (streaming 42, Netflix; broadcast 37, BBC; 608 and DCMP 32).
public struct LineLengthRule: LintRule {
  public init() {}
  public var id: String { "text.line-length" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "A line must not have more characters than the limit." }
  public var thresholdSource: String { "Netflix TTSG 42; BBC 68% of 16:9 width (about 37); CEA-608 and DCMP 32" }
  public var thresholdKeys: [String] { ["maxCharactersPerLine", "counting"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let max = input.thresholds.maxCharactersPerLine else { return }
    let counting = ReadingSpeedCounting(countSpaces: true, countPunctuation: true, fullWidthWeight: input.thresholds.counting.fullWidthWeight)
    for i in input.document.cues.indices {
      for (n, count) in TextMetrics.lineCharacterCounts(input.plainTexts[i], counting: counting).enumerated() {
        if count > Double(max) + 1e-9 {
          findings.append(LintFinding(cueIndex: i, message: "line \(n + 1) of \(input.cueName(i)) has \(RuleSupport.number(count)) characters, over \(max)"))
        }
      }
    }
  }
}
