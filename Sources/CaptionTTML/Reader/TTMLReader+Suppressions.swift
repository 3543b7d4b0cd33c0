import CaptionCore

/// CaptionKit lint suppressions in TTML (docs/Lint.md): a `ck:disable` element in the
/// `urn:captionkit:lint` namespace, inside a `metadata` child of `head`, `body`, `div` or `p`.
/// Its text is the rule list (`RULE…`, spaces or commas, optional ` -- reason`); empty means
/// every rule. The reader surfaces them as the `Comment`s a WebVTT `NOTE` directive gives:
/// - in `head` or `body`: `captionkit-disable-file RULE…` (the whole file);
/// - in a `div`: `captionkit-disable RULE…` before each cue made from that `div`'s `p`s;
/// - in a `p`: `captionkit-disable RULE…` before each cue made from that `p`.
extension TTMLReader {
  /// One `ck:disable` element: its rule list (white space collapsed) and where it is.
  struct LintDirective: Hashable {
    var rules: String
    var location: SourceLocation
  }

  /// The `ck:disable` directives in the `metadata` children of `e`, in document order.
  static func lintDirectives(in e: XMLElementNode) -> [LintDirective] {
    var out: [LintDirective] = []
    for child in e.children {
      guard case .element(let m) = child, isTT(m, "metadata") else { continue }
      out += lintDirectives(inMetadata: m)
    }
    return out
  }

  /// The `ck:disable` children of a `metadata` element.
  static func lintDirectives(inMetadata m: XMLElementNode) -> [LintDirective] {
    var out: [LintDirective] = []
    for child in m.children {
      guard case .element(let d) = child, d.name.isIn(TTMLNamespace.captionkitLint), d.name.local == "disable" else { continue }
      // Only the first 1000 bytes: a rule list is short; anything longer is not one.
      let text = TTMLWhitespace.collapse(String(decoding: d.textContent.utf8.prefix(1000), as: UTF8.self))
      // A list of separators only ("," or " -- ") names no rule; it must not read as the empty
      // list, which switches every rule off.
      let namesSomething = text.isEmpty || text.utf8.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
      if namesSomething { out.append(LintDirective(rules: text, location: d.location)) }
    }
    return out
  }

  /// Records file-wide directives (from `head` or `body` metadata).
  mutating func addFileDirectives(_ directives: [LintDirective]) {
    for d in directives {
      doc.comments.append(Comment(text: TTMLReader.directiveText("captionkit-disable-file", d.rules), beforeCue: 0, source: d.location))
    }
  }

  /// Records per-cue directives before the cue at `index`.
  mutating func addCueDirectives(_ directives: [LintDirective], beforeCue index: Int) {
    for d in directives {
      doc.comments.append(Comment(text: TTMLReader.directiveText("captionkit-disable", d.rules), beforeCue: index, source: d.location))
    }
  }

  static func directiveText(_ keyword: String, _ rules: String) -> String {
    rules.isEmpty ? keyword : keyword + " " + rules
  }
}
