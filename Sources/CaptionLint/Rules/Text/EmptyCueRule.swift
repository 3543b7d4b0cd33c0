import CaptionCore

/// `text.empty-cue`: a cue with no visible text (empty or whitespace only). It occupies time
/// and, in some players, draws an empty background box.
///
/// Threshold: none. `captionkit fix` removes such cues.
public struct EmptyCueRule: LintRule {
  public init() {}
  public var id: String { "text.empty-cue" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "A cue must have visible text." }
  public var thresholdSource: String { "No threshold; an empty cue shows nothing or an empty box" }
  public var readerEquivalents: [String] { ["cue.empty", "cue.empty-text"] }

  /// The SRT and WebVTT readers report every cue with no text lines at all (not those whose
  /// lines are blank or only markup, which this rule reports).
  public func readerAlwaysReports(_ cue: Cue, format: String?) -> Bool {
    (format == "srt" || format == "webvtt") && cue.sourceText?.isEmpty == true
  }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for i in input.document.cues.indices where Self.isBlank(input.plainTexts[i]) {
      findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) has no visible text"))
    }
  }

  /// Whether a cue's plain text is empty or whitespace only.
  public static func isEmpty(_ cue: Cue) -> Bool {
    isBlank(cue.plainText)
  }

  /// Whether text is empty or whitespace only.
  static func isBlank(_ text: String) -> Bool {
    var t = text
    return t.withUTF8 { p in
      var i = 0
      while i < p.count {
        let (v, next) = UTF8Text.scalar(p, i)
        if !UTF8Text.isWhitespace(v) { return false }
        i = next
      }
      return true
    }
  }
}
