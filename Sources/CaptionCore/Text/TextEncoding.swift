/// Text encodings readers accept. UTF-8 is what WebVTT and TTML files must use; SRT files in
/// the wild also come in UTF-16 and legacy single- and multi-byte code pages.
public enum TextEncoding: String, Sendable, Hashable, Codable, CaseIterable {
  case utf8 = "utf-8"
  case utf16LE = "utf-16le"
  case utf16BE = "utf-16be"
  case utf32LE = "utf-32le"
  case utf32BE = "utf-32be"
  case windows1250 = "windows-1250"
  case windows1251 = "windows-1251"
  case windows1252 = "windows-1252"
  case windows1253 = "windows-1253"
  case windows1254 = "windows-1254"
  case windows1255 = "windows-1255"
  case windows1256 = "windows-1256"
  case iso8859_1 = "iso-8859-1"
  case iso8859_2 = "iso-8859-2"
  case koi8R = "koi8-r"
  case gb18030 = "gb18030"
  case big5 = "big5"
  case shiftJIS = "shift_jis"
  case eucKR = "euc-kr"

  /// Looks up an encoding by a common label, case-insensitively (`utf8`, `cp1251`, `latin1`,
  /// `gbk`, `gb2312`…), following the WHATWG Encoding Standard's label aliases where they apply.
  public init?(label: String) {
    let l = label.lowercased().replacingOccurrences(of: "_", with: "-")
    if let e = TextEncoding(rawValue: l) { self = e; return }
    switch l {
    case "utf8": self = .utf8
    case "utf-16", "utf16", "utf16le": self = .utf16LE
    case "utf16be": self = .utf16BE
    case "utf-32", "utf32", "utf32le": self = .utf32LE
    case "utf32be": self = .utf32BE
    case "cp1250", "windows1250": self = .windows1250
    case "cp1251", "windows1251": self = .windows1251
    case "cp1252", "windows1252", "ascii", "us-ascii": self = .windows1252
    case "cp1253": self = .windows1253
    case "cp1254": self = .windows1254
    case "cp1255": self = .windows1255
    case "cp1256": self = .windows1256
    case "latin1", "latin-1", "iso8859-1", "l1": self = .iso8859_1
    case "latin2", "latin-2", "iso8859-2": self = .iso8859_2
    case "koi8r": self = .koi8R
    case "gbk", "gb2312", "cp936", "gb-18030": self = .gb18030
    case "big-5", "cp950": self = .big5
    case "sjis", "shift-jis", "cp932", "windows-31j": self = .shiftJIS
    case "euckr", "cp949": self = .eucKR
    default: return nil
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
    split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
  }
}
