/// How a `Cue` holds its text: as the node tree, or, for the plain cues that make up most
/// files, as one string with `\n` between lines.
///
/// A plain two-line cue held as nodes costs an array and a string per line; held as one string
/// it costs one allocation, which is a large part of reading a million-cue file. The node view
/// is rebuilt on demand (`nodes`), and is exactly what the readers built before: a `.text` run
/// for each non-empty line, `.lineBreak` between lines.
@usableFromInline
enum CueTextStorage: Sendable, Equatable {
  /// The text as a node tree.
  case nodes([CueNode])
  /// Plain text: no markup, no character references, lines joined with `\n`.
  case plain(String)

  /// The node view.
  @usableFromInline
  var nodes: [CueNode] {
    switch self {
    case .nodes(let n): return n
    case .plain(let s): return Self.nodes(plainText: s)
    }
  }

  /// Text runs and line breaks for `s`, split at `\n`: no `.text` for an empty line, so the
  /// node list's `plainText` is `s` again.
  static func nodes(plainText s: String) -> [CueNode] {
    var out: [CueNode] = []
    var lineStart = s.utf8.startIndex
    var i = lineStart
    let end = s.utf8.endIndex
    while true {
      if i == end || s.utf8[i] == 0x0A {
        if i > lineStart { out.append(.text(String(s[lineStart..<i]))) }
        if i == end { break }
        out.append(.lineBreak)
        i = s.utf8.index(after: i)
        lineStart = i
      } else {
        i = s.utf8.index(after: i)
      }
    }
    return out
  }

  @usableFromInline static func == (a: CueTextStorage, b: CueTextStorage) -> Bool {
    if case .plain(let x) = a, case .plain(let y) = b { return x == y }
    return a.nodes == b.nodes
  }
}
