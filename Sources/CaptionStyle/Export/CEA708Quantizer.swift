/// CTA-708 colour and opacity quantisation: each of R, G, B to 2 bits (levels 0x00, 0x55,
/// 0xAA, 0xFF) and opacity to SOLID, TRANSLUCENT (0.5) or TRANSPARENT. FLASH is not produced
/// here. A tie rounds to the lower opacity (0.75 → TRANSLUCENT), the safer assumption.
public enum CEA708Quantizer {
  /// The 2-bit level (0–3) nearest to an encoded component.
  public static func level(_ c: Double) -> Int { Int(max(0, min(3, (c * 3).rounded()))) }

  /// The encoded colour a 708 decoder shows for the nearest 2-bit colour.
  public static func quantize(_ c: RGB) -> RGB {
    RGB(Double(level(c.r)) / 3, Double(level(c.g)) / 3, Double(level(c.b)) / 3)
  }

  /// The 708 opacity code: 0 SOLID, 2 TRANSLUCENT, 3 TRANSPARENT.
  public static func opacityCode(_ o: Double) -> Int { o > 0.75 ? 0 : o > 0.25 ? 2 : 3 }

  /// The opacity a 708 decoder shows for an opacity code (TRANSLUCENT as 0.5).
  public static func opacity(code: Int) -> Double { code == 0 || code == 1 ? 1 : code == 2 ? 0.5 : 0 }

  /// The stack as a 708 decoder would draw it. Edges have no opacity in 708 (drawn solid).
  public static func quantize(_ s: LayerStack) -> LayerStack {
    var q = s
    q.text = Paint(quantize(s.text.color), opacity: opacity(code: opacityCode(s.text.opacity)))
    q.edge = Paint(quantize(s.edge.color), opacity: s.edgeType == .none ? s.edge.opacity : 1)
    q.background = Paint(quantize(s.background.color), opacity: opacity(code: opacityCode(s.background.opacity)))
    q.window = Paint(quantize(s.window.color), opacity: opacity(code: opacityCode(s.window.opacity)))
    return q
  }
}
