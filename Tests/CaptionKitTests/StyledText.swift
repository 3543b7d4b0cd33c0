import CaptionKit

/// Cue content flattened to what every format can hold: text runs with their effective bold,
/// italic and underline, from markup (`<b>`, `<i>`, `<u>`) or from styles (TTML `tts:font*`).
/// Whitespace-only runs and line breaks carry no style, and neighbours with the same style are
/// one run, so two trees that a viewer would see the same way compare equal.
struct StyledText: Hashable, CustomStringConvertible {
  var text: String
  var italic = false
  var bold = false
  var underline = false

  var description: String {
    (italic ? "i" : "") + (bold ? "b" : "") + (underline ? "u" : "") + "\"" + text + "\""
  }

  /// `styles`: the document's named styles, which an element's classes refer to (TTML
  /// referential styling, WebVTT `::cue(.class)` rules).
  static func runs(_ nodes: [CueNode], styles: [NamedStyle] = []) -> [StyledText] {
    var out: [StyledText] = []
    collect(nodes, StyledText(text: ""), styles, into: &out)
    var merged: [StyledText] = []
    for var r in out {
      if r.text.allSatisfy({ $0 == " " || $0 == "\n" }) { r.italic = false; r.bold = false; r.underline = false }
      if let last = merged.last, last.italic == r.italic, last.bold == r.bold, last.underline == r.underline {
        merged[merged.count - 1].text += r.text
      } else {
        merged.append(r)
      }
    }
    return merged
  }

  private static func collect(_ nodes: [CueNode], _ inherited: StyledText, _ styles: [NamedStyle], into out: inout [StyledText]) {
    for n in nodes {
      switch n {
      case .text(let t):
        var r = inherited
        r.text = t
        out.append(r)
      case .lineBreak:
        out.append(StyledText(text: "\n"))
      case .timestamp:
        break
      case .element(let e):
        var s = inherited
        switch e.kind {
        case .italic: s.italic = true
        case .bold: s.bold = true
        case .underline: s.underline = true
        default: break
        }
        let named = e.classes.compactMap { c in styles.first { $0.id == c }?.style }
        for st in named + (e.style.map { [$0] } ?? []) {
          if let f = st.fontStyle { s.italic = f != .normal }
          if let w = st.fontWeight { s.bold = w == .bold }
          if let d = st.textDecoration { s.underline = d.contains(.underline) }
        }
        collect(e.children, s, styles, into: &out)
      }
    }
  }
}
