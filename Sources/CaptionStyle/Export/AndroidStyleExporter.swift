import CaptionCore

/// Writes a profile as Android `CaptioningManager.CaptionStyle` / Media3 `CaptionStyleCompat`
/// values (ARGB colour ints; opacity in the alpha byte) and the Media3 text size fraction.
///
/// Android has one drop-shadow kind and no edge width (`style.export.android.edge-approximated`).
public enum AndroidStyleExporter {
  public static func export(_ p: StyleProfile) -> ProfileExport {
    var diags: [Diagnostic] = []
    let edge: (Int, String) =
      switch p.edge.type {
      case .none: (0, "EDGE_TYPE_NONE")
      case .uniform: (1, "EDGE_TYPE_OUTLINE")
      case .dropShadow, .dropShadowLeft, .dropShadowRight: (2, "EDGE_TYPE_DROP_SHADOW")
      case .raised: (3, "EDGE_TYPE_RAISED")
      case .depressed: (4, "EDGE_TYPE_DEPRESSED")
      }
    let fg = ExportSupport.argb(Paint(p.text.color, opacity: p.text.opacity))
    let bg = ExportSupport.argb(Paint(p.background.color, opacity: p.background.opacity))
    let win = ExportSupport.argb(Paint(p.window.color, opacity: p.window.opacity))
    let ec = ExportSupport.argb(Paint(p.edge.color, opacity: p.edge.opacity))
    let typeface = GenericFamily.of(p.text.fontFamily).android
    let fraction = p.effectiveFontSize / 100
    var t = """
      # Android CaptioningManager.CaptionStyle / Media3 CaptionStyleCompat for profile \(p.id)
      foregroundColor = \(fg)
      backgroundColor = \(bg)
      windowColor     = \(win)
      edgeType        = \(edge.0) \(edge.1)
      edgeColor       = \(ec)
      typeface        = \(typeface)
      fontScale       = \(ExportSupport.num(p.effectiveFontSize / StyleProfile.FontSize.platformDefault, 3))

      // Media3
      val style = CaptionStyleCompat(
          \(fg).toInt(), \(bg).toInt(), \(win).toInt(),
          CaptionStyleCompat.\(edge.1), \(ec).toInt(), \(typeface))
      subtitleView.setStyle(style)
      subtitleView.setFractionalTextSize(\(ExportSupport.num(fraction, 4))f)

      """
    let overrides = ExportSupport.overrides(p, "android", into: &diags)
    for (k, v) in overrides { t += "\(k) = \(v)\n" }
    if p.edge.type == .uniform || p.edge.type == .dropShadowLeft {
      diags.append(
        Diagnostic(
          code: "style.export.android.edge-approximated", severity: .info,
          message: p.edge.type == .uniform
            ? "Android draws the outline at its own width; the profile's \(ExportSupport.num(p.edge.width, 3)) em is not carried"
            : "Android has one drop-shadow direction; the left shadow becomes EDGE_TYPE_DROP_SHADOW"))
    }
    if p.window.cornerRadius > 0 {
      diags.append(Diagnostic(code: "style.export.android.corner-radius-unsupported", severity: .info, message: "CaptionStyle has no window corner radius; dropped"))
    }
    return ProfileExport(target: .android, text: t, diagnostics: diags)
  }
}
