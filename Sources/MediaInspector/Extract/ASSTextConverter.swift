import CaptionCore

/// Turns the ASS dialogue text that libavcodec's subtitle decoders produce (FFmpeg 5.1
/// `AVSubtitleRect.ass`: `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`) into
/// cue nodes: `\N`/`\n` become line breaks, `\h` a no-break space, the override tags `\i`,
/// `\b`, `\u` become italic, bold and underline elements, `\c`/`\1c` (`&HBBGGRR&`) a span with
/// that colour, and `\anN` (or the legacy `\aN`) the cue's anchor (`anchor(_:)`). Other
/// override tags (position, fonts, sizes, karaoke, animation) have no cue-model equivalent and
/// are dropped.
enum ASSTextConverter {
  /// The Text field: everything after the eighth comma (or the whole line when it has fewer).
  static func textField(_ line: String) -> Substring {
    var commas = 0
    var idx = line.startIndex
    while idx < line.endIndex {
      if line[idx] == "," {
        commas += 1
        if commas == 8 { return line[line.index(after: idx)...] }
      }
      idx = line.index(after: idx)
    }
    return line[...]
  }

  private struct Flags: Equatable {
    var italic = false, bold = false, underline = false
    var color: Color?
  }

  /// The `{\anN}` anchor (1–9) the text's override blocks set, the last one winning; legacy
  /// `{\aN}` (1–3 bottom, 5–7 top, 9–11 middle) is read too.
  static func anchor(_ text: Substring) -> Int? {
    var found: Int?
    var rest = text[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      for tag in rest[rest.index(after: open)..<close].split(separator: "\\") {
        if tag.hasPrefix("an"), let n = Int(tag.dropFirst(2)), (1...9).contains(n) {
          found = n
        } else if tag.hasPrefix("a"), let n = Int(tag.dropFirst()) {
          // SSA: 1–3 bottom, +4 top, +8 middle.
          switch n {
          case 1...3: found = n
          case 5...7: found = n + 2
          case 9...11: found = n - 5
          default: break
          }
        }
      }
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  static func nodes(_ text: Substring) -> [CueNode] {
    var items: [(CueNode, Flags)] = []
    var flags = Flags()
    var run = ""
    func flush() {
      if !run.isEmpty { items.append((.text(run), flags)) }
      run = ""
    }
    let chars = Array(text.unicodeScalars)
    // The next `}` found, and where a search found none: each is looked for once, so text with
    // many `{` and no `}` stays linear.
    var knownClose = -1, noCloseFrom = Int.max
    func closeAfter(_ i: Int) -> Int? {
      if knownClose > i { return knownClose }
      if i >= noCloseFrom { return nil }
      if let c = chars[(i + 1)...].firstIndex(of: "}") {
        knownClose = c
        return c
      }
      noCloseFrom = i
      return nil
    }
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "{", let close = closeAfter(i) {
        flush()
        applyOverrides(String(String.UnicodeScalarView(chars[(i + 1)..<close])), &flags)
        i = close + 1
        continue
      }
      if c == "\\", i + 1 < chars.count {
        let n = chars[i + 1]
        if n == "N" || n == "n" {
          flush()
          items.append((.lineBreak, flags))
          i += 2
          continue
        }
        if n == "h" {
          run.unicodeScalars.append("\u{00A0}")
          i += 2
          continue
        }
      }
      if c == "\n" {
        flush()
        items.append((.lineBreak, flags))
      } else if c != "\r" {
        run.unicodeScalars.append(c)
      }
      i += 1
    }
    flush()
    // Group consecutive items with equal flags into one element chain.
    var out: [CueNode] = []
    var k = 0
    while k < items.count {
      let f = items[k].1
      var group: [CueNode] = []
      while k < items.count && items[k].1 == f {
        group.append(items[k].0)
        k += 1
      }
      if let c = f.color {
        var style = TextStyle()
        style.color = c
        group = [.element(CueElement(.span, style: style, children: group))]
      }
      if f.underline { group = [.element(CueElement(.underline, children: group))] }
      if f.italic { group = [.element(CueElement(.italic, children: group))] }
      if f.bold { group = [.element(CueElement(.bold, children: group))] }
      out += group
    }
    // Trailing line breaks carry nothing.
    while case .lineBreak? = out.last { out.removeLast() }
    return out
  }

  /// `&HBBGGRR&` (ASS colours are blue, green, red; a leading alpha byte is ignored); nil
  /// when it is not one.
  static func color(_ v: Substring) -> Color? {
    var hex = v.uppercased()
    guard hex.hasPrefix("&H") else { return nil }
    hex.removeFirst(2)
    while hex.hasSuffix("&") { hex.removeLast() }
    guard !hex.isEmpty, hex.count <= 8, let n = UInt32(hex, radix: 16) else { return nil }
    return Color(red: UInt8(n & 0xFF), green: UInt8(n >> 8 & 0xFF), blue: UInt8(n >> 16 & 0xFF))
  }

  private static func applyOverrides(_ block: String, _ f: inout Flags) {
    for tag in block.split(separator: "\\") {
      guard let first = tag.first else { continue }
      let rest = tag.dropFirst()
      let on: Bool? = rest == "1" || rest.isEmpty ? true : (rest == "0" ? false : nil)
      switch first {
      case "i": if let on { f.italic = on }
      case "b": if let on { f.bold = on } else if let w = Int(rest) { f.bold = w >= 600 }
      case "u": if let on { f.underline = on }
      case "r": f = Flags()
      case "c", "1":
        // \c&HBBGGRR& or \1c&HBBGGRR& (primary colour); \2c–\4c are other colours.
        let value = first == "1" ? (rest.first == "c" ? rest.dropFirst() : nil) : rest
        // An empty value (`{\c}`) goes back to the style's colour.
        if let value { f.color = value.isEmpty ? nil : color(value) ?? f.color }
      default: break
      }
    }
  }
}
