/// What a DASH MPD declares about text and embedded captions (ISO/IEC 23009-1 §5.3.3
/// AdaptationSet, §5.8.4.2 Role, §5.8.4.3 Accessibility; SCTE 214-1 CEA-608/708 descriptors).
public struct DASHReport: Sendable, Hashable, Codable {
  public var adaptationSets: [DASHAdaptationSet]

  public init(adaptationSets: [DASHAdaptationSet] = []) {
    self.adaptationSets = adaptationSets
  }
}

/// One AdaptationSet, with the attributes that matter for text (values inherited from the
/// first Representation when the set itself has none).
public struct DASHAdaptationSet: Sendable, Hashable, Codable {
  /// 1-based line number of the `<AdaptationSet` tag.
  public var line: Int
  /// 1-based column (UTF-8 bytes) of the tag's `<`.
  public var column: Int?
  public var id: String?
  public var contentType: String?
  public var mimeType: String?
  public var codecs: String?
  public var lang: String?
  /// Role descriptors as `schemeIdUri value`.
  public var roles: [String]
  /// Accessibility descriptors as `schemeIdUri value`.
  public var accessibility: [String]
  public var representationCount: Int
  /// The 0-based index of its `Period` in the MPD (nil outside any Period).
  public var period: Int?
  /// The set's `Label` (ISO/IEC 23009-1 §5.3.7.2), shown by players as the track's name.
  public var label: String?
  /// For text muxed with video: the `ContentComponent` (its `id`, or "" without one) of
  /// contentType `text` this entry stands for, inside the AdaptationSet `id`; nil for a set.
  public var contentComponent: String?

  public init(line: Int) {
    self.line = line
    roles = []
    accessibility = []
    representationCount = 0
  }

  /// Whether this is a text set (contentType `text`, a text mimeType, or `application/mp4`
  /// with `wvtt`/`stpp` codecs).
  public var isText: Bool {
    if contentType == "text" { return true }
    if let m = mimeType, m.hasPrefix("text/") || m == "application/ttml+xml" { return true }
    if mimeType == "application/mp4", let c = codecs, c.hasPrefix("wvtt") || c.hasPrefix("stpp") { return true }
    return false
  }

  /// Whether this is a video set.
  public var isVideo: Bool {
    contentType == "video" || (mimeType?.hasPrefix("video/") ?? false)
  }
}
