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

  /// The anchor number for `settings` and what of them it cannot express (empty when exact).
  public static func anchor(for settings: CueSettings) -> (number: Int, dropped: [String]) {
    var dropped: [String] = []
    var row = Row.bottom
    switch settings.line {
    case .auto:
      if settings.lineAlign != .start { dropped.append("line alignment \(settings.lineAlign.rawValue)") }
    case .value(let v):
      if v == 0 && settings.snapToLines && settings.lineAlign == .start {
        row = .top
      } else if v == 50 && !settings.snapToLines && settings.lineAlign == .center {
        row = .middle
      } else if settings.snapToLines && v == -1 && settings.lineAlign == .start {
        row = .bottom
      } else {
        // Nearest row, reported: a percentage, or a line number counted from the top or bottom.
        if settings.snapToLines {
          row = v >= 0 ? .top : .bottom
          dropped.append("line \(Length.format(v))")
        } else {
          row = v < 100.0 / 3 ? .top : (v > 200.0 / 3 ? .bottom : .middle)
          dropped.append("line \(Length.format(v))%")
        }
      }
    }
    var column = Column.center
    switch settings.align {
    case .left, .start: column = .left
    case .right, .end: column = .right
    case .center: column = .center
    }
    if let p = settings.position { dropped.append("position \(Length.format(p))%") }
    if settings.positionAlign != .auto { dropped.append("position alignment \(settings.positionAlign.rawValue)") }
    if settings.size != 100 { dropped.append("size \(Length.format(settings.size))%") }
    if settings.vertical != .horizontal { dropped.append("vertical \(settings.vertical.rawValue)") }
    let r = row == .bottom ? 0 : (row == .middle ? 1 : 2)
    let c = column == .left ? 1 : (column == .center ? 2 : 3)
    return (r * 3 + c, dropped)
  }
}
