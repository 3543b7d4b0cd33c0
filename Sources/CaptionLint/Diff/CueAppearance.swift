import CaptionCore

/// What a viewer sees of a cue's text styling: each run of text with the styling that shows
/// (italic, bold, underline, colour, background; the voice and ruby text), whatever markup or
/// style rules gave it.
///
/// `diff` compares these rather than the markup, so `<i>` in SRT and a span with
/// `tts:fontStyle="italic"` in TTML, or a `<c.ck-1>` class span and the `<font color>` it came
/// from, are the same. Resolved in CSS/TTML inheritance order: the style for all cues (the
/// named style with the empty id: WebVTT `::cue`, TTML's body style), the cue's region, its
/// style references, its own style, then each element (`<i>`, `<b>`, `<u>`, classes, the
/// element's style). Text with no colour is the players' white.
struct CueAppearance: Equatable {
  struct Look: Equatable, CustomStringConvertible {
    var italic = false, bold = false, underline = false
    var color: Color = .white
    var background: Color?
    /// The speaker (WebVTT `<v>`, TTML `ttm:agent`), which players can style and show.
    var voice: String?
    /// Ruby text (`<rt>`), shown above its base.
    var rubyText = false

    init(_ s: TextStyle) {
      italic = s.fontStyle == .italic || s.fontStyle == .oblique
      bold = s.fontWeight == .bold
      underline = s.textDecoration?.contains(.underline) == true
      color = s.color ?? .white
      background = s.backgroundColor
    }

    var description: String {
      var parts: [String] = []
      if italic { parts.append("italic") }
      if bold { parts.append("bold") }
      if underline { parts.append("underlined") }
      parts.append("colour \(color.hex)")
      if let b = background { parts.append("background \(b.hex)") }
      if let v = voice { parts.append("voice \(v)") }
      if rubyText { parts.append("ruby text") }
      return parts.joined(separator: ", ")
    }
  }

  struct Run: Equatable {
    var text: String
    var look: Look
  }

  /// The runs in order, adjacent runs with one look joined; line breaks are `\n` in the text.
  private(set) var runs: [Run] = []

  /// What the cues of one document are resolved against: its named styles (memoised) and
  /// its regions by id (the first of each id, as readers resolve `region:`; looked up, since
  /// a scan per cue would be quadratic in a document with a region per cue).
  struct Document {
    var styles: NamedStyleResolver
    let regions: [String: Region]

    init(_ doc: CaptionDocument) {
      styles = NamedStyleResolver(doc.styles)
      regions = Dictionary(doc.regions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  init(_ cue: Cue, in doc: inout Document) {
    var base = doc.styles.resolve("") ?? TextStyle()
    if let id = cue.settings.region, let region = doc.regions[id] {
      base.merge(region.resolvedStyle(&doc.styles))
    }
    for ref in cue.styleRefs { if let s = doc.styles.resolve(ref) { base.merge(s) } }
    if let own = cue.style { base.merge(own) }
    add(cue.content, base, Context(), &doc.styles, depth: 0)
    // Runs of white space as one space, none at the end: what a renderer shows.
    for k in runs.indices { runs[k].text = Self.collapsed(runs[k].text, trimEnd: k == runs.count - 1) }
  }

  /// What the elements above a run say beside its style.
  struct Context {
    var voice: String?
    var rubyText = false
  }

  private mutating func append(_ text: String, _ style: TextStyle, _ context: Context) {
    // White space shows no style of its own: leading white space goes with the run before (or
    // nowhere at the start), so `  <i>Hi</i>` and `<i>Hi</i>`, or `a <i>b</i>` and
    // `a<i> b</i>`, look the same.
    var rest = Substring(text)
    let lead = rest.prefix(while: \.isWhitespace)
    if !lead.isEmpty {
      if !runs.isEmpty { runs[runs.count - 1].text += lead }
      rest = rest.dropFirst(lead.count)
    }
    guard !rest.isEmpty else { return }
    var look = Look(style)
    look.voice = context.voice
    look.rubyText = context.rubyText
    if let last = runs.last, last.look == look {
      runs[runs.count - 1].text += rest
    } else {
      runs.append(Run(text: String(rest), look: look))
    }
  }

  /// `s` with each run of white space as one space, and none at the end when `trimEnd`.
  static func collapsed(_ s: String, trimEnd: Bool) -> String {
    var out = s.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if !trimEnd, s.last?.isWhitespace == true, !out.isEmpty { out += " " }
    return out
  }

  private mutating func add(_ nodes: [CueNode], _ style: TextStyle, _ context: Context, _ styles: inout NamedStyleResolver, depth: Int) {
    for n in nodes {
      switch n {
      case .text(let t): append(t, style, context)
      case .lineBreak: append("\n", style, context)
      case .timestamp: continue
      case .element(let e):
        var s = style, inner = context
        switch e.kind {
        case .italic: s.fontStyle = .italic
        case .bold: s.fontWeight = .bold
        case .underline: s.textDecoration = (s.textDecoration ?? []).union(.underline)
        case .voice(let name): inner.voice = name
        case .rubyText: inner.rubyText = true
        case .span, .ruby, .language: break
        }
        for c in e.classes { if let named = styles.resolve(c) { s.merge(named) } }
        if let own = e.style { s.merge(own) }
        // Deeper markup keeps the look it has reached (the readers cap nesting anyway).
        if depth < 256 { add(e.children, s, inner, &styles, depth: depth + 1) } else { append(e.children.plainText, s, inner) }
      }
    }
  }

  /// Where `self` and `other` first look different, for the report: `"text": look → look`.
  func firstDifference(from other: CueAppearance) -> String? {
    guard self != other else { return nil }
    for (a, b) in zip(runs, other.runs) where a != b {
      let text = (a.text.count <= b.text.count ? a.text : b.text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return "\"\(CaptionDiff.quoted(text))\" \(a.look) → \(b.look)"
    }
    let extra = runs.count > other.runs.count ? runs[other.runs.count] : other.runs[runs.count]
    return "\"\(CaptionDiff.quoted(extra.text))\" styled differently"
  }
}
