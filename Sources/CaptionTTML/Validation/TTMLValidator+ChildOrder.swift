import CaptionCore

/// The order and number of children that TTML's content models give (TTML1 §7.1, §8.1, §9.1;
/// TTML2 §8.1): metadata first, then animation, then content, and `head`'s parts once each,
/// `styling` before `layout`; `tt` holds one `head` before one `body`.
///
/// Metadata is `metadata` and the `ttm:` elements that stand for it (`agent`, `copyright`,
/// `desc`, `title`); parameters are `ttp:` elements (`profile`, `features`, `extensions`);
/// animation is `set` and `animate`. Elements in foreign namespaces are not counted (TTML2
/// §5.3.2 prunes them). Out of order is `ttml.validate.element-order`, a second of a once-only
/// child of `head` `ttml.validate.duplicate-element` (errors; the reader still reads them, so
/// nothing is lost), a second `head` or `body` `ttml.validate.duplicate-unread` (an error the
/// reader does not read past: its content is lost); one report per parent.
extension TTMLValidator {
  /// The content models that order their children.
  enum OrderedModel {
    case root, head, list, content

    init?(_ local: String) {
      switch local {
      case "tt": self = .root
      case "head": self = .head
      case "styling", "layout": self = .list
      case "body", "div", "p", "span", "region", "br": self = .content
      default: return nil
      }
    }
  }

  /// The rank of a child in its parent's content model, or nil when the model puts no order
  /// on it; and whether it may appear only once.
  static func childRank(_ model: OrderedModel, _ c: XMLElementNode) -> (rank: Int, once: Bool)? {
    let local = c.name.local
    let tt = c.name.isIn(TTMLNamespace.tt)
    // Most children of a div are p's, of a p spans and text: settled first.
    if tt, model == .content, local != "metadata", local != "set", local != "animate", local != "region" { return (3, false) }
    let metadata = tt ? local == "metadata" : c.name.isIn(TTMLNamespace.metadata) && ["agent", "copyright", "desc", "title"].contains(local)
    switch model {
    case .root:
      guard tt else { return nil }
      return local == "head" ? (0, true) : local == "body" ? (1, true) : nil
    case .head:
      if metadata { return (0, false) }
      if c.name.isIn(TTMLNamespace.parameter) { return (1, false) }
      guard tt else { return nil }
      switch local {
      case "resources": return (2, true)
      case "styling": return (3, true)
      case "layout": return (4, true)
      case "animation": return (5, true)
      default: return nil
      }
    case .list:
      if metadata { return (0, false) }
      return tt ? (1, false) : nil
    case .content:
      if metadata { return (0, false) }
      guard tt else { return nil }
      // An inline region comes after animation and before the content (TTML2 §8.1.4–8.1.5);
      // a second one is `inline-region`'s to report.
      return local == "region" ? (2, false) : (1, false)
    }
  }

  mutating func checkChildOrder(_ e: XMLElementNode) {
    guard let model = OrderedModel(e.name.local) else { return }
    // Text is content (rank 3) where the model holds text: in p and span.
    let holdsText = e.name.local == "p" || e.name.local == "span"
    var highest = -1
    var highestName = ""
    var seen: Set<Int> = []
    // In tt an order report does not end the check: a second head or body after it is lost.
    var orderReported = false
    for child in e.children {
      let rank: Int, once: Bool
      switch child {
      case .element(let c):
        guard let r = TTMLValidator.childRank(model, c) else { continue }
        (rank, once) = r
        if rank >= highest, !once {
          if rank > highest { (highest, highestName) = (rank, "<\(c.qualifiedName)>") }
          continue
        }
        if once, !seen.insert(rank).inserted {
          // The reader reads the first head and body only: a second is content lost.
          if model == .root {
            error("ttml.validate.duplicate-unread", "<\(e.qualifiedName)> may hold one <\(c.qualifiedName)> only; this one is not read", c.location)
          } else {
            error("ttml.validate.duplicate-element", "<\(e.qualifiedName)> may hold one <\(c.qualifiedName)> only", c.location)
          }
          return
        }
        if rank < highest {
          if !orderReported {
            error("ttml.validate.element-order", "<\(c.qualifiedName)> must come before \(highestName) in <\(e.qualifiedName)>", c.location)
          }
          if model != .root { return }
          orderReported = true
          continue
        }
        if rank > highest { (highest, highestName) = (rank, "<\(c.qualifiedName)>") }
      case .text(let t, _):
        // Content is the highest rank, so text can only raise it.
        guard holdsText, highest < 3, !TTMLWhitespace.isBlank(t) else { continue }
        (highest, highestName) = (3, "text")
      }
    }
  }
}
