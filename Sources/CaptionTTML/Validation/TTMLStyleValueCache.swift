/// The value a `head` style gives a `tts:` property, itself or through the styles it refers to
/// (a later reference over an earlier one, as TTML1 §8.4.4.2 merges them), remembered per style
/// and property so that each chain is walked
/// once however many regions share it. A chain that loops gives no value (the loop is
/// reported by `checkStyleLoops`); chains deeper than 64 styles are not followed further.
struct TTMLStyleValueCache {
  private var stylesByID: [String: XMLElementNode]?
  /// `nil` inside: worked out, no value (or being worked out, for a loop).
  private var values: [Key: String?] = [:]

  private struct Key: Hashable {
    var id: String
    var local: String
  }

  mutating func value(_ id: String, _ local: String, root: XMLElementNode, depth: Int = 0) -> String? {
    let key = Key(id: id, local: local)
    if let known = values[key] { return known }
    guard depth < 64, let style = style(id, root: root) else { return nil }
    values[key] = .some(nil)  // a loop back here finds no value
    var found = style.attribute(TTMLNamespace.styling, local)
    if found == nil {
      for r in TTMLReader.idrefs(style.attribute("", "style")).reversed() {
        if let v = value(r, local, root: root, depth: depth + 1) {
          found = v
          break
        }
      }
    }
    values[key] = .some(found)
    return found
  }

  /// The first `style` in `head`'s `styling` with this `xml:id`.
  private mutating func style(_ id: String, root: XMLElementNode) -> XMLElementNode? {
    if stylesByID == nil {
      var map: [String: XMLElementNode] = [:]
      if let head = root.elements.first(where: { TTMLReader.isTT($0, "head") }) {
        for s in head.elements where TTMLReader.isTT(s, "styling") {
          for st in s.elements {
            if let id = st.attribute(TTMLNamespace.xml, "id"), map[id] == nil { map[id] = st }
          }
        }
      }
      stylesByID = map
    }
    return stylesByID?[id]
  }
}
