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
  /// Where the run's innermost element (or the text itself) is in the source, if known.
  public var location: SourceLocation?

  public init(cueIndex: Int, text: String, style: TextStyle, region: String?, location: SourceLocation?) {
    self.cueIndex = cueIndex
    self.text = text
    self.style = style
    self.region = region
    self.location = location
  }
}
