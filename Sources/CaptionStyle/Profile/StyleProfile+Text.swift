extension StyleProfile {
  /// Glyph settings (`text` group).
  public struct Text: Sendable, Hashable {
    /// Font families in order; the last SHOULD be a generic family (`GenericFontFamily`).
    public var fontFamily: [String] = ["proportionalSansSerif"]
    /// Font size before `fontScale`.
    public var fontSize = FontSize(value: 5.33, unit: .rh)
    /// The viewer's scale factor, 0.25–3.0 (FCC 79.103(c)(4) requires 0.5–2.0 be offered).
    public var fontScale: Double = 1
    /// CSS weight 100–900.
    public var fontWeight: Int = 400
    public var fontStyle: FontStyle = .normal
    /// `normal` or `smallCaps`.
    public var fontVariant: String = "normal"
    /// Text colour, encoded sRGB.
    public var color: RGB = .white
    /// Text opacity 0–1.
    public var opacity: Double = 1
    /// Line height as a multiple of the font size.
    public var lineHeight: Double = 1.2
    /// Letter spacing in em.
    public var letterSpacing: Double = 0
    /// Alternate colours used to identify speakers (BBC/Ofcom practice); each is checked too.
    public var speakerColors: [RGB] = []
    /// The most `speakerColors` a profile may list.
    public static let maxSpeakerColors = 64

    public init() {}
  }

  /// `normal`, `italic` or `oblique`.
  public enum FontStyle: String, Sendable, Hashable, CaseIterable {
    case normal, italic, oblique
  }

  /// A font size with its unit.
  public struct FontSize: Sendable, Hashable {
    /// Units a profile may state a size in.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
      /// Percent of the video height (TTML2 `rh`); preferred.
      case rh
      /// Percent of the viewport height (CSS `vh`); the same as `rh` for full-frame video.
      case vh
      /// Multiple of the platform default (5.33 rh, the CTA-708 standard pen and Media3 default).
      case em
      /// Pixels at `referenceHeight` video lines.
      case px
    }

    public var value: Double
    public var unit: Unit
    /// Video height in pixels that `px` sizes refer to (default 1080).
    public var referenceHeight: Double = 1080

    public init(value: Double, unit: Unit, referenceHeight: Double = 1080) {
      self.value = value
      self.unit = unit
      self.referenceHeight = referenceHeight
    }

    /// The platform default size in rh that `em` refers to.
    public static let platformDefault = 5.33

    /// The size in rh.
    public var rootHeight: Double {
      switch unit {
      case .rh, .vh: value
      case .em: value * FontSize.platformDefault
      case .px: referenceHeight > 0 ? value / referenceHeight * 100 : value
      }
    }
  }
}
