import CaptionCore

/// Resolves named styles (with their `basedOn` chains) of one document, memoised, with a depth
/// limit so a cyclic or hostile chain cannot recurse without bound.
struct StyleCascade {
  let named: [String: NamedStyle]
  private var cache: [String: TextStyle] = [:]
  static let maxDepth = 32

  init(_ doc: CaptionDocument) {
    var map: [String: NamedStyle] = [:]
    // Several rules for one id (two `::cue(.a)` rules) cascade: later properties win.
    for s in doc.styles {
      if var existing = map[s.id] {
        existing.style = existing.style.merged(with: s.style)
        existing.basedOn += s.basedOn.filter { !existing.basedOn.contains($0) }
        if existing.source == nil { existing.source = s.source }
        map[s.id] = existing
      } else {
        map[s.id] = s
      }
    }
    named = map
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

  /// The full style of `id`: its bases in order, then its own properties.
  mutating func resolve(_ id: String) -> TextStyle {
    resolve(id, depth: 0)
  }

  private mutating func resolve(_ id: String, depth: Int) -> TextStyle {
    if let c = cache[id] { return c }
    guard let n = named[id] else { return TextStyle() }
    guard depth < Self.maxDepth else { return n.style }
    cache[id] = n.style  // breaks cycles: a style reached again resolves to its own properties
    var s = TextStyle()
    for b in n.basedOn where b != id { s = s.merged(with: resolve(b, depth: depth + 1)) }
    s = s.merged(with: n.style)
    cache[id] = s
    return s
  }

  /// Where a named style is defined.
  func source(_ id: String) -> SourceLocation? { named[id]?.source }
}
