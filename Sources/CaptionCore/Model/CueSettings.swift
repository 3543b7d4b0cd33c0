/// Where and how a cue is laid out, in the terms of the WebVTT cue settings (WebVTT §3.3 and
/// the `VTTCue` API). Percentages are of the video viewport (0–100).
///
/// TTML regions and SRT `{\anN}` tags are mapped onto these values by their readers; the
/// defaults are WebVTT's, so an unpositioned cue from any format compares equal.
public struct CueSettings: Sendable, Hashable {
  /// Writing direction (`vertical`): horizontal, or vertical growing left (`rl`) or right (`lr`).
  public enum WritingDirection: String, Sendable, Hashable, Codable {
    case horizontal = ""
    case verticalGrowingLeft = "rl"
    case verticalGrowingRight = "lr"
  }

  /// The cue line: `auto`, or a number. With `snapToLines` it is a line number (negative counts
  /// from the end); without, a percentage of the viewport.
  public enum Line: Sendable, Hashable {
    case auto
    case value(Double)
  }

  /// Line alignment (`lineAlign`): which edge of the cue box the line position names.
  public enum LineAlignment: String, Sendable, Hashable, Codable {
    case start, center, end
  }

  /// Position alignment (`positionAlign`).
  public enum PositionAlignment: String, Sendable, Hashable, Codable {
    case lineLeft = "line-left"
    case center
    case lineRight = "line-right"
    case auto
  }

  /// Text alignment (`align`).
  public enum TextAlignment: String, Sendable, Hashable, Codable {
    case start, center, end, left, right
  }

  /// `vertical`. Default horizontal.
  public var vertical: WritingDirection = .horizontal
  /// `line`. Default `auto`.
  public var line: Line = .auto
  /// `lineAlign`. Default `start`.
  public var lineAlign: LineAlignment = .start
  /// `snapToLines`. Default `true`; a percentage `line` sets it to `false`.
  public var snapToLines: Bool = true
  /// `position` in percent, or `nil` for `auto`.
  public var position: Double? = nil
  /// `positionAlign`. Default `auto`.
  public var positionAlign: PositionAlignment = .auto
  /// `size` in percent. Default 100.
  public var size: Double = 100
  /// `align`. Default `center`.
  public var align: TextAlignment = .center
  /// The identifier of the region the cue is shown in, if any.
  public var region: String? = nil

  public init() {}

  /// Whether every setting has its default value.
  public var isDefault: Bool { self == CueSettings() }
}
