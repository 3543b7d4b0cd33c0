/// Language code helpers: ISO 639-1, 639-2/T and 639-2/B codes of one language compare equal
/// (`en` = `eng`, `fr` = `fra` = `fre`, `de` = `deu` = `ger`), and tags compare by primary subtag.
public enum LanguageTag {
  /// (639-1, 639-2/T, 639-2/B when different).
  private static let table: [(String, String, String?)] = [
    ("en", "eng", nil), ("fr", "fra", "fre"), ("de", "deu", "ger"), ("es", "spa", nil), ("it", "ita", nil),
    ("pt", "por", nil), ("nl", "nld", "dut"), ("sv", "swe", nil), ("da", "dan", nil), ("no", "nor", nil),
    ("nb", "nob", nil), ("nn", "nno", nil), ("fi", "fin", nil), ("is", "isl", "ice"), ("pl", "pol", nil),
    ("cs", "ces", "cze"), ("sk", "slk", "slo"), ("sl", "slv", nil), ("hr", "hrv", nil), ("sr", "srp", nil),
    ("bs", "bos", nil), ("hu", "hun", nil), ("ro", "ron", "rum"), ("bg", "bul", nil), ("el", "ell", "gre"),
    ("tr", "tur", nil), ("ru", "rus", nil), ("uk", "ukr", nil), ("be", "bel", nil), ("et", "est", nil),
    ("lv", "lav", nil), ("lt", "lit", nil), ("ga", "gle", nil), ("cy", "cym", "wel"), ("eu", "eus", "baq"),
    ("ca", "cat", nil), ("gl", "glg", nil), ("mt", "mlt", nil), ("sq", "sqi", "alb"), ("mk", "mkd", "mac"),
    ("hy", "hye", "arm"), ("ka", "kat", "geo"), ("ar", "ara", nil), ("he", "heb", nil), ("fa", "fas", "per"),
    ("ur", "urd", nil), ("hi", "hin", nil), ("bn", "ben", nil), ("pa", "pan", nil), ("ta", "tam", nil),
    ("te", "tel", nil), ("ml", "mal", nil), ("kn", "kan", nil), ("mr", "mar", nil), ("gu", "guj", nil),
    ("th", "tha", nil), ("vi", "vie", nil), ("id", "ind", nil), ("ms", "msa", "may"), ("tl", "tgl", nil),
    ("zh", "zho", "chi"), ("ja", "jpn", nil), ("ko", "kor", nil), ("sw", "swa", nil), ("af", "afr", nil),
    ("zu", "zul", nil), ("am", "amh", nil), ("yo", "yor", nil), ("ha", "hau", nil), ("la", "lat", nil),
  ]

  /// The ISO 639-2/T code for a tag's primary subtag (`en-US` → `eng`, `fre` → `fra`), or the
  /// lower-cased primary subtag when it is not in the table.
  public static func canonical(_ tag: String) -> String {
    let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    for (one, t, b) in table where primary == one || primary == t || primary == b { return t }
    return primary
  }

  /// The ISO 639-1 code (or the 639-2 code when there is none) for a 639-2 code: a BCP 47 tag.
  public static func bcp47(fromISO639 code: String) -> String {
    let c = code.lowercased()
    for (one, t, b) in table where c == t || c == b || c == one { return one }
    return c
  }

  /// Whether two tags name the same language (primary subtags, 639-1/-2B/-2T equal). When
  /// `wanted` has a region or script (`en-US`), `actual` must carry the same full tag.
  ///
  /// A macrolanguage and the languages in it match each other (ISO 639-3; BCP 47 allows both
  /// tags, RFC 5646 §2.2.1): `no` (`nor`) matches `nb` (`nob`) and `nn` (`nno`), `zh` matches
  /// `yue` and `cmn`, `ar` matches `arz`. Tracks tagged either way are offered for either.
  public static func matches(_ actual: String, wanted: String) -> Bool {
    let a = canonical(actual), w = canonical(wanted)
    guard a == w || macrolanguages[a]?.contains(w) == true || macrolanguages[w]?.contains(a) == true else { return false }
    if wanted.containsUTF8("-") { return actual.lowercased() == wanted.lowercased() }
    return true
  }

  /// Macrolanguages (by ISO 639-2/T code) and their common individual languages (ISO 639-3).
  private static let macrolanguages: [String: Set<String>] = [
    "nor": ["nob", "nno"],
    "zho": ["cmn", "yue", "wuu", "hak", "nan", "gan", "hsn", "cdo", "cjy", "lzh"],
    "ara": ["arb", "arz", "apc", "ajp", "acm", "ary", "aeb", "afb", "apd", "ayl", "ars", "arq"],
    "msa": ["zsm", "min", "mfa"],
    "fas": ["pes", "prs"],
    "swa": ["swh", "swc"],
    "est": ["ekk"],
    "lav": ["lvs", "ltg"],
    "sqi": ["als", "aln"],
  ]

  /// Whether a tag is missing or undetermined (`und`, empty).
  public static func isUndetermined(_ tag: String?) -> Bool {
    guard let t = tag?.lowercased(), !t.isEmpty else { return true }
    return t == "und" || t == "zxx" || t == "mis" || t == "mul"
  }

  /// A syntactic BCP 47 check (RFC 5646 §2.1 shape: alphanumeric subtags of 1–8 characters, a
  /// primary language subtag of 2–3 or 5–8 letters (4 letters are reserved, §2.2.1), or
  /// `x-`/`i-` forms).
  public static func isWellFormedBCP47(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, !first.isEmpty else { return false }
    for p in parts {
      guard (1...8).contains(p.count), p.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
    }
    if first == "x" || first == "i" { return parts.count > 1 }
    return first.allSatisfy({ $0.isASCII && $0.isLetter }) && ((2...3).contains(first.count) || (5...8).contains(first.count))
  }
}
