import CaptionCore

/// Writes `TextStyle` as CSS declarations for generated `::cue` rules, and says which
/// properties CSS / WebVTT cannot carry.
enum WebVTTCSSWriter {
  /// The declarations (`name: value;` pairs, in a fixed order), the properties dropped (what a
  /// viewer sees changes: reported as warnings), and those written another way (an outline as
  /// shadows; text alignment, display alignment and writing mode as cue settings: notes).
  static func declarations(_ s: TextStyle) -> (css: [String], dropped: [String], expressedOtherwise: [String]) {
    var css: [String] = []
    var dropped: [String] = []
    var otherwise: [String] = []
    if let c = s.color { css.append("color: \(color(c))") }
    if let c = s.backgroundColor { css.append("background-color: \(color(c))") }
    if let f = s.fontFamily, !f.isEmpty { css.append("font-family: \(f.map(family).joined(separator: ", "))") }
    if let l = s.fontSize { if let v = length(l) { css.append("font-size: \(v)") } else { dropped.append("fontSize (\(l))") } }
    if s.fontSizeVertical != nil { dropped.append("fontSize (second value)") }
    if let v = s.fontStyle { css.append("font-style: \(v.rawValue)") }
    if let v = s.fontWeight { css.append("font-weight: \(v.rawValue)") }
    if let d = s.textDecoration {
      var parts: [String] = []
      if d.contains(.underline) { parts.append("underline") }
      if d.contains(.lineThrough) { parts.append("line-through") }
      if d.contains(.overline) { parts.append("overline") }
      css.append("text-decoration: \(parts.isEmpty ? "none" : parts.joined(separator: " "))")
    }
    if let o = s.opacity { css.append("opacity: \(WebVTTNumber.format(o))") }
    // One `text-shadow` declaration: a second one would replace the first. The outline's four
    // hard shadows come first, so they paint over the drop shadows.
    var shadowParts: [String] = []
    if let o = s.textOutline {
      // CSS has no outline for text; four hard shadows are the usual approximation.
      if let t = length(o.thickness) {
        let c = o.color.map { " " + color($0) } ?? ""
        shadowParts += ["\(t) 0\(c)", "-\(t) 0\(c)", "0 \(t)\(c)", "0 -\(t)\(c)"]
        otherwise.append("textOutline (approximated with text-shadow)")
      } else {
        dropped.append("textOutline")
      }
    }
    if let shadows = s.textShadow, !shadows.isEmpty {
      let parts = shadows.compactMap { sh -> String? in
        guard let x = length(sh.offsetX), let y = length(sh.offsetY) else { return nil }
        var p = "\(x) \(y)"
        if let b = sh.blur, let bl = length(b) { p += " \(bl)" }
        if let c = sh.color { p += " \(color(c))" }
        return p
      }
      if parts.count == shadows.count { shadowParts += parts } else { dropped.append("textShadow") }
    }
    if !shadowParts.isEmpty {
      css.append("text-shadow: \(shadowParts.joined(separator: ", "))")
    } else if s.textShadow?.isEmpty == true {
      css.append("text-shadow: none")
    }
    // ::cue has no text-align (WebVTT §7.2.1): the cue's `align` setting places the text.
    if s.textAlign != nil { otherwise.append("textAlign (WebVTT's ::cue has none; the cue's align setting places text)") }
    if let l = s.lineHeight { if let v = length(l) { css.append("line-height: \(v)") } else { dropped.append("lineHeight (\(l))") } }
    if let v = s.visible { css.append("visibility: \(v ? "visible" : "hidden")") }
    if s.displayAlign != nil { otherwise.append("displayAlign (the cue's line setting places the text)") }
    if s.displayed != nil { otherwise.append("display") }
    if s.writingMode != nil { otherwise.append("writingMode (the cue's vertical setting)") }
    if s.direction != nil { dropped.append("direction") }
    if s.forcedDisplay != nil { dropped.append("forcedDisplay") }
    if s.linePadding != nil { dropped.append("linePadding") }
    if s.multiRowAlign != nil { dropped.append("multiRowAlign") }
    for (k, v) in s.other.sorted(by: { $0.key < $1.key }) {
      if isCSSName(k), appliesToCue(k) {
        css.append("\(k): \(sanitize(v))")
      } else if k == "tts:ruby" || (k == "tts:lineHeight" && v == "normal") {
        // The cue text holds the ruby itself (<ruby> and <rt>), which is what tts:ruby marks;
        // a normal line height is CSS's default. Nothing to write, nothing lost.
        continue
      } else {
        dropped.append(k)
      }
    }
    return (css, dropped, otherwise)
  }

  /// Whether `::cue` takes the CSS property (WebVTT §7.2.1): colour, opacity, visibility,
  /// text decoration and shadow, background, outline and font (and their longhands), line
  /// height, white space, `text-combine-upright` and `ruby-position`. Browsers ignore the rest.
  static func appliesToCue(_ name: String) -> Bool {
    cueProperties.contains(name) || cuePropertyFamilies.contains { name.hasPrefix($0) }
  }

  private static let cueProperties: Set<String> = [
    "color", "opacity", "visibility", "text-decoration", "text-shadow", "background", "outline", "font", "line-height", "white-space",
    "text-combine-upright", "ruby-position",
  ]
  private static let cuePropertyFamilies = ["background-", "outline-", "font-", "text-decoration-"]

  /// A CSS property name (lower-case letters, digits and `-`), as opposed to `tts:…` names.
  static func isCSSName(_ k: String) -> Bool {
    !k.isEmpty && k.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
  }

  /// Removes what would end the declaration or the STYLE block.
  static func sanitize(_ v: String) -> String {
    String(v.map { $0 == "\n" || $0 == "\r" || $0 == ";" || $0 == "{" || $0 == "}" ? " " : $0 }).replacingArrows()
  }

  static func color(_ c: Color) -> String {
    if c.alpha == 255 { return c.cssName ?? c.hex }
    if c.alpha == 0, c.red == 0, c.green == 0, c.blue == 0 { return "transparent" }
    return "rgba(\(c.red), \(c.green), \(c.blue), \(WebVTTNumber.format((Double(c.alpha) / 255 * 1000).rounded() / 1000)))"
  }

  /// A TTML generic family name as its CSS generic (`proportionalSansSerif` → `sans-serif`);
  /// any other name as given.
  static func genericFamily(_ f: String) -> String {
    switch f {
    case "sansSerif", "proportionalSansSerif", "default": "sans-serif"
    case "serif", "proportionalSerif": "serif"
    case "monospace", "monospaceSansSerif", "monospaceSerif": "monospace"
    default: f
    }
  }

  static func family(_ f: String) -> String {
    let generic = genericFamily(f)
    if generic != f { return generic }
    let safe = f.utf8.allSatisfy { HTMLCharacterReference.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    return safe ? f : "\"" + f.replacingOccurrencesOfQuote() + "\""
  }

  static func length(_ l: Length) -> String? {
    let v = WebVTTNumber.format(l.value)
    switch l.unit {
    case .pixels: return l.value == 0 ? "0" : v + "px"
    case .percent: return v + "%"
    case .em: return v + "em"
    case .points: return v + "pt"
    case .rootHeight: return v + "vh"
    case .rootWidth: return v + "vw"
    case .cells: return nil
    }
  }
}

extension String {
  /// The text with every `-->` broken up, for places where it would end a block.
  func replacingArrows() -> String {
    let b = Array(utf8)
    var out: [UInt8] = []
    out.reserveCapacity(b.count)
    var changed = false
    for (k, c) in b.enumerated() {
      if c == UInt8(ascii: ">"), k >= 2, b[k - 1] == UInt8(ascii: "-"), b[k - 2] == UInt8(ascii: "-") {
        out.append(UInt8(ascii: " "))
        changed = true
      }
      out.append(c)
    }
    return changed ? String(decoding: out, as: UTF8.self) : self
  }

  fileprivate func replacingOccurrencesOfQuote() -> String {
    String(self.map { $0 == "\"" ? "'" : $0 }.filter { $0 != "\n" && $0 != "\r" })
  }
}
