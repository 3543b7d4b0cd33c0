import CaptionCore

/// `package.forced-subset`: in a package, every cue of a forced (foreign-parts-only) track must
/// also be in the full track: a cue of the full track that overlaps it in time and contains
/// its text (compared after collapsing whitespace). Runs only when `LintContext.fullTrack` is
/// set, i.e. the document is the forced track and the caller knows the full one.
///
/// Threshold: none (Netflix and Apple packaging: forced narratives are a subset of the full subtitles).
public struct ForcedSubsetRule: LintRule {
  public init() {}
  public var id: String { "package.forced-subset" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "A forced track's cues must all appear in the full track." }
  public var thresholdSource: String { "Packaging practice: forced narratives are a subset of the full subtitle track" }
  public func applies(to context: LintContext) -> Bool { context.fullTrack != nil }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let full = input.context.fullTrackIndex else { return }
    for (i, cue) in input.document.cues.enumerated() {
      let text = Self.normalized(input.plainTexts[i])
      if text.isEmpty { continue }
      switch full.match(text, overlapping: cue.start, cue.end) {
      case .found: break
      case .missing:
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) (\(cue.start)) is not in the full track: no cue there overlaps it with the same text"))
      case .unchecked:
        findings.append(LintFinding(
          cueIndex: i,
          message: "\(input.cueName(i)) (\(cue.start)) could not be found in the full track: the search stopped after \(ForcedSubsetIndex.maxSteps) of its cues around that time, none holding the text"))
      }
    }
  }

  /// The text with runs of whitespace (line breaks included) collapsed to one space, trimmed.
  static func normalized(_ s: String) -> String {
    s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
