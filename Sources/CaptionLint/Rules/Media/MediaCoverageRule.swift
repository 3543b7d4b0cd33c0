import CaptionCore

/// `media.coverage`: the captions stop well before the programme ends (a truncated or
/// mismatched file), or there are none at all. Runs only when `LintContext.mediaDuration` is
/// known.
///
/// Threshold: `maxUncaptionedTail`, the longest stretch at the end with no cue (default 60 s,
/// a CaptionKit policy that allows end credits without dialogue; set it per repository).
public struct MediaCoverageRule: LintRule {
  public init() {}
  public var id: String { "media.coverage" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Captions must run to near the end of the programme." }
  public var thresholdSource: String { "CaptionKit policy: at most 60 s uncaptioned at the end (configurable)" }
  public var thresholdKeys: [String] { ["maxUncaptionedTail"] }
  public var scope: LintRuleScope { .document }
  public func applies(to context: LintContext) -> Bool { context.mediaDuration != nil }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let media = input.context.mediaDuration, let tail = input.thresholds.maxUncaptionedTail else { return }
    guard let lastEnd = input.latestEnd else {
      findings.append(LintFinding(cueIndex: nil, message: "the file has no cues for \(media) of media"))
      return
    }
    let uncovered = media - lastEnd
    if uncovered > tail {
      findings.append(LintFinding(cueIndex: nil, message: "captions end at \(lastEnd) but the media runs to \(media): \(RuleSupport.seconds(uncovered)) s uncaptioned, over \(RuleSupport.seconds(tail)) s"))
    }
  }
}
