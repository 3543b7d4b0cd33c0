/// What a writer can represent. Converters compare a document against it and report, per cue,
/// every feature that is dropped or approximated.
public struct FeatureSupport: Sendable, Hashable {
  /// Cue identifiers.
  public var cueIdentifiers: Bool
  /// Cue positioning: line, position, size, alignment, vertical text.
  public var positioning: Bool
  /// Only the nine `{\anN}` anchor positions (SRT), not arbitrary positions.
  public var anchorPositionsOnly: Bool
  /// Regions.
  public var regions: Bool
  /// Named styles and classes.
  public var namedStyles: Bool
  /// Inline colour.
  public var inlineColor: Bool
  /// Italic, bold, underline.
  public var basicFormatting: Bool
  /// Voices / speakers.
  public var voices: Bool
  /// Ruby.
  public var ruby: Bool
  /// Inline timestamps.
  public var inlineTimestamps: Bool
  /// Comments.
  public var comments: Bool
  /// Time resolution in units per second (1000 for millisecond formats; 0 for exact rationals).
  public var timeResolution: Int64

  public init(
    cueIdentifiers: Bool, positioning: Bool, anchorPositionsOnly: Bool = false, regions: Bool,
    namedStyles: Bool, inlineColor: Bool, basicFormatting: Bool, voices: Bool, ruby: Bool,
    inlineTimestamps: Bool, comments: Bool, timeResolution: Int64
  ) {
    self.cueIdentifiers = cueIdentifiers
    self.positioning = positioning
    self.anchorPositionsOnly = anchorPositionsOnly
    self.regions = regions
    self.namedStyles = namedStyles
    self.inlineColor = inlineColor
    self.basicFormatting = basicFormatting
    self.voices = voices
    self.ruby = ruby
    self.inlineTimestamps = inlineTimestamps
    self.comments = comments
    self.timeResolution = timeResolution
  }
}
