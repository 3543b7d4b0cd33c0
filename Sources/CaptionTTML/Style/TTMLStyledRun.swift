import CaptionCore

/// A run of cue text with its computed style: what a renderer or a contrast checker needs.
public struct TTMLStyledRun: Sendable, Hashable {
  /// The index of the cue in `CaptionDocument.cues`.
  public var cueIndex: Int
  /// The text of the run (no line breaks).
  public var text: String
  /// The computed style (TTML2 §10.4.4): every property has a value; `fontSize` and
  /// `lineHeight` are in `rh` when the document's units allow.
  public var style: TextStyle
  /// The region the cue is shown in, if any.
  public var region: String?
  /// Where the text is in the source, if known.
  public var location: SourceLocation?
  /// The non-transparent background colours painted behind the text, from the bottom (the
  /// region) to the top (the innermost span): `backgroundColor` is not inherited, so a span's
  /// computed value is usually transparent while its `p` or region paints a box behind it.
  /// Composite them in order (source-over) to get the backdrop the text is read against.
  public var backgroundLayers: [Color]
  /// The element that paints each of `backgroundLayers`, as the byte offset of its start tag in
  /// the source (`regionOwner` for the region), so that two elements with the same colour count
  /// twice. Empty when not known (`TTMLStyleResolver.styledRuns(of:)` works from the model).
  public var backgroundOwners: [Int] = []

  /// The `backgroundOwners` entry of the region's own background.
  public static let regionOwner = -1

  public init(cueIndex: Int, text: String, style: TextStyle, region: String?, location: SourceLocation?, backgroundLayers: [Color] = []) {
    self.cueIndex = cueIndex
    self.text = text
    self.style = style
    self.region = region
    self.location = location
    self.backgroundLayers = backgroundLayers
  }
}
