/// JSON paths as messages show them: a path longer than `maxLength` characters keeps its start
/// and end with "…" between, so a hostile file's 10,000-character names (or 500 levels of them)
/// cannot make one message megabytes long.
package enum JSONPathText {
  /// Longest path shown whole, in characters; longer ones are elided to this length.
  package static let maxLength = 200

  /// `path`, with its middle elided when it is over `maxLength` characters.
  package static func elided(_ path: String) -> String {
    // `count` walks the whole string: bound it first by the UTF-8 length, which is never less.
    guard path.utf8.count > maxLength, path.count > maxLength else { return path }
    return elided([path], length: path.count)
  }

  /// The concatenation of `parts` (`$`, `.name`, `[3]`, …), whose lengths add up to `length`
  /// characters, elided as `elided(_:)` does, without building the whole path.
  package static func elided(_ parts: [String], length: Int) -> String {
    guard length > maxLength else { return parts.joined() }
    let head = (maxLength - 1) / 2
    let tail = maxLength - 1 - head
    var start = ""
    var need = head
    for p in parts where need > 0 {
      let piece = p.prefix(need)
      start += piece
      need -= piece.count
    }
    var end: [Substring] = []
    need = tail
    for p in parts.reversed() where need > 0 {
      let piece = p.suffix(need)
      end.append(piece)
      need -= piece.count
    }
    return start + "…" + end.reversed().joined()
  }
}
