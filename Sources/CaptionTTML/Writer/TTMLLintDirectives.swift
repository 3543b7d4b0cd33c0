import CaptionCore

/// The lint suppressions among a document's comments, as the TTML writer places them
/// (docs/Lint.md): `captionkit-disable-file RULE…` in `head`'s `metadata`, `captionkit-disable
/// RULE…` in the `metadata` of the `p` of the cue it stands before. Other comments (free text
/// `NOTE`s) have no TTML equivalent.
struct TTMLLintDirectives {
  /// Rule lists suppressed in the whole file.
  var file: [String] = []
  /// Rule lists suppressed per cue index.
  var perCue: [Int: [String]] = [:]
  /// Comments that are not directives, or stand after the last cue.
  var dropped = 0

  var isEmpty: Bool { file.isEmpty && perCue.isEmpty }

  init(_ doc: CaptionDocument) {
    for c in doc.comments {
      if let rules = TTMLLintDirectives.rules(c.text, keyword: "captionkit-disable-file") {
        file.append(rules)
      } else if let rules = TTMLLintDirectives.rules(c.text, keyword: "captionkit-disable"), c.beforeCue >= 0, c.beforeCue < doc.cues.count {
        perCue[c.beforeCue, default: []].append(rules)
      } else {
        dropped += 1
      }
    }
  }

  /// The rule list after `keyword` on the comment's first line (white space collapsed), when
  /// the comment is that directive; `nil` otherwise.
  static func rules(_ text: String, keyword: String) -> String? {
    var bytes = Substring(text).utf8.drop { TTMLWhitespace.isSpace($0) }
    guard bytes.starts(with: keyword.utf8) else { return nil }
    bytes = bytes.dropFirst(keyword.utf8.count)
    if let f = bytes.first, !TTMLWhitespace.isSpace(f), f != UInt8(ascii: ",") { return nil }
    let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
    return TTMLWhitespace.collapse(String(decoding: line, as: UTF8.self))
  }

  /// `<metadata><ck:disable>…</ck:disable>…</metadata>` (the `ck` prefix is declared on `tt`).
  static func write(_ lists: [String], prefix: String, into b: inout TTMLXMLBuilder) {
    b.raw("<\(prefix)metadata>")
    for rules in lists {
      b.raw("<ck:disable>")
      b.text(rules)
      b.raw("</ck:disable>")
    }
    b.raw("</\(prefix)metadata>")
  }
}
