/// Makes text from an input file safe to print one item per line: C0 control characters (tab
/// excepted), DEL and C1 controls are written as `\n`, `\r` or `\u{1B}`. A caption file or a
/// media track name could otherwise end a report line early, forge the next one (a CI log reads
/// a line starting `::error` as a GitHub command) or move the terminal's cursor.
public enum ControlCharacterEscaping {
  /// `s` with its control characters escaped; `s` itself when it has none (the usual case).
  public static func escaped(_ s: String) -> String {
    guard needsEscaping(s) else { return s }
    var out: [UInt8] = []
    append(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `escaped(s)` as UTF-8.
  public static func append(_ s: String, to out: inout [UInt8]) {
    guard needsEscaping(s) else {
      out.append(contentsOf: s.utf8)
      return
    }
    for scalar in s.unicodeScalars {
      let v = scalar.value
      if isControl(v) {
        switch v {
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        default: out.append(contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".utf8)
        }
      } else {
        out.append(contentsOf: String(scalar).utf8)
      }
    }
  }

  static func isControl(_ v: UInt32) -> Bool { (v < 0x20 && v != 0x09) || (v >= 0x7F && v <= 0x9F) }

  static func needsEscaping(_ s: String) -> Bool {
    // C1 controls are U+0080–U+009F, UTF-8 C2 80–C2 9F.
    var previous: UInt8 = 0
    for b in s.utf8 {
      if (b < 0x20 && b != 0x09) || b == 0x7F || (previous == 0xC2 && b >= 0x80 && b <= 0x9F) { return true }
      previous = b
    }
    return false
  }
}
