import Foundation

/// The sRGB transfer function (IEC 61966-2-1) with the 0.04045 threshold that WCAG 2.2 uses
/// (the WCAG 2.0 text printed 0.03928; the difference never matters for 8-bit input).
///
/// Values above 1 (HDR video relative to caption white) use the same power segment, so the
/// functions stay monotonic and invertible over the extended range.
public enum SRGBTransfer {
  /// Encoded value (0–1, or more for extended range) to linear light.
  public static func decode(_ c: Double) -> Double {
    if c <= 0.04045 { return c / 12.92 }
    return pow((c + 0.055) / 1.055, 2.4)
  }

  /// Linear light to an encoded value; the inverse of `decode`.
  public static func encode(_ l: Double) -> Double {
    if l <= 0.0031308 { return l * 12.92 }
    return 1.055 * pow(l, 1 / 2.4) - 0.055
  }

  /// `decode` per component.
  public static func decode(_ c: RGB) -> RGB { c.map(decode) }

  /// `encode` per component.
  public static func encode(_ c: RGB) -> RGB { c.map(encode) }
}
