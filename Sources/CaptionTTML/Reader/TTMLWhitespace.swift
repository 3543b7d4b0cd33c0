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

  /// Whether `nodes` hold a character other than XML white space (line breaks and
  /// timestamps show nothing by themselves).
  static func hasVisibleText(_ nodes: [CueNode], depth: Int = 0) -> Bool {
    for n in nodes {
      switch n {
      case .text(let t): if !isBlank(t) { return true }
      case .element(let e): if depth < 256, hasVisibleText(e.children, depth: depth + 1) { return true }
      case .lineBreak, .timestamp: continue
      }
    }
    return false
  }

  /// `nodes` without the line breaks (and white space) that end them: a line break after the
  /// last text makes no line in TTML's rendering (the XSL-FO/CSS block ends there), while one
  /// before the first text does (it keeps later text on its line).
  static func droppingTrailingBreaks(_ nodes: [CueNode]) -> [CueNode] {
    var out = nodes
    while let last = out.last {
      switch last {
      case .lineBreak: out.removeLast()
      case .text(let t) where isBlank(t): out.removeLast()
      case .element(var e) where !e.children.isEmpty:
        // Compared whole: a nested element can lose its break while this list keeps its length.
        let kept = droppingTrailingBreaks(e.children)
        guard kept != e.children else { return out }
        if kept.isEmpty {
          out.removeLast()
          continue
        }
        e.children = kept
        out[out.count - 1] = .element(e)
        return out
      default: return out
      }
    }
    return out
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

  /// Class names (no XML name can hold U+0000) that the reader puts on a span whose
  /// `xml:space` differs from its parent's; `normalise` follows and removes them.
  static let preserveMarker = "\u{0}preserve"
  static let defaultMarker = "\u{0}default"

  /// The content of one `p`, white space handled as TTML2 §7.2.3 maps `xml:space` to XSL-FO:
  /// `default` collapses runs and suppresses spaces at line ends; `preserve` keeps every
  /// character and turns line feeds into line breaks. Spans marked with `preserveMarker` or
  /// `defaultMarker` switch the mode for their content.
  static func normalise(_ nodes: [CueNode], preserve: Bool) -> [CueNode] {
    // Most content is already normal (single spaces, none at line ends): one read-only walk
    // instead of three passes that rebuild every node list.
    if !preserve, isNormal(nodes) { return nodes }
    return normaliseByPasses(nodes, preserve: preserve)
  }

  /// `normalise` without the shortcut (the tests compare the two).
  static func normaliseByPasses(_ nodes: [CueNode], preserve: Bool) -> [CueNode] {
    if containsMarker(nodes, depth: 0) { return normaliseMixed(nodes, preserve: preserve) }
    if preserve { return splitLines(nodes, depth: 0) }
    var lastWasSpace = true
    var forward = collapseForward(nodes, lastWasSpace: &lastWasSpace, depth: 0)
    var nextIsBreak = true
    trimBackward(&forward, nextIsBreak: &nextIsBreak, depth: 0)
    return prune(forward, depth: 0)
  }

  /// Whether default-mode `normalise` would give `nodes` back unchanged: every text collapses
  /// to itself, none ends in a space before a line break or the end, none is empty or follows
  /// another text, no element is empty or carries a mode marker. False (the passes decide)
  /// for content nested 256 deep, where the passes stop.
  static func isNormal(_ nodes: [CueNode]) -> Bool {
    var lastWasSpace = true, endsInSpace = false
    return isNormal(nodes, lastWasSpace: &lastWasSpace, endsInSpace: &endsInSpace, depth: 0) && !endsInSpace
  }

  /// `lastWasSpace`: the forward pass's state (true at a line's start, where a space would
  /// go); `endsInSpace`: the last text since the last line break ends in a space, which the
  /// backward pass would trim at a break or the end.
  private static func isNormal(_ nodes: [CueNode], lastWasSpace: inout Bool, endsInSpace: inout Bool, depth: Int) -> Bool {
    guard depth < 256 else { return false }
    var previousWasText = false
    for n in nodes {
      switch n {
      case .text(let t):
        guard !previousWasText, !t.isEmpty, let space = collapsesToItself(t, lastWasSpace: lastWasSpace) else { return false }
        lastWasSpace = space
        endsInSpace = space
        previousWasText = true
        continue
      case .lineBreak:
        guard !endsInSpace else { return false }
        lastWasSpace = true
      case .timestamp:
        break
      case .element(let e):
        guard !e.children.isEmpty, !e.classes.contains(where: { $0.utf8.first == 0 }),
          isNormal(e.children, lastWasSpace: &lastWasSpace, endsInSpace: &endsInSpace, depth: depth + 1)
        else { return false }
      }
      previousWasText = false
    }
    return true
  }

  /// Deeper than any content the reader builds (`TTMLReader.depthLimit` is at most 512), so
  /// that no marker is left behind.
  static let markerDepth = 600

  static func containsMarker(_ nodes: [CueNode], depth: Int) -> Bool {
    guard depth < markerDepth else { return false }
    for case .element(let e) in nodes {
      if e.classes.contains(where: { $0.utf8.first == 0 }) || containsMarker(e.children, depth: depth + 1) { return true }
    }
    return false
  }

  static func mode(of e: CueElement, inherited: Bool) -> Bool {
    if e.classes.contains(preserveMarker) { return true }
    if e.classes.contains(defaultMarker) { return false }
    return inherited
  }

  /// `normalise` when spans switch modes: per character, as XSL-FO's `white-space-collapse`,
  /// `linefeed-treatment` and `suppress-at-line-break` are per character.
  static func normaliseMixed(_ nodes: [CueNode], preserve: Bool) -> [CueNode] {
    var lastWasSpace = true
    var forward = collapseForwardMixed(nodes, preserve: preserve, lastWasSpace: &lastWasSpace, depth: 0)
    var nextIsBreak = true
    trimBackwardMixed(&forward, preserve: preserve, nextIsBreak: &nextIsBreak, depth: 0)
    return prune(forward, depth: 0)
  }

  static func collapseForwardMixed(_ nodes: [CueNode], preserve: Bool, lastWasSpace: inout Bool, depth: Int) -> [CueNode] {
    var out: [CueNode] = []
    for n in nodes {
      switch n {
      case .text(let t) where preserve:
        // Kept as written; line feeds become line breaks.
        for (i, line) in t.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          if i > 0 {
            out.append(.lineBreak)
            lastWasSpace = true
          }
          if let last = line.utf8.last {
            out.append(.text(String(line)))
            lastWasSpace = isSpace(last)
          }
        }
      case .text:
        out += collapseForward([n], lastWasSpace: &lastWasSpace, depth: depth)
      case .lineBreak:
        out.append(.lineBreak)
        lastWasSpace = true
      case .timestamp:
        out.append(n)
      case .element(var e):
        if depth < markerDepth {
          e.children = collapseForwardMixed(e.children, preserve: mode(of: e, inherited: preserve), lastWasSpace: &lastWasSpace, depth: depth + 1)
        }
        out.append(.element(e))
      }
    }
    return out
  }

  /// The backward pass of `normaliseMixed`: trims default-mode spaces before line ends, keeps
  /// preserved ones, and removes the markers.
  static func trimBackwardMixed(_ nodes: inout [CueNode], preserve: Bool, nextIsBreak: inout Bool, depth: Int) {
    var k = nodes.count - 1
    while k >= 0 {
      switch nodes[k] {
      case .text(let t) where preserve:
        if !t.isEmpty { nextIsBreak = false }
      case .text:
        var one = [nodes[k]]
        trimBackward(&one, nextIsBreak: &nextIsBreak, depth: depth)
        nodes[k] = one[0]
      case .lineBreak:
        nextIsBreak = true
      case .timestamp:
        break
      case .element(var e):
        let childMode = mode(of: e, inherited: preserve)
        e.classes.removeAll { $0 == preserveMarker || $0 == defaultMarker }
        if depth < markerDepth { trimBackwardMixed(&e.children, preserve: childMode, nextIsBreak: &nextIsBreak, depth: depth + 1) }
        nodes[k] = .element(e)
      }
      k -= 1
    }
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
    var t = t
    // Over the contiguous bytes: a fifth of the cost of iterating `utf8`.
    return t.withUTF8 { u -> Bool? in
      var previousSpace = lastWasSpace
      for c in u {
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
    // A run of texts is joined in one string, appended to in place: joining each to the last
    // node copied the run so far every time (a p of 80,000 flattened spans took 4.5 s).
    var run = ""
    func endRun() {
      if !run.isEmpty { out.append(.text(run)) }
      run = ""
    }
    for n in nodes {
      switch n {
      case .text(let t):
        run += t
      case .element(var e):
        if depth < 256 { e.children = prune(e.children, depth: depth + 1) }
        // An element left with no content shows nothing (and does not end the run of texts).
        if e.children.isEmpty { continue }
        endRun()
        out.append(.element(e))
      default:
        endRun()
        out.append(n)
      }
    }
    endRun()
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
