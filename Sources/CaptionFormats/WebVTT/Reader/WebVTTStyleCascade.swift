import CaptionCore

/// The cascade of a file's mapped `STYLE` rules for one selector (CSS Cascade 4 §6), across
/// all its `STYLE` blocks: `!important` author declarations win over normal ones whatever their
/// order (§6.4), and among equal importance the later declaration wins (§6.6). Specificity needs
/// no sorting here, as each selector has its own named style (`::cue` and `::cue(.a)` apply to
/// different nodes, so the class's rules are merged over the global ones by the style checker).
///
/// Adding a rule costs what it declares: the normal and important layers are updated in place
/// and merged only when a style is read (`style(_:)`), once the rules are all added. Merging
/// on every add made 20,000 rules for one selector quadratic (9 s, over 20 s with every other
/// rule `!important`).
struct WebVTTStyleCascade {
  /// The declarations of one importance for one selector so far, and where each legibility
  /// field's winning declaration is.
  private struct Layer {
    var style = TextStyle()
    var sources: [String: SourceLocation] = [:]

    mutating func add(_ d: WebVTTStyleSheetParser.Declarations, _ locate: (Int) -> SourceLocation) {
      style.merge(d.style)
      for (field, offset) in d.offsets { sources[field] = locate(offset) }
    }
  }

  private var normal: [String: Layer] = [:]
  private var important: [String: Layer] = [:]

  /// Adds `rule` after the rules added before it; `locate` turns its byte offsets into source
  /// locations.
  mutating func add(_ rule: WebVTTStyleSheetParser.MappedRule, locate: (Int) -> SourceLocation) {
    // In place (the dictionaries' `default:` subscript modifies the stored layer).
    normal[rule.id, default: Layer()].add(rule.normal, locate)
    if !rule.important.offsets.isEmpty || rule.important.style != TextStyle() {
      important[rule.id, default: Layer()].add(rule.important, locate)
    }
  }

  /// The style of selector `id` (important declarations over normal ones) and the declaration
  /// locations that win. Each call merges the whole layers: read each style once, at the end.
  func style(_ id: String) -> (style: TextStyle, sources: [String: SourceLocation]) {
    let n = normal[id] ?? Layer()
    guard let i = important[id] else { return (n.style, n.sources) }
    return (n.style.merged(with: i.style), n.sources.merging(i.sources) { _, important in important })
  }
}
