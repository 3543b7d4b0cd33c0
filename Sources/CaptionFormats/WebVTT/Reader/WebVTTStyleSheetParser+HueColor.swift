import CaptionCore

extension WebVTTStyleSheetParser {
  /// `hsl()` / `hsla()` (CSS Color 4 §7: the legacy comma syntax, and the modern space syntax
  /// with an optional `/ alpha`) and `hwb()` (§8, modern syntax only), in lower case, as 8-bit
  /// sRGB: each channel is rounded to the nearest of 0–255, halves up, as CSS serialises
  /// sRGB colours, so `hsl(0, 0%, 50%)` is #808080. The hue is a bare number (degrees) or
  /// `deg`, `grad`, `rad`, `turn`; saturation, lightness, whiteness and blackness are
  /// percentages (also plain numbers 0–100, and `none` for 0, in the modern syntax). Nil when
  /// the value is not one of these or cannot be read (`calc()` included).
  static func parseHueColor(_ v: String) -> Color? {
    guard let open = v.firstIndex(of: "("), v.hasSuffix(")") else { return nil }
    let function = v[..<open]
    guard function == "hsl" || function == "hsla" || function == "hwb" else { return nil }
    let inner = v[v.index(after: open)..<v.index(before: v.endIndex)].replacingASCIIWhitespace(with: " ")
    // Legacy syntax: commas between all components, no `none`, percentages only.
    let legacy = inner.containsUTF8(",")
    var parts: [String]
    var alpha: String? = nil
    if legacy {
      guard function != "hwb" else { return nil }
      parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingASCIIWhitespace() }
      guard parts.count == 3 || parts.count == 4 else { return nil }
      if parts.count == 4 { alpha = parts.removeLast() }
    } else {
      let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
      guard halves.count <= 2 else { return nil }
      parts = halves[0].split(separator: " ").map(String.init)
      if halves.count == 2 { alpha = halves[1].trimmingASCIIWhitespace() }
    }
    guard parts.count == 3, let hue = hueDegrees(parts[0], legacy: legacy),
      let x = percentage(parts[1], legacy: legacy), let y = percentage(parts[2], legacy: legacy)
    else { return nil }
    var a = 1.0
    if let alpha {
      guard let read = alphaValue(alpha, legacy: legacy) else { return nil }
      a = read
    }
    let rgb = function == "hwb" ? hwbToRGB(hue, x / 100, y / 100) : hslToRGB(hue, x / 100, y / 100)
    guard rgb.0.isFinite, rgb.1.isFinite, rgb.2.isFinite else { return nil }
    func byte(_ f: Double) -> UInt8 { UInt8(max(0, min(255, (f * 255).rounded()))) }
    return Color(red: byte(rgb.0), green: byte(rgb.1), blue: byte(rgb.2), alpha: byte(a))
  }

  /// CSS Color 4 §7.1 `hslToRgb`: `saturation` and `lightness` as fractions 0–1 (clamped), the
  /// hue in degrees (any; taken modulo 360). Channels are fractions 0–1.
  static func hslToRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (Double, Double, Double) {
    var h = hue.truncatingRemainder(dividingBy: 360)
    if h < 0 { h += 360 }
    let s = max(0, min(1, saturation)), l = max(0, min(1, lightness))
    func f(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      let a = s * min(l, 1 - l)
      return l - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return (f(0), f(8), f(4))
  }

  /// CSS Color 4 §8.1 `hwbToRgb`: `white` and `black` as fractions 0–1 (clamped); when they sum
  /// to 1 or more the colour is the grey `white / (white + black)`.
  static func hwbToRGB(_ hue: Double, _ white: Double, _ black: Double) -> (Double, Double, Double) {
    let w = max(0, min(1, white)), b = max(0, min(1, black))
    if w + b >= 1 {
      let grey = w / (w + b)
      return (grey, grey, grey)
    }
    let (r, g, bl) = hslToRGB(hue, 1, 0.5)
    func mix(_ c: Double) -> Double { c * (1 - w - b) + w }
    return (mix(r), mix(g), mix(bl))
  }

  /// A `<hue>` in degrees: a number, or an angle in `deg`, `grad`, `rad` or `turn` (CSS Values 4
  /// §7.1); `none` (modern syntax) is 0.
  static func hueDegrees(_ s: String, legacy: Bool) -> Double? {
    if s == "none" { return legacy ? nil : 0 }
    // `grad` before `rad`: it ends with it.
    let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
    for (suffix, degrees) in units where s.hasSuffix(suffix) {
      // `1e308turn` is a number, but infinite in degrees (and NaN modulo 360).
      return cssNumber(s.dropLast(suffix.count)).flatMap { finite($0 * degrees) }
    }
    return cssNumber(s)
  }

  /// A percentage (the number before `%`); in the modern syntax also a plain number of the same
  /// scale, or `none` for 0.
  static func percentage(_ s: String, legacy: Bool) -> Double? {
    if s.hasSuffix("%") { return cssNumber(s.dropLast()) }
    if legacy { return nil }
    return s == "none" ? 0 : cssNumber(s)
  }

  /// An `<alpha-value>`: a number 0–1 or a percentage, clamped; `none` (modern syntax) is 0.
  static func alphaValue(_ s: String, legacy: Bool) -> Double? {
    if s == "none" { return legacy ? nil : 0 }
    let a = s.hasSuffix("%") ? cssNumber(s.dropLast()).flatMap { finite($0 / 100) } : cssNumber(s)
    return a.map { max(0, min(1, $0)) }
  }

  /// `x` when finite: each step from a number read to a channel goes through this, so that an
  /// overflow is "could not be read" rather than NaN, which `min` / `max` turn into an
  /// arbitrary channel.
  static func finite(_ x: Double) -> Double? { x.isFinite ? x : nil }

  /// A finite CSS `<number>`: digits, optional sign, fraction and exponent (not `inf`, `nan`
  /// or the hexadecimal floats `Double` also reads).
  static func cssNumber(_ s: some StringProtocol) -> Double? {
    let allowed = Set("0123456789+-.eE".utf8)
    guard s.utf8.contains(where: { (0x30...0x39).contains($0) }), s.utf8.allSatisfy({ allowed.contains($0) }), let d = Double(String(s)),
      d.isFinite
    else { return nil }
    return d
  }
}
