import Foundation

/// APCA (Accessible Perceptual Contrast Algorithm) 0.0.98G-4g, the method proposed for WCAG 3.
/// Advisory only: WCAG 2.2 stays the pass/fail gate.
///
/// `lc` returns signed Lc × 100: positive for dark text on a light background, negative for
/// light text on a dark one (reference values: black on white 106.04, white on black −107.88).
public enum APCA {
  /// Estimated screen luminance of an encoded sRGB colour (simple 2.4 power, APCA's own
  /// coefficients, no piecewise segment). Not clamped above, so extended-range values work.
  public static func screenLuminance(_ encoded: RGB) -> Double {
    func p(_ c: Double) -> Double { c <= 0 ? 0 : pow(c, 2.4) }
    return 0.2126729 * p(encoded.r) + 0.7151522 * p(encoded.g) + 0.0721750 * p(encoded.b)
  }

  /// Lc × 100 for text luminance `text` on background luminance `background` (both from
  /// `screenLuminance`).
  public static func lc(text: Double, background: Double) -> Double {
    let blkThrs = 0.022, blkClmp = 1.414
    func clamp(_ y: Double) -> Double { y < blkThrs ? y + pow(blkThrs - y, blkClmp) : y }
    let txt = clamp(max(0, text))
    let bg = clamp(max(0, background))
    if abs(bg - txt) < 0.0005 { return 0 }
    if bg > txt {
      let s = (pow(bg, 0.56) - pow(txt, 0.57)) * 1.14
      return s < 0.1 ? 0 : (s - 0.027) * 100
    } else {
      let s = (pow(bg, 0.65) - pow(txt, 0.62)) * 1.14
      return s > -0.1 ? 0 : (s + 0.027) * 100
    }
  }

  /// Lc × 100 of two encoded sRGB colours.
  public static func lc(text: RGB, background: RGB) -> Double {
    lc(text: screenLuminance(text), background: screenLuminance(background))
  }
}
