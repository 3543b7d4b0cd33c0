extension StyleProfile {
  /// Layout limits (`layout` group).
  public struct Layout: Sendable, Hashable {
    /// `start`, `center`, `end`, `left` or `right`.
    public var textAlign: String = "center"
    /// `before`, `center` or `after`.
    public var displayAlign: String = "after"
    /// Fraction of the frame treated as safe (EBU R 95 graphics-safe 0.9).
    public var safeArea: Double = 0.9
    /// Most lines per caption (1–4).
    public var maxLines: Int = 2
    /// Most characters per line (20–60).
    public var maxCharsPerLine: Int = 42
    /// Widest line as a fraction of the video width.
    public var maxLineWidth: Double = 0.9
    /// Video aspect ratio (width ÷ height) used to estimate line widths.
    public var aspectRatio: Double = 16.0 / 9.0

    public init() {}
  }

  /// Timing limits (`timing` group). Durations in seconds.
  public struct Timing: Sendable, Hashable {
    public var maxCharsPerSecond: Double = 17
    public var maxWordsPerMinute: Double = 180
    public var minDuration: Double = 0.8333
    public var maxDuration: Double = 7
    public var minGapFrames: Int = 2

    public init() {}
  }

  /// Effects (`effects` group).
  public struct Effects: Sendable, Hashable {
    /// Layers that flash (CTA-708 FLASH opacity): any of `text`, `edge`, `background`, `window`.
    /// `"flash": true` in JSON means the text.
    public var flash: Set<String> = []

    public init() {}
  }

  /// Display preferences (`display` group).
  public struct Display: Sendable, Hashable {
    /// `alwaysOn`, `automatic` or `forcedOnly` (Apple `MACaptionAppearanceDisplayType`).
    public var mode: String = "automatic"

    public init() {}
  }
}
