/// Builds XML text: escaping, attributes in the order given, two-space indentation for
/// structure and none inside `p` (where white space is content).
struct TTMLXMLBuilder {
  var out: [UInt8] = []

  static func escapeText(_ s: String, into out: inout [UInt8]) {
    for c in s.utf8 {
      switch c {
      case UInt8(ascii: "&"): out.append(contentsOf: Array("&amp;".utf8))
      case UInt8(ascii: "<"): out.append(contentsOf: Array("&lt;".utf8))
      case UInt8(ascii: ">"): out.append(contentsOf: Array("&gt;".utf8))
      default: out.append(c)
      }
    }
  }

  static func escapeAttribute(_ s: String, into out: inout [UInt8]) {
    for c in s.utf8 {
      switch c {
      case UInt8(ascii: "&"): out.append(contentsOf: Array("&amp;".utf8))
      case UInt8(ascii: "<"): out.append(contentsOf: Array("&lt;".utf8))
      case UInt8(ascii: "\""): out.append(contentsOf: Array("&quot;".utf8))
      case 0x09: out.append(contentsOf: Array("&#x9;".utf8))
      case 0x0A: out.append(contentsOf: Array("&#xA;".utf8))
      case 0x0D: out.append(contentsOf: Array("&#xD;".utf8))
      default: out.append(c)
      }
    }
  }

  mutating func raw(_ s: String) { out.append(contentsOf: Array(s.utf8)) }

  mutating func text(_ s: String) { TTMLXMLBuilder.escapeText(s, into: &out) }

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
      TTMLXMLBuilder.escapeAttribute(v, into: &out)
      out.append(UInt8(ascii: "\""))
    }
  }
}
