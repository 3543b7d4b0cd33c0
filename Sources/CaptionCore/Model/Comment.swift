/// A comment kept from the source (a WebVTT `NOTE` block), so that writers can keep it and
/// tools can read inline directives such as `NOTE captionkit-disable RULE`.
public struct Comment: Sendable, Hashable {
  /// The comment text, without the `NOTE` keyword and the separator after it.
  public var text: String
  /// The index of the cue the comment stands before; `cues.count` for a trailing comment.
  public var beforeCue: Int
  /// Where the comment was, if it was read from a file.
  public var source: SourceLocation?

  public init(text: String, beforeCue: Int, source: SourceLocation? = nil) {
    self.text = text
    self.beforeCue = beforeCue
    self.source = source
  }

  public static func == (a: Comment, b: Comment) -> Bool {
    a.text == b.text && a.beforeCue == b.beforeCue
  }

  public func hash(into h: inout Hasher) {
    h.combine(text)
    h.combine(beforeCue)
  }
}
