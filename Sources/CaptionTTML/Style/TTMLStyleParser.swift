import CaptionCore

/// Parses TTML style attribute values (TTML2 §10.2, IMSC 1.1 §8, EBU-TT-D §4.4) into
/// `TextStyle` fields. Attributes the model has no field for are kept in `TextStyle.other`
/// under their canonical qualified name (`tts:padding`, `tts:ruby`…), so nothing is lost.
public enum TTMLStyleParser {
  /// A style property name in canonical form (`tts:color`, `itts:forcedDisplay`), or nil
  /// when the attribute is not a style property.
  static func canonicalName(_ a: XMLAttribute) -> String? {
    // Most attributes are unprefixed (`begin`, `region`) or `xml:id`: answered without
    // comparing the URI with each styling namespace.
    let ns = a.name.namespace
    if ns.isEmpty || (ns.utf8.count == TTMLNamespace.xml.utf8.count && ns == TTMLNamespace.xml) { return nil }
    switch LengthFirst(ns) {
    case TTMLNamespace.styling: return "tts:" + a.name.local
    case TTMLNamespace.imscStyling: return "itts:" + a.name.local
    case TTMLNamespace.ebuStyling: return "ebutts:" + a.name.local
    // ttm:role is metadata, not style, but the model has no other place for it on a cue or
    // span; keeping it in `TextStyle.other` lets a TTML round trip keep it.
    case TTMLNamespace.metadata where a.name.local == "role": return "ttm:role"
    default: return nil
    }
  }

  /// Known TTML2 style attribute local names (tts namespace), for vocabulary checks.
  static let knownTTS: NameSet = [
    "backgroundClip", "backgroundColor", "backgroundExtent", "backgroundImage", "backgroundOrigin",
    "backgroundPosition", "backgroundRepeat", "border", "bpd", "color", "direction", "display",
    "displayAlign", "extent", "fontFamily", "fontKerning", "fontSelectionStrategy", "fontShear",
    "fontSize", "fontStyle", "fontVariant", "fontWeight", "ipd", "letterSpacing", "lineHeight",
    "lineShear", "luminanceGain", "opacity", "origin", "overflow", "padding", "position", "ruby",
    "rubyAlign", "rubyPosition", "rubyReserve", "shear", "showBackground", "textAlign",
    "textCombine", "textDecoration", "textEmphasis", "textOrientation", "textOutline", "textShadow",
    "unicodeBidi", "visibility", "wrapOption", "writingMode", "zIndex", "disparity",
  ]

  /// Parses every style attribute of an element into a style. Invalid values are reported and
  /// skipped.
  static func parse(_ attributes: [XMLAttribute], sink: inout DiagnosticSink) -> TextStyle {
    var s = TextStyle()
    // Through the buffer: a `for a in` loop copied each attribute (four strings retained) to
    // find that most are not styles.
    attributes.withUnsafeBufferPointer { attributes in
      for k in attributes.indices {
        guard let name = canonicalName(attributes[k]) else { continue }
        if !apply(name, attributes[k].value, to: &s) {
          let a = attributes[k]
          let why = name == "tts:textShadow" ? " (or lists more than \(TextStyle.maxTextShadows) shadows)" : ""
          sink.report("ttml.style.invalid-value", .error, "\(a.qualifiedName)=\"\(a.value.prefix(80))\" is not a valid value\(why)", at: a.location)
        }
      }
    }
    return s
  }

  /// Applies one property; returns false when the value is invalid.
  static func apply(_ name: String, _ raw: String, to s: inout TextStyle) -> Bool {
    let v = TTMLWhitespace.trimmed(raw)
    switch name {
    case "tts:color":
      guard let c = color(v) else { return false }
      s.color = c
    case "tts:backgroundColor":
      guard let c = color(v) else { return false }
      s.backgroundColor = c
    case "tts:fontFamily":
      guard let f = fontFamilies(v) else { return false }
      s.fontFamily = f
    case "tts:fontSize":
      let parts = v.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count == 1 || parts.count == 2, let a = length(String(parts[0])), a.value >= 0 else { return false }
      s.fontSize = a
      if parts.count == 2 {
        guard let b = length(String(parts[1])), b.value >= 0 else { return false }
        s.fontSizeVertical = b
      }
    case "tts:fontStyle":
      guard let f = TextStyle.FontStyle(rawValue: v) else { return false }
      s.fontStyle = f
    case "tts:fontWeight":
      guard let f = TextStyle.FontWeight(rawValue: v) else { return false }
      s.fontWeight = f
    case "tts:textDecoration":
      var d = TextStyle.TextDecoration()
      for w in v.split(separator: " ", omittingEmptySubsequences: true) {
        switch w {
        case "none", "noUnderline", "noLineThrough", "noOverline": break
        case "underline": d.insert(.underline)
        case "lineThrough": d.insert(.lineThrough)
        case "overline": d.insert(.overline)
        default: return false
        }
      }
      s.textDecoration = d
    case "tts:textOutline":
      guard let o = outline(v) else { return false }
      s.textOutline = o
      if v == "none" { s.textOutline = nil; s.other["tts:textOutline"] = "none" }
    case "tts:textShadow":
      guard let sh = shadows(v) else { return false }
      s.textShadow = sh
    case "tts:textAlign":
      guard let t = TextStyle.TextAlign(rawValue: v) else { return false }
      s.textAlign = t
    case "tts:displayAlign":
      guard let t = TextStyle.DisplayAlign(rawValue: v) else { return false }
      s.displayAlign = t
    case "tts:lineHeight":
      if v == "normal" { s.other["tts:lineHeight"] = "normal"; return true }
      guard let l = length(v), l.value >= 0 else { return false }
      s.lineHeight = l
    case "tts:opacity":
      guard let d = Double(v), d.isFinite else { return false }
      s.opacity = min(1, max(0, d))
    case "tts:visibility":
      guard v == "visible" || v == "hidden" else { return false }
      s.visible = v == "visible"
    case "tts:display":
      guard v == "auto" || v == "none" || v == "inlineBlock" else { return false }
      if v == "inlineBlock" { s.other["tts:display"] = v } else { s.displayed = v == "auto" }
    case "tts:writingMode":
      guard let w = TextStyle.WritingMode(rawValue: v) else { return false }
      s.writingMode = w
    case "tts:direction":
      guard let d = TextStyle.Direction(rawValue: v) else { return false }
      s.direction = d
    case "itts:forcedDisplay":
      guard v == "true" || v == "false" else { return false }
      s.forcedDisplay = v == "true"
    case "ebutts:linePadding":
      guard let l = length(v), l.unit == .cells, l.value >= 0 else { return false }
      s.linePadding = l
    case "ebutts:multiRowAlign":
      guard ["start", "center", "end", "auto"].contains(v) else { return false }
      s.multiRowAlign = v
    case "tts:origin", "tts:extent":
      let measures: Set<Substring> = ["auto", "available", "fitContent", "maxContent", "minContent"]
      let w = v.split(separator: " ", omittingEmptySubsequences: true)
      guard v == "auto" || v == "contain" || v == "cover" || lengthPair(v) != nil
        || (w.count == 2 && w.allSatisfy { measures.contains($0) || length(String($0)) != nil })
      else { return false }
      s.other[name] = v
    case "tts:position":
      s.other[name] = v
    case "tts:ruby":
      guard ["none", "container", "base", "baseContainer", "text", "textContainer", "delimiter"].contains(v) else { return false }
      s.other[name] = v
    case "tts:showBackground":
      guard v == "always" || v == "whenActive" else { return false }
      s.other[name] = v
    case "tts:overflow":
      guard v == "visible" || v == "hidden" else { return false }
      s.other[name] = v
    case "tts:wrapOption":
      guard v == "wrap" || v == "noWrap" else { return false }
      s.other[name] = v
    case "tts:unicodeBidi":
      guard ["normal", "embed", "bidiOverride", "isolate"].contains(v) else { return false }
      s.other[name] = v
    case "tts:padding":
      let parts = v.split(separator: " ", omittingEmptySubsequences: true)
      guard (1...4).contains(parts.count), parts.allSatisfy({ length(String($0)).map { $0.value >= 0 } ?? false }) else { return false }
      s.other[name] = v
    case "tts:zIndex":
      guard v == "auto" || Int(v) != nil else { return false }
      s.other[name] = v
    default:
      if name.hasPrefix("tts:"), !knownTTS.contains(String(name.dropFirst(4))) { return true }
      s.other[name] = v
    }
    return true
  }

  // MARK: - Value types

  /// `<color>`: `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)` (a 0–255) or a named colour
  /// (TTML2 §10.3.5).
  public static func color(_ v: String) -> Color? {
    if v.hasPrefix("#") {
      guard v.utf8.count == 7 || v.utf8.count == 9 else { return nil }
      return Color(hex: v)
    }
    if v.hasPrefix("rgb") {
      guard let open = v.firstIndex(of: "("), v.hasSuffix(")") else { return nil }
      let fn = v[..<open].trimmingCharacters()
      let args = v[v.index(after: open)..<v.index(before: v.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
      let nums = args.compactMap { UInt8(String($0).trimmingSpaces) }
      guard nums.count == args.count else { return nil }
      if fn == "rgb", nums.count == 3 { return Color(red: nums[0], green: nums[1], blue: nums[2]) }
      if fn == "rgba", nums.count == 4 { return Color(red: nums[0], green: nums[1], blue: nums[2], alpha: nums[3]) }
      return nil
    }
    guard !v.isEmpty, v.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else { return nil }
    return ttmlNamedColor(v)
  }

  /// TTML2 §10.3.5 named colours, case-sensitive per the spec but accepted case-insensitively.
  static func ttmlNamedColor(_ v: String) -> Color? {
    switch v.lowercased() {
    case "transparent": return .transparent
    case "black", "silver", "gray", "white", "maroon", "red", "purple", "fuchsia", "magenta", "green", "lime",
      "olive", "yellow", "navy", "blue", "teal", "aqua", "cyan":
      return Color(named: v)
    default: return nil
    }
  }

  /// `<length>`: a signed decimal with a unit `px`, `%`, `c`, `em`, `rh`, `rw` (TTML2 §10.3.12).
  public static func length(_ v: String) -> Length? {
    let u = Array(v.utf8)
    var k = 0
    if k < u.count, u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-") { k += 1 }
    var digits = 0
    while k < u.count, (u[k] >= 0x30 && u[k] <= 0x39) || u[k] == UInt8(ascii: ".") { k += 1; digits += 1 }
    guard digits > 0, digits < 30 else { return nil }
    guard let num = Double(String(decoding: u[0..<k], as: UTF8.self)), num.isFinite else { return nil }
    let unit: Length.Unit
    switch String(decoding: u[k...], as: UTF8.self) {
    case "px": unit = .pixels
    case "%": unit = .percent
    case "c": unit = .cells
    case "em": unit = .em
    case "rh": unit = .rootHeight
    case "rw": unit = .rootWidth
    default: return nil
    }
    return Length(num, unit)
  }

  /// Two lengths separated by white space (`tts:origin`, `tts:extent`).
  public static func lengthPair(_ v: String) -> Region.LengthPair? {
    let parts = v.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    guard parts.count == 2, let x = length(String(parts[0])), let y = length(String(parts[1])) else { return nil }
    return Region.LengthPair(x, y)
  }

  /// `tts:fontFamily`: a comma-separated list of family names (quoted or not) and generic
  /// families (`default`, `monospace`, `sansSerif`, `serif`, `monospaceSansSerif`,
  /// `monospaceSerif`, `proportionalSansSerif`, `proportionalSerif`).
  static func fontFamilies(_ v: String) -> [String]? {
    var out: [String] = []
    for part in v.split(separator: ",", omittingEmptySubsequences: false) {
      var f = String(part).trimmingSpaces
      if f.count >= 2, let first = f.first, (first == "\"" || first == "'"), f.last == first {
        f = String(f.dropFirst().dropLast())
      }
      guard !f.isEmpty else { return nil }
      out.append(f)
    }
    return out.isEmpty ? nil : out
  }

  /// The parts of `v` between separators, not splitting inside parentheses: TTML2 §10.3.5
  /// allows white space in `rgb()`/`rgba()` (`rgba(0, 0, 0, 255)`), so value lists and
  /// multi-component values split only at the top level.
  static func splitTopLevel(_ v: some StringProtocol, omittingEmpty: Bool, where isSeparator: (Character) -> Bool) -> [Substring] {
    let v = Substring(v)
    var out: [Substring] = []
    var depth = 0
    var start = v.startIndex
    for i in v.indices {
      let c = v[i]
      if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) } else if depth == 0, isSeparator(c) {
        if !omittingEmpty || start < i { out.append(v[start..<i]) }
        start = v.index(after: i)
      }
    }
    if !omittingEmpty || start < v.endIndex { out.append(v[start...]) }
    return out
  }

  /// The white-space-separated words of a style value, outside parentheses.
  static func words(_ v: some StringProtocol) -> [Substring] {
    // "\r\n" is one Character: test its scalars.
    splitTopLevel(v, omittingEmpty: true) { c in c.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" } }
  }

  /// The comma-separated items of a list value (`tts:textShadow`), outside parentheses.
  static func items(_ v: some StringProtocol) -> [Substring] {
    splitTopLevel(v, omittingEmpty: false) { $0 == "," }
  }

  /// `tts:textOutline`: `none` | `<color>? <length> <length>?`.
  static func outline(_ v: String) -> TextStyle.TextOutline? {
    if v == "none" { return TextStyle.TextOutline(color: nil, thickness: Length(0, .pixels)) }
    var parts = words(v).map(String.init)
    var c: Color?
    if let first = parts.first, length(first) == nil {
      guard let col = color(first) else { return nil }
      c = col
      parts.removeFirst()
    }
    guard parts.count == 1 || parts.count == 2, let t = length(parts[0]) else { return nil }
    var blur: Length?
    if parts.count == 2 {
      guard let bl = length(parts[1]) else { return nil }
      blur = bl
    }
    return TextStyle.TextOutline(color: c, thickness: t, blur: blur)
  }

  /// `tts:textShadow`: `none` | a comma-separated list of `<length> <length> <length>? <color>?`.
  static func shadows(_ v: String) -> [TextStyle.TextShadow]? {
    if v == "none" { return [] }
    var out: [TextStyle.TextShadow] = []
    for item in items(v) {
      var parts = words(item).map(String.init)
      var c: Color?
      if let last = parts.last, length(last) == nil {
        guard let col = color(last) else { return nil }
        c = col
        parts.removeLast()
      }
      guard parts.count == 2 || parts.count == 3, let x = length(parts[0]), let y = length(parts[1]) else { return nil }
      out.append(TextStyle.TextShadow(offsetX: x, offsetY: y, blur: parts.count == 3 ? length(parts[2]) : nil, color: c))
      guard out.count <= TextStyle.maxTextShadows else { return nil }
    }
    return out
  }
}

extension Substring {
  func trimmingCharacters() -> String { String(self).trimmingSpaces }
}
