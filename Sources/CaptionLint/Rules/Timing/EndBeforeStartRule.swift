import CaptionCore

/// `timing.end-before-start`: a cue whose end is not after its start is never shown.
///
/// Threshold: none (WebVTT §4.1 and SRT require end > start; players drop such cues).
public struct EndBeforeStartRule: LintRule {
  public init() {}
  public var id: String { "timing.end-before-start" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "A cue's end time must be after its start time." }
  public var thresholdSource: String { "WebVTT cue timings (end must be greater than start); players drop such cues" }
  public var readerEquivalents: [String] { ["cue.end-not-after-start", "timing.end-before-start", "timing.zero-duration"] }

  /// The SRT and WebVTT readers report every cue whose end is not after its start.
  public func readerAlwaysReports(_ cue: Cue, format: String?) -> Bool {
    (format == "srt" || format == "webvtt") && cue.end <= cue.start
  }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for (i, cue) in input.document.cues.enumerated() where cue.end <= cue.start {
      let what = cue.end == cue.start ? "ends when it starts" : "ends before it starts"
      findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) \(what) (\(cue.start) --> \(cue.end)), so it is never shown"))
    }
  }
}
