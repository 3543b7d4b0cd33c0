/// The attributes the reader looks up on a `body`, `div`, `p` or `span` (TTML2 §8.1), found in
/// one pass over the element's attributes instead of one search each. As with
/// `XMLElementNode.attribute`, the first of a repeated name counts.
struct TTMLContentAttributes {
  var region: String?
  var style: String?
  var id: String?
  var lang: String?
  var space: String?
  var agent: String?

  init(_ e: XMLElementNode) {
    e.withAttributes { attributes in
      for k in attributes.indices {
        let name = attributes[k].name
        if name.namespace.isEmpty {
          switch LengthFirst(name.local) {
          case "region": if region == nil { region = attributes[k].value }
          case "style": if style == nil { style = attributes[k].value }
          default: break
          }
        } else if name.isIn(TTMLNamespace.xml) {
          switch LengthFirst(name.local) {
          case "id": if id == nil { id = attributes[k].value }
          case "lang": if lang == nil { lang = attributes[k].value }
          case "space": if space == nil { space = attributes[k].value }
          default: break
          }
        } else if name.isIn(TTMLNamespace.metadata), name.local == "agent", agent == nil {
          agent = attributes[k].value
        }
      }
    }
  }
}
