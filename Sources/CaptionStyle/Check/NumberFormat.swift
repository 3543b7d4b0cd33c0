/// Formats the numbers in findings. Values are rounded only here, for display; comparisons
/// always use the exact values.
public enum NumberFormat {
  /// `x` with exactly `digits` decimals (half away from zero), locale-independent.
  public static func fixed(_ x: Double, _ digits: Int) -> String {
    guard x.isFinite else { return x > 0 ? "inf" : x < 0 ? "-inf" : "nan" }
    var m = 1.0
    for _ in 0..<digits { m *= 10 }
    let scaled = (abs(x) * m).rounded()
    let neg = x < 0 && scaled != 0
    let whole = Int64(scaled / m)
    var frac = String(Int64(scaled - Double(whole) * m))
    while frac.count < digits { frac = "0" + frac }
    return (neg ? "-" : "") + String(whole) + (digits > 0 ? "." + frac : "")
  }

  /// The shortest round-trip form without a trailing `.0` (`4.5`, `0.06`, `3`).
  public static func plain(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(x)
  }

  /// A contrast ratio as `3.98:1`. When `threshold` is given and two decimals would make a
  /// failing value look equal to it (4.499 → "4.50"), more digits are shown.
  public static func ratio(_ x: Double, threshold: Double? = nil) -> String {
    var digits = 2
    if let t = threshold {
      while digits < 6 {
        let shown = Double(fixed(x, digits)) ?? x
        if (x < t) == (shown < t) { break }
        digits += 1
      }
    }
    return fixed(x, digits) + ":1"
  }

  /// An APCA |Lc| with one decimal.
  public static func lc(_ x: Double) -> String { fixed(abs(x), 1) }

  /// A fraction as a percentage with up to one decimal (`50%`, `53.5%`).
  public static func percent(_ f: Double) -> String {
    let v = f * 100
    let one = fixed(v, 1)
    return (one.hasSuffix(".0") ? String(one.dropLast(2)) : one) + "%"
  }
}
