/// The numbers a renderer blends when it draws a translucent layer "over" another
/// (`a·fg + (1−a)·bg`): encoded sRGB values, or linear light.
///
/// Browsers, CSS and most 2D and video-overlay compositors blend encoded values; some GPU and
/// all HDR pipelines blend linear light. A 50% black box over white gives encoded 0.5 (pixel
/// value 128) in the first and linear 0.5 (pixel value about 188) in the second, which moves
/// the worst-case contrast of white text from 3.98:1 to 1.91:1.
public enum BlendSpace: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Blending encoded sRGB values.
  case srgb
  /// Blending linear-light values.
  case linear

  /// "sRGB blend" or "linear".
  public var description: String { self == .srgb ? "sRGB blend" : "linear" }

  /// A layer colour (encoded sRGB) in this space's working values.
  public func working(_ encoded: RGB) -> RGB {
    self == .srgb ? encoded : SRGBTransfer.decode(encoded)
  }

  /// "Over" compositing of `fg` at opacity `alpha` on `bg`, both in working values.
  public func over(_ fg: RGB, alpha: Double, on bg: RGB) -> RGB {
    if alpha >= 1 { return fg }
    if alpha <= 0 { return bg }
    return RGB(
      alpha * fg.r + (1 - alpha) * bg.r, alpha * fg.g + (1 - alpha) * bg.g, alpha * fg.b + (1 - alpha) * bg.b)
  }

  /// WCAG relative luminance of a working-value pixel.
  public func luminance(_ p: RGB) -> Double {
    self == .srgb ? ContrastMath.relativeLuminance(p) : ContrastMath.linearLuminance(p)
  }

  /// APCA screen luminance of a working-value pixel (linear pixels are encoded first, as a
  /// display would).
  public func apcaLuminance(_ p: RGB) -> Double {
    self == .srgb ? APCA.screenLuminance(p) : APCA.screenLuminance(SRGBTransfer.encode(p))
  }

  /// The encoded sRGB colour of a working-value pixel.
  public func encoded(_ p: RGB) -> RGB { self == .srgb ? p : SRGBTransfer.encode(p) }
}
