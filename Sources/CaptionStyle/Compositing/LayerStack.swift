/// The layers a caption is drawn with, bottom to top over the video: window fill, background
/// box, edge (outline ring or shadow) and glyph fill. This is the compositing model of the
/// style reference (§2.3); profiles and styles found in caption files both resolve to it.
public struct LayerStack: Sendable, Hashable {
  /// Glyph fill.
  public var text: Paint
  /// Edge kind.
  public var edgeType: EdgeType
  /// Edge colour and opacity.
  public var edge: Paint
  /// Outline width in em (uniform edges only).
  public var edgeWidth: Double
  /// Edge blur radius in em (profile `edge.blur`, TTML `tts:textOutline` blur, CSS
  /// `text-shadow` blur).
  public var edgeBlur: Double = 0
  /// Outline width in CSS reference pixels in the viewing context that decides (the smallest),
  /// when known; under 1 px earns no halo credit.
  public var edgeWidthPixels: Double? = nil
  /// Per-line box behind the glyphs (708 pen background, cue `background-color`, span
  /// `tts:backgroundColor`).
  public var background: Paint
  /// Box behind all lines (708 window fill, Apple/Android window, TTML region background).
  public var window: Paint
  /// Further boxes between the window and the background, bottom to top (a caption file can
  /// nest a region, a cue box and several span backgrounds).
  public var underlays: [Paint] = []

  /// The smallest uniform outline, in em, that earns halo credit (toolkit policy from WCAG G18
  /// and the IMSC 0.10 em ceiling).
  public static let haloMinimumWidth = 0.05

  public init(
    text: Paint, edgeType: EdgeType = .none, edge: Paint = Paint(.black), edgeWidth: Double = 0,
    background: Paint = .none, window: Paint = .none
  ) {
    self.text = text
    self.edgeType = edgeType
    self.edge = edge
    self.edgeWidth = edgeWidth
    self.background = background
    self.window = window
  }

  /// Whether the edge is a uniform outline solid enough to count as the letters' background
  /// (a halo, in WCAG's contrast-ratio definition): uniform, visible, ≥ 0.05 em, ≥ 1 px where
  /// that is known, and blurred no more than it is wide.
  public var outlineQualifies: Bool {
    edgeType == .uniform && edge.opacity > 0 && haloRefusal == nil
  }

  /// Why a visible uniform outline earns no halo credit; nil when it earns it, or when the
  /// edge is not a visible uniform outline.
  public var haloRefusal: HaloRefusal? {
    guard edgeType == .uniform, edge.opacity > 0 else { return nil }
    if edgeWidth < LayerStack.haloMinimumWidth { return .thinnerThanMinimum }
    if let px = edgeWidthPixels, px < 1 { return .underOnePixel }
    // A blur radius past the width leaves no solid core around the glyph (toolkit policy from
    // G18's solid surround; IMSC 1.1 allows only unblurred outlines).
    if edgeBlur > edgeWidth { return .blurred }
    return nil
  }

  /// Whether any layer the glyph is judged against is translucent, so the sRGB-blend worst
  /// case is not guaranteed at the black and white endpoints and a grid is searched too.
  var needsGrid: Bool {
    (text.opacity > 0 && text.opacity < 1) || (outlineQualifies && edge.opacity < 1)
  }

  /// This stack with `color` as the text colour (speaker colours, quantisation).
  public func withText(_ color: RGB) -> LayerStack {
    var s = self
    s.text.color = color
    return s
  }
}
