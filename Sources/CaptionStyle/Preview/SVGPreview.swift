/// Draws sample caption text in a profile over a black frame, a white frame and a busy
/// mid-grey frame, each labelled with its computed contrast (`captionkit profile preview`).
///
/// The SVG is self-contained (no external fonts or images). SVG viewers blend in encoded sRGB,
/// so the picture shows what an sRGB-blending renderer shows; the labels give both blend
/// spaces. Widths are estimated (0.5 em per character, 0.6 em monospaced), as no font
/// metrics are available.
public enum SVGPreview {
  /// Frame size of each panel, in SVG user units (a 16:9 frame).
  public static let frameWidth = 640.0
  public static let frameHeight = 360.0

  /// The SVG document for `profile`, with `lines` of sample text.
  public static func render(
    _ profile: StyleProfile, lines: [String] = ["[door creaks] Who's there?", "It's me. Open the door!"]
  ) -> String {
    let analysis = ProfileAnalysis(profile)
    let result = ProfileCheckResult(profile: profile, findings: ProfileChecker.check(profile))
    let label = 30.0
    let header = 44.0
    let panelH = frameHeight + label
    let height = header + 3 * panelH
    var s = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(frameWidth))" height="\(n(height))" viewBox="0 0 \(n(frameWidth)) \(n(height))">
      <rect width="100%" height="100%" fill="#202020"/>
      <text x="12" y="28" font-family="sans-serif" font-size="18" fill="#FFFFFF">\(esc(profile.id)) — \(result.verdict.rawValue.uppercased())\(profile.name.isEmpty ? "" : " — " + esc(profile.name))</text>

      """
    func ratios(_ pick: (WorstCase) -> Double) -> String {
      analysis.worst.map { "\(NumberFormat.ratio(pick($0))) (\($0.blendSpace))" }.joined(separator: ", ")
    }
    let panels: [(String, String)] = [
      ("Black frame: contrast \(ratios { $0.overBlack })", "black"),
      ("White frame: contrast \(ratios { $0.overWhite })", "white"),
      ("Busy frame: worst case over any video \(ratios { $0.ratio })", "busy"),
    ]
    for (i, (title, kind)) in panels.enumerated() {
      let y0 = header + Double(i) * panelH
      s += "<text x=\"12\" y=\"\(n(y0 + 21))\" font-family=\"sans-serif\" font-size=\"15\" fill=\"#E0E0E0\">\(esc(title))</text>\n"
      s += "<g transform=\"translate(0 \(n(y0 + label)))\">\n"
      s += frame(kind)
      s += caption(profile, lines: lines)
      s += "</g>\n"
    }
    s += "</svg>\n"
    return s
  }

  static func frame(_ kind: String) -> String {
    let w = n(frameWidth), h = n(frameHeight)
    switch kind {
    case "black": return "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#000000\"/>\n"
    case "white": return "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#FFFFFF\"/>\n"
    default:
      // A deterministic patchwork of mid greys with a few highlights and shadows.
      var out = ""
      let cols = 16, rows = 9
      let cw = frameWidth / Double(cols), ch = frameHeight / Double(rows)
      for r in 0..<rows {
        for c in 0..<cols {
          var v = (r * 53 + c * 97 + (r * c) % 7 * 19) % 129 + 64
          if (r * cols + c) % 23 == 5 { v = 255 }
          if (r * cols + c) % 29 == 11 { v = 12 }
          let hex = RGB(grey: Double(v) / 255).hex
          out += "<rect x=\"\(n(Double(c) * cw))\" y=\"\(n(Double(r) * ch))\" width=\"\(n(cw + 0.5))\" height=\"\(n(ch + 0.5))\" fill=\"\(hex)\"/>\n"
        }
      }
      return out
    }
  }

  static func caption(_ p: StyleProfile, lines: [String]) -> String {
    let fontPx = p.effectiveFontSize / 100 * frameHeight
    let lineH = fontPx * p.text.lineHeight
    let family = GenericFamily.of(p.text.fontFamily)
    let advance = family.css == "monospace" ? 0.6 : 0.5
    let pad = p.background.paddingInline * fontPx
    let widths = lines.map { Double($0.count) * (advance + p.text.letterSpacing) * fontPx }
    let bottom = frameHeight * (1 - (1 - p.layout.safeArea) / 2) - fontPx * 0.3
    let top = bottom - lineH * Double(lines.count)
    let cx = frameWidth / 2
    // A family name is a CSS string inside an XML attribute: escaped for both, so that a name
    // holding quotes or markup cannot end the attribute (a `<script>` in a profile's font).
    let fonts = esc((GenericFamily.named(p.text.fontFamily).map(cssString) + [family.css]).joined(separator: ", "))
    var out = ""
    if p.window.opacity > 0 {
      let wpad = max(p.window.padding * fontPx, pad)
      let maxW = (widths.max() ?? 0) + 2 * wpad
      out += "<rect x=\"\(n(cx - maxW / 2))\" y=\"\(n(top - wpad))\" width=\"\(n(maxW))\" height=\"\(n(bottom - top + 2 * wpad))\" rx=\"\(n(p.window.cornerRadius * fontPx))\" fill=\"\(p.window.color.hex)\" fill-opacity=\"\(n(p.window.opacity))\"/>\n"
    }
    for (i, line) in lines.enumerated() {
      let y = top + lineH * Double(i)
      if p.background.opacity > 0 {
        let w = widths[i] + 2 * pad
        out += "<rect x=\"\(n(cx - w / 2))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(lineH))\" fill=\"\(p.background.color.hex)\" fill-opacity=\"\(n(p.background.opacity))\"/>\n"
      }
      let baseline = y + lineH / 2 + fontPx * 0.35
      let attrs =
        "x=\"\(n(cx))\" y=\"\(n(baseline))\" text-anchor=\"middle\" font-family=\"\(fonts)\" font-size=\"\(n(fontPx))\" font-weight=\"\(p.text.fontWeight)\" font-style=\"\(p.text.fontStyle.rawValue)\""
      let text = esc(line)
      switch p.edge.type {
      case .uniform:
        out += "<text \(attrs) fill=\"none\" stroke=\"\(p.edge.color.hex)\" stroke-opacity=\"\(n(p.edge.opacity))\" stroke-width=\"\(n(2 * p.edge.width * fontPx))\" stroke-linejoin=\"round\">\(text)</text>\n"
      case .none:
        break
      default:
        for sh in ExportSupport.shadows(p.edge) {
          out += "<text \(attrs) transform=\"translate(\(n(sh.x * fontPx)) \(n(sh.y * fontPx)))\" fill=\"\(sh.color.color.hex)\" fill-opacity=\"\(n(sh.color.opacity))\">\(text)</text>\n"
        }
      }
      out += "<text \(attrs) fill=\"\(p.text.color.hex)\" fill-opacity=\"\(n(p.text.opacity))\">\(text)</text>\n"
    }
    return out
  }

  static func n(_ x: Double) -> String { ExportSupport.num(x, 2) }

  /// `s` as a single-quoted CSS string (CSS Syntax §4.3.5): quote, backslash and control
  /// characters as escapes.
  static func cssString(_ s: String) -> String {
    var out = "'"
    for u in s.unicodeScalars {
      switch u {
      case "'", "\\": out += "\\" + String(u)
      case _ where u.value < 0x20 || u.value == 0x7F: out += "\\" + String(u.value, radix: 16) + " "
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "'"
  }

  /// `s` escaped for XML text and attribute values (`ExportSupport.xml`).
  static func esc(_ s: String) -> String { ExportSupport.xml(s) }
}
