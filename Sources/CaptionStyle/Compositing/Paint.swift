/// A layer's colour (encoded sRGB) and opacity (0 transparent … 1 opaque), kept apart as
/// CTA-708, the FCC rule, Apple and Android all keep them.
public struct Paint: Sendable, Hashable, CustomStringConvertible {
  public var color: RGB
  public var opacity: Double

  public init(_ color: RGB, opacity: Double = 1) {
    self.color = color
    self.opacity = opacity
  }

  /// Fully transparent (no layer).
  public static let none = Paint(.black, opacity: 0)

  /// `#RRGGBB` or `#RRGGBB @ 50%`.
  public var description: String {
    opacity >= 1 ? color.hex : "\(color.hex) @ \(NumberFormat.percent(opacity))"
  }
}
