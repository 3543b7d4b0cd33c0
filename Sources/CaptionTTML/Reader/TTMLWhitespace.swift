import CaptionCore

/// TTML white space handling (TTML2 §7.2.3 and its XSL-FO basis): with the default
/// `xml:space`, line feeds are treated as spaces, runs of white space collapse to one space,
/// and spaces at the start and end of each line (at `p` boundaries and around `br`) are
/// removed. With `xml:space="preserve"` text is kept and line feeds become line breaks.
enum TTMLWhitespace {
  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  /// Whether `s` starts or ends with XML white space (so `trimmingSpaces` would change it).
  static func hasEdgeSpace(_ s: String) -> Bool {
    guard let f = s.utf8.first, let l = s.utf8.last else { return false }
    return isSpace(f) || isSpace(l)
  }

  /// `s.trimmingSpaces`, without copying when there is nothing to trim (the usual case).
  static func trimmed(_ s: String) -> String {
    hasEdgeSpace(s) ? s.trimmingSpaces : s
  }

  /// Whether `collapse(s)` is empty (only XML white space), without building it.
  static func isBlank(_ s: String) -> Bool {
    s.utf8.allSatisfy(isSpace)
  }

  /// White space runs collapsed to one space, trimmed at both ends.
  static func collapse(_ s: String) -> String {
    var out: [UInt8] = []
    var space = true
    for c in s.utf8 {
      if isSpace(c) {
        if !space { out.append(0x20) }
        space = true
      } else {
        out.append(c)
        space = false
      }
    }
    if out.last == 0x20 { out.removeLast() }
    return String(decoding: out, as: UTF8.self)
  }

  static func normalise(_ nodes: [CueNode], preserve: Bool) -> [CueNode] {
    if preserve { return splitLines(nodes, depth: 0) }
    var lastWasSpace = true
    var forward = collapseForward(nodes, lastWasSpace: &lastWasSpace, depth: 0)
    var nextIsBreak = true
    trimBackward(&forward, nextIsBreak: &nextIsBreak, depth: 0)
    return prune(forward, depth: 0)
  }

  static func collapseForward(_ nodes: [CueNode], lastWasSpace: inout Bool, depth: Int) -> [CueNode] {
    var out: [CueNode] = []
    for n in nodes {
      switch n {
      case .text(let t):
        // Most text has single spaces between words and nothing to collapse: keep the string.
        if let endsInSpace = collapsesToItself(t, lastWasSpace: lastWasSpace) {
          out.append(n)
          lastWasSpace = endsInSpace
          continue
        }
        var bytes: [UInt8] = []
        for c in t.utf8 {
          if isSpace(c) {
            if !lastWasSpace { bytes.append(0x20) }
            lastWasSpace = true
          } else {
            bytes.append(c)
            lastWasSpace = false
          }
        }
        out.append(.text(String(decoding: bytes, as: UTF8.self)))
      case .lineBreak:
        // Drop a space just before the break.
        out.append(.lineBreak)
        lastWasSpace = true
      case .timestamp:
        out.append(n)
      case .element(var e):
        if depth < 256 { e.children = collapseForward(e.children, lastWasSpace: &lastWasSpace, depth: depth + 1) }
        out.append(.element(e))
      }
    }
    return out
  }

  /// When collapsing `t` (after text that ended in white space if `lastWasSpace`) would give
  /// `t` back unchanged, whether it ends in a space; nil when collapsing changes it.
  static func collapsesToItself(_ t: String, lastWasSpace: Bool) -> Bool? {
    var previousSpace = lastWasSpace
    for c in t.utf8 {
      if isSpace(c) {
        // Only a lone U+0020 after a non-space survives as itself.
        if c != 0x20 || previousSpace { return nil }
        previousSpace = true
      } else {
        previousSpace = false
      }
    }
    return previousSpace
  }

  static func trimBackward(_ nodes: inout [CueNode], nextIsBreak: inout Bool, depth: Int) {
    var k = nodes.count - 1
    while k >= 0 {
      switch nodes[k] {
      case .text(let t):
        if nextIsBreak, t.utf8.last != 0x20 {
          // Nothing to trim (the usual case): the text stays as it is.
          if !t.isEmpty { nextIsBreak = false }
        } else if nextIsBreak {
          var u = Array(t.utf8)
          while u.last == 0x20 { u.removeLast() }
          nodes[k] = .text(String(decoding: u, as: UTF8.self))
          if !u.isEmpty { nextIsBreak = false }
        } else if !t.isEmpty {
          nextIsBreak = false
        }
      case .lineBreak:
        nextIsBreak = true
      case .timestamp:
        break
      case .element(var e):
        if depth < 256 { trimBackward(&e.children, nextIsBreak: &nextIsBreak, depth: depth + 1) }
        nodes[k] = .element(e)
      }
      k -= 1
    }
  }

  /// Removes empty text nodes and merges adjacent text nodes.
  static func prune(_ nodes: [CueNode], depth: Int) -> [CueNode] {
    var out: [CueNode] = []
    for n in nodes {
      switch n {
      case .text(let t):
        if t.isEmpty { continue }
        if case .text(let prev) = out.last {
          out[out.count - 1] = .text(prev + t)
        } else {
          out.append(n)
        }
      case .element(var e):
        if depth < 256 { e.children = prune(e.children, depth: depth + 1) }
        // An element left with no content shows nothing.
        if e.children.isEmpty { continue }
        out.append(.element(e))
      default:
        out.append(n)
      }
    }
    return out
  }

  /// Whether reading `nodes` back with default white space handling would change them, so
  /// that a writer must say `xml:space="preserve"`.
  static func needsPreserve(_ nodes: [CueNode]) -> Bool {
    normalise(nodes, preserve: false) != prune(nodes, depth: 0)
  }

  static func splitLines(_ nodes: [CueNode], depth: Int) -> [CueNode] {
    var out: [CueNode] = []
    for n in nodes {
      switch n {
      case .text(let t):
        let lines = t.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, l) in lines.enumerated() {
          if i > 0 { out.append(.lineBreak) }
          if !l.isEmpty { out.append(.text(String(l))) }
        }
      case .element(var e):
        if depth < 256 { e.children = splitLines(e.children, depth: depth + 1) }
        out.append(.element(e))
      default:
        out.append(n)
      }
    }
    return out
  }
}
