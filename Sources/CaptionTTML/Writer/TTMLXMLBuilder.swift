/// Builds XML text: escaping, attributes in the order given, two-space indentation for
/// structure and none inside `p` (where white space is content).
struct TTMLXMLBuilder {
  var out: [UInt8] = []

  /// Characters XML 1.0 does not allow (§2.2 `Char`: C0 controls other than tab, line feed and
  /// carriage return, U+FFFE, U+FFFF), written as U+FFFD so the output stays well-formed.
  var invalidCharacters = 0

  static func escapeText(_ s: String, into out: inout [UInt8], invalid: inout Int) {
    escape(s, attribute: false, into: &out, invalid: &invalid)
  }

  static func escapeAttribute(_ s: String, into out: inout [UInt8], invalid: inout Int) {
    escape(s, attribute: true, into: &out, invalid: &invalid)
  }

  static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  static func escape(_ s: String, attribute: Bool, into out: inout [UInt8], invalid: inout Int) {
    let u = s.utf8
    var i = u.startIndex
    while i != u.endIndex {
      let c = u[i]
      switch c {
      case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">") where !attribute: out.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\"") where attribute: out.append(contentsOf: "&quot;".utf8)
      // In attributes, white space other than a space is normalised away unless escaped.
      case 0x09 where attribute: out.append(contentsOf: "&#x9;".utf8)
      case 0x0A where attribute: out.append(contentsOf: "&#xA;".utf8)
      case 0x0D where attribute: out.append(contentsOf: "&#xD;".utf8)
      case 0x09, 0x0A, 0x0D: out.append(c)
      case 0..<0x20:
        invalid += 1
        out.append(contentsOf: replacement)
      case 0xEF:
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF (the string is valid UTF-8).
        let j = u.index(after: i), k = u.index(after: j)
        if u[j] == 0xBF, u[k] == 0xBE || u[k] == 0xBF {
          invalid += 1
          out.append(contentsOf: replacement)
          i = u.index(after: k)
          continue
        }
        out.append(c)
      default: out.append(c)
      }
      i = u.index(after: i)
    }
  }

  mutating func raw(_ s: String) { out.append(contentsOf: Array(s.utf8)) }

  mutating func text(_ s: String) { TTMLXMLBuilder.escapeText(s, into: &out, invalid: &invalidCharacters) }

  mutating func indent(_ level: Int) {
    out.append(0x0A)
    for _ in 0..<level { out.append(contentsOf: [0x20, 0x20]) }
  }

  /// `<name a="v" …` (the caller closes it with `>` or `/>`).
  mutating func open(_ name: String, _ attributes: [(String, String)]) {
    out.append(UInt8(ascii: "<"))
    raw(name)
    for (k, v) in attributes {
      out.append(0x20)
      raw(k)
      raw("=\"")
      TTMLXMLBuilder.escapeAttribute(v, into: &out, invalid: &invalidCharacters)
      out.append(UInt8(ascii: "\""))
    }
  }
}
