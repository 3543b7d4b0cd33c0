/// One node of cue text: the typed inline tree every format reads into and writes from.
///
/// The grammar follows the WebVTT cue text model (WebVTT §3.5 and the cue text parsing rules,
/// §6.4): text, line breaks, timestamps, and elements that wrap children. TTML `span` and `br`
/// and SRT `<i>`/`<b>`/`<u>`/`<font>` map onto the same nodes.
public enum CueNode: Sendable, Hashable {
  /// A run of text, with character references already decoded. Never contains a line break.
  case text(String)
  /// A forced line break (a newline in WebVTT or SRT cue text, `tt:br` in TTML).
  case lineBreak
  /// An inline timestamp (WebVTT `<00:00:01.000>`, karaoke-style timing).
  case timestamp(CaptionTime)
  /// An element with children.
  indirect case element(CueElement)

  /// The plain text of this node: text runs and line breaks (`\n`), no markup.
  public var plainText: String {
    var out = ""
    appendPlainText(to: &out)
    return out
  }

  func appendPlainText(to out: inout String, rubyText: Bool = true) {
    switch self {
    case .text(let s): out += s
    case .lineBreak: out += "\n"
    case .timestamp: break
    case .element(let e):
      guard rubyText || e.kind != .rubyText else { return }
      for c in e.children { c.appendPlainText(to: &out, rubyText: rubyText) }
    }
  }
}

extension Array where Element == CueNode {
  /// The plain text of a node list, with `\n` for line breaks.
  public var plainText: String {
    var out = ""
    for n in self { n.appendPlainText(to: &out) }
    return out
  }

  /// The plain text without ruby annotations (`<rt>`, `tts:ruby="text"`), which sit above
  /// their base and take no room on the line: what line length and reading speed measure.
  public var plainTextWithoutRuby: String {
    var out = ""
    for n in self { n.appendPlainText(to: &out, rubyText: false) }
    return out
  }
}
