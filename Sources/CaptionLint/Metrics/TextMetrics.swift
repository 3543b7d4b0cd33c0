import CaptionCore

/// Character, word and line counts of cue text, as the text rules and reports use them.
///
/// See `ReadingSpeedCounting` for the counting formula. All counts are one linear pass over
/// the UTF-8 bytes (`UTF8Text`).
public enum TextMetrics {
  /// The weighted character count of `text` (one line or many; line breaks are never counted).
  public static func characterCount(_ text: String, counting: ReadingSpeedCounting = ReadingSpeedCounting()) -> Double {
    var t = text
    return t.withUTF8 { characterCount($0, counting: counting) }
  }

  /// The weighted character count of part of a text (for example one of `lines(_:)`).
  public static func characterCount(_ text: Substring, counting: ReadingSpeedCounting = ReadingSpeedCounting()) -> Double {
    var t = text
    return t.withUTF8 { characterCount($0, counting: counting) }
  }

  /// The weighted character count of each line of `text` (split at line breaks; a text with no
  /// line break is one line).
  public static func lineCharacterCounts(_ text: String, counting: ReadingSpeedCounting = ReadingSpeedCounting()) -> [Double] {
    var t = text
    return t.withUTF8 { p in
      let table = CharacterClass.table
      var out: [Double] = []
      var line = 0.0
      UTF8Text.forEachGrapheme(p) { v in
        if v == 0x0A {
          out.append(line)
          line = 0
        } else {
          line += weight(v, table: table, counting: counting)
        }
      }
      out.append(line)
      return out
    }
  }

  /// Extended grapheme clusters in `text`, line breaks and invisible format characters excluded
  /// (what a viewer counts as characters).
  public static func graphemeCount(_ text: Substring) -> Int {
    var t = text
    return t.withUTF8 { p in
      var n = 0
      UTF8Text.forEachGrapheme(p) { v in if v != 0x0A, !(Unicode.Scalar(v).map(isInvisible) ?? false) { n += 1 } }
      return n
    }
  }

  /// Words: maximal runs of non-whitespace scalars.
  public static func wordCount(_ text: String) -> Int {
    var t = text
    return t.withUTF8 { p in
      var count = 0
      var inWord = false
      var i = 0
      while i < p.count {
        let (v, next) = UTF8Text.scalar(p, i)
        i = next
        if UTF8Text.isWhitespace(v) {
          inWord = false
        } else if !inWord {
          inWord = true
          count += 1
        }
      }
      return count
    }
  }

  /// The number of lines (line feeds + 1; a cue with no text has one empty line).
  public static func lineCount(_ text: String) -> Int {
    var t = text
    return t.withUTF8 { p in
      var n = 1
      for b in p where b == 0x0A { n += 1 }
      return n
    }
  }

  /// The lines of a cue's plain text (split at line feeds; a cue with no text has one empty
  /// line). A carriage return before a line feed is not part of the line.
  public static func lines(_ text: String) -> [Substring] {
    var offsets: [(Int, Int)] = []
    var t = text
    t.withUTF8 { p in
      var start = 0
      for i in 0..<p.count where p[i] == 0x0A {
        offsets.append((start, i > start && p[i - 1] == 0x0D ? i - 1 : i))
        start = i + 1
      }
      offsets.append((start, p.count))
    }
    let u = text.utf8
    return offsets.map { a, b in
      let lo = u.index(u.startIndex, offsetBy: a), hi = u.index(u.startIndex, offsetBy: b)
      return text[lo..<hi]
    }
  }

  static func characterCount(_ p: UnsafeBufferPointer<UInt8>, counting: ReadingSpeedCounting) -> Double {
    let table = CharacterClass.table
    var total = 0.0
    UTF8Text.forEachGrapheme(p) { v in
      if v != 0x0A { total += weight(v, table: table, counting: counting) }
    }
    return total
  }

  /// How a character (given by its first scalar) counts.
  @inline(__always)
  static func weight(_ v: UInt32, table: [CharacterClass], counting: ReadingSpeedCounting) -> Double {
    switch v < 0x80 ? table[Int(v)] : CharacterClass(nonASCII: v) {
    case .space: counting.countSpaces ? 1 : 0
    case .punctuation: counting.countPunctuation ? 1 : 0
    case .fullWidthSpace: counting.countSpaces ? counting.fullWidthWeight : 0
    case .fullWidthPunctuation: counting.countPunctuation ? counting.fullWidthWeight : 0
    case .fullWidth: counting.fullWidthWeight
    case .other: 1
    case .invisible: 0
    }
  }

  /// What the counting formula distinguishes.
  enum CharacterClass {
    /// Full-width spaces and punctuation (U+3000, `、`, `。`, `！`) are spaces and punctuation
    /// that weigh as full-width characters when counted. Format and control characters that
    /// draw nothing (U+200E LRM, U+200F RLM, U+061C ALM, U+202A–U+202E embeddings, U+2066–U+2069
    /// isolates, U+200B, U+2060, U+00AD, U+FEFF) are `invisible`: they count as nothing, as
    /// Subtitle Edit counts them (RTL style guides ask for these marks).
    case space, punctuation, fullWidth, fullWidthSpace, fullWidthPunctuation, other, invisible

    /// The class of each ASCII scalar, from the same Unicode properties as non-ASCII ones.
    static let table: [CharacterClass] = (0..<128).map { CharacterClass(scalar: Unicode.Scalar(UInt8($0))) }

    init(nonASCII v: UInt32) {
      guard let s = Unicode.Scalar(v) else {
        self = .other
        return
      }
      self.init(scalar: s)
    }

    init(scalar s: Unicode.Scalar) {
      if TextMetrics.isInvisible(s) {
        self = .invisible
      } else if UTF8Text.isWhitespace(s.value) {
        self = TextMetrics.isFullWidth(s) ? .fullWidthSpace : .space
      } else if TextMetrics.isPunctuation(s) {
        self = TextMetrics.isFullWidth(s) ? .fullWidthPunctuation : .punctuation
      } else if TextMetrics.isFullWidth(s) {
        self = .fullWidth
      } else {
        self = .other
      }
    }
  }

  /// Whether a scalar that starts a grapheme cluster draws nothing: a format (Cf) or control
  /// (Cc) character that is not white space (tab and line ends are), nor a prepended mark that
  /// joins the character after it (U+0600 ARABIC NUMBER SIGN and the other Prepend formats).
  static func isInvisible(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    guard !UTF8Text.isWhitespace(v) else { return false }
    if (0x0600...0x0605).contains(v) || v == 0x06DD || v == 0x070F || v == 0x0890 || v == 0x0891 || v == 0x08E2 || v == 0x110BD || v == 0x110CD {
      return false
    }
    switch s.properties.generalCategory {
    case .format, .control: return true
    default: return false
    }
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
    if v < 0x1100 { return false }
    return (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
      || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
      || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
      || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x2FFFD).contains(v)
      || (0x30000...0x3FFFD).contains(v)
  }
}
