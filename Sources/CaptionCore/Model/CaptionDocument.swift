/// A caption document in the format-neutral model: what every reader produces and every
/// writer consumes.
///
/// See `docs/CaptionModel.md` for each field and the table of which formats can hold it.
public struct CaptionDocument: Sendable, Hashable {
  /// Language, title, header lines and format parameters.
  public var metadata: DocumentMetadata
  /// WebVTT `STYLE` blocks, verbatim CSS, in order. Their `::cue(.class)` rules are also parsed
  /// into `styles` where the model can hold them.
  public var styleSheets: [String]
  /// Named styles that cue text refers to (TTML `style` elements, WebVTT class rules).
  public var styles: [NamedStyle]
  /// WebVTT `::cue(…)` rules with other selectors the style checks can match (`CueSelector`:
  /// `::cue(c.a)`, `::cue(v[voice="Bob"])`, `::cue(i)`, `::cue(#c1)`), each under its selector
  /// text as id, in order of first appearance. Not carried by writers: WebVTT writes
  /// `styleSheets`, and the other formats report these rules as dropped.
  public var selectorStyles: [NamedStyle]
  /// Regions, in definition order.
  public var regions: [Region]
  /// Cues, in source order (WebVTT and TTML keep order; readers do not sort).
  public var cues: [Cue]
  /// Comments (WebVTT `NOTE` blocks), each anchored before a cue.
  public var comments: [Comment]

  public init(
    metadata: DocumentMetadata = DocumentMetadata(), styleSheets: [String] = [], styles: [NamedStyle] = [],
    selectorStyles: [NamedStyle] = [], regions: [Region] = [], cues: [Cue] = [], comments: [Comment] = []
  ) {
    self.metadata = metadata
    self.styleSheets = styleSheets
    self.styles = styles
    self.selectorStyles = selectorStyles
    self.regions = regions
    self.cues = cues
    self.comments = comments
  }

  /// The region with this identifier, if defined.
  public func region(id: String) -> Region? { regions.first { $0.id == id } }

  /// The regions by identifier, the first definition of an id winning as in `region(id:)`:
  /// for code that looks up a region per cue.
  public func regionsByID() -> [String: Region] {
    var out: [String: Region] = [:]
    out.reserveCapacity(regions.count)
    for r in regions where out[r.id] == nil { out[r.id] = r }
    return out
  }

  /// The named style with this identifier, if defined.
  public func style(id: String) -> NamedStyle? { styles.first { $0.id == id } }
}
