import CaptionCore

/// `text.whitespace`: a line that starts or ends with whitespace. Players either show it
/// (shifting centred text) or trim it inconsistently.
///
/// Threshold: none. `captionkit fix` trims it. Empty cues are `text.empty-cue`'s business.
public struct WhitespaceRule: LintRule {
  public init() {}
  public var id: String { "text.whitespace" }
  public var defaultSeverity: Severity { .info }
  public var summary: String { "Lines must not start or end with whitespace." }
  public var thresholdSource: String { "No threshold; leading or trailing space moves centred text" }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for i in input.document.cues.indices where !EmptyCueRule.isBlank(input.plainTexts[i]) {
      for (n, line) in TextMetrics.lines(input.plainTexts[i]).enumerated() {
        guard let first = line.unicodeScalars.first, let last = line.unicodeScalars.last else {
          findings.append(LintFinding(cueIndex: i, message: "line \(n + 1) of \(input.cueName(i)) is empty"))
          break
        }
        let lead = first.properties.isWhitespace, trail = last.properties.isWhitespace
        if lead || trail {
          let which = lead && trail ? "leading and trailing" : (lead ? "leading" : "trailing")
          findings.append(LintFinding(cueIndex: i, message: "line \(n + 1) of \(input.cueName(i)) has \(which) whitespace"))
          break
        }
      }
    }
  }
}
