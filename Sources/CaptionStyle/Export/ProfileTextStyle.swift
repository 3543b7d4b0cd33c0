import CaptionCore

extension StyleProfile {
  /// The profile as a model `TextStyle` (for writing into caption documents): colour with
  /// alpha, background, font family (TTML generic names kept), size in rh, weight, style,
  /// line height, and the edge as `textOutline` (uniform) or `textShadow` (other kinds).
  public var textStyle: TextStyle {
    var s = TextStyle()
    s.color = ExportSupport.color(Paint(text.color, opacity: text.opacity))
    s.backgroundColor = ExportSupport.color(Paint(background.color, opacity: background.opacity))
    s.fontFamily = text.fontFamily
    s.fontSize = Length((effectiveFontSize * 100).rounded() / 100, .rootHeight)
    s.fontWeight = text.fontWeight >= 600 ? .bold : .normal
    s.fontStyle = TextStyle.FontStyle(rawValue: text.fontStyle.rawValue)
    s.lineHeight = Length((text.lineHeight * 100).rounded(), .percent)
    switch edge.type {
    case .none:
      s.textShadow = []
    case .uniform:
      s.textOutline = TextStyle.TextOutline(color: ExportSupport.color(Paint(edge.color, opacity: edge.opacity)), thickness: Length(edge.width, .em))
    default:
      s.textShadow = ExportSupport.shadows(edge).map {
        TextStyle.TextShadow(offsetX: Length($0.x, .em), offsetY: Length($0.y, .em), color: ExportSupport.color($0.color))
      }
    }
    if text.fontVariant == "smallCaps" { s.other["font-variant"] = "small-caps" }
    return s
  }

  /// The window as a region style: `tts:backgroundColor` (opacity in alpha).
  public var windowStyle: TextStyle {
    var s = TextStyle()
    s.backgroundColor = ExportSupport.color(Paint(window.color, opacity: window.opacity))
    return s
  }
}
