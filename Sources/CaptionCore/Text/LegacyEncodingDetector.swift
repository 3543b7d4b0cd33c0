/// Guesses the legacy code page of text that is not valid UTF-8, from byte statistics.
///
/// Every candidate decoding is scored by how plausible its non-ASCII characters are:
///
/// - Single-byte code pages (windows-1250…1256, ISO-8859-2, KOI8-R) are scored once per language
///   profile (French, Polish, Russian, Serbian, Greek, Hebrew…). Each high byte has a weight in
///   the profile: a frequent letter of the language scores high, a letter the language does not
///   use or a letter of another script scores low, and C1 controls or undefined bytes score very
///   low. Adjacent pairs are then checked: a lower-case letter followed by an upper-case one
///   inside a word (what KOI8-R read as windows-1251 looks like), or two letters of different
///   scripts side by side, are penalised.
/// - Multibyte CJK encodings (GB18030/GBK/GB2312, Big5, Shift_JIS, EUC-KR) are scored by walking
///   their lead/trail byte structure: invalid pairs score very low, common characters (and kana
///   for Shift_JIS) high, characters in the frequent plane (GB2312 level 1, Big5 frequent
///   characters, Hangul syllables) a little.
///
/// The score is averaged per non-ASCII byte, and the best candidate wins; ties go to the more
/// common code page. The tables come from `Scripts/generate_legacy_encoding_tables.py`.
///
/// - Complexity: O(n) over at most the first `sampleLimit` bytes.
public enum LegacyEncodingDetector {
  /// One scored candidate.
  public struct Candidate: Sendable, Hashable {
    /// The encoding.
    public var encoding: TextEncoding
    /// The language profile that scored best for it (`russian`, `croatian-serbian-slovene`,
    /// `chinese`…).
    public var language: String
    /// Mean plausibility per non-ASCII byte: about 2–4 for a right guess, negative for a wrong one.
    public var score: Double
  }

  /// Bytes examined at most: enough for any subtitle file's statistics.
  public static let sampleLimit = 1 << 20

  /// The most likely encoding of `bytes`; windows-1252 when nothing points elsewhere.
  public static func detect(_ bytes: [UInt8]) -> TextEncoding {
    rank(bytes).first?.encoding ?? .windows1252
  }

  /// Every candidate encoding with its score, best first.
  public static func rank(_ bytes: [UInt8]) -> [Candidate] {
    let sample = bytes.prefix(sampleLimit)
    var hist = [Int](repeating: 0, count: 256)
    // Adjacent pairs with a high byte, as the distinct pairs seen and their counts, so the
    // penalty pass costs O(distinct pairs), not 65,536 per encoding. Short samples count in a
    // dictionary: clearing a dense 65,536-entry table (256 KiB) dominated them.
    var seen: [Int] = []
    var seenCounts: [Int32] = []
    var high = 0
    sample.withUnsafeBufferPointer { buf in
      var prev = 0x20
      let dense = buf.count > 1 << 14
      var table = dense ? [Int32](repeating: 0, count: 65536) : []
      var slot: [Int: Int] = [:]
      for b in buf {
        let v = Int(b)
        hist[v] += 1
        if v >= 0x80 || prev >= 0x80 {
          let k = prev << 8 | v
          if dense {
            if table[k] == 0 { seen.append(k) }
            table[k] &+= 1
          } else if let i = slot[k] {
            seenCounts[i] &+= 1
          } else {
            slot[k] = seen.count
            seen.append(k)
            seenCounts.append(1)
          }
        }
        prev = v
      }
      if dense { seenCounts = seen.map { table[$0] } }
    }
    let present = (0x80..<256).filter { hist[$0] > 0 }
    for b in present { high += hist[b] }
    guard high > 0 else { return [Candidate(encoding: .windows1252, language: "", score: 0)] }

    var best: [TextEncoding: Candidate] = [:]
    var pairPenalty: [TextEncoding: Int] = [:]
    for p in LegacyEncodingTables.profiles {
      let penalty: Int
      if let known = pairPenalty[p.encoding] {
        penalty = known
      } else {
        penalty = pairPenaltyOf(seen: seen, counts: seenCounts, classes: classes(p.encoding))
        pairPenalty[p.encoding] = penalty
      }
      var s = -penalty
      for b in present { s += hist[b] * Int(p.weights[b - 0x80]) }
      let c = Candidate(encoding: p.encoding, language: p.language, score: Double(s) / Double(high))
      if best[p.encoding].map({ c.score > $0.score }) ?? true { best[p.encoding] = c }
    }
    sample.withUnsafeBufferPointer { buf in
      for (e, lang) in [(TextEncoding.gb18030, "chinese"), (.big5, "chinese"), (.shiftJIS, "japanese"), (.eucKR, "korean")] {
        best[e] = Candidate(encoding: e, language: lang, score: Double(multibyteScore(buf, e)) / Double(high))
      }
    }
    return best.values.sorted {
      $0.score != $1.score ? $0.score > $1.score : priority($0.encoding) < priority($1.encoding)
    }
  }

  /// Tie-break order: the code pages most subtitle files use come first.
  static func priority(_ e: TextEncoding) -> Int {
    let order: [TextEncoding] = [
      .windows1252, .windows1250, .windows1251, .koi8R, .iso8859_2, .windows1253, .windows1254,
      .windows1255, .windows1256, .gb18030, .big5, .shiftJIS, .eucKR,
    ]
    return order.firstIndex(of: e) ?? order.count
  }

  static func classes(_ e: TextEncoding) -> [UInt8] {
    switch e {
    case .windows1250: LegacyEncodingTables.windows1250Classes
    case .windows1251: LegacyEncodingTables.windows1251Classes
    case .windows1253: LegacyEncodingTables.windows1253Classes
    case .windows1254: LegacyEncodingTables.windows1254Classes
    case .windows1255: LegacyEncodingTables.windows1255Classes
    case .windows1256: LegacyEncodingTables.windows1256Classes
    case .iso8859_1: LegacyEncodingTables.iso8859_1Classes
    case .iso8859_2: LegacyEncodingTables.iso8859_2Classes
    case .koi8R: LegacyEncodingTables.koi8RClasses
    default: LegacyEncodingTables.windows1252Classes
    }
  }

  /// Penalty for letter pairs that natural text rarely has: lower-case then upper-case inside a
  /// word, and letters of two scripts side by side.
  static func pairPenaltyOf(seen: [Int], counts: [Int32], classes cls: [UInt8]) -> Int {
    var penalty = 0
    for (k, n) in zip(seen, counts) {
      let ca = cls[k >> 8], cb = cls[k & 0xFF]
      guard ca & 0x30 != 0, cb & 0x30 != 0 else { continue }
      let n = Int(n)
      if ca & 0x0F != cb & 0x0F, ca & 0x0F != 0, cb & 0x0F != 0 {
        penalty += 6 * n
      } else if ca & 0x30 == 0x10, cb & 0x30 == 0x20 {
        penalty += 4 * n
      }
    }
    return penalty
  }

  /// Common-character bitmaps (one bit per lead/trail pair) per multibyte encoding.
  static let commonBitmaps: [TextEncoding: [UInt64]] = {
    var out: [TextEncoding: [UInt64]] = [:]
    for (e, list) in [
      (TextEncoding.gb18030, LegacyEncodingTables.gb18030Common), (.big5, LegacyEncodingTables.big5Common),
      (.shiftJIS, LegacyEncodingTables.shiftJISCommon), (.eucKR, LegacyEncodingTables.eucKRCommon),
    ] {
      var bits = [UInt64](repeating: 0, count: 1024)
      for p in list { bits[Int(p >> 6)] |= 1 << UInt64(p & 63) }
      out[e] = bits
    }
    return out
  }()

  /// Sum of byte weights when `buf` is read as the multibyte encoding `e`.
  static func multibyteScore(_ buf: UnsafeBufferPointer<UInt8>, _ e: TextEncoding) -> Int {
    let common = commonBitmaps[e] ?? []
    func isCommon(_ pair: Int) -> Bool { common[pair >> 6] & (1 << UInt64(pair & 63)) != 0 }
    let n = buf.count
    var i = 0
    var s = 0
    while i < n {
      let a = Int(buf[i])
      if a < 0x80 { i += 1; continue }
      switch e {
      case .shiftJIS:
        if a >= 0xA1 && a <= 0xDF { s -= 1; i += 1; continue }  // half-width katakana
        guard (0x81...0x9F).contains(a) || (0xE0...0xFC).contains(a), i + 1 < n else { s -= 20; i += 1; continue }
        let b = Int(buf[i + 1])
        guard (0x40...0x7E).contains(b) || (0x80...0xFC).contains(b) else { s -= 20; i += 1; continue }
        let p = a << 8 | b
        if (0x829F...0x82F1).contains(p) || (0x8340...0x8396).contains(p) || isCommon(p) {
          s += 8
        } else if a == 0x81 {
          s += 0
        } else if (0x889F...0x9872).contains(p) {
          s += 2
        } else {
          s -= 4
        }
        i += 2
      case .gb18030:
        guard a >= 0x81 && a <= 0xFE, i + 1 < n else { s -= 20; i += 1; continue }
        let b = Int(buf[i + 1])
        if b >= 0x30 && b <= 0x39 {
          // Four-byte form: lead, digit, lead, digit. Valid but rare in subtitles.
          if i + 3 < n, (0x81...0xFE).contains(buf[i + 2]), (0x30...0x39).contains(buf[i + 3]) {
            s -= 8
            i += 4
          } else {
            s -= 20
            i += 1
          }
          continue
        }
        guard (0x40...0x7E).contains(b) || (0x80...0xFE).contains(b) else { s -= 20; i += 1; continue }
        let p = a << 8 | b
        if isCommon(p) {
          s += 8
        } else if a >= 0xB0 && a <= 0xD7 && b >= 0xA1 {
          s += 2
        } else if a >= 0xA1 && a <= 0xA9 && b >= 0xA1 {
          s += 0
        } else {
          s -= 4
        }
        i += 2
      case .big5:
        guard a >= 0x81 && a <= 0xFE, i + 1 < n else { s -= 20; i += 1; continue }
        let b = Int(buf[i + 1])
        guard (0x40...0x7E).contains(b) || (0xA1...0xFE).contains(b) else { s -= 20; i += 1; continue }
        let p = a << 8 | b
        if isCommon(p) {
          s += 8
        } else if (0xA440...0xC67E).contains(p) {
          s += 2
        } else if (0xA140...0xA3BF).contains(p) {
          s += 0
        } else {
          s -= a >= 0xA1 && a <= 0xF9 ? 4 : 8
        }
        i += 2
      default:  // EUC-KR
        guard a >= 0xA1 && a <= 0xFE, i + 1 < n else { s -= 20; i += 1; continue }
        let b = Int(buf[i + 1])
        guard b >= 0xA1 && b <= 0xFE else { s -= 20; i += 1; continue }
        let p = a << 8 | b
        if isCommon(p) {
          s += 8
        } else if (0xB0A1...0xC8FE).contains(p) {
          s += 2
        } else if a <= 0xAC {
          s += 0
        } else {
          s -= 4
        }
        i += 2
      }
    }
    return s
  }
}
