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

  /// Formats a number without a trailing `.0` and with the shortest round-trip digits, in
  /// plain decimal notation (TTML, CSS and the WebVTT settings have no exponents: `1e+20`
  /// would not read back). Not-a-number and infinities, which no length can be, give `0`.
  public static func format(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    let s = String(v)
    if s.hasSuffix(".0") { return String(s.dropLast(2)) }
    guard let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(s[s.index(after: e)...]) else { return s }
    // Shift the decimal point of the shortest digits by the exponent.
    var mantissa = String(s[..<e])
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa.removeFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
    var digits = whole + fraction
    var point = whole.count + exponent
    if point <= 0 {
      digits = String(repeating: "0", count: -point + 1) + digits
      point = 1
    } else if point > digits.count {
      digits += String(repeating: "0", count: point - digits.count)
    }
    var out = String(digits.prefix(point))
    var rest = String(digits.dropFirst(point))
    while rest.hasSuffix("0") { rest.removeLast() }
    while out.count > 1, out.hasPrefix("0") { out.removeFirst() }
    if !rest.isEmpty { out += "." + rest }
    return (negative ? "-" : "") + out
  }
}
