import CaptionCore

/// `markup.unbalanced`: in WebVTT or SRT cue text, an end tag with no matching start tag, end
/// tags closed in the wrong order, or a start tag never closed. Players recover differently
/// (WebVTT closes at the cue's end; many SRT players show the tag text).
///
/// A `<v>` or `<lang>` span may run to the end of the cue without an end tag, and `</ruby>` may
/// close an open `<rt>` (WebVTT §4.2.2 allows both), so those are not reported. Tags the format
/// does not define are `markup.unknown-tag`'s business and are ignored here. Works on `Cue.sourceText`; cues without
/// it (TTML, built in code) are skipped because their markup is already a tree.
///
/// Threshold: none. `captionkit fix` closes unbalanced tags by rewriting the cue from the tree.
public struct UnbalancedMarkupRule: LintRule {
  public init() {}
  public var id: String { "markup.unbalanced" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Cue text tags must be closed, in order." }
  public var thresholdSource: String { "WebVTT cue text syntax (§4.2.2); SRT players' HTML-like tags" }
  public var readerEquivalents: [String] { ["cuetext.unclosed-tag", "cuetext.mismatched-end-tag", "tag.unclosed", "tag.unmatched-close", "tag.misnested"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for (i, cue) in input.document.cues.enumerated() {
      guard let text = cue.markupSourceText, text.utf8.contains(UInt8(ascii: "<")) else { continue }
      var stack: [String] = []
      var problem: String?
      let known = UnknownMarkupRule.known(for: input.context.format)
      let tags = MarkupScanner.tags(text, srt: input.context.format == "srt")
      // A cue with more tags than the scanner keeps cannot be judged (the closing half may be
      // past the cut); saying "unclosed" there would be a false report.
      if tags.count >= MarkupScanner.maxTags { continue }
      for tag in tags where known.contains(tag.name) {
        if tag.isEnd, tag.name == "ruby", stack.last == "rt" { stack.removeLast() }
        if !tag.isEnd {
          stack.append(tag.name)
        } else if let top = stack.last, top == tag.name {
          stack.removeLast()
        } else if let k = stack.lastIndex(of: tag.name) {
          problem = "closes <\(tag.name)> before <\(stack[stack.count - 1])>"
          stack.removeSubrange(k...)
          break
        } else {
          problem = "has </\(tag.name)> with no matching <\(tag.name)>"
          break
        }
      }
      if problem == nil, let open = stack.last(where: { $0 != "v" && $0 != "lang" }) {
        problem = "leaves <\(open)> unclosed"
      }
      if let problem {
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) \(problem)"))
      }
    }
  }
}
