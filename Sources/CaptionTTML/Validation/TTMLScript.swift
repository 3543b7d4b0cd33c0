/// The Unicode Script property (UAX #24) of a code point, in the groups the IMSC Hypothetical
/// Render Model tells apart (`TTMLRenderModel`): the CJK scripts it renders slowly, the scripts
/// whose glyphs it copies fast, and the rest.
///
/// The ranges are the scripts' blocks (Unicode 15); Common is punctuation, symbols, spaces and
/// digits outside the blocks of a script, and the combining marks (script Inherited) count as
/// "other", as in the Script property.
enum TTMLScript {
  /// Han, Hiragana, Katakana, Bopomofo, Hangul: `Ren` 0.6 s⁻¹.
  case cjk
  /// Latin, Greek, Cyrillic, Hebrew and Common: `GCpy` 12 s⁻¹.
  case simple
  /// Any other script (Arabic, Devanagari, Thai, Inherited…).
  case other

  var rendersSlowly: Bool { self == .cjk }
  var copiesFast: Bool { self == .simple }

  static func of(_ v: UInt32) -> TTMLScript {
    switch v {
    case 0x0000...0x02FF: return .simple  // ASCII, Latin-1, Latin Extended, IPA, spacing modifiers
    case 0x0300...0x036F: return .other  // combining diacritical marks (Inherited)
    case 0x0370...0x052F: return .simple  // Greek, Cyrillic
    case 0x0591...0x05F4: return .simple  // Hebrew
    case 0x1100...0x11FF: return .cjk  // Hangul Jamo
    case 0x1C80...0x1C8F, 0x1D00...0x1DBF, 0x1E00...0x1FFF: return .simple  // Cyrillic, phonetic, Latin, Greek extended
    case 0x1DC0...0x1DFF, 0x20D0...0x20FF: return .other  // combining marks
    case 0x2000...0x2BFF: return .simple  // punctuation, symbols, arrows, box drawing (Common)
    case 0x2C60...0x2C7F, 0x2DE0...0x2DFF: return .simple  // Latin Extended-C, Cyrillic Extended-A
    case 0x2E00...0x2E7F: return .simple  // supplemental punctuation
    case 0x2E80...0x2FDF: return .cjk  // CJK and Kangxi radicals
    case 0x3000...0x3004, 0x3008...0x3020, 0x3030...0x3037, 0x303C...0x303F: return .simple  // CJK punctuation (Common)
    case 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B: return .cjk  // ideographic marks and numerals (Han)
    case 0x302A...0x302F, 0x3099...0x309A: return .other  // combining (Inherited)
    case 0x3041...0x3096, 0x309D...0x309F: return .cjk  // Hiragana
    case 0x309B...0x309C, 0x30A0, 0x30FB...0x30FC: return .simple  // kana marks and punctuation (Common)
    case 0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357: return .cjk  // Katakana
    case 0x3105...0x312F, 0x31A0...0x31BF: return .cjk  // Bopomofo
    case 0x3131...0x318E: return .cjk  // Hangul compatibility Jamo
    case 0x3190...0x319F, 0x31C0...0x31E3, 0x3200...0x321E, 0x3260...0x327E: return .cjk  // Kanbun, strokes, enclosed
    case 0x3220...0x325F, 0x327F...0x32CF, 0x32FF, 0x3358...0x33FF: return .simple  // enclosed and compatibility (Common)
    case 0x3400...0x4DBF, 0x4E00...0x9FFF: return .cjk  // CJK ideographs
    case 0x4DC0...0x4DFF: return .simple  // hexagram symbols (Common)
    case 0xA640...0xA69F: return .simple  // Cyrillic Extended-B
    case 0xA700...0xA7FF: return .simple  // modifier tone letters, Latin Extended-D
    case 0xA960...0xA97F, 0xAC00...0xD7FF: return .cjk  // Hangul
    case 0xF900...0xFAFF: return .cjk  // CJK compatibility ideographs
    case 0xFB00...0xFB06, 0xFB1D...0xFB4F: return .simple  // Latin and Hebrew presentation forms
    case 0xFE10...0xFE1F, 0xFE30...0xFE6F: return .simple  // vertical and small forms (Common)
    case 0xFF01...0xFF65: return .simple  // full-width ASCII and half-width punctuation
    case 0xFF66...0xFF9D: return .cjk  // half-width Katakana
    case 0xFF9E...0xFF9F, 0xFFE0...0xFFEF: return .simple
    case 0xFFA0...0xFFDC: return .cjk  // half-width Hangul
    case 0x1B000...0x1B16F: return .cjk  // kana supplement and extended
    case 0x1D400...0x1D7FF, 0x1F000...0x1FAFF: return .simple  // mathematical alphanumerics, emoji and symbols
    case 0x20000...0x323AF: return .cjk  // CJK extensions B–H
    default: return .other
    }
  }
}
