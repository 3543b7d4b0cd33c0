/// A minimal, bounded scanner of XML start and end tags with their attributes, enough for DASH
/// MPDs (which carry everything the inspector needs in attributes). Comments, CDATA,
/// processing instructions and text are skipped; entity references in attribute values are
/// decoded for the five predefined entities. Linear in the input.
struct XMLTagScanner {
  struct Tag {
    /// Local name (prefix removed).
    var name: String
    var attributes: [String: String]
    var isEnd: Bool
    var selfClosing: Bool
    var line: Int
  }

  static func scan(_ b: [UInt8], maxTags: Int = 200_000) -> [Tag] {
    var tags: [Tag] = []
    var i = 0
    var line = 1
    let n = b.count
    func starts(_ s: String, at k: Int) -> Bool {
      let u = Array(s.utf8)
      return k + u.count <= n && Array(b[k..<k + u.count]) == u
    }
    func skip(to end: String, from k: Int) -> Int {
      let u = Array(end.utf8)
      var j = k
      while j + u.count <= n {
        if b[j] == 0x0A { line += 1 }
        if b[j] == u[0] && Array(b[j..<j + u.count]) == u { return j + u.count }
        j += 1
      }
      return n
    }
    while i < n, tags.count < maxTags {
      let c = b[i]
      if c == 0x0A { line += 1 }
      guard c == 0x3C else {
        i += 1
        continue
      }
      if starts("<!--", at: i) { i = skip(to: "-->", from: i + 4); continue }
      if starts("<![CDATA[", at: i) { i = skip(to: "]]>", from: i + 9); continue }
      if starts("<?", at: i) || starts("<!", at: i) { i = skip(to: ">", from: i + 2); continue }
      let tagLine = line
      var j = i + 1
      let isEnd = j < n && b[j] == 0x2F
      if isEnd { j += 1 }
      let nameStart = j
      while j < n, !isSpace(b[j]), b[j] != 0x3E, b[j] != 0x2F { j += 1 }
      var name = String(decoding: b[nameStart..<j], as: UTF8.self)
      if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
      var attrs: [String: String] = [:]
      var selfClosing = false
      while j < n {
        while j < n, isSpace(b[j]) {
          if b[j] == 0x0A { line += 1 }
          j += 1
        }
        guard j < n else { break }
        if b[j] == 0x3E { j += 1; break }
        if b[j] == 0x2F { selfClosing = true; j += 1; continue }
        let an = j
        while j < n, b[j] != 0x3D, !isSpace(b[j]), b[j] != 0x3E, b[j] != 0x2F { j += 1 }
        var attrName = String(decoding: b[an..<j], as: UTF8.self)
        if let colon = attrName.lastIndex(of: ":"), !attrName.hasPrefix("xmlns") { attrName = String(attrName[attrName.index(after: colon)...]) }
        while j < n, isSpace(b[j]) { j += 1 }
        guard j < n, b[j] == 0x3D else {
          if j < n, b[j] != 0x3E, b[j] != 0x2F { j += 1 }
          continue
        }
        j += 1
        while j < n, isSpace(b[j]) { j += 1 }
        guard j < n, b[j] == 0x22 || b[j] == 0x27 else { continue }
        let q = b[j]
        j += 1
        let vs = j
        while j < n, b[j] != q {
          if b[j] == 0x0A { line += 1 }
          j += 1
        }
        if attrs.count < 256 { attrs[attrName] = decodeEntities(String(decoding: b[vs..<min(j, n)], as: UTF8.self)) }
        j += 1
      }
      tags.append(Tag(name: name, attributes: attrs, isEnd: isEnd, selfClosing: selfClosing, line: tagLine))
      i = j
    }
    return tags
  }

  private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  private static func decodeEntities(_ s: String) -> String {
    guard s.contains("&") else { return s }
    return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
