/// WCAG 2.2 relative luminance and contrast ratio (WCAG 2.2 "relative luminance" and
/// "contrast ratio" definitions; SC 1.4.3 / 1.4.6).
///
/// Nothing here rounds: WCAG thresholds are exact (4.499:1 fails 4.5:1, Understanding 1.4.3),
/// so callers compare the raw `Double` and round only for display.
public enum ContrastMath {
  /// Relative luminance of an encoded sRGB colour: 0.2126 R + 0.7152 G + 0.0722 B over the
  /// linearised components. Range 0–1 for in-gamut colours.
  public static func relativeLuminance(_ encoded: RGB) -> Double {
    linearLuminance(SRGBTransfer.decode(encoded))
  }

  /// Relative luminance of a colour already in linear light (may exceed 1 for HDR video).
  public static func linearLuminance(_ linear: RGB) -> Double {
    0.2126 * linear.r + 0.7152 * linear.g + 0.0722 * linear.b
  }

  /// Contrast ratio `(L1 + 0.05) / (L2 + 0.05)` with `L1` the lighter, in 1…21 for SDR.
  public static func contrastRatio(luminance a: Double, _ b: Double) -> Double {
    let hi = max(a, b)
    let lo = min(a, b)
    return (hi + 0.05) / (lo + 0.05)
  }

  /// Contrast ratio of two encoded sRGB colours.
  public static func contrastRatio(_ a: RGB, _ b: RGB) -> Double {
    contrastRatio(luminance: relativeLuminance(a), relativeLuminance(b))
  }
}
