import CaptionCore

/// `text.words-per-minute`: words per minute above the limit.
///
/// Rate = words (runs of non-whitespace in the plain text) × 60 ÷ duration in seconds.
///
/// Threshold: `maxWordsPerMinute` (streaming 200, Netflix; broadcast 180, BBC/Ofcom; DCMP
/// levels 130/150/160/225).
public struct WordsPerMinuteRule: LintRule {
  public init() {}
  public var id: String { "text.words-per-minute" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Reading speed in words per minute must not exceed the limit." }
  public var thresholdSource: String { "Netflix 200 wpm; BBC/Ofcom 160–180 wpm; DCMP 130/150/160/225 wpm" }
  public var thresholdKeys: [String] { ["maxWordsPerMinute"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let max = input.thresholds.maxWordsPerMinute else { return }
    for (i, cue) in input.document.cues.enumerated() {
      guard let secs = RuleSupport.positiveSeconds(cue) else { continue }
      let words = TextMetrics.wordCount(input.plainTexts[i])
      let wpm = Double(words) * 60 / secs
      if wpm > max + 1e-9 {
        let shown = RuleSupport.pair(wpm, max, decimals: 0)
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) needs \(shown.value) words per minute (\(words) in \(RuleSupport.seconds(cue.duration)) s), over \(shown.limit)"))
      }
    }
  }
}
