/// One cue: text shown from `start` to `end`, with layout and optional style.
///
/// Equality compares content (identifier, times, settings, style and text), not `source`: two
/// cues read from different bytes that say the same thing are equal, which is what the
/// read → write → read round-trip law checks.
public struct Cue: Sendable, Hashable {
  // The optional stored properties are spelled `Optional<…>` and none has an initial value:
  // `T?` gives a `var` an implicit `= nil`, and an initialiser that then sets the property again
  // built each cue in a temporary and copied it out, about 300 instructions a cue.

  /// The cue identifier (WebVTT cue identifier, SRT sequence number as text, TTML `xml:id`).
  /// Empty when the cue has none.
  public var id: String
  /// When the cue appears.
  public var start: CaptionTime
  /// When the cue disappears. Readers keep it even when it is not after `start` (and report it).
  public var end: CaptionTime
  /// Layout.
  public var settings: CueSettings {
    get { boxedSettings?.value ?? CueSettings() }
    set { boxedSettings = newValue.isDefault ? nil : Boxed(newValue) }
  }
  /// Style for the whole cue (a TTML `p`'s computed own style, or style a profile applies).
  public var style: TextStyle? {
    get { boxedStyle?.value }
    set { boxedStyle = newValue.map { Boxed($0) } }
  }
  /// Named styles the whole cue refers to (TTML `style` on `p`, WebVTT has none at cue level).
  public var styleRefs: [String]
  /// The cue text. A plain cue that a reader stored as one string (see `CueTextStorage`) builds
  /// this list on each read; `plainText` does not.
  public var content: [CueNode] {
    get { textStorage.nodes }
    set {
      // Text held with its simple tags is the source text too: keep it as such.
      if case .simpleTags(let s) = textStorage, storedSourceText == nil { storedSourceText = s }
      textStorage = .nodes(newValue)
    }
  }
  /// Where the cue starts in the source (the line of its timing line), if it was read.
  public var source: Optional<SourceLocation>
  /// Whether the source text is `plainText` (set by readers through `setSourceTextToPlainText`).
  /// Declared here, after `source`, so it fills that optional's padding: 8 bytes less a cue.
  @usableFromInline package internal(set) var sourceTextIsPlainText: Bool
  /// The cue text exactly as it stood in the source, before markup parsing (what the WebVTT
  /// API exposes as `VTTCue.text`), if it was read from a file. Not part of equality.
  ///
  /// Readers store it only when it differs from `plainText` (the cue has markup or character
  /// references); otherwise the getter returns `plainText`, which saves a string per cue.
  public var sourceText: String? {
    get { storedSourceText ?? (sourceTextIsPlainText ? plainText : markupSourceText) }
    set {
      // Text held with its simple tags would still answer for itself: hold the tree instead.
      if newValue == nil, case .simpleTags(let s) = textStorage { textStorage = .nodes(SimpleTagText.nodes(s)) }
      storedSourceText = newValue
      sourceTextIsPlainText = false
    }
  }

  /// `sourceText` when it differs from the plain text: stored by a reader, or the text held
  /// with its simple tags. Lint rules that look for markup read this and skip plain cues
  /// without building their text.
  package var markupSourceText: String? {
    if let storedSourceText { return storedSourceText }
    if case .simpleTags(let s) = textStorage { return s }
    return nil
  }

  /// The source text a reader stored apart from the text (see `markupSourceText`).
  @usableFromInline package internal(set) var storedSourceText: Optional<String>
  /// Out-of-line storage for the rarely set fields (see `Boxed`).
  @usableFromInline var boxedSettings: Optional<Boxed<CueSettings>>
  @usableFromInline var boxedStyle: Optional<Boxed<TextStyle>>
  /// The text, as nodes or as one plain string.
  @usableFromInline var textStorage: CueTextStorage

  /// Records that the cue text as written is exactly `plainText`: no markup, no character
  /// references. Readers call this instead of storing a second copy of the text.
  package mutating func setSourceTextToPlainText() {
    storedSourceText = nil
    sourceTextIsPlainText = true
  }

  /// A cue as readers build it by the hundred thousand: default settings, no style, and the
  /// source text either `sourceText` or (when nil) the plain text. Skips the public
  /// initialiser's settings comparison, which is a measurable part of reading a plain cue.
  /// Inlinable: called across modules, it otherwise built the cue and then copied it.
  @inlinable
  package init(id: String, start: CaptionTime, end: CaptionTime, content: [CueNode], source: SourceLocation, sourceText: String?) {
    self.id = id
    self.start = start
    self.end = end
    self.styleRefs = []
    self.textStorage = .nodes(content)
    self.source = source
    self.storedSourceText = sourceText
    self.sourceTextIsPlainText = sourceText == nil
    self.boxedSettings = nil
    self.boxedStyle = nil
  }

  /// A plain cue as readers build it: `plainText` has no markup (its source text is itself) and
  /// `\n` between lines. Held as the one string, not as nodes (see `CueTextStorage`).
  @inlinable
  package init(id: String, start: CaptionTime, end: CaptionTime, plainText: String, source: SourceLocation) {
    self.id = id
    self.start = start
    self.end = end
    self.styleRefs = []
    self.textStorage = .plain(plainText)
    self.source = source
    self.storedSourceText = nil
    self.sourceTextIsPlainText = true
    self.boxedSettings = nil
    self.boxedStyle = nil
  }

  /// A cue whose text has no markup but simple `<i>`, `<b>` and `<u>` tags, as readers build
  /// it: `text`, with `\n` between lines, is held as written and is the source text; the tree is
  /// built when asked (see `SimpleTagText` for what `text` may hold).
  @inlinable
  package init(id: String, start: CaptionTime, end: CaptionTime, simpleTagText text: String, source: SourceLocation) {
    self.id = id
    self.start = start
    self.end = end
    self.styleRefs = []
    self.textStorage = .simpleTags(text)
    self.source = source
    self.storedSourceText = nil
    self.sourceTextIsPlainText = false
    self.boxedSettings = nil
    self.boxedStyle = nil
  }

  public init(
    id: String = "", start: CaptionTime, end: CaptionTime, settings: CueSettings = CueSettings(),
    style: TextStyle? = nil, styleRefs: [String] = [], content: [CueNode], source: SourceLocation? = nil
  ) {
    self.init(id: id, start: start, end: end, settings: SharedSettings(settings), style: style, styleRefs: styleRefs, content: content, source: source)
  }

  /// A cue whose settings may be shared with other cues (the TTML reader gives all the cues of
  /// a region one box); the public initialiser builds through it. No source text is kept.
  @inlinable
  package init(
    id: String, start: CaptionTime, end: CaptionTime, settings: SharedSettings, style: TextStyle?, styleRefs: [String],
    content: [CueNode], source: SourceLocation?
  ) {
    self.id = id
    self.start = start
    self.end = end
    self.boxedSettings = settings.box
    self.boxedStyle = style.map { Boxed($0) }
    self.styleRefs = styleRefs
    self.textStorage = .nodes(content)
    self.source = source
    self.storedSourceText = nil
    self.sourceTextIsPlainText = false
  }

  /// The plain text, with `\n` between lines and no markup.
  public var plainText: String {
    switch textStorage {
    case .plain(let s): return s
    case .simpleTags(let s): return SimpleTagText.plainText(s)
    case .nodes(let n): return n.plainText
    }
  }

  /// Whether the text is held as one plain string (see `CueTextStorage`): no elements, so a
  /// writer looking for styled spans can skip building `content`.
  package var hasPlainTextStorage: Bool {
    if case .plain = textStorage { return true }
    return false
  }

  /// The plain text without ruby annotations: what line length and reading speed measure (see
  /// `[CueNode].plainTextWithoutRuby`).
  public var plainTextWithoutRuby: String {
    switch textStorage {
    case .plain(let s): return s
    case .simpleTags(let s): return SimpleTagText.plainText(s)
    case .nodes(let n): return n.plainTextWithoutRuby
    }
  }

  /// `end - start`.
  public var duration: CaptionTime { end - start }

  public static func == (a: Cue, b: Cue) -> Bool {
    a.id == b.id && a.start == b.start && a.end == b.end && a.settings == b.settings
      && a.style == b.style && a.styleRefs == b.styleRefs && a.textStorage == b.textStorage
  }

  public func hash(into h: inout Hasher) {
    h.combine(id)
    h.combine(start)
    h.combine(end)
  }
}
