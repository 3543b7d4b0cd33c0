import CaptionCore

/// Style resolution for TTML (TTML2 §10.4): referential styling with chains, inline styling,
/// region styles, inheritance and computed values.
///
/// The resolver works on the format-neutral model, so it can compute styles for any document
/// read from TTML (or built in code): named styles come from `CaptionDocument.styles`
/// (`basedOn` is the `style` attribute chain), region styles from `CaptionDocument.regions`,
/// the cue's own style from `Cue.style`/`Cue.styleRefs`, span styles from
/// `CueElement.style`/`classes`. The TTML reader also uses it while reading, and
/// `TTMLFormat.styledRuns(_:options:)` returns its result with the source location of each run.
///
/// Computed values: `fontSize` and `lineHeight` are converted to `rh` (percent of the root
/// container height) whenever the units allow (`c` through `ttp:cellResolution`, `px` through
/// the root `tts:extent`, `%` and `em` of the parent's computed font size); initial values follow
/// TTML2 §10.2 (white text, transparent background, `default` font family, `1c` font size,
/// `start` text alignment, `before` display alignment, opacity 1, visible, `lrtb`, `ltr`).
public struct TTMLStyleResolver: Sendable {
  /// Named styles by id.
  let named: [String: NamedStyle]
  /// Regions by id.
  let regions: [String: Region]
  /// `ttp:cellResolution` rows and columns.
  public let cellRows: Double
  public let cellColumns: Double
  /// The root `tts:extent` in pixels, if given.
  public let rootExtent: (width: Double, height: Double)?
  /// TTML2 `initial` overrides of initial values.
  let initialOverrides: TextStyle
  /// `initial`, computed once: every computed style starts from it.
  private(set) var initialStyle: TextStyle
  /// `resolvedNamedStyle(_:)` of every named style, computed once (cues refer to the same few
  /// styles over and over).
  private(set) var resolvedNamed: [String: TextStyle]
  /// `computedRegionStyle(_:)` of every region, computed once.
  private(set) var computedRegions: [String: TextStyle]

  /// Builds a resolver for a document. Reads `ttp:cellResolution` and the root `tts:extent`
  /// from `metadata.parameters`.
  public init(document: CaptionDocument) {
    var n: [String: NamedStyle] = [:]
    for s in document.styles where n[s.id] == nil { n[s.id] = s }
    named = n
    var r: [String: Region] = [:]
    for g in document.regions where r[g.id] == nil { r[g.id] = g }
    regions = r
    var rows = 15.0, cols = 32.0
    if let cr = document.metadata.parameters["ttp:cellResolution"] {
      let p = cr.split(separator: " ").compactMap { Double($0) }
      if p.count == 2, p[0] > 0, p[1] > 0 { cols = p[0]; rows = p[1] }
    }
    cellRows = rows
    cellColumns = cols
    if let e = document.metadata.parameters["tts:extent"], let pair = TTMLStyleParser.lengthPair(e),
      pair.x.unit == .pixels, pair.y.unit == .pixels, pair.x.value > 0, pair.y.value > 0
    {
      rootExtent = (pair.x.value, pair.y.value)
    } else {
      rootExtent = nil
    }
    initialOverrides = Self.initialOverrides(document)
    initialStyle = TextStyle()
    resolvedNamed = [:]
    computedRegions = [:]
    initialStyle = makeInitial()
    // Each style once, chains of any depth, the same result whatever the order (the writers and
    // the style checker resolve with the same `NamedStyleResolver`); the first of a duplicated
    // id counts, as in `named`.
    var chains = NamedStyleResolver(Array(n.values))
    var resolved: [String: TextStyle] = [:]
    for id in n.keys { resolved[id] = chains.resolve(id) }
    resolvedNamed = resolved
    var regionStyles: [String: TextStyle] = [:]
    for (id, g) in r {
      regionStyles[id] = computed(specified: specified(refs: g.styleRefs, inline: g.style), parent: initialStyle, inheritAll: true)
    }
    computedRegions = regionStyles
  }

  /// The properties TTML2 `<initial>` elements set (TTML2 §10.1.2), which the reader keeps as
  /// the parameter `captionkit:initial` ("name=value;name=value"); empty when there are none.
  public static func initialOverrides(_ document: CaptionDocument) -> TextStyle {
    var overrides = TextStyle()
    guard let i = document.metadata.parameters["captionkit:initial"] else { return overrides }
    for item in i.split(separator: ";") {
      let kv = item.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { _ = TTMLStyleParser.apply(String(kv[0]), String(kv[1]), to: &overrides) }
    }
    return overrides
  }

  /// The initial computed style (TTML2 §10.2 initial values, with `initial` overrides).
  public var initial: TextStyle { initialStyle }

  func makeInitial() -> TextStyle {
    var s = TextStyle()
    s.color = .white
    s.backgroundColor = .transparent
    s.fontFamily = ["default"]
    s.fontSize = Length(100 / cellRows, .rootHeight)
    s.fontStyle = .normal
    s.fontWeight = .normal
    s.textDecoration = []
    s.textAlign = .start
    s.displayAlign = .before
    s.opacity = 1
    s.visible = true
    s.displayed = true
    s.writingMode = .lrtb
    s.direction = .ltr
    s.textShadow = []
    var o = initialOverrides
    normalise(&o, parentFontSize: s.fontSize)
    return s.merged(with: o)
  }

  /// A named style with its `basedOn` chain applied (referenced styles first, in order; the
  /// style's own properties last). Cycles and unknown ids are ignored.
  public func resolvedNamedStyle(_ id: String) -> TextStyle {
    resolvedNamed[id] ?? TextStyle()
  }

  /// The `tts:display` an element's referenced styles give it (the last one that sets it), or
  /// nil; `specified(refs:inline:).displayed` without merging whole styles.
  public func displayed(refs: [String]) -> Bool? {
    for r in refs.reversed() {
      if let d = resolvedNamed[r]?.displayed { return d }
    }
    return nil
  }

  /// The specified style of an element: its referenced styles in order, then its inline style.
  public func specified(refs: [String], inline: TextStyle?) -> TextStyle {
    var out = TextStyle()
    for r in refs { out = out.merged(with: resolvedNamedStyle(r)) }
    if let inline { out = out.merged(with: inline) }
    return out
  }

  /// The computed style of a region (inheriting from the initial values).
  public func computedRegionStyle(_ id: String?) -> TextStyle {
    let base = initial
    guard let id, let r = regions[id] else { return base }
    if let s = computedRegions[id] { return s }
    return computed(specified: specified(refs: r.styleRefs, inline: r.style), parent: base, inheritAll: true)
  }

  /// Properties that are not inherited (TTML2 §10.2, "Inherited: no").
  static let nonInheritedOther: Set<String> = [
    "tts:origin", "tts:extent", "tts:position", "tts:padding", "tts:display", "tts:showBackground",
    "tts:overflow", "tts:zIndex", "tts:ruby", "tts:unicodeBidi", "tts:backgroundImage", "tts:bpd", "tts:ipd",
    "tts:border", "tts:disparity", "tts:luminanceGain", "tts:opacity", "ttm:role",
  ]

  /// Computes a child's style from its specified style and its parent's computed style.
  ///
  /// - Parameter inheritAll: true for a region (whose "parent" is the initial value set).
  public func computed(specified: TextStyle, parent: TextStyle, inheritAll: Bool = false) -> TextStyle {
    var s = TextStyle()
    let base = initial
    // Inherited properties.
    s.color = parent.color
    s.fontFamily = parent.fontFamily
    s.fontSize = parent.fontSize
    s.fontSizeVertical = parent.fontSizeVertical
    s.fontStyle = parent.fontStyle
    s.fontWeight = parent.fontWeight
    s.textDecoration = parent.textDecoration
    s.textOutline = parent.textOutline
    s.textShadow = parent.textShadow
    s.textAlign = parent.textAlign
    s.lineHeight = parent.lineHeight
    s.visible = parent.visible
    s.direction = parent.direction
    s.forcedDisplay = parent.forcedDisplay
    s.linePadding = parent.linePadding
    s.multiRowAlign = parent.multiRowAlign
    // Region-level properties flow down so that each span can report the box it is in.
    s.writingMode = parent.writingMode
    s.displayAlign = parent.displayAlign
    // Not inherited: initial values.
    s.backgroundColor = inheritAll ? parent.backgroundColor : base.backgroundColor
    s.opacity = inheritAll ? parent.opacity : base.opacity
    s.displayed = base.displayed
    for (k, v) in parent.other where !TTMLStyleResolver.nonInheritedOther.contains(k) { s.other[k] = v }
    var spec = specified
    normalise(&spec, parentFontSize: parent.fontSize)
    // Text decoration combines with the parent's (underline on a span adds to the p's).
    if let d = spec.textDecoration, let pd = parent.textDecoration, !d.isEmpty {
      spec.textDecoration = d.union(pd)
    }
    return s.merged(with: spec)
  }

  /// Converts relative font sizes and line heights to `rh` where the units allow.
  func normalise(_ s: inout TextStyle, parentFontSize: Length?) {
    if let f = s.fontSize { s.fontSize = toRootHeight(f, parentFontSize: parentFontSize, vertical: true) }
    if let f = s.fontSizeVertical { s.fontSizeVertical = toRootHeight(f, parentFontSize: parentFontSize, vertical: true) }
    if let l = s.lineHeight { s.lineHeight = toRootHeight(l, parentFontSize: s.fontSize ?? parentFontSize, vertical: true) }
    if let l = s.linePadding, l.unit == .cells {
      // ebutts:linePadding is in cells of width.
      s.linePadding = Length(l.value * 100 / cellColumns, .rootWidth)
    }
  }

  /// A length in `rh` when it can be expressed so; otherwise the length unchanged.
  public func toRootHeight(_ l: Length, parentFontSize: Length?, vertical: Bool) -> Length {
    switch l.unit {
    case .rootHeight: return l
    case .cells: return Length(l.value * 100 / cellRows, .rootHeight)
    case .pixels:
      if let e = rootExtent { return Length(l.value * 100 / e.height, .rootHeight) }
      return l
    case .percent:
      if let p = parentFontSize { return Length(p.value * l.value / 100, p.unit) }
      return l
    case .em:
      if let p = parentFontSize { return Length(p.value * l.value, p.unit) }
      return l
    case .rootWidth, .points:
      return l
    }
  }

  /// A length along the width (`x == true`) or height of the root container, in percent.
  public func percentOfRoot(_ l: Length, x: Bool) -> Double? {
    switch l.unit {
    case .percent: return l.value
    case .rootWidth: return x ? l.value : nil
    case .rootHeight: return x ? nil : l.value
    case .cells: return l.value * 100 / (x ? cellColumns : cellRows)
    case .pixels:
      guard let e = rootExtent else { return nil }
      return l.value * 100 / (x ? e.width : e.height)
    case .em, .points: return nil
    }
  }

  /// Computed styles for every run of text in every cue: the cue's region, then the cue's
  /// own specified style, then each enclosing span, down to the text.
  ///
  /// - Returns: one run per text node, in document order, with the cue index; `location` is
  ///   the cue's source location (the TTML reader's `styledRuns` gives per-span locations).
  public func styledRuns(of document: CaptionDocument) -> [TTMLStyledRun] {
    var out: [TTMLStyledRun] = []
    for (ci, cue) in document.cues.enumerated() {
      let region = computedRegionStyle(cue.settings.region)
      let cueStyle = computed(specified: specified(refs: cue.styleRefs, inline: cue.style), parent: region)
      collect(cue.content, parent: cueStyle, cueIndex: ci, region: cue.settings.region, location: cue.source, layers: TTMLReader.layer(region) + TTMLReader.layer(cueStyle), depth: 0, into: &out)
    }
    return out
  }

  func collect(_ nodes: [CueNode], parent: TextStyle, cueIndex: Int, region: String?, location: SourceLocation?, layers: [Color], depth: Int, into out: inout [TTMLStyledRun]) {
    guard depth < 256 else { return }
    for n in nodes {
      switch n {
      case .text(let t):
        out.append(TTMLStyledRun(cueIndex: cueIndex, text: t, style: parent, region: region, location: location, backgroundLayers: layers))
      case .lineBreak, .timestamp: break
      case .element(let e):
        var spec = specified(refs: e.classes, inline: e.style)
        switch e.kind {
        case .italic: if spec.fontStyle == nil { spec.fontStyle = .italic }
        case .bold: if spec.fontWeight == nil { spec.fontWeight = .bold }
        case .underline: spec.textDecoration = (spec.textDecoration ?? []).union(.underline)
        default: break
        }
        let c = computed(specified: spec, parent: parent)
        collect(e.children, parent: c, cueIndex: cueIndex, region: region, location: location, layers: layers + TTMLReader.layer(c), depth: depth + 1, into: &out)
      }
    }
  }
}
