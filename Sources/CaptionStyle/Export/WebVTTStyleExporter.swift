import CaptionCore

/// Writes a profile as a WebVTT `::cue` rule (WebVTT §7.2 `::cue` properties: color, opacity,
/// background, font, line-height, text-shadow…).
///
/// WebVTT has no outline and no window: an outline is approximated with eight text shadows
/// (`style.export.webvtt.outline-approximated`, info, CS-X01) and a window is reported lost
/// (`style.export.webvtt.window-unsupported`, warning when it carried contrast).
public enum WebVTTStyleExporter {
  /// The CSS rule and the loss report. `selector` is `::cue` or `::cue(.name)`.
  public static func css(_ p: StyleProfile, selector: String = "::cue") -> (String, [Diagnostic]) {
    var lines: [String] = []
    var diags: [Diagnostic] = []
    lines.append("color: \(ExportSupport.css(Paint(p.text.color, opacity: p.text.opacity)));")
    lines.append("background-color: \(ExportSupport.css(Paint(p.background.color, opacity: p.background.opacity)));")
    let named = GenericFamily.named(p.text.fontFamily).map { "\"\(safe($0))\"" }
    lines.append("font-family: \((named + [GenericFamily.of(p.text.fontFamily).css]).joined(separator: ", "));")
    lines.append("font-size: \(ExportSupport.num(p.effectiveFontSize, 2))vh;")
    if p.text.fontWeight != 400 { lines.append("font-weight: \(p.text.fontWeight);") }
    if p.text.fontStyle != .normal { lines.append("font-style: \(p.text.fontStyle.rawValue);") }
    if p.text.fontVariant == "smallCaps" { lines.append("font-variant: small-caps;") }
    lines.append("line-height: \(ExportSupport.num(p.text.lineHeight, 2));")
    let shadows = ExportSupport.shadows(p.edge)
    if shadows.isEmpty {
      lines.append("text-shadow: none;")
    } else {
      func len(_ v: Double) -> String {
        let s = ExportSupport.num(v, 3)
        return s == "0" ? "0" : s + "em"
      }
      let list = shadows.map { "\(len($0.x)) \(len($0.y)) \(len(p.edge.blur)) \(ExportSupport.css($0.color))" }
      lines.append("text-shadow: \(list.joined(separator: ", "));")
      if p.edge.type == .uniform {
        diags.append(
          Diagnostic(
            code: "style.export.webvtt.outline-approximated", severity: .info,
            message: "[CS-X01] WebVTT has no outline property: the \(ExportSupport.num(p.edge.width, 3)) em outline is approximated with eight text-shadows"))
      } else if p.edge.type == .raised || p.edge.type == .depressed {
        diags.append(
          Diagnostic(
            code: "style.export.webvtt.edge-approximated", severity: .info,
            message: "[CS-X01] WebVTT has no \(p.edge.type.rawValue) edge: approximated with two text-shadows"))
      }
    }
    if p.window.opacity > 0 {
      diags.append(
        Diagnostic(
          code: "style.export.webvtt.window-unsupported", severity: .warning,
          message: "[CS-X01] WebVTT cannot draw a caption window (\(Paint(p.window.color, opacity: p.window.opacity))); browsers do not implement ::cue-region styling, so the window is dropped"))
    }
    if p.background.opacity > 0 && p.background.paddingInline != 0.25 {
      diags.append(
        Diagnostic(
          code: "style.export.webvtt.padding-unsupported", severity: .info,
          message: "[CS-X01] padding is not a ::cue property; the box padding of \(ExportSupport.num(p.background.paddingInline, 3)) em is left to the browser"))
    }
    for (k, v) in (p.platformOverrides["webvtt"] ?? [:]).sorted(by: { $0.key < $1.key }) { lines.append("\(safe(k)): \(safe(v));") }
    let css = "\(selector) {\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n}"
    return (css, diags)
  }

  /// Text made safe inside a WebVTT STYLE block and a CSS string: no line breaks (a blank line
  /// ends the block), no `-->` (it ends the block too), no quotes, backslashes or braces.
  static func safe(_ s: String) -> String {
    // By code point: "\r\n", or a quote with a combining mark after it, is one Character and
    // would pass a check of whole Characters.
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "\n", "\r", "\"", "\\", "{", "}", ";", "<", ">": continue
      // Nor a comment's start or end ("/*" would swallow the rule's closing brace).
      case "*" where out.unicodeScalars.last == "/", "/" where out.unicodeScalars.last == "*": continue
      default: out.unicodeScalars.append(u)
      }
    }
    return out.replacingOccurrences(of: "--", with: "-")
  }

  /// A complete `STYLE` block.
  public static func export(_ p: StyleProfile) -> ProfileExport {
    let (css, d) = css(p)
    return ProfileExport(target: .webvtt, text: "STYLE\n/* caption style profile \(p.id) */\n\(css)\n", diagnostics: d)
  }
}
