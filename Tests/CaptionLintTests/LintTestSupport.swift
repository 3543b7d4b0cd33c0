import CaptionCore
import CaptionLint

/// Builds documents for rule tests: `cue(1.0, 2.5, "text")`, with `\n` for line breaks.
func cue(_ start: Double, _ end: Double, _ text: String, id: String = "", line: Int? = nil, source: String? = nil, settings: CueSettings = CueSettings()) -> Cue {
  var nodes: [CueNode] = []
  for (i, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    if i > 0 { nodes.append(.lineBreak) }
    if !part.isEmpty { nodes.append(.text(String(part))) }
  }
  var c = Cue(
    id: id, start: CaptionTime(milliseconds: Int64((start * 1000).rounded())), end: CaptionTime(milliseconds: Int64((end * 1000).rounded())),
    settings: settings, content: nodes, source: line.map { SourceLocation(line: $0, column: 1) })
  c.sourceText = source
  return c
}

func doc(_ cues: [Cue], comments: [Comment] = [], language: String? = nil) -> CaptionDocument {
  var d = CaptionDocument(cues: cues, comments: comments)
  d.metadata.language = language
  return d
}

/// Runs one rule (with the default preset unless given) and returns its findings.
func run(_ rule: any LintRule, _ document: CaptionDocument, thresholds: LintThresholds = LintPreset.streaming.thresholds, context: LintContext = LintContext()) -> [LintFinding] {
  var out: [LintFinding] = []
  rule.check(LintRuleInput(document: document, context: context, thresholds: thresholds), into: &out)
  return out
}
