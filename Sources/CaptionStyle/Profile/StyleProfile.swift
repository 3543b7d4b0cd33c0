/// A caption style profile: how captions look (text, edge, background, window), the layout
/// and timing limits they should keep, and how to judge their legibility.
///
/// The schema is `caption-style-profile/1` (see `docs/StyleProfiles.md` and the style
/// reference §4a). It covers the union of FCC 47 CFR 79.103(c), CTA-708 pen and window
/// attributes, Apple MediaAccessibility, Android caption styles, WebVTT `::cue` and TTML
/// styling. Colours are encoded sRGB; opacities 0–1; sizes in `rh` (percent of video height)
/// or em of the font size. Load profiles with `ProfileLoader`; every field has a default, so a
/// profile that only sets `text.color` is complete.
public struct StyleProfile: Sendable, Hashable {
  /// The schema identifier every profile file carries.
  public static let schemaIdentifier = "caption-style-profile/1"

  /// `caption-style-profile/1`.
  public var schema: String = StyleProfile.schemaIdentifier
  /// Identifier, `[a-z0-9-]+`.
  public var id: String
  /// Human name.
  public var name: String = ""
  /// One-paragraph description.
  public var description: String = ""
  /// The profile this one inherits from (already applied once loaded).
  public var basedOn: String? = nil
  /// What checking this profile is expected to give (shipped "failing" profiles say `fail`).
  public var expectedVerdict: ProfileVerdict? = nil
  /// Why the profile is shipped, especially when it is expected to fail.
  public var note: String = ""
  public var text = Text()
  public var edge = Edge()
  public var background = Background()
  public var window = Window()
  public var layout = Layout()
  public var timing = Timing()
  public var effects = Effects()
  public var display = Display()
  public var validation = Validation()
  /// Raw platform values applied after mapping, keyed by platform (`cea708`, `apple`,
  /// `android`, `webvtt`, `ttml`, `ass`) then by the platform's field name; values are the
  /// JSON scalars as text.
  public var platformOverrides: [String: [String: String]] = [:]

  public init(id: String) {
    self.id = id
  }

  /// The effective font size in rh: `text.fontSize` (converted) × `text.fontScale`.
  public var effectiveFontSize: Double { text.fontSize.rootHeight * text.fontScale }

  /// The layer stack this profile draws captions with (the main text colour).
  public var layerStack: LayerStack {
    var stack = LayerStack(
      text: Paint(text.color, opacity: text.opacity), edgeType: edge.type,
      edge: Paint(edge.color, opacity: edge.opacity), edgeWidth: edge.width,
      background: Paint(background.color, opacity: background.opacity),
      window: Paint(window.color, opacity: window.opacity))
    stack.edgeBlur = edge.blur
    return stack
  }
}
