/// Scans the raw cue text (`Cue.sourceText`) of WebVTT and SRT cues for tags, byte by byte.
///
/// A tag is `<` … `>` on one line. Start tags give their name (up to the first `.`, space or
/// tab: `<c.yellow>` is `c`, `<v Bob>` is `v`), end tags `</name>`; `<00:01.000>` timestamps
/// and `<` not followed by a name character are skipped. In SRT a tag holds no `<` (the SRT
/// reader reads `x<y <i>` as text and an `<i>` tag); WebVTT's tokenizer runs on to the `>`.
/// Bounded: at most `maxTags` tags (callers that need them all check for a full list).
struct MarkupScanner {
  struct Tag {
    var name: String
    var isEnd: Bool
  }

  static let maxTags = 4096

  static func tags(_ text: String, srt: Bool = false) -> [Tag] {
    let bytes = Array(text.utf8)
    var out: [Tag] = []
    var i = 0
    // The first '>' or line feed at or after some earlier position: still the first one at or
    // after any later position up to it, so each byte is searched once (linear, not quadratic
    // on a long line full of '<').
    var close = -1
    var nextLT = -1  // the same trick for the next '<' (SRT only)
    while i < bytes.count, out.count < maxTags {
      guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
      var j = i + 1
      var isEnd = false
      if j < bytes.count, bytes[j] == UInt8(ascii: "/") { isEnd = true; j += 1 }
      let nameStart = j
      while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
      let name = bytes[nameStart..<j]
      // Find the closing '>' on this line.
      var k = close >= j ? close : j
      while k < bytes.count, bytes[k] != UInt8(ascii: ">"), bytes[k] != 0x0A { k += 1 }
      close = k
      if srt, k < bytes.count, bytes[k] == UInt8(ascii: ">") {
        var l = nextLT > i ? nextLT : i + 1
        while l < k, bytes[l] != UInt8(ascii: "<") { l += 1 }
        nextLT = l
        if l < k { i = l; continue }  // this '<' is text; the next one may start a tag
      }
      if name.isEmpty || k >= bytes.count || bytes[k] != UInt8(ascii: ">") || (name.first.map(isDigit) ?? false) {
        i = k < bytes.count && bytes[k] == UInt8(ascii: ">") ? k + 1 : i + 1
        continue
      }
      out.append(Tag(name: String(decoding: name, as: UTF8.self).lowercased(), isEnd: isEnd))
      i = k + 1
    }
    return out
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
