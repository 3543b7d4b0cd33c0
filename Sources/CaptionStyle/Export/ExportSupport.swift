import CaptionCore

/// Number and colour spellings shared by the exporters.
enum ExportSupport {
  /// A number with at most `digits` decimals and no trailing zeros (`0.06`, `5.33`, `1`).
  static func num(_ x: Double, _ digits: Int = 4) -> String {
    var s = NumberFormat.fixed(x, digits)
    if s.containsUTF8(".") {
      while s.hasSuffix("0") { s.removeLast() }
      if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
  }

  /// 8-bit alpha for an opacity.
  static func alpha(_ o: Double) -> UInt8 { UInt8(max(0, min(255, (o * 255).rounded()))) }

  /// A model colour with alpha.
  static func color(_ p: Paint) -> Color {
    var c = p.color.color
    c.alpha = alpha(p.opacity)
    return c
  }

  /// CSS `#rrggbb` or `rgba(r, g, b, a)`.
  static func css(_ p: Paint) -> String {
    let c = p.color.color
    if p.opacity >= 1 { return c.hex }
    return "rgba(\(c.red), \(c.green), \(c.blue), \(num(p.opacity, 3)))"
  }

  /// TTML `#rrggbbaa`.
  static func ttml(_ p: Paint) -> String {
    let c = color(p)
    let h = c.hex
    return c.alpha == 255 ? h + "ff" : h
  }

  /// `0xAARRGGBB`.
  static func argb(_ p: Paint) -> String {
    let c = color(p)
    let digits = Array("0123456789ABCDEF")
    var s = "0x"
    for b in [c.alpha, c.red, c.green, c.blue] {
      s.append(digits[Int(b >> 4)])
      s.append(digits[Int(b & 15)])
    }
    return s
  }

  /// The shadow offsets, in em, that draw an edge with text shadows: eight directions for a
  /// uniform outline, one for a drop shadow, a light/dark pair for raised and depressed.
  static func shadows(_ e: StyleProfile.Edge) -> [(x: Double, y: Double, color: Paint)] {
    let paint = Paint(e.color, opacity: e.opacity)
    let w = e.width
    switch e.type {
    case .none: return []
    case .uniform:
      return [(w, 0), (-w, 0), (0, w), (0, -w), (w, w), (-w, -w), (w, -w), (-w, w)].map { ($0.0, $0.1, paint) }
    case .dropShadow, .dropShadowRight:
      return [(abs(e.offset[0]), abs(e.offset[1]), paint)]
    case .dropShadowLeft:
      return [(-abs(e.offset[0]), abs(e.offset[1]), paint)]
    case .raised:
      return [(-0.03, -0.03, Paint(.white, opacity: 0.5 * e.opacity)), (0.04, 0.04, paint)]
    case .depressed:
      return [(0.03, 0.03, Paint(.white, opacity: 0.5 * e.opacity)), (-0.04, -0.04, paint)]
    }
  }

  /// `s` as XML 1.0 text or attribute content: `&`, `<`, `>` and `"` as references; tab, line
  /// feed and carriage return as character references (an attribute value would fold them to
  /// spaces); the characters XML 1.0 cannot hold at all (§2.2: other C0 controls, U+FFFE,
  /// U+FFFF) as U+FFFD. Escapes go by code point: a quote with a combining mark after it is one
  /// Character, and would pass a check of whole Characters.
  static func xml(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t": out += "&#9;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case _ where u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF: out += "\u{FFFD}"
      default: out.unicodeScalars.append(u)
      }
    }
    return out
  }

  /// The profile's `platformOverrides` for `platform`, by key, without those the target cannot
  /// hold: a key that `isName` rejects (it would be written as an attribute or field name, and
  /// break the output's syntax) or a value with a line break or other control character (it
  /// would start a new line of a line-based snippet). Each skipped one is a warning
  /// (`style.export.override-skipped`).
  static func overrides(
    _ p: StyleProfile, _ platform: String, nameRule: String = "an identifier (letters, digits, _ and .)",
    isName: (String) -> Bool = { isIdentifier($0) }, into diags: inout [Diagnostic]
  ) -> [(key: String, value: String)] {
    var out: [(key: String, value: String)] = []
    for (k, v) in (p.platformOverrides[platform] ?? [:]).sorted(by: { $0.key < $1.key }) {
      let shown = "platformOverrides.\(platform).\(k.debugDescription.dropFirst().dropLast())"
      if !isName(k) {
        diags.append(
          Diagnostic(code: "style.export.override-skipped", severity: .warning, message: "\(shown): the key is not \(nameRule); skipped"))
      } else if v.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
        diags.append(
          Diagnostic(
            code: "style.export.override-skipped", severity: .warning,
            message: "\(shown): the value holds a line break or control character; skipped"))
      } else {
        out.append((k, v))
      }
    }
    return out
  }

  /// Whether `s` is an ASCII identifier: a letter or `_`, then letters, digits, `_` or `.`
  /// (a field name in the Kotlin, Core Media and CEA-708 snippets), and `-` if `hyphen` (an
  /// ASCII XML name).
  static func isIdentifier(_ s: some StringProtocol, hyphen: Bool = false) -> Bool {
    var first = true
    for b in s.utf8 {
      let letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F
      let later = b >= 0x30 && b <= 0x39 || b == 0x2E || (hyphen && b == 0x2D)
      guard letter || (!first && later) else { return false }
      first = false
    }
    return !first
  }
}
