/// How a `Cue` holds its text: as the node tree, or, for the cues that make up most files, as
/// one string with `\n` between lines from which the tree is built when asked.
///
/// A plain two-line cue held as nodes costs an array and a string per line; held as one string
/// it costs one allocation, which is a large part of reading a million-cue file. A cue whose only
/// markup is `<i>`, `<b>` and `<u>` likewise skips the markup parser and its node arrays. The
/// node view is rebuilt on demand (`nodes`), and is exactly what the readers built before: a
/// `.text` run for each non-empty line, `.lineBreak` between lines, and an element for each tag.
@usableFromInline
enum CueTextStorage: Sendable, Equatable {
  /// The text as a node tree.
  case nodes([CueNode])
  /// Plain text: no markup, no character references, lines joined with `\n`.
  case plain(String)
  /// Text whose only markup is simple `<i>`, `<b>` and `<u>` tags, lines joined with `\n`;
  /// it is also the cue's source text. See `SimpleTagText` for what the string may hold.
  case simpleTags(String)

  /// The node view.
  @usableFromInline
  var nodes: [CueNode] {
    switch self {
    case .nodes(let n): return n
    case .plain(let s): return Self.nodes(plainText: s)
    case .simpleTags(let s): return SimpleTagText.nodes(s)
    }
  }

  /// Text runs and line breaks for `s`, split at `\n`: no `.text` for an empty line, so the
  /// node list's `plainText` is `s` again. A single line shares `s`'s storage; writers ask for
  /// the nodes of every plain cue, so the split scans bytes rather than stepping string indices.
  static func nodes(plainText s: String) -> [CueNode] {
    var text = s
    return text.withUTF8 { bytes -> [CueNode] in
      guard let firstBreak = bytes.firstIndex(of: 0x0A) else { return bytes.isEmpty ? [] : [.text(s)] }
      var out: [CueNode] = []
      out.reserveCapacity(3)
      var lineStart = 0, k = firstBreak
      while true {
        if k > lineStart { out.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<k]), as: UTF8.self))) }
        guard k < bytes.count else { break }
        out.append(.lineBreak)
        lineStart = k + 1
        k = lineStart
        while k < bytes.count && bytes[k] != 0x0A { k += 1 }
      }
      return out
    }
  }

  @usableFromInline static func == (a: CueTextStorage, b: CueTextStorage) -> Bool {
    switch (a, b) {
    case (.plain(let x), .plain(let y)): return x == y
    case (.simpleTags(let x), .simpleTags(let y)) where x == y: return true
    default: return a.nodes == b.nodes
    }
  }
}
