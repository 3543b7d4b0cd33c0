/// A set of style properties, each optional: `nil` means "not specified here" (inherit or use
/// the player default). Named styles, regions, cues and spans all carry one.
///
/// Property names and value spaces follow TTML2 §10 (the richest source), and map to CSS for
/// WebVTT `::cue` rules. `other` keeps properties the model has no field for, by their source
/// name (for example `tts:fontVariant` or the CSS `text-combine-upright`), so nothing is lost.
public struct TextStyle: Sendable, Hashable {
  /// Font style.
  public enum FontStyle: String, Sendable, Hashable, Codable { case normal, italic, oblique }
  /// Font weight.
  public enum FontWeight: String, Sendable, Hashable, Codable { case normal, bold }
  /// Text alignment within the line box (TTML `tts:textAlign`, CSS `text-align`).
  public enum TextAlign: String, Sendable, Hashable, Codable { case left, center, right, start, end, justify }
  /// Block-progression alignment in a region (TTML `tts:displayAlign`).
  public enum DisplayAlign: String, Sendable, Hashable, Codable { case before, center, after, justify }
  /// Inline direction.
  public enum Direction: String, Sendable, Hashable, Codable { case ltr, rtl }
  /// TTML writing modes (`tts:writingMode`).
  public enum WritingMode: String, Sendable, Hashable, Codable {
    case lrtb, rltb, tbrl, tblr, lr, rl, tb
  }

  /// Text decorations; any combination.
  public struct TextDecoration: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let underline = TextDecoration(rawValue: 1)
    public static let lineThrough = TextDecoration(rawValue: 2)
    public static let overline = TextDecoration(rawValue: 4)
  }

  /// A text outline (TTML `tts:textOutline`): colour (nil = text colour), thickness, blur.
  public struct TextOutline: Sendable, Hashable, Codable {
    public var color: Color?
    public var thickness: Length
    public var blur: Length?
    public init(color: Color?, thickness: Length, blur: Length? = nil) {
      self.color = color
      self.thickness = thickness
      self.blur = blur
    }
  }

  /// One text shadow (TTML2 `tts:textShadow`, CSS `text-shadow`).
  public struct TextShadow: Sendable, Hashable, Codable {
    public var offsetX: Length
    public var offsetY: Length
    public var blur: Length?
    public var color: Color?
    public init(offsetX: Length, offsetY: Length, blur: Length? = nil, color: Color? = nil) {
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.blur = blur
      self.color = color
    }
  }

  /// Foreground (text) colour.
  public var color: Color?
  /// Background colour behind the text (alpha is the background opacity).
  public var backgroundColor: Color?
  /// Font families in order of preference; generic families as their TTML names
  /// (`default`, `monospace`, `sansSerif`, `serif`, `monospaceSansSerif`, `proportionalSansSerif`…).
  public var fontFamily: [String]?
  /// Font size. The first value; `fontSizeVertical` holds TTML's optional second (anamorphic) value.
  public var fontSize: Length?
  /// The second `tts:fontSize` value, if given.
  public var fontSizeVertical: Length?
  public var fontStyle: FontStyle?
  public var fontWeight: FontWeight?
  public var textDecoration: TextDecoration?
  public var textOutline: TextOutline?
  /// Text shadows; an empty array means `none`.
  public var textShadow: [TextShadow]?
  /// The most shadows a `text-shadow` or `tts:textShadow` list is read with: eight make an
  /// outline, and a list of thousands made the legibility check of every cue slow. A longer
  /// list is not read (its reader reports it).
  public static let maxTextShadows = 32
  public var textAlign: TextAlign?
  public var displayAlign: DisplayAlign?
  /// Line height; `nil` here and in every ancestor means `normal`.
  public var lineHeight: Length?
  /// Opacity 0–1 (TTML `tts:opacity`, CSS `opacity`).
  public var opacity: Double?
  /// `tts:visibility`: `false` for hidden.
  public var visible: Bool?
  /// `tts:display`: `false` for none.
  public var displayed: Bool?
  public var writingMode: WritingMode?
  public var direction: Direction?
  /// IMSC `itts:forcedDisplay`.
  public var forcedDisplay: Bool?
  /// EBU-TT-D `ebutts:linePadding`, in `c`.
  public var linePadding: Length?
  /// EBU-TT-D `ebutts:multiRowAlign` (`start`, `center`, `end`, `auto`).
  public var multiRowAlign: String?
  /// Properties with no field above, by their source name, with the source value.
  public var other: [String: String]

  public init() {
    other = [:]
  }

  /// Whether no property is set. Field by field: comparing with `TextStyle()` built an empty
  /// style and compared every field, for a question readers ask of every cue. Debug builds
  /// check the answer against that comparison, so a property added later cannot be missed.
  public var isEmpty: Bool {
    let empty =
      color == nil && backgroundColor == nil && fontFamily == nil && fontSize == nil && fontSizeVertical == nil
      && fontStyle == nil && fontWeight == nil && textDecoration == nil && textOutline == nil && textShadow == nil
      && textAlign == nil && displayAlign == nil && lineHeight == nil && opacity == nil && visible == nil
      && displayed == nil && writingMode == nil && direction == nil && forcedDisplay == nil && linePadding == nil
      && multiRowAlign == nil && other.isEmpty
    assert(empty == (self == TextStyle()), "TextStyle.isEmpty misses a property")
    return empty
  }

  /// This style without the properties that `other` sets: what still shows through when
  /// `other` is applied on top (for flattening a cascade whose layers are not in merge order).
  public func removing(propertiesSetIn other: TextStyle) -> TextStyle {
    var s = self
    if other.color != nil { s.color = nil }
    if other.backgroundColor != nil { s.backgroundColor = nil }
    if other.fontFamily != nil { s.fontFamily = nil }
    if other.fontSize != nil { s.fontSize = nil }
    if other.fontSizeVertical != nil { s.fontSizeVertical = nil }
    if other.fontStyle != nil { s.fontStyle = nil }
    if other.fontWeight != nil { s.fontWeight = nil }
    if other.textDecoration != nil { s.textDecoration = nil }
    if other.textOutline != nil { s.textOutline = nil }
    if other.textShadow != nil { s.textShadow = nil }
    if other.textAlign != nil { s.textAlign = nil }
    if other.displayAlign != nil { s.displayAlign = nil }
    if other.lineHeight != nil { s.lineHeight = nil }
    if other.opacity != nil { s.opacity = nil }
    if other.visible != nil { s.visible = nil }
    if other.displayed != nil { s.displayed = nil }
    if other.writingMode != nil { s.writingMode = nil }
    if other.direction != nil { s.direction = nil }
    if other.forcedDisplay != nil { s.forcedDisplay = nil }
    if other.linePadding != nil { s.linePadding = nil }
    if other.multiRowAlign != nil { s.multiRowAlign = nil }
    for k in other.other.keys { s.other[k] = nil }
    return s
  }

  /// This style with every property that `overrides` sets taken from it (`overrides` wins).
  public func merged(with overrides: TextStyle) -> TextStyle {
    var s = self
    s.merge(overrides)
    return s
  }

  /// Takes every property that `overrides` sets (`overrides` wins), in place: the cost is what
  /// `overrides` sets, where `merged(with:)` assigned back also copies `other` (so merging many
  /// declarations one at a time was quadratic).
  public mutating func merge(_ overrides: TextStyle) {
    if let v = overrides.color { color = v }
    if let v = overrides.backgroundColor { backgroundColor = v }
    if let v = overrides.fontFamily { fontFamily = v }
    if let v = overrides.fontSize { fontSize = v }
    if let v = overrides.fontSizeVertical { fontSizeVertical = v }
    if let v = overrides.fontStyle { fontStyle = v }
    if let v = overrides.fontWeight { fontWeight = v }
    if let v = overrides.textDecoration { textDecoration = v }
    if let v = overrides.textOutline { textOutline = v }
    if let v = overrides.textShadow { textShadow = v }
    if let v = overrides.textAlign { textAlign = v }
    if let v = overrides.displayAlign { displayAlign = v }
    if let v = overrides.lineHeight { lineHeight = v }
    if let v = overrides.opacity { opacity = v }
    if let v = overrides.visible { visible = v }
    if let v = overrides.displayed { displayed = v }
    if let v = overrides.writingMode { writingMode = v }
    if let v = overrides.direction { direction = v }
    if let v = overrides.forcedDisplay { forcedDisplay = v }
    if let v = overrides.linePadding { linePadding = v }
    if let v = overrides.multiRowAlign { multiRowAlign = v }
    // Taken whole when there is nothing to merge into: shared, not copied.
    if other.isEmpty {
      other = overrides.other
    } else if !overrides.other.isEmpty {
      other.merge(overrides.other) { _, new in new }
    }
  }
}
