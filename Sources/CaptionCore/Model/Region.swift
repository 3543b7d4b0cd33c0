/// A region: a rectangle of the viewport that cues are placed in.
///
/// It holds both WebVTT region settings (WebVTT §3.4: `width`, `lines`, `regionanchor`,
/// `viewportanchor`, `scroll`) and TTML region geometry (`tts:origin`, `tts:extent`, with the
/// region's own style such as `tts:displayAlign` and `tts:backgroundColor`). Readers fill what
/// their format has; converters derive the other side (see `docs/CaptionModel.md`).
public struct Region: Sendable, Hashable {
  /// A point in percent of a box (x from the left, y from the top).
  public struct Anchor: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// A two-dimensional length (TTML `tts:origin` or `tts:extent`).
  public struct LengthPair: Sendable, Hashable, Codable {
    public var x: Length
    public var y: Length
    public init(_ x: Length, _ y: Length) {
      self.x = x
      self.y = y
    }
  }

  /// WebVTT region scroll.
  public enum Scroll: String, Sendable, Hashable, Codable {
    case none = ""
    case up
  }

  /// The identifier (WebVTT `id`, TTML `xml:id`).
  public var id: String
  /// WebVTT `width`, percent of the viewport width. Default 100.
  public var width: Double = 100
  /// WebVTT `lines`: the height in lines, a whole number. Default 3. A `Double`, as the browser's
  /// `VTTRegion.lines` is a number, so that `lines:` values past 2^63 read as they do there (the
  /// WebVTT region settings parsing has no upper bound); at most `Double.greatestFiniteMagnitude`.
  public var lines: Double = 3
  /// WebVTT `regionanchor` in percent of the region. Default (0, 100).
  public var regionAnchor = Anchor(x: 0, y: 100)
  /// WebVTT `viewportanchor` in percent of the viewport. Default (0, 100).
  public var viewportAnchor = Anchor(x: 0, y: 100)
  /// WebVTT `scroll`. Default none.
  public var scroll: Scroll = .none
  /// TTML `tts:origin`, if the region came from TTML or was given one.
  public var origin: LengthPair?
  /// TTML `tts:extent`.
  public var extent: LengthPair?
  /// Whether the region is placed as TTML places regions (it has an origin or an extent), not by
  /// WebVTT's width, lines and anchors.
  public var hasTTMLGeometry: Bool { origin != nil || extent != nil }
  /// The region's own style (`tts:displayAlign`, `tts:backgroundColor`, `tts:writingMode`,
  /// padding and the like in `other`).
  public var style: TextStyle
  /// Named styles the region refers to (TTML `style` attribute on `region`).
  public var styleRefs: [String]
  /// Where the region was defined, if it was read from a file.
  public var source: SourceLocation?

  public init(id: String, style: TextStyle = TextStyle(), styleRefs: [String] = []) {
    self.id = id
    self.style = style
    self.styleRefs = styleRefs
  }

  public static func == (a: Region, b: Region) -> Bool {
    a.id == b.id && a.width == b.width && a.lines == b.lines && a.regionAnchor == b.regionAnchor
      && a.viewportAnchor == b.viewportAnchor && a.scroll == b.scroll && a.origin == b.origin
      && a.extent == b.extent && a.style == b.style && a.styleRefs == b.styleRefs
  }

  public func hash(into h: inout Hasher) {
    h.combine(id)
  }
}
