/// Resolves the named styles of one document through their `basedOn` chains: the bases in
/// order, then the style's own properties. Each style is resolved once (memoised), a style
/// reached again inside its own chain contributes only its own properties (cycles end), and
/// chains deeper than `maxDepth` are cut, so no document makes resolution exponential or
/// unbounded.
///
/// Several styles with one id (two WebVTT `::cue(.a)` rules) cascade: later properties win.
public struct NamedStyleResolver: Sendable {
  /// The styles by id, duplicates merged.
  public let named: [String: NamedStyle]
  private var cache: [String: TextStyle] = [:]
  /// The longest `basedOn` chain followed (the TTML reader's limit too).
  public static let maxDepth = 64

  public init(_ styles: [NamedStyle]) {
    var map: [String: NamedStyle] = [:]
    for s in styles {
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

  /// The full style of `id`, or nil when no style has that id.
  public mutating func resolve(_ id: String) -> TextStyle? {
    guard named[id] != nil else { return nil }
    return resolve(id, depth: 0)
  }

  /// The bases of `style` resolved and merged in order, without its own properties (for a
  /// writer that writes one rule per style as given).
  public mutating func bases(of style: NamedStyle) -> TextStyle {
    var s = TextStyle()
    for b in style.basedOn where b != style.id && named[b] != nil { s = s.merged(with: resolve(b, depth: 1)) }
    return s
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
}
