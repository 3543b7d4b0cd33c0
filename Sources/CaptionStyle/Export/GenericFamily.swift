/// The generic font family a profile's family list falls back to, with its name on each
/// platform. The eight CTA-708 / FCC / Apple font styles plus TTML's extra generics.
enum GenericFamily: String, CaseIterable {
  case `default`, monospaceSerif, proportionalSerif, monospaceSansSerif, proportionalSansSerif, casual, cursive
  case smallCapitals, monospace, serif, sansSerif

  /// The last generic family in `families`, else proportional sans serif.
  static func of(_ families: [String]) -> GenericFamily {
    for f in families.reversed() { if let g = GenericFamily(rawValue: f) { return g } }
    return .proportionalSansSerif
  }

  /// Named (non-generic) families, in order.
  static func named(_ families: [String]) -> [String] { families.filter { GenericFamily(rawValue: $0) == nil } }

  /// CSS generic family.
  var css: String {
    switch self {
    case .monospaceSerif, .monospaceSansSerif, .monospace: "monospace"
    case .proportionalSerif, .serif: "serif"
    case .casual, .cursive: "cursive"
    default: "sans-serif"
    }
  }

  /// CTA-708 font tag 0–7.
  var cea708: (Int, String) {
    switch self {
    case .default: (0, "DEFAULT")
    case .monospaceSerif: (1, "MONOSPACED_SERIF")
    case .proportionalSerif, .serif: (2, "PROPORTIONAL_SERIF")
    case .monospaceSansSerif, .monospace: (3, "MONOSPACED_SANSSERIF")
    case .proportionalSansSerif, .sansSerif: (4, "PROPORTIONAL_SANSSERIF")
    case .casual: (5, "CASUAL")
    case .cursive: (6, "CURSIVE")
    case .smallCapitals: (7, "SMALL_CAPITALS")
    }
  }

  /// Apple `MACaptionAppearanceFontStyle` constant suffix.
  var apple: String {
    switch self {
    case .default: "Default"
    case .monospaceSerif: "MonospacedWithSerif"
    case .proportionalSerif, .serif: "ProportionalWithSerif"
    case .monospaceSansSerif, .monospace: "MonospacedWithoutSerif"
    case .proportionalSansSerif, .sansSerif: "ProportionalWithoutSerif"
    case .casual: "Casual"
    case .cursive: "Cursive"
    case .smallCapitals: "SmallCapital"
    }
  }

  /// CoreMedia `kCMTextMarkupGenericFontName_*` suffix.
  var coreMedia: String {
    switch self {
    case .default: "Default"
    case .monospaceSerif: "MonospaceSerif"
    case .proportionalSerif: "ProportionalSerif"
    case .serif: "Serif"
    case .monospaceSansSerif: "MonospaceSansSerif"
    case .monospace: "Monospace"
    case .proportionalSansSerif: "ProportionalSansSerif"
    case .sansSerif: "SansSerif"
    case .casual: "Casual"
    case .cursive: "Cursive"
    case .smallCapitals: "SmallCapital"
    }
  }

  /// Android `Typeface` constant and family name.
  var android: String {
    switch self {
    case .monospaceSerif, .monospaceSansSerif, .monospace: "Typeface.MONOSPACE"
    case .proportionalSerif, .serif: "Typeface.SERIF"
    case .casual: "Typeface.create(\"casual\", Typeface.NORMAL)"
    case .cursive: "Typeface.create(\"cursive\", Typeface.NORMAL)"
    case .smallCapitals: "Typeface.create(\"sans-serif-smallcaps\", Typeface.NORMAL)"
    default: "Typeface.SANS_SERIF"
    }
  }
}
