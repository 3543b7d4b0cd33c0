/// How characters are counted for reading speed (characters per second) and characters per
/// line.
///
/// The count is over the cue's plain text: markup (tags, voice names, inline timestamps) is
/// never counted, and line breaks are not characters. Each Unicode extended grapheme cluster
/// counts once (`é` written as `e` + combining accent is one character), then:
/// - whitespace counts when `countSpaces` (Netflix counts spaces; default true);
/// - punctuation (Unicode general category P*) counts when `countPunctuation` (default true);
/// - a full-width character (East Asian Width W or F: CJK ideographs, kana, Hangul syllables,
///   full-width forms) counts `fullWidthWeight` (default 1; set 2 to weigh a full-width character
///   like two Latin ones, as some Japanese and Chinese guides do).
///
/// Configure it per language in `.captionkit.json` (`languages.<tag>.thresholds.counting`).
public struct ReadingSpeedCounting: Sendable, Hashable {
  public var countSpaces: Bool
  public var countPunctuation: Bool
  public var fullWidthWeight: Double

  public init(countSpaces: Bool = true, countPunctuation: Bool = true, fullWidthWeight: Double = 1) {
    self.countSpaces = countSpaces
    self.countPunctuation = countPunctuation
    self.fullWidthWeight = fullWidthWeight
  }
}
