/// Character edge types: the union of CTA-708 (edge type 0–5), FCC 79.103(c)(7), Apple
/// `MACaptionAppearanceTextEdgeStyle` and Android `CaptionStyle` edge types.
public enum EdgeType: String, Sendable, Hashable, CaseIterable {
  case none
  /// A ring all around each glyph (708 UNIFORM, Android OUTLINE, TTML `tts:textOutline`).
  case uniform
  case raised
  case depressed
  /// A shadow offset down and to the right (Apple/Android drop shadow, 708 RIGHT_DROP_SHADOW).
  case dropShadow
  /// 708 LEFT_DROP_SHADOW.
  case dropShadowLeft
  /// 708 RIGHT_DROP_SHADOW.
  case dropShadowRight

  /// Whether this is one of the shadow kinds.
  public var isShadow: Bool { self == .dropShadow || self == .dropShadowLeft || self == .dropShadowRight }
}
