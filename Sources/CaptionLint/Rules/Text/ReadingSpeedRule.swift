import CaptionCore

/// `text.reading-speed`: characters per second above the limit.
///
/// Speed = `TextMetrics.characterCount(plain text, counting)` ÷ duration in seconds. See
/// `ReadingSpeedCounting` for what counts (spaces, punctuation, full-width weighting; markup
/// and line breaks never).
///
/// Threshold: `maxCharactersPerSecond` (streaming preset 17 cps, Netflix English template).
public struct ReadingSpeedRule: LintRule {
  public init() {}
  public var id: String { "text.reading-speed" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Reading speed in characters per second must not exceed the limit." }
  public var thresholdSource: String { "Netflix TTSG English template: 17 cps for adult programmes, 13 for children's" }
  public var thresholdKeys: [String] { ["maxCharactersPerSecond", "counting"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let max = input.thresholds.maxCharactersPerSecond else { return }
    for (i, cue) in input.document.cues.enumerated() {
      guard let secs = RuleSupport.positiveSeconds(cue) else { continue }
      let chars = TextMetrics.characterCount(input.plainTexts[i], counting: input.thresholds.counting)
      let cps = chars / secs
      if cps > max + 1e-9 {
        let shown = RuleSupport.pair(cps, max)
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) needs \(shown.value) characters per second (\(RuleSupport.number(chars)) in \(RuleSupport.seconds(cue.duration)) s), over \(shown.limit)"))
      }
    }
  }
}
