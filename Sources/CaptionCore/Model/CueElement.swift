/// An inline element of cue text: its kind, classes, optional style and children.
public struct CueElement: Sendable, Hashable {
  /// What the element means.
  public enum Kind: Sendable, Hashable {
    /// A class span (WebVTT `<c>`); also a plain TTML `span` and an SRT `<font>`.
    case span
    /// Italics (`<i>`, `tts:fontStyle="italic"`).
    case italic
    /// Bold (`<b>`, `tts:fontWeight="bold"`).
    case bold
    /// Underline (`<u>`, `tts:textDecoration="underline"`).
    case underline
    /// A ruby container (`<ruby>`).
    case ruby
    /// Ruby text inside a ruby container (`<rt>`).
    case rubyText
    /// A voice span (`<v Name>`, TTML `ttm:agent`). The name may be empty.
    case voice(name: String)
    /// A language span (`<lang en>`, `xml:lang` on a TTML span). The tag is BCP 47.
    case language(String)
  }

  /// The element kind.
  public var kind: Kind
  /// Class names (WebVTT `<c.yellow.big>` gives `["yellow", "big"]`; TTML style references go
  /// here too, as the ids of named styles in `CaptionDocument.styles`).
  public var classes: [String]
  /// Inline style on this element (SRT `<font color>`, TTML inline `tts:*`), if any.
  public var style: TextStyle? {
    get { boxedStyle?.value }
    set { boxedStyle = newValue.map { Boxed($0) } }
  }
  /// Whether the element has an inline style, without copying the style out of its box.
  public var hasStyle: Bool { boxedStyle != nil }
  /// Out of line: most elements have no inline style (see `Boxed`). Spelled `Optional<…>`, with
  /// no initial value, so that the initialiser builds the element in place (see `Cue`).
  private var boxedStyle: Optional<Boxed<TextStyle>>
  /// The children, in order.
  public var children: [CueNode]

  public init(_ kind: Kind, classes: [String] = [], style: TextStyle? = nil, children: [CueNode] = []) {
    self.kind = kind
    self.classes = classes
    self.boxedStyle = style.map { Boxed($0) }
    self.children = children
  }
}
