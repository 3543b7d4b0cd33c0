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

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for (i, cue) in input.document.cues.enumerated() where Self.isEmpty(cue) {
      findings.append(LintFinding(cueIndex: i, message: "\(RuleSupport.cueName(i, cue)) has no visible text"))
    }
  }

  /// Whether a cue's plain text is empty or whitespace only.
  public static func isEmpty(_ cue: Cue) -> Bool {
    cue.plainText.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }
}
