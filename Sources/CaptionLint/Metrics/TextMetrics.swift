import CaptionCore

/// Character, word and line counts of cue text, as the text rules and reports use them.
///
/// See `ReadingSpeedCounting` for the counting formula.
public enum TextMetrics {
  /// The weighted character count of `text` (one line or many; `\n` is never counted).
  public static func characterCount(_ text: String, counting: ReadingSpeedCounting = ReadingSpeedCounting()) -> Double {
    var total = 0.0
    for ch in text {
      if ch == "\n" || ch == "\r\n" { continue }
      guard let scalar = ch.unicodeScalars.first else { continue }
      if scalar.properties.isWhitespace {
        if counting.countSpaces { total += 1 }
        continue
      }
      if isPunctuation(scalar) {
        if counting.countPunctuation { total += 1 }
        continue
      }
      total += isFullWidth(scalar) ? counting.fullWidthWeight : 1
    }
    return total
  }

  /// Words: maximal runs of non-whitespace characters.
  public static func wordCount(_ text: String) -> Int {
    var count = 0
    var inWord = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        inWord = false
      } else if !inWord {
        inWord = true
        count += 1
      }
    }
    return count
  }

  /// The lines of a cue's plain text (split at line breaks; a cue with no text has one empty line).
  public static func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// Whether a scalar is Unicode punctuation (general category Pc, Pd, Ps, Pe, Pi, Pf or Po).
  static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
    switch s.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  /// Whether a scalar is East Asian Wide or Fullwidth (the blocks that matter for captions:
  /// CJK punctuation and ideographs, kana, Hangul, and the full-width forms).
  static func isFullWidth(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
      || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
      || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
      || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x2FFFD).contains(v)
      || (0x30000...0x3FFFD).contains(v)
  }
}
