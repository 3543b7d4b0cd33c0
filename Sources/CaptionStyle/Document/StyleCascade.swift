import CaptionCore

/// The named styles of one document for the style checker: `NamedStyleResolver`'s memoised,
/// depth-limited resolution, plus WebVTT's global `::cue` rule and where each style is defined.
struct StyleCascade {
  private var resolver: NamedStyleResolver
  var named: [String: NamedStyle] { resolver.named }

  init(_ doc: CaptionDocument) {
    resolver = NamedStyleResolver(doc.styles)
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
