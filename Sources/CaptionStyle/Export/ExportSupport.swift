import CaptionCore

/// Number and colour spellings shared by the exporters.
enum ExportSupport {
  /// A number with at most `digits` decimals and no trailing zeros (`0.06`, `5.33`, `1`).
  static func num(_ x: Double, _ digits: Int = 4) -> String {
    var s = NumberFormat.fixed(x, digits)
    if s.containsUTF8(".") {
      while s.hasSuffix("0") { s.removeLast() }
      if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
  }

  /// 8-bit alpha for an opacity.
  static func alpha(_ o: Double) -> UInt8 { UInt8(max(0, min(255, (o * 255).rounded()))) }

  /// A model colour with alpha.
  static func color(_ p: Paint) -> Color {
    var c = p.color.color
    c.alpha = alpha(p.opacity)
    return c
  }

  /// CSS `#rrggbb` or `rgba(r, g, b, a)`.
  static func css(_ p: Paint) -> String {
    let c = p.color.color
    if p.opacity >= 1 { return c.hex }
    return "rgba(\(c.red), \(c.green), \(c.blue), \(num(p.opacity, 3)))"
  }

  /// TTML `#rrggbbaa`.
  static func ttml(_ p: Paint) -> String {
    let c = color(p)
    let h = c.hex
    return c.alpha == 255 ? h + "ff" : h
  }

  /// `0xAARRGGBB`.
  static func argb(_ p: Paint) -> String {
    let c = color(p)
    let digits = Array("0123456789ABCDEF")
    var s = "0x"
    for b in [c.alpha, c.red, c.green, c.blue] {
      s.append(digits[Int(b >> 4)])
      s.append(digits[Int(b & 15)])
    }
    return s
  }

  /// The shadow offsets, in em, that draw an edge with text shadows: eight directions for a
  /// uniform outline, one for a drop shadow, a light/dark pair for raised and depressed.
  static func shadows(_ e: StyleProfile.Edge) -> [(x: Double, y: Double, color: Paint)] {
    let paint = Paint(e.color, opacity: e.opacity)
    let w = e.width
    switch e.type {
    case .none: return []
    case .uniform:
      return [(w, 0), (-w, 0), (0, w), (0, -w), (w, w), (-w, -w), (w, -w), (-w, w)].map { ($0.0, $0.1, paint) }
    case .dropShadow, .dropShadowRight:
      return [(abs(e.offset[0]), abs(e.offset[1]), paint)]
    case .dropShadowLeft:
      return [(-abs(e.offset[0]), abs(e.offset[1]), paint)]
    case .raised:
      return [(-0.03, -0.03, Paint(.white, opacity: 0.5 * e.opacity)), (0.04, 0.04, paint)]
    case .depressed:
      return [(0.03, 0.03, Paint(.white, opacity: 0.5 * e.opacity)), (-0.04, -0.04, paint)]
    }
  }
}
