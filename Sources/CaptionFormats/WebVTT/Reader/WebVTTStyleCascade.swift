import CaptionCore

/// The cascade of a file's mapped `STYLE` rules for one selector (CSS Cascade 4 §6), across
/// all its `STYLE` blocks: `!important` author declarations win over normal ones whatever their
/// order (§6.4), and among equal importance the later declaration wins (§6.6). Specificity needs
/// no sorting here, as each selector has its own named style (`::cue` and `::cue(.a)` apply to
/// different nodes, so the class's rules are merged over the global ones by the style checker).
struct WebVTTStyleCascade {
  /// The declarations of one importance for one selector so far, and where each legibility
  /// field's winning declaration is.
  private struct Layer {
    var style = TextStyle()
    var sources: [String: SourceLocation] = [:]

    mutating func add(_ d: WebVTTStyleSheetParser.Declarations, _ locate: (Int) -> SourceLocation) {
      style = style.merged(with: d.style)
      for (field, offset) in d.offsets { sources[field] = locate(offset) }
    }
  }

  private var normal: [String: Layer] = [:]
  private var important: [String: Layer] = [:]

  /// Adds `rule` after the rules added before it; `locate` turns its byte offsets into source
  /// locations. Returns the selector's style and the declaration locations that now win.
  mutating func add(
    _ rule: WebVTTStyleSheetParser.MappedRule, locate: (Int) -> SourceLocation
  ) -> (style: TextStyle, sources: [String: SourceLocation]) {
    normal[rule.id, default: Layer()].add(rule.normal, locate)
    important[rule.id, default: Layer()].add(rule.important, locate)
    let n = normal[rule.id] ?? Layer()
    let i = important[rule.id] ?? Layer()
    return (n.style.merged(with: i.style), n.sources.merging(i.sources) { _, important in important })
  }
}
