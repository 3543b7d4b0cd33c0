import CaptionCore

/// `media.cue-after-end`: a cue that starts at or after the end of the media (never shown), or
/// runs past it (cut short). Runs only when `LintContext.mediaDuration` is known.
///
/// Threshold: the media duration.
public struct CueAfterMediaEndRule: LintRule {
  public init() {}
  public var id: String { "media.cue-after-end" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "Cues must end within the media's duration." }
  public var thresholdSource: String { "The media duration (from the media inspector or --media-duration)" }
  public func applies(to context: LintContext) -> Bool { context.mediaDuration != nil }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let media = input.context.mediaDuration else { return }
    for (i, cue) in input.document.cues.enumerated() {
      if cue.start >= media {
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) starts at \(cue.start), at or after the media ends (\(media)), so it is never shown"))
      } else if cue.end > media {
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) ends at \(cue.end), after the media ends (\(media))"))
      }
    }
  }
}
