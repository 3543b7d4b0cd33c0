import CaptionCore

/// The numbers the rules check against. `nil` turns the check off.
///
/// Presets (`LintPreset`) supply a full set; `.captionkit.json` overrides single values, and
/// per-language blocks override those again for documents in that language.
public struct LintThresholds: Sendable, Hashable {
  /// Shortest allowed cue duration (`timing.min-duration`).
  public var minDuration: CaptionTime?
  /// Longest allowed cue duration (`timing.max-duration`).
  public var maxDuration: CaptionTime?
  /// Smallest allowed gap between consecutive cues, in frames at `frameRate` (`timing.min-gap`).
  public var minGapFrames: Int?
  /// Whether a gap of 0 (one cue ends when the next starts: chained) passes `timing.min-gap`.
  /// BBC guidelines chain subtitles; Netflix asks for the minimum gap between every two.
  public var allowsChainedCues: Bool
  /// The frame rate gaps are counted at. Default 24000/1001.
  public var frameRate: FrameRate
  /// Highest reading speed in characters per second (`text.reading-speed`).
  public var maxCharactersPerSecond: Double?
  /// Highest reading speed in words per minute (`text.words-per-minute`).
  public var maxWordsPerMinute: Double?
  /// Most characters on one line (`text.line-length`).
  public var maxCharactersPerLine: Int?
  /// Most lines in one cue (`text.line-count`).
  public var maxLinesPerCue: Int?
  /// How characters are counted for the reading speed and line length.
  public var counting: ReadingSpeedCounting
  /// CEA-608 caption columns (`cea608.columns`). 32 in the standard.
  public var cea608Columns: Int
  /// CEA-608 caption rows (`cea608.rows`). 4 for pop-on captions in practice (FCC 79.102).
  public var cea608Rows: Int
  /// Longest stretch at the end of the programme with no captions (`media.coverage`).
  public var maxUncaptionedTail: CaptionTime?

  public init(
    minDuration: CaptionTime? = nil, maxDuration: CaptionTime? = nil, minGapFrames: Int? = nil,
    frameRate: FrameRate = FrameRate(24000, 1001)!, maxCharactersPerSecond: Double? = nil,
    maxWordsPerMinute: Double? = nil, maxCharactersPerLine: Int? = nil, maxLinesPerCue: Int? = nil,
    counting: ReadingSpeedCounting = ReadingSpeedCounting(), cea608Columns: Int = 32, cea608Rows: Int = 4,
    maxUncaptionedTail: CaptionTime? = CaptionTime(value: 60, timescale: 1), allowsChainedCues: Bool = true
  ) {
    self.allowsChainedCues = allowsChainedCues
    self.minDuration = minDuration
    self.maxDuration = maxDuration
    self.minGapFrames = minGapFrames
    self.frameRate = frameRate
    self.maxCharactersPerSecond = maxCharactersPerSecond
    self.maxWordsPerMinute = maxWordsPerMinute
    self.maxCharactersPerLine = maxCharactersPerLine
    self.maxLinesPerCue = maxLinesPerCue
    self.counting = counting
    self.cea608Columns = cea608Columns
    self.cea608Rows = cea608Rows
    self.maxUncaptionedTail = maxUncaptionedTail
  }
}
