import CaptionCore

/// An sRGB colour as three real numbers, without alpha.
///
/// Depending on where it is used the components are either *encoded* sRGB values in 0–1 (what
/// `#RRGGBB` means) or *linear-light* values (after the sRGB transfer function is undone; they
/// may exceed 1 for HDR video). `BlendSpace` says which; `RGB` itself is just the numbers.
/// Components are `Double` so composited colours are never rounded to 8 bits before a
/// contrast comparison.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
  public var r: Double
  public var g: Double
  public var b: Double

  public init(_ r: Double, _ g: Double, _ b: Double) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// A grey with every component equal to `v`.
  public init(grey v: Double) { self.init(v, v, v) }

  /// The encoded components of an 8-bit colour (`value / 255`); alpha is ignored.
  public init(_ color: Color) {
    self.init(Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
  }

  /// Parses `#RRGGBB` or `#RGB` into encoded components; `nil` for anything else (alpha forms
  /// included: profiles keep opacity in a separate field).
  public init?(hex: String) {
    let bytes = Array(hex.utf8)
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 4,
      let c = Color(hex: hex)
    else { return nil }
    self.init(c)
  }

  /// Black, encoded.
  public static let black = RGB(grey: 0)
  /// White, encoded.
  public static let white = RGB(grey: 1)

  /// The nearest 8-bit colour (for output only; never used before a comparison).
  public var color: Color {
    func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    return Color(red: q(r), green: q(g), blue: q(b))
  }

  /// `#RRGGBB`, upper-case, of the nearest 8-bit colour.
  public var hex: String { color.hex.uppercased() }

  public var description: String { hex }

  /// Applies `f` to each component.
  public func map(_ f: (Double) -> Double) -> RGB { RGB(f(r), f(g), f(b)) }
}
