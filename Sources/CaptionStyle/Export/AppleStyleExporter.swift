import CaptionCore

/// Writes a profile as Apple MediaAccessibility user preferences (`MACaptionAppearance…`) and
/// the equivalent CoreMedia `CMTextMarkup` attributes (colours as ARGB arrays in 0–1, sRGB).
///
/// Apple lets the system choose the edge colour and width: a profile's edge colour or width is
/// reported as not carried (`style.export.apple.edge-approximated`).
public enum AppleStyleExporter {
  public static func export(_ p: StyleProfile) -> ProfileExport {
    var diags: [Diagnostic] = []
    func rgb(_ c: RGB) -> String { "(\(ExportSupport.num(c.r, 4)), \(ExportSupport.num(c.g, 4)), \(ExportSupport.num(c.b, 4)))" }
    func argb(_ c: RGB, _ a: Double) -> String {
      "[\(ExportSupport.num(a, 4)), \(ExportSupport.num(c.r, 4)), \(ExportSupport.num(c.g, 4)), \(ExportSupport.num(c.b, 4))]"
    }
    let edge: (Int, String) =
      switch p.edge.type {
      case .none: (1, "None")
      case .raised: (2, "Raised")
      case .depressed: (3, "Depressed")
      case .uniform: (4, "Uniform")
      case .dropShadow, .dropShadowLeft, .dropShadowRight: (5, "DropShadow")
      }
    let g = GenericFamily.of(p.text.fontFamily)
    let family = GenericFamily.named(p.text.fontFamily).first
    let relative = p.effectiveFontSize / StyleProfile.FontSize.platformDefault
    var t = """
      # Apple MediaAccessibility (domain user, behavior kMACaptionAppearanceBehaviorUseValue) for profile \(p.id)
      MACaptionAppearanceCopyForegroundColor      sRGB\(rgb(p.text.color))
      MACaptionAppearanceGetForegroundOpacity     \(ExportSupport.num(p.text.opacity, 3))
      MACaptionAppearanceCopyBackgroundColor      sRGB\(rgb(p.background.color))
      MACaptionAppearanceGetBackgroundOpacity     \(ExportSupport.num(p.background.opacity, 3))
      MACaptionAppearanceCopyWindowColor          sRGB\(rgb(p.window.color))
      MACaptionAppearanceGetWindowOpacity         \(ExportSupport.num(p.window.opacity, 3))
      MACaptionAppearanceGetWindowRoundedCornerRadius \(ExportSupport.num(p.window.cornerRadius, 3)) em
      MACaptionAppearanceGetRelativeCharacterSize \(ExportSupport.num(relative, 3))
      MACaptionAppearanceGetTextEdgeStyle         \(edge.0) kMACaptionAppearanceTextEdgeStyle\(edge.1)
      MACaptionAppearanceCopyFontDescriptorForStyle kMACaptionAppearanceFontStyle\(g.apple)\(family.map { " → \"\($0)\"" } ?? "")

      # CoreMedia CMTextMarkup attributes
      kCMTextMarkupAttribute_ForegroundColorARGB          \(argb(p.text.color, p.text.opacity))
      kCMTextMarkupAttribute_CharacterBackgroundColorARGB \(argb(p.background.color, p.background.opacity))
      kCMTextMarkupAttribute_BackgroundColorARGB          \(argb(p.window.color, p.window.opacity))
      kCMTextMarkupAttribute_CharacterEdgeStyle           kCMTextMarkupCharacterEdgeStyle_\(edge.1)
      kCMTextMarkupAttribute_GenericFontFamilyName        kCMTextMarkupGenericFontName_\(g.coreMedia)

      """
    if let family { t += "kCMTextMarkupAttribute_FontFamilyName               \"\(family)\"\n" }
    t += "kCMTextMarkupAttribute_BaseFontSizePercentageRelativeToVideoHeight \(ExportSupport.num(p.effectiveFontSize, 3))\n"
    t += "kCMTextMarkupAttribute_BoldStyle                   \(p.text.fontWeight >= 600)\n"
    t += "kCMTextMarkupAttribute_ItalicStyle                 \(p.text.fontStyle != .normal)\n"
    let overrides = ExportSupport.overrides(p, "apple", into: &diags)
    for (k, v) in overrides { t += "\(k) \(v)\n" }
    if p.edge.type != .none {
      diags.append(
        Diagnostic(
          code: "style.export.apple.edge-approximated", severity: p.edge.type == .uniform ? .warning : .info,
          message: "Apple chooses the edge colour and width itself; the profile's \(p.edge.color.hex) \(p.edge.type == .uniform ? "\(ExportSupport.num(p.edge.width, 3)) em " : "")edge is not carried"))
    }
    return ProfileExport(target: .apple, text: t, diagnostics: diags)
  }
}
