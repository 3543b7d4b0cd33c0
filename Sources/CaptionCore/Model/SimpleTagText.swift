/// Cue text whose only markup is `<i>`, `<b>` and `<u>`, held as written (`CueTextStorage.simpleTags`).
///
/// The SRT and WebVTT readers store a cue this way only when its text passes their simple-tag
/// check (lower-case tags without attributes, each closed in nesting order, none empty or inside
/// one of its own kind, within the nesting and element limits; no `&`, `>`, `{` or other `<`).
/// For such text both cue text parsers give the tree `nodes` gives, with no diagnostic, so the
/// readers skip the parser and build the tree only when someone asks for it.
///
/// Any other string still gives a tree: a `<` that starts none of the six tags is text, a
/// closing tag that does not close the innermost element is dropped, and elements left open at
/// the end are closed there.
enum SimpleTagText {
  /// The node tree: text runs, `.lineBreak` for each `\n`, and an italic, bold or underline
  /// element for each pair of tags.
  static func nodes(_ s: String) -> [CueNode] {
    var text = s
    return text.withUTF8 { bytes -> [CueNode] in
      // Open elements, outermost first; the root's children are `out`.
      var open: [(kind: CueElement.Kind, letter: UInt8, children: [CueNode])] = []
      var out: [CueNode] = []
      func append(_ node: CueNode) {
        if open.isEmpty { out.append(node) } else { open[open.count - 1].children.append(node) }
      }
      var runStart = 0, i = 0
      func flushText() {
        if i > runStart { append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<i]), as: UTF8.self))) }
      }
      while i < bytes.count {
        let b = bytes[i]
        if b == 0x0A {
          flushText()
          append(.lineBreak)
          i += 1
          runStart = i
          continue
        }
        if b == UInt8(ascii: "<"), let tag = tag(bytes, at: i) {
          flushText()
          i += tag.length
          runStart = i
          if !tag.closing {
            open.append((kind(tag.letter), tag.letter, []))
          } else if let top = open.last, top.letter == tag.letter {
            open.removeLast()
            append(.element(CueElement(top.kind, children: top.children)))
          }
          continue
        }
        i += 1
      }
      flushText()
      while let top = open.popLast() { append(.element(CueElement(top.kind, children: top.children))) }
      return out
    }
  }

  /// The text without its tags.
  static func plainText(_ s: String) -> String {
    var text = s
    return text.withUTF8 { bytes -> String in
      guard bytes.contains(UInt8(ascii: "<")) else { return s }
      var kept: [UInt8] = []
      kept.reserveCapacity(bytes.count)
      var i = 0
      while i < bytes.count {
        if bytes[i] == UInt8(ascii: "<"), let tag = tag(bytes, at: i) {
          i += tag.length
          continue
        }
        kept.append(bytes[i])
        i += 1
      }
      return String(decoding: kept, as: UTF8.self)
    }
  }

  /// `<x>` or `</x>` at `i`, with `x` one of `i`, `b`, `u`.
  private static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (letter: UInt8, closing: Bool, length: Int)? {
    let closing = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")
    let k = closing ? i + 2 : i + 1
    guard k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: ">") else { return nil }
    let letter = bytes[k]
    guard letter == UInt8(ascii: "i") || letter == UInt8(ascii: "b") || letter == UInt8(ascii: "u") else { return nil }
    return (letter, closing, k + 2 - i)
  }

  private static func kind(_ letter: UInt8) -> CueElement.Kind {
    switch letter {
    case UInt8(ascii: "i"): return .italic
    case UInt8(ascii: "b"): return .bold
    default: return .underline
    }
  }
}
