/// A length with its unit, as written in the source (no unit conversion is done at read time,
/// so a TTML `10%` or `2c` writes back exactly).
public struct Length: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Length units used by caption formats.
  public enum Unit: String, Sendable, Hashable, Codable {
    /// Pixels (TTML `px`, CSS `px`).
    case pixels = "px"
    /// Percent of a reference (the region, the root container or the font size, by property).
    case percent = "%"
    /// Em, relative to the font size.
    case em
    /// TTML cells (`ttp:cellResolution`).
    case cells = "c"
    /// Percent of the root container height (TTML2 `rh`, CSS `vh`).
    case rootHeight = "rh"
    /// Percent of the root container width (TTML2 `rw`, CSS `vw`).
    case rootWidth = "rw"
    /// Points (CSS `pt`).
    case points = "pt"
  }

  public var value: Double
  public var unit: Unit

  public init(_ value: Double, _ unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// `10%`, `1.5c`, `0.05em`: the shortest exact form of the number followed by the unit.
  public var description: String { Length.format(value) + unit.rawValue }

  /// Formats a number without a trailing `.0` and with the shortest round-trip digits.
  public static func format(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }
}
