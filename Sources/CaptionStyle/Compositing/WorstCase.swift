/// The lowest contrast a layer stack reaches over all video, in one blend space.
///
/// Ratios are WCAG contrast ratios (1…21), never rounded. `apca` is the smallest |Lc| × 100.
public struct WorstCase: Sendable, Hashable {
  /// The blend space evaluated.
  public var blendSpace: BlendSpace
  /// Worst effective contrast: at each video pixel the better of glyph-vs-surround and (when
  /// the outline qualifies) glyph-vs-outline, minimised over the video.
  public var ratio: Double
  /// Worst glyph-vs-surround contrast, ignoring any outline.
  public var plainRatio: Double
  /// Worst glyph-vs-outline contrast, when the outline qualifies for halo credit.
  public var haloRatio: Double?
  /// Worst effective |Lc| × 100 (APCA), the same way.
  public var apca: Double
  /// Whether some video makes the glyph and its surround equally bright (plain worst case 1:1).
  public var crossing: Bool
  /// Effective contrast over a black frame.
  public var overBlack: Double
  /// Effective contrast over a white frame.
  public var overWhite: Double
  /// The video colour (encoded sRGB) at which `ratio` is reached.
  public var worstVideo: RGB

  /// Whether the effective value comes from the halo rather than the surround.
  public var haloDecides: Bool {
    if let h = haloRatio { return h > plainRatio }
    return false
  }
}
