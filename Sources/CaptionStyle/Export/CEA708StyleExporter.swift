import CaptionCore

/// Writes a profile as CTA-708 SetPenAttributes, SetPenColor and SetWindowAttributes values.
///
/// Colours are quantised to 2 bits per component and opacities to SOLID / TRANSLUCENT /
/// TRANSPARENT (`CEA708Quantizer`); when that changes the worst-case contrast the export
/// reports it (`style.export.cea708.quantised`: warning when the quantised style falls below
/// WCAG AA, else info). Edge opacity and width do not exist in 708 (the decoder draws them).
public enum CEA708StyleExporter {
  public static func export(_ p: StyleProfile) -> ProfileExport {
    var diags: [Diagnostic] = []
    func triple(_ c: RGB) -> String {
      let q = CEA708Quantizer.quantize(c)
      return "(\(CEA708Quantizer.level(c.r)),\(CEA708Quantizer.level(c.g)),\(CEA708Quantizer.level(c.b))) = \(q.hex)"
    }
    let opacityNames = [0: "SOLID", 1: "FLASH", 2: "TRANSLUCENT", 3: "TRANSPARENT"]
    func opacity(_ o: Double, flash: Bool) -> String {
      let code = flash ? 1 : CEA708Quantizer.opacityCode(o)
      return "\(code) \(opacityNames[code] ?? "")"
    }
    let rh = p.effectiveFontSize
    let pen = rh < 4.5 ? "0 SMALL" : rh > 6.5 ? "2 LARGE" : "1 STANDARD"
    if rh > 8 {
      diags.append(
        Diagnostic(
          code: "style.export.cea708.size-clamped", severity: .info,
          message: "708 pen sizes stop at LARGE; \(ExportSupport.num(rh, 2)) rh relies on the viewer's size setting (FCC 79.103(c)(4))"))
    }
    let font = GenericFamily.of(p.text.fontFamily).cea708
    let edgeCode: String =
      switch p.edge.type {
      case .none: "0 NONE"
      case .raised: "1 RAISED"
      case .depressed: "2 DEPRESSED"
      case .uniform: "3 UNIFORM"
      case .dropShadowLeft: "4 LEFT_DROP_SHADOW"
      case .dropShadow, .dropShadowRight: "5 RIGHT_DROP_SHADOW"
      }
    let justify: String =
      switch p.layout.textAlign {
      case "left", "start": "0 LEFT"
      case "right", "end": "1 RIGHT"
      default: "2 CENTER"
      }
    let flash = p.effects.flash
    var t = """
      # CTA-708 attributes for caption style profile \(p.id)
      SetPenAttributes
        penSize      \(pen)
        penOffset    1 NORMAL
        textTag      0 DIALOG
        fontTag      \(font.0) \(font.1)
        edgeType     \(edgeCode)
        underline    0
        italics      \(p.text.fontStyle == .normal ? 0 : 1)
      SetPenColor
        fgColor      \(triple(p.text.color))
        fgOpacity    \(opacity(p.text.opacity, flash: flash.contains("text")))
        bgColor      \(triple(p.background.color))
        bgOpacity    \(opacity(p.background.opacity, flash: flash.contains("background")))
        edgeColor    \(triple(p.edge.color))
      SetWindowAttributes
        justify      \(justify)
        printDir     0 LEFT_TO_RIGHT
        scrollDir    3 BOTTOM_TO_TOP
        wordWrap     1
        displayEffect 0 SNAP
        fillColor    \(triple(p.window.color))
        fillOpacity  \(opacity(p.window.opacity, flash: flash.contains("window")))
        borderType   0 NONE
        borderColor  (0,0,0) = #000000

      """
    let overrides = ExportSupport.overrides(p, "cea708", into: &diags)
    for (k, v) in overrides { t += "override \(k) \(v)\n" }
    if p.edge.type != .none && p.edge.opacity < 1 {
      diags.append(
        Diagnostic(code: "style.export.cea708.edge-opacity", severity: .info, message: "708 edges have no opacity; drawn solid"))
    }
    if let f = QuantisationRule().check(ProfileAnalysis(p)).first {
      diags.append(Diagnostic(code: "style.export.cea708.quantised", severity: f.severity, message: "[CS-C13] " + f.message))
    }
    return ProfileExport(target: .cea708, text: t, diagnostics: diags)
  }
}
