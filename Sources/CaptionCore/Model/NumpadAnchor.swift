/// The nine `{\anN}` positions of SRT and ASS (the SubStation Alpha numpad layout) and their
/// WebVTT cue settings.
///
/// Rows: `an1`–`an3` bottom, `an4`–`an6` middle, `an7`–`an9` top. Columns: 1/4/7 left, 2/5/8
/// centre, 3/6/9 right. The settings are chosen so that a WebVTT player renders the cue at the
/// same anchor, and so that the writer maps them back exactly:
///
/// | row | settings |
/// |---|---|
/// | bottom | `line: auto` (the WebVTT default: the last line, above the bottom edge) |
/// | middle | `line: 50%`, `snapToLines: false`, `lineAlign: center` |
/// | top | `line: 0`, `snapToLines: true` (the first line from the top) |
///
/// | column | settings |
/// |---|---|
/// | left | `align: left` |
/// | centre | `align: center` (the default) |
/// | right | `align: right` |
///
/// `position` stays `auto` and `size` 100, so the cue box spans the video width and the text is
/// aligned inside it. `{\an2}` is therefore the default settings, and the writer omits it.
public enum NumpadAnchor {
  enum Row { case bottom, middle, top }
  enum Column { case left, center, right }

  /// The settings for `{\an<n>}`, `n` in 1…9.
  public static func settings(for n: Int) -> CueSettings {
    var s = CueSettings()
    switch (n - 1) / 3 {
    case 1:
      s.line = .value(50)
      s.snapToLines = false
      s.lineAlign = .center
    case 2:
      s.line = .value(0)
    default: break
    }
    switch (n - 1) % 3 {
    case 0: s.align = .left
    case 2: s.align = .right
    default: break
    }
    return s
  }

  /// The anchor number for `settings` and what of them it cannot express (empty when the cue
  /// sits at the anchor).
  ///
  /// A cue sits at an anchor when its text is within a tenth of the frame of the anchor's
  /// edge: a line at 0–10% or 90–100% (a TTML region at the top or bottom: `line:100%,end`),
  /// centred at 40–60% for the middle row, and the text's reference point (its start, centre or
  /// end, from `align`, `position`, `positionAlign` and `size`) within 10% of the left edge,
  /// 40–60% or the right edge. A cue box narrower than 75% of the frame is reported too (SRT
  /// cannot make lines wrap sooner). Elsewhere the nearest anchor is used and what it moves is
  /// reported.
  ///
  /// With `rightToLeft`, `start` and `end` are the right and left edges (the cue's text runs
  /// right to left: Arabic, Hebrew, a TTML `direction` or `writingMode` so set).
  public static func anchor(for settings: CueSettings, rightToLeft: Bool = false) -> (number: Int, dropped: [String]) {
    var dropped: [String] = []
    var row = Row.bottom
    switch settings.line {
    case .auto:
      if settings.lineAlign != .start { dropped.append("line alignment \(settings.lineAlign.rawValue)") }
    case .value(let v):
      if settings.snapToLines {
        // Line numbers: 0 is the first line from the top, -1 the last from the bottom.
        if v == 0 && settings.lineAlign == .start {
          row = .top
        } else if v == -1 && settings.lineAlign == .start {
          row = .bottom
        } else {
          row = v >= 0 ? .top : .bottom
          dropped.append("line \(Length.format(v))")
        }
      } else if v <= 10 && settings.lineAlign != .end {
        row = .top
      } else if v >= 90 && settings.lineAlign != .start || v == 100 {
        row = .bottom
      } else if v >= 40 && v <= 60 && settings.lineAlign == .center {
        row = .middle
      } else {
        row = v < 100.0 / 3 ? .top : (v > 200.0 / 3 ? .bottom : .middle)
        dropped.append("line \(Length.format(v))%")
      }
    }
    let column = column(of: settings.align, rightToLeft: rightToLeft)
    // The cue box's left edge, from `position` and `positionAlign` (`auto` follows `align`).
    let size = settings.size
    let position = settings.position ?? (column == .left ? 0 : (column == .right ? 100 : 50))
    var positionAlign = settings.positionAlign
    if positionAlign == .auto { positionAlign = column == .left ? .lineLeft : (column == .right ? .lineRight : .center) }
    let left = positionAlign == .lineLeft ? position : (positionAlign == .lineRight ? position - size : position - size / 2)
    let reference = column == .left ? left : (column == .right ? left + size : left + size / 2)
    let atAnchor: Bool
    switch column {
    case .left: atAnchor = reference <= 10
    case .center: atAnchor = reference >= 40 && reference <= 60
    case .right: atAnchor = reference >= 90
    }
    if !atAnchor {
      if let p = settings.position { dropped.append("position \(Length.format(p))%") }
      if settings.positionAlign != .auto { dropped.append("position alignment \(settings.positionAlign.rawValue)") }
      if size != 100 { dropped.append("size \(Length.format(size))%") }
    } else if size < 75 {
      dropped.append("size \(Length.format(size))%")
    }
    if settings.vertical != .horizontal { dropped.append("vertical \(settings.vertical.rawValue)") }
    let r = row == .bottom ? 0 : (row == .middle ? 1 : 2)
    let c = column == .left ? 1 : (column == .center ? 2 : 3)
    return (r * 3 + c, dropped)
  }

  /// Whether a text alignment style and a cue `align` setting put text in the same column
  /// (so a writer that gives the one need not report the other).
  public static func sameColumn(_ style: TextStyle.TextAlign, _ align: CueSettings.TextAlignment, rightToLeft: Bool = false) -> Bool {
    column(of: style, rightToLeft: rightToLeft) == column(of: align, rightToLeft: rightToLeft)
  }

  /// The anchor column a cue `align` setting puts text in.
  static func column(of align: CueSettings.TextAlignment, rightToLeft: Bool = false) -> Column {
    switch align {
    case .left: .left
    case .right: .right
    case .start: rightToLeft ? .right : .left
    case .end: rightToLeft ? .left : .right
    case .center: .center
    }
  }

  /// The anchor column a text alignment style puts text in (`justify` as `start`).
  static func column(of align: TextStyle.TextAlign, rightToLeft: Bool = false) -> Column {
    switch align {
    case .left: .left
    case .right: .right
    case .start, .justify: rightToLeft ? .right : .left
    case .end: rightToLeft ? .left : .right
    case .center: .center
    }
  }

  /// Whether a cue's text runs right to left, for placing `start` and `end`: an explicit
  /// `positionAlign` against `align` says so (a TTML region mapped for right-to-left text has
  /// `start` with `line-right`); otherwise the style's `direction` or `writingMode`, and
  /// failing those the first strong character of the text, as WebVTT decides (Unicode bidi
  /// paragraph level: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms).
  public static func isRightToLeft(_ settings: CueSettings, style: TextStyle?, text: String) -> Bool {
    switch (settings.align, settings.positionAlign) {
    case (.start, .lineRight), (.end, .lineLeft): return true
    case (.start, .lineLeft), (.end, .lineRight): return false
    default: break
    }
    if let d = style?.direction { return d == .rtl }
    if let w = style?.writingMode { return w == .rltb || w == .rl }
    for u in text.unicodeScalars {
      switch u.value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
      case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x58F, 0x900...0x1FFF, 0x3040...0x9FFF, 0xAC00...0xD7AF: return false
      default: continue
      }
    }
    return false
  }
}
