import CaptionCore

/// The named styles of one document for the style checker: `NamedStyleResolver`'s memoised,
/// depth-limited resolution, plus WebVTT's global `::cue` rule, its other `::cue(…)` selector
/// rules and where each style is defined.
struct StyleCascade {
  private var resolver: NamedStyleResolver
  var named: [String: NamedStyle] { resolver.named }
  /// `CaptionDocument.selectorStyles` that have a readable selector, least specific first, then
  /// in document order (CSS Cascade 4 §6: the later of equal specificity wins).
  let selectors: [(selector: CueSelector, style: NamedStyle)]
  /// `selectors` by what each needs, so an element or cue tries only the rules it may match.
  private let index: CueSelectorIndex

  init(_ doc: CaptionDocument) {
    resolver = NamedStyleResolver(doc.styles)
    let read = doc.selectorStyles.enumerated().compactMap { k, n -> (Int, CueSelector, NamedStyle)? in
      guard n.id.hasPrefix("::cue("), n.id.hasSuffix(")"), let s = CueSelector(String(n.id.dropFirst(6).dropLast())) else { return nil }
      return (k, s, n)
    }
    selectors = read.sorted { a, b in a.1.specificity != b.1.specificity ? a.1.specificity < b.1.specificity : a.0 < b.0 }.map { ($0.1, $0.2) }
    index = CueSelectorIndex(selectors.map(\.selector))
  }

  /// The selector rules that match `element`, in `selectors` order.
  func selectors(matching element: CueElement) -> [(selector: CueSelector, style: NamedStyle)] {
    guard !selectors.isEmpty else { return [] }
    return index.candidates(for: element).lazy.map { selectors[$0] }.filter { $0.selector.matches(element) }
  }

  /// The `::cue(#id)` rules for the cue with identifier `id`, in `selectors` order.
  func selectors(forCue id: String) -> [(selector: CueSelector, style: NamedStyle)] {
    index.cueRules(id: id).map { selectors[$0] }
  }

  /// The ids that WebVTT's bare `::cue` rule may be stored under.
  static let globalIDs = ["", "::cue", "cue", "*"]

  /// The global cue style (WebVTT `::cue { … }`), if the document has one.
  mutating func global() -> (TextStyle, NamedStyle)? {
    for id in Self.globalIDs {
      if let n = named[id] { return (resolve(id), n) }
    }
    return nil
  }

  /// The full style of `id`: its bases in order, then its own properties (empty when unknown).
  mutating func resolve(_ id: String) -> TextStyle {
    resolver.resolve(id) ?? TextStyle()
  }

  /// Where a finding about a named style belongs: the declaration that set its colour (or
  /// background, …) when known, else where the style is defined.
  func source(_ id: String) -> SourceLocation? { named[id]?.legibilitySource }
}
