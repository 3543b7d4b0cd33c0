/// Number formatting for WebVTT settings: plain decimal digits, never an exponent, with the
/// shortest digits that read back to the same `Double` (WebVTT percentages and line numbers only
/// allow digits, `-` and `.`).
enum WebVTTNumber {
  /// Appends `format(v)` as UTF-8; whole numbers (the usual percentages) without building a
  /// heap string.
  static func append(_ v: Double, to out: inout [UInt8]) {
    // Whole numbers below 2^63 convert exactly (`"\(v)"` writes 1e15 with a ".0", and larger
    // ones with an exponent).
    if v.isFinite, v == v.rounded(), abs(v) < 9.2e18 {
      appendInteger(Int64(v), to: &out)
    } else {
      out.appendUTF8(format(v))
    }
  }

  /// Appends the decimal digits of `n` (with `-` when negative), as `String(n)` spells them.
  static func appendInteger(_ n: Int64, to out: inout [UInt8]) {
    if n < 0 { out.append(UInt8(ascii: "-")) }
    var m = n.magnitude
    var digits = 1
    var scale: UInt64 = 1
    while m / scale >= 10 {
      scale *= 10
      digits += 1
    }
    while digits > 0 {
      out.append(UInt8(ascii: "0") + UInt8(m / scale))
      m %= scale
      scale /= 10
      digits -= 1
    }
  }

  /// A whole, non-negative number (a region's `lines`): the fraction dropped, digits only.
  static func integer(_ v: Double) -> String {
    format(max(0, min(v, .greatestFiniteMagnitude).rounded(.down)))
  }

  static func format(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    if v == 0 { return "0" }
    if v == v.rounded(), abs(v) < 9.2e18 { return String(Int64(v)) }
    let s = "\(v)"
    guard let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return s }
    var mantissa = String(s[..<e])
    let exponent = Int(s[s.index(after: e)...]) ?? 0
    var sign = ""
    if mantissa.hasPrefix("-") {
      sign = "-"
      mantissa.removeFirst()
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let intPart = String(parts[0])
    var fracPart = parts.count > 1 ? String(parts[1]) : ""
    if fracPart == "0" { fracPart = "" }
    var digits = intPart + fracPart
    var point = intPart.count + exponent  // position of the decimal point in `digits`
    while digits.count > 1, digits.hasPrefix("0") {
      digits.removeFirst()
      point -= 1
    }
    if point <= 0 {
      return sign + "0." + String(repeating: "0", count: -point) + digits
    }
    if point >= digits.count {
      return sign + digits + String(repeating: "0", count: point - digits.count)
    }
    let idx = digits.index(digits.startIndex, offsetBy: point)
    return sign + digits[..<idx] + "." + digits[idx...]
  }
}
