import CaptionCore

/// Maps between TTML region geometry and WebVTT cue settings (see `docs/TTML.md`,
/// "Positioning").
///
/// Reading (TTML → settings), for horizontal writing modes, with the region's origin (x, y) and
/// extent (w, h) in percent of the root container:
/// - `size = w`; `snapToLines = false`;
/// - `textAlign` center → `position = x + w/2`, `positionAlign = center`; left/start →
///   `position = x`, `line-left`; right/end → `position = x + w`, `line-right`;
/// - `displayAlign` before → `line = y`, `lineAlign = start`; center → `y + h/2`, `center`;
///   after → `line = y + h`, `lineAlign = end`;
/// - `align` takes the text alignment (justify → start).
/// Vertical writing modes (`tbrl`, `tblr`) swap the axes and set `vertical` to `rl` / `lr`.
enum TTMLRegionMapper {
  /// Origin and extent of a region in percent of the root container, if they can be computed.
  static func geometry(_ r: Region, resolver: TTMLStyleResolver) -> (x: Double, y: Double, w: Double, h: Double)? {
    let spec = resolver.specified(refs: r.styleRefs, inline: r.style)
    let origin = r.origin ?? spec.other["tts:origin"].flatMap(TTMLStyleParser.lengthPair)
    let extent = r.extent ?? spec.other["tts:extent"].flatMap(TTMLStyleParser.lengthPair)
    var x = 0.0, y = 0.0, w = 100.0, h = 100.0
    if let o = origin {
      guard let ox = resolver.percentOfRoot(o.x, x: true), let oy = resolver.percentOfRoot(o.y, x: false) else { return nil }
      x = ox
      y = oy
    }
    if let e = extent {
      guard let ew = resolver.percentOfRoot(e.x, x: true), let eh = resolver.percentOfRoot(e.y, x: false) else { return nil }
      w = ew
      h = eh
    }
    return (x, y, w, h)
  }

  static func round(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

  /// The settings of text in TTML's default region (TTML2 §11.3.1.3: the whole root container,
  /// when the document defines no region), with the `p`'s computed style.
  static func defaultRegionSettings(computed: TextStyle, resolver: TTMLStyleResolver) -> CueSettings {
    var s = settings(regionID: "", region: Region(id: ""), computed: computed, resolver: resolver)
    s.region = nil
    return s
  }

  /// The settings of text in a document that defines no region at all, as other converters and
  /// SRT/WebVTT players take it: no position (so at the bottom, where TTML's implied default
  /// region would put it at the top), and the `p`'s text alignment when it is not the initial
  /// `start` (centred otherwise, as captions are).
  static func unplacedSettings(computed: TextStyle) -> CueSettings {
    var s = CueSettings()
    switch computed.textAlign ?? .start {
    case .left: s.align = .left
    case .right: s.align = .right
    case .end: s.align = .end
    case .center, .start, .justify: s.align = .center
    }
    return s
  }

  /// The cue settings for text shown in `regionID` with the `p`'s computed style.
  static func settings(regionID: String?, region: Region?, computed: TextStyle, resolver: TTMLStyleResolver) -> CueSettings {
    var s = CueSettings()
    guard let regionID, let region else { return defaultRegionSettings(computed: computed, resolver: resolver) }
    s.region = regionID
    guard let g = geometry(region, resolver: resolver) else { return s }
    let wm = computed.writingMode ?? .lrtb
    let vertical = wm == .tbrl || wm == .tblr || wm == .tb
    let textAlign = computed.textAlign ?? .start
    let rtl = (computed.direction == .rtl) || wm == .rltb
    s.snapToLines = false
    switch textAlign {
    case .center: s.align = .center
    case .left: s.align = .left
    case .right: s.align = .right
    case .start, .justify: s.align = .start
    case .end: s.align = .end
    }
    // Inline axis: x for horizontal text, y for vertical text.
    let (inlineStart, inlineSize) = vertical ? (g.y, g.h) : (g.x, g.w)
    let (blockStart, blockSize) = vertical ? (g.x, g.w) : (g.y, g.h)
    s.size = round(inlineSize)
    var leftish: Bool
    switch textAlign {
    case .center:
      s.position = round(inlineStart + inlineSize / 2)
      s.positionAlign = .center
      leftish = false
    case .left: leftish = true
    case .right: leftish = false
    case .start, .justify: leftish = !rtl
    case .end: leftish = rtl
    }
    if textAlign != .center {
      s.position = round(leftish ? inlineStart : inlineStart + inlineSize)
      s.positionAlign = leftish ? .lineLeft : .lineRight
    }
    let display = computed.displayAlign ?? .before
    // For tbrl the block progresses right to left and WebVTT measures the line from the right.
    let blockReversed = wm == .tbrl || wm == .tb
    let bs = blockReversed ? 100 - (blockStart + blockSize) : blockStart
    switch display {
    case .before, .justify:
      s.line = .value(round(bs))
      s.lineAlign = .start
    case .center:
      s.line = .value(round(bs + blockSize / 2))
      s.lineAlign = .center
    case .after:
      s.line = .value(round(bs + blockSize))
      s.lineAlign = .end
    }
    if vertical { s.vertical = (wm == .tblr) ? .verticalGrowingRight : .verticalGrowingLeft }
    return s
  }
}
