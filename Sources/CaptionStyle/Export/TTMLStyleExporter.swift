import CaptionCore

/// Writes a profile as TTML styles (TTML2 §10 style attributes, IMSC 1.1 constraints): a text
/// style for spans and a region style for the window.
///
/// IMSC limits: an outline above 10% of the font size is an error for IMSC
/// (`style.export.ttml.outline-too-thick`, CS-X02); raised and depressed edges have no TTML
/// form and are approximated with text shadows (info).
public enum TTMLStyleExporter {
  public static func export(_ p: StyleProfile) -> ProfileExport {
    var diags: [Diagnostic] = []
    var a: [(String, String)] = []
    a.append(("tts:color", ExportSupport.ttml(Paint(p.text.color, opacity: p.text.opacity))))
    a.append(("tts:backgroundColor", ExportSupport.ttml(Paint(p.background.color, opacity: p.background.opacity))))
    let families = p.text.fontFamily.map { f -> String in
      GenericFamily(rawValue: f) != nil ? f : (f.containsUTF8(" ") ? "'\(f.replacingOccurrences(of: "'", with: ""))'" : f)
    }
    a.append(("tts:fontFamily", families.joined(separator: ", ")))
    a.append(("tts:fontSize", "\(ExportSupport.num(p.effectiveFontSize, 2))rh"))
    a.append(("tts:fontWeight", p.text.fontWeight >= 600 ? "bold" : "normal"))
    a.append(("tts:fontStyle", p.text.fontStyle.rawValue))
    a.append(("tts:lineHeight", "\(ExportSupport.num(p.text.lineHeight * 100, 1))%"))
    switch p.edge.type {
    case .none:
      a.append(("tts:textOutline", "none"))
    case .uniform:
      a.append(("tts:textOutline", "\(ExportSupport.ttml(Paint(p.edge.color, opacity: p.edge.opacity))) \(ExportSupport.num(p.edge.width, 3))em"))
      if p.edge.width > 0.10 {
        diags.append(
          Diagnostic(
            code: "style.export.ttml.outline-too-thick", severity: .error,
            message: "[CS-X02] IMSC 1.1 allows an outline of at most 10% of the font size; this one is \(ExportSupport.num(p.edge.width * 100, 1))%"))
      }
    default:
      let list = ExportSupport.shadows(p.edge).map { "\(ExportSupport.num($0.x, 3))em \(ExportSupport.num($0.y, 3))em \(ExportSupport.ttml($0.color))" }
      a.append(("tts:textShadow", list.joined(separator: ", ")))
      if p.edge.type == .raised || p.edge.type == .depressed {
        diags.append(
          Diagnostic(
            code: "style.export.ttml.edge-approximated", severity: .info,
            message: "TTML has no \(p.edge.type.rawValue) edge: approximated with tts:textShadow"))
      }
    }
    if p.background.paddingInline > 0 {
      a.append(("ebutts:linePadding", "\(ExportSupport.num(p.background.paddingInline, 3))c"))
    }
    a.append(("itts:fillLineGap", p.background.fillLineGap ? "true" : "false"))
    let overrides = ExportSupport.overrides(
      p, "ttml", nameRule: "an attribute name with a declared prefix (tts:, ebutts:, itts:)", isName: isAttributeName, into: &diags)
    for (k, v) in overrides {
      if let i = a.firstIndex(where: { $0.0 == k }) { a[i].1 = v } else { a.append((k, v)) }
    }
    func attrs(_ list: [(String, String)]) -> String {
      list.map { "\n      \($0.0)=\"\(escape($0.1))\"" }.joined()
    }
    var region: [(String, String)] = [("tts:backgroundColor", ExportSupport.ttml(Paint(p.window.color, opacity: p.window.opacity)))]
    region.append(("tts:showBackground", p.window.opacity > 0 ? "always" : "whenActive"))
    if p.window.padding > 0 { region.append(("tts:padding", "\(ExportSupport.num(p.window.padding, 3))em")) }
    region.append(("tts:displayAlign", p.layout.displayAlign))
    region.append(("tts:textAlign", p.layout.textAlign))
    if p.window.cornerRadius > 0 {
      diags.append(Diagnostic(code: "style.export.ttml.corner-radius-unsupported", severity: .info, message: "TTML has no window corner radius; dropped"))
    }
    // Profile ids may start with a digit or a hyphen; an `xml:id` must be an XML name
    // (Namespaces in XML §3 NCName: a letter or `_` first).
    var xmlID = p.id
    if let f = p.id.unicodeScalars.first, !(f.properties.isAlphabetic || f == "_") {
      xmlID = "_" + p.id
      diags.append(
        Diagnostic(
          code: "style.export.ttml.id-renamed", severity: .info,
          message: "profile id \"\(p.id)\" is not an XML name (it starts with \"\(f)\"); exported as xml:id \"\(xmlID)\""))
    }
    let xml = """
      <styling xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ebutts="urn:ebu:tt:style" xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling">
        <!-- caption style profile \(commentSafe(p.id)) -->
        <style xml:id="\(xmlID)"\(attrs(a))/>
        <style xml:id="\(xmlID)-window"\(attrs(region))/>
      </styling>

      """
    return ProfileExport(target: .ttml, text: xml, diagnostics: diags)
  }

  /// `s` as XML comment text: `--` may not appear in a comment (XML 1.0 §2.5), and profile ids
  /// may hold it (`a--b`), so a space goes between two hyphens. (The comment's own space before
  /// `-->` keeps a trailing `-` from touching it.)
  static func commentSafe(_ s: String) -> String {
    // By code point: "-" followed by a combining mark is one Character, not "-".
    // Characters XML 1.0 cannot hold (§2.2) become U+FFFD here too.
    var out = ""
    for u in s.unicodeScalars {
      if u == "-" && out.unicodeScalars.last == "-" { out.append(" ") }
      if (u.value < 0x20 && u != "\t" && u != "\n" && u != "\r") || u.value == 0xFFFE || u.value == 0xFFFF {
        out.append("\u{FFFD}")
      } else {
        out.unicodeScalars.append(u)
      }
    }
    return out
  }

  /// Whether `k` can be written as an attribute of the exported `style`: a prefix the
  /// `styling` element declares, then an ASCII NCName (Namespaces in XML §3). Anything else
  /// would make the output ill-formed.
  static func isAttributeName(_ k: String) -> Bool {
    let parts = k.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, ["tts", "ebutts", "itts"].contains(String(parts[0])) else { return false }
    return ExportSupport.isIdentifier(parts[1], hyphen: true)
  }

  /// `s` escaped for an XML attribute value (`ExportSupport.xml`).
  static func escape(_ s: String) -> String { ExportSupport.xml(s) }
}
