import CaptionCore

/// Everything a rule sees: the document, the caller's context, and the thresholds resolved for
/// this document (preset, then configuration, then the per-language override).
public struct LintRuleInput: Sendable {
  /// The document under check.
  public let document: CaptionDocument
  /// Facts from outside the file (media duration, companion tracks).
  public let context: LintContext
  /// The thresholds in force.
  public let thresholds: LintThresholds
  /// Cue indices in presentation order (by start, then end, then source order). Rules that
  /// compare neighbours use this, because readers keep source order.
  public let presentationOrder: [Int]

  public init(document: CaptionDocument, context: LintContext, thresholds: LintThresholds) {
    self.document = document
    self.context = context
    self.thresholds = thresholds
    let cues = document.cues
    presentationOrder = cues.indices.sorted { a, b in
      if cues[a].start != cues[b].start { return cues[a].start < cues[b].start }
      if cues[a].end != cues[b].end { return cues[a].end < cues[b].end }
      return a < b
    }
  }
}
