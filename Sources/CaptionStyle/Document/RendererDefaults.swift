import CaptionCore

/// What a player draws when a caption file does not say: the starting point of the style
/// cascade for the document checker.
public struct RendererDefaults: Sendable, Hashable {
  /// The default text style (colour, font size).
  public var text: TextStyle
  /// The default cue box (WebVTT's `rgba(0,0,0,0.8)`), if any.
  public var cueBackground: Color?
  /// The default font size in rh.
  public var fontSize: Double
  /// The severity of a text run that fails over video with no box at all. A warning for
  /// formats (SRT) whose players draw their own box or outline that the file cannot control.
  public var bareVideoSeverity: Severity

  public init(text: TextStyle, cueBackground: Color?, fontSize: Double, bareVideoSeverity: Severity = .error) {
    self.text = text
    self.cueBackground = cueBackground
    self.fontSize = fontSize
    self.bareVideoSeverity = bareVideoSeverity
  }

  private static var white: TextStyle {
    var s = TextStyle()
    s.color = .white
    return s
  }

  /// WebVTT rendering rules: white text, 5vh, cue background `rgba(0,0,0,0.8)`.
  public static let webvtt = RendererDefaults(text: white, cueBackground: Color(red: 0, green: 0, blue: 0, alpha: 204), fontSize: 5)
  /// TTML: `tts:color` white, transparent backgrounds, font size 1c (6.67 rh at 15 rows).
  public static let ttml = RendererDefaults(text: white, cueBackground: nil, fontSize: 100.0 / 15)
  /// SRT and unknown formats: white text, no box (players vary; authored boxes still count).
  /// Failures on bare video are warnings: the player's own box or outline decides.
  public static let plain = RendererDefaults(text: white, cueBackground: nil, fontSize: 5.33, bareVideoSeverity: .warning)

  /// These defaults as a player set to `profile` shows captions: its background box
  /// (`background` colour and opacity) behind every run that has no box of its own. A
  /// profile with a transparent background leaves the defaults' box as it is.
  public func underProfile(_ profile: StyleProfile) -> RendererDefaults {
    var d = self
    let opacity = min(max(profile.background.opacity, 0), 1)
    if opacity > 0 {
      var box = profile.background.color.color
      box.alpha = UInt8((opacity * 255).rounded())
      d.cueBackground = box
    }
    return d
  }

  /// The defaults for a format id (`webvtt`/`vtt`, `ttml` and its flavours, `srt`…), or the
  /// guess from the document when the id is not known.
  public static func forFormat(_ id: String?, document: CaptionDocument) -> RendererDefaults {
    switch id?.lowercased() {
    case "webvtt", "vtt": .webvtt
    case "ttml", "dfxp", "imsc", "ttml2", "ebu-tt-d", "smpte-tt", "xml": .ttml
    case "srt", "subrip": .plain
    default: inferred(for: document)
    }
  }

  /// A guess from the document: WebVTT when it has style sheets or a WebVTT header, TTML when
  /// it has TTML parameters or regions with TTML geometry, else `plain`.
  public static func inferred(for doc: CaptionDocument) -> RendererDefaults {
    if !doc.styleSheets.isEmpty || !doc.metadata.signatureSuffix.isEmpty || !doc.metadata.headerLines.isEmpty {
      return .webvtt
    }
    if doc.metadata.parameters.keys.contains(where: { $0.hasPrefix("ttp:") || $0.hasPrefix("tts:") })
      || doc.regions.contains(where: \.hasTTMLGeometry)
    {
      return .ttml
    }
    return .plain
  }
}
