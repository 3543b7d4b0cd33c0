import CaptionCore

/// The order and number of children that TTML's content models give (TTML1 §7.1, §8.1, §9.1;
/// TTML2 §8.1): metadata first, then animation, then content, and `head`'s parts once each,
/// `styling` before `layout`; `tt` holds one `head` before one `body`.
///
/// Metadata is `metadata` and the `ttm:` elements that stand for it (`agent`, `copyright`,
/// `desc`, `title`); parameters are `ttp:` elements (`profile`, `features`, `extensions`);
/// animation is `set` and `animate`. Elements in foreign namespaces are not counted (TTML2
/// §5.3.2 prunes them). Out of order is `ttml.validate.element-order`, a second of a once-only
/// child `ttml.validate.duplicate-element` (errors; the reader still reads them, so nothing is
/// lost); one report per parent.
extension TTMLValidator {
  /// The rank of a child in its parent's content model, or nil when the model puts no order
  /// on it; and whether it may appear only once.
  static func childRank(parent: String, child c: XMLElementNode) -> (rank: Int, once: Bool)? {
    let ns = c.name.namespace
    let local = c.name.local
    let metadata =
      (ns == TTMLNamespace.tt && local == "metadata") || (ns == TTMLNamespace.metadata && ["agent", "copyright", "desc", "title"].contains(local))
    let parameter = ns == TTMLNamespace.parameter
    let tt = ns == TTMLNamespace.tt
    switch parent {
    case "tt":
      guard tt else { return nil }
      return local == "head" ? (0, true) : local == "body" ? (1, true) : nil
    case "head":
      if metadata { return (0, false) }
      if parameter { return (1, false) }
      guard tt else { return nil }
      switch local {
      case "resources": return (2, true)
      case "styling": return (3, true)
      case "layout": return (4, true)
      case "animation": return (5, true)
      default: return nil
      }
    case "styling", "layout":
      if metadata { return (0, false) }
      return tt ? (1, false) : nil
    case "body", "div", "p", "span", "region", "br":
      if metadata { return (0, false) }
      guard tt else { return nil }
      if local == "set" || local == "animate" { return (1, false) }
      // An inline region comes after animation and before the content (TTML2 §8.1.4–8.1.5).
      if local == "region" { return (2, true) }
      return (3, false)
    default:
      return nil
    }
  }

  mutating func checkChildOrder(_ e: XMLElementNode) {
    let parent = e.name.local
    guard ["tt", "head", "styling", "layout", "body", "div", "p", "span", "region", "br"].contains(parent) else { return }
    var highest = -1
    var highestName = ""
    var seen: Set<Int> = []
    for child in e.children {
      let rank: Int, once: Bool, name: String, at: SourceLocation?
      switch child {
      case .element(let c):
        guard let r = TTMLValidator.childRank(parent: parent, child: c) else { continue }
        (rank, once, name, at) = (r.rank, r.once, "<\(c.qualifiedName)>", c.location)
      case .text(let t, let loc):
        // Text is content, after metadata and animation (only `p` and `span` hold it).
        guard parent == "p" || parent == "span", !TTMLWhitespace.isBlank(t) else { continue }
        (rank, once, name, at) = (3, false, "text", loc)
      }
      if once, !seen.insert(rank).inserted {
        error("ttml.validate.duplicate-element", "<\(e.qualifiedName)> may hold one \(name) only", at)
        return
      }
      if rank < highest {
        error("ttml.validate.element-order", "\(name) must come before \(highestName) in <\(e.qualifiedName)>", at)
        return
      }
      if rank > highest { (highest, highestName) = (rank, name) }
    }
  }
}
