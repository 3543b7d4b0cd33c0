/// RFC 8216 §4.2 attribute lists: `NAME=value` pairs separated by commas, where a value is a
/// quoted string (which may contain commas), or an unquoted token.
enum HLSAttributeList {
  /// The attributes in order, quoted values without their quotes, with whether each was quoted.
  static func parse(_ s: Substring) -> [(name: String, value: String, quoted: Bool)] {
    var out: [(String, String, Bool)] = []
    let b = Array(s.utf8)
    var i = 0
    while i < b.count, out.count < 256 {
      while i < b.count && (b[i] == 0x20 || b[i] == 0x2C) { i += 1 }
      let nameStart = i
      while i < b.count && b[i] != 0x3D && b[i] != 0x2C { i += 1 }
      let name = String(decoding: b[nameStart..<i], as: UTF8.self).trimmingSpaces
      guard i < b.count, b[i] == 0x3D else {
        if !name.isEmpty { out.append((name, "", false)) }
        continue
      }
      i += 1
      if i < b.count && b[i] == 0x22 {
        i += 1
        let vs = i
        while i < b.count && b[i] != 0x22 { i += 1 }
        out.append((name, String(decoding: b[vs..<i], as: UTF8.self), true))
        if i < b.count { i += 1 }
      } else {
        let vs = i
        while i < b.count && b[i] != 0x2C { i += 1 }
        out.append((name, String(decoding: b[vs..<i], as: UTF8.self).trimmingSpaces, false))
      }
    }
    return out
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s = s.dropFirst() }
    while s.last == " " || s.last == "\t" || s.last == "\r" { s = s.dropLast() }
    return String(s)
  }
}
