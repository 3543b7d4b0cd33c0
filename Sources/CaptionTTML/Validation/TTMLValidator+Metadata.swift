import CaptionCore

/// Metadata rules that need the in-scope namespace declarations, which the main walk does not
/// carry: a qualified `ttm:item` `name` must use a bound prefix (TTML2 §14.1.7, Namespaces in
/// XML §3).
extension TTMLValidator {
  mutating func checkItemNames(_ e: XMLElementNode, inScope: Set<String>, depth: Int) {
    guard depth < 256 else { return }
    var scope = inScope
    for d in e.declarations where !d.prefix.isEmpty {
      if d.uri.isEmpty { scope.remove(d.prefix) } else { scope.insert(d.prefix) }
    }
    if e.name.isIn(TTMLNamespace.metadata), e.name.local == "item", let a = e.attributeNode("", "name"),
      let prefix = TTMLValidator.qnamePrefix(TTMLWhitespace.trimmed(a.value)), !scope.contains(prefix)
    {
      error(
        "ttml.validate.unbound-prefix",
        "ttm:item name=\"\(a.value.prefix(80))\" uses the prefix '\(prefix)', which no namespace declaration in scope binds (TTML2 §14.1.7)",
        a.location)
    }
    for c in e.children {
      if case .element(let k) = c { checkItemNames(k, inScope: scope, depth: depth + 1) }
    }
  }

  /// The prefix of a QName `prefix:local` (both NCNames), or nil for an unprefixed name or a
  /// URI (`http://…`, `urn:a:b`), whose part after the colon is not an NCName.
  static func qnamePrefix(_ v: String) -> String? {
    guard let colon = v.firstIndex(of: ":") else { return nil }
    let prefix = String(v[..<colon])
    let local = String(v[v.index(after: colon)...])
    guard XMLNameCharacters.isNCName(prefix), XMLNameCharacters.isNCName(local) else { return nil }
    return prefix
  }
}
