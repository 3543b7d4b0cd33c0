/// Resolves the named styles of one document through their `basedOn` chains: the bases in
/// order, then the style's own properties. Each style is resolved once (memoised), a style
/// reached again inside its own chain contributes only its own properties (cycles end), and
/// chains of any depth are followed without recursion, so no document makes resolution
/// exponential or unbounded.
///
/// Several styles with one id (two WebVTT `::cue(.a)` rules) cascade: later properties win.
public struct NamedStyleResolver: Sendable {
  /// The styles by id, duplicates merged.
  public let named: [String: NamedStyle]
  private var cache: [String: TextStyle] = [:]

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
    return resolveChain(id)
  }

  /// The bases of `style` resolved and merged in order, without its own properties (for a
  /// writer that writes one rule per style as given).
  public mutating func bases(of style: NamedStyle) -> TextStyle {
    var s = TextStyle()
    for b in style.basedOn where b != style.id && named[b] != nil { s = s.merged(with: resolveChain(b)) }
    return s
  }

  /// Depth-first over the chain with an explicit stack (no depth limit, no recursion), each
  /// style finished once its bases are: the result is the same whatever was resolved before.
  /// A base met again inside its own chain (a cycle) gives only its own properties.
  private mutating func resolveChain(_ id: String) -> TextStyle {
    if let c = cache[id] { return c }
    var stack: [(id: String, next: Int)] = [(id, 0)]
    var onStack: Set<String> = [id]
    while let top = stack.last, let n = named[top.id] {
      if top.next < n.basedOn.count {
        stack[stack.count - 1].next += 1
        let b = n.basedOn[top.next]
        guard b != top.id, cache[b] == nil, named[b] != nil, !onStack.contains(b) else { continue }
        stack.append((b, 0))
        onStack.insert(b)
        continue
      }
      var s = TextStyle()
      for b in n.basedOn where b != top.id {
        if let c = cache[b] { s = s.merged(with: c) } else if onStack.contains(b), let cyclic = named[b] { s = s.merged(with: cyclic.style) }
      }
      cache[top.id] = s.merged(with: n.style)
      onStack.remove(top.id)
      stack.removeLast()
    }
    return cache[id] ?? TextStyle()
  }
}
