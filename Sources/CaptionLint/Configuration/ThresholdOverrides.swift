import CaptionCore

/// A partial set of thresholds from a configuration file: each field is `nil` when the file
/// does not mention it, `.some(nil)` when it turns the check off (`null` in JSON).
public struct ThresholdOverrides: Sendable, Hashable {
  public var minDuration: CaptionTime??
  public var maxDuration: CaptionTime??
  public var minGapFrames: Int??
  public var frameRate: FrameRate?
  public var maxCharactersPerSecond: Double??
  public var maxWordsPerMinute: Double??
  public var maxCharactersPerLine: Int??
  public var maxLinesPerCue: Int??
  public var countSpaces: Bool?
  public var countPunctuation: Bool?
  public var fullWidthWeight: Double?
  public var cea608Columns: Int?
  public var cea608Rows: Int?
  public var maxUncaptionedTail: CaptionTime??
  public var allowChainedCues: Bool?

  public init() {}

  /// This set with every value `other` mentions taken from `other`.
  public func merged(with other: ThresholdOverrides) -> ThresholdOverrides {
    var t = self
    if let v = other.minDuration { t.minDuration = v }
    if let v = other.maxDuration { t.maxDuration = v }
    if let v = other.minGapFrames { t.minGapFrames = v }
    if let v = other.frameRate { t.frameRate = v }
    if let v = other.maxCharactersPerSecond { t.maxCharactersPerSecond = v }
    if let v = other.maxWordsPerMinute { t.maxWordsPerMinute = v }
    if let v = other.maxCharactersPerLine { t.maxCharactersPerLine = v }
    if let v = other.maxLinesPerCue { t.maxLinesPerCue = v }
    if let v = other.countSpaces { t.countSpaces = v }
    if let v = other.countPunctuation { t.countPunctuation = v }
    if let v = other.fullWidthWeight { t.fullWidthWeight = v }
    if let v = other.cea608Columns { t.cea608Columns = v }
    if let v = other.cea608Rows { t.cea608Rows = v }
    if let v = other.maxUncaptionedTail { t.maxUncaptionedTail = v }
    if let v = other.allowChainedCues { t.allowChainedCues = v }
    return t
  }

  /// `base` with every value this set mentions replaced.
  public func applied(to base: LintThresholds) -> LintThresholds {
    var t = base
    if let v = minDuration { t.minDuration = v }
    if let v = maxDuration { t.maxDuration = v }
    if let v = minGapFrames { t.minGapFrames = v }
    if let v = frameRate { t.frameRate = v }
    if let v = maxCharactersPerSecond { t.maxCharactersPerSecond = v }
    if let v = maxWordsPerMinute { t.maxWordsPerMinute = v }
    if let v = maxCharactersPerLine { t.maxCharactersPerLine = v }
    if let v = maxLinesPerCue { t.maxLinesPerCue = v }
    if let v = countSpaces { t.counting.countSpaces = v }
    if let v = countPunctuation { t.counting.countPunctuation = v }
    if let v = fullWidthWeight { t.counting.fullWidthWeight = v }
    if let v = cea608Columns { t.cea608Columns = v }
    if let v = cea608Rows { t.cea608Rows = v }
    if let v = maxUncaptionedTail { t.maxUncaptionedTail = v }
    if let v = allowChainedCues { t.allowsChainedCues = v }
    return t
  }
}
