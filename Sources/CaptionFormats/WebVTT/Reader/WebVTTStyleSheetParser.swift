import CaptionCore

/// Reads the CSS of WebVTT `STYLE` blocks (WebVTT §6.2 "collect a WebVTT block", CSS Syntax 3,
/// simplified) far enough to map `::cue` and `::cue(.class)` rules onto `NamedStyle`.
///
/// The style sheet text itself is kept verbatim in `CaptionDocument.styleSheets`; this parser
/// only extracts what the model can hold. `::cue` maps to the style with id `""` (the rule for
/// all cue text); `::cue(.name)` maps to id `name`. Other selectors are reported; those the
/// style checks can match (`CueSelector`: `::cue(c.a)`, `::cue(v[voice="Bob"])`, …) are also
/// mapped, under their selector text, for `CaptionDocument.selectorStyles`.
/// Properties the model has no field for are kept in `TextStyle.other` by their CSS name.
/// `!important` declarations are kept apart from normal ones (CSS Cascade 4 §6.4), so that
/// `WebVTTStyleCascade` can let them win over later rules.
enum WebVTTStyleSheetParser {
  /// The declarations of one importance in one rule, in order (later ones win), with the byte
  /// offset of the declaration that set each legibility field (`NamedStyle.legibilityFields`).
  struct Declarations {
    var style = TextStyle()
    var offsets: [String: Int] = [:]

    /// Adds one declaration's properties, declared at byte `offset`.
    mutating func add(_ declared: TextStyle, at offset: Int) {
      style.merge(declared)  // in place: a rule of thousands of declarations stays linear
      for field in NamedStyle.legibilityFields(setIn: declared) { offsets[field] = offset }
    }
  }

  /// One mapped rule: the style id, its normal and `!important` declarations and the byte
  /// offset of its selector.
  struct MappedRule {
    var id: String
    var normal = Declarations()
    var important = Declarations()
    var offset: Int
    /// Whether `id` is a `::cue(…)` selector for `CaptionDocument.selectorStyles` (`cueSelector`)
    /// rather than a class name.
    var isSelector = false

    /// The rule on its own: important declarations over normal ones.
    var style: TextStyle { normal.style.merged(with: important.style) }
  }

  /// One problem, at a byte offset into the style sheet text.
  struct Issue {
    var code: String
    var severity: Severity
    var message: String
    var offset: Int
    /// For `webvtt.style.unmapped-rule`: the selectors (or at-rule) that were not mapped.
    var unmapped: [String] = []
  }

  /// The most bytes of declarations the named styles of one style sheet may copy: a rule with a
  /// selector list becomes a named style for each selector, each holding the rule's
  /// declarations, and every writer writes each one (20,000 selectors over 100 KB of
  /// declarations, 389 KB of WebVTT, ran out of memory as TTML or JSON).
  static let maxCopiedDeclarations = 1 << 20

  /// Parses `css` and returns the mappable rules in order, plus what could not be mapped.
  static func parse(_ css: [UInt8]) -> (rules: [MappedRule], issues: [Issue]) {
    var rules: [MappedRule] = []
    var issues: [Issue] = []
    var copied = 0
    let n = css.count
    var i = 0
    func skipSpaceAndComments() {
      while i < n {
        if css[i] == 0x20 || css[i] == 0x09 || css[i] == 0x0A || css[i] == 0x0C || css[i] == 0x0D {
          i += 1
        } else if css[i] == UInt8(ascii: "/"), i + 1 < n, css[i + 1] == UInt8(ascii: "*") {
          i += 2
          while i + 1 < n, !(css[i] == UInt8(ascii: "*") && css[i + 1] == UInt8(ascii: "/")) { i += 1 }
          i = min(n, i + 2)
        } else {
          break
        }
      }
    }
    /// Scans to the first of `stops` outside strings, comments and (optionally) parentheses.
    func scan(to stops: Set<UInt8>) -> Int {
      var depth = 0
      while i < n {
        let c = css[i]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { skipString(); continue }
        if c == UInt8(ascii: "/"), i + 1 < n, css[i + 1] == UInt8(ascii: "*") { skipSpaceAndComments(); continue }
        if c == UInt8(ascii: "\\") { i += 2; continue }
        if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth = max(0, depth - 1) } else if depth == 0, stops.contains(c) {
          return i
        }
        i += 1
      }
      return n
    }
    func skipString() {
      let q = css[i]
      i += 1
      while i < n, css[i] != q {
        if css[i] == UInt8(ascii: "\\") { i += 1 }
        i += 1
      }
      i = min(n, i + 1)
    }
    func skipBlock() {
      // `i` is at `{`.
      var depth = 0
      while i < n {
        let c = css[i]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { skipString(); continue }
        if c == UInt8(ascii: "{") { depth += 1 } else if c == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { i += 1; return }
        }
        i += 1
      }
    }

    while true {
      skipSpaceAndComments()
      guard i < n else { break }
      let ruleStart = i
      if css[i] == UInt8(ascii: "@") {
        let stop = scan(to: [UInt8(ascii: ";"), UInt8(ascii: "{")])
        if stop < n, css[stop] == UInt8(ascii: "{") { skipBlock() } else { i = min(n, stop + 1) }
        let atRule = text(css, ruleStart..<min(stop, ruleStart + 40))
        issues.append(Issue(code: "webvtt.style.unmapped-rule", severity: .info, message: "the at-rule '\(atRule)' is kept in the style sheet but not mapped to named styles", offset: ruleStart, unmapped: [atRule]))
        continue
      }
      let braceAt = scan(to: [UInt8(ascii: "{"), UInt8(ascii: "}")])
      guard braceAt < n, css[braceAt] == UInt8(ascii: "{") else {
        issues.append(Issue(code: "webvtt.style.css-syntax", severity: .warning, message: "CSS without a '{ … }' declaration block is ignored", offset: ruleStart))
        i = min(n, braceAt + 1)
        continue
      }
      let selectorText = text(css, ruleStart..<braceAt)
      i = braceAt + 1
      let bodyStart = i
      let close = scan(to: [UInt8(ascii: "}")])
      let body = Array(css[bodyStart..<close])
      if close >= n {
        issues.append(Issue(code: "webvtt.style.css-syntax", severity: .warning, message: "the CSS rule is not closed with '}'", offset: ruleStart))
      }
      i = min(n, close + 1)
      var ids: [String] = []
      var selectors: [String] = []
      var unmapped: [String] = []
      for sel in splitTopLevel(selectorText, on: ",") {
        let s = sel.trimmingASCIIWhitespace()
        if let id = cueClass(s) {
          ids.append(id)
        } else {
          unmapped.append(s)
          if let key = cueSelector(s) { selectors.append(key) }
        }
      }
      if !unmapped.isEmpty {
        issues.append(Issue(code: "webvtt.style.unmapped-rule", severity: .info, message: "selector '\(unmapped.joined(separator: ", ").prefix(60))' is kept in the style sheet but not mapped to a named style", offset: ruleStart, unmapped: unmapped))
      }
      guard !ids.isEmpty || !selectors.isEmpty else { continue }
      // Each selector past the first copies the declarations.
      let copies = ids.count + selectors.count - 1
      if copies > 0, copied + copies * body.count > maxCopiedDeclarations {
        let fit = max(0, (maxCopiedDeclarations - copied) / max(1, body.count))
        let keepIDs = min(ids.count, fit + 1)
        let keepSelectors = min(selectors.count, max(0, fit + 1 - keepIDs))
        issues.append(Issue(
          code: "webvtt.style.rule-too-large", severity: .warning,
          message: "this rule's \(copies + 1) selectors would each copy its \(body.count) bytes of declarations, past the \(maxCopiedDeclarations)-byte limit for a style sheet; only the first \(keepIDs + keepSelectors) are read",
          offset: ruleStart))
        ids.removeLast(ids.count - keepIDs)
        selectors.removeLast(selectors.count - keepSelectors)
      }
      copied += (ids.count + selectors.count - 1) * body.count
      var normal = Declarations()
      var important = Declarations()
      var declOffset = bodyStart
      for decl in splitTopLevel(String(decoding: body, as: UTF8.self), on: ";") {
        // Point diagnostics at the declaration itself (after its leading whitespace).
        let at = declOffset + decl.utf8.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }.count
        declOffset += decl.utf8.count + 1
        guard let colon = decl.firstIndex(of: ":") else {
          if !decl.trimmingASCIIWhitespace().isEmpty {
            issues.append(Issue(code: "webvtt.style.css-syntax", severity: .warning, message: "'\(decl.trimmingASCIIWhitespace().prefix(40))' is not a CSS declaration", offset: at))
          }
          continue
        }
        let name = decl[..<colon].trimmingASCIIWhitespace().lowercased()
        let (value, isImportant) = importance(decl[decl.index(after: colon)...].trimmingASCIIWhitespace())
        var declared = TextStyle()
        if !apply(name: name, value: value, to: &declared) {
          declared = TextStyle()
          declared.other[name] = value
          issues.append(Issue(code: "webvtt.style.invalid-value", severity: .warning, message: "'\(name): \(value.prefix(40))' could not be read; it is kept as written", offset: at))
        }
        if isImportant { important.add(declared, at: at) } else { normal.add(declared, at: at) }
      }
      for id in ids { rules.append(MappedRule(id: id, normal: normal, important: important, offset: ruleStart)) }
      for id in selectors { rules.append(MappedRule(id: id, normal: normal, important: important, offset: ruleStart, isSelector: true)) }
    }
    return (rules, issues)
  }

  /// A declaration's value without its `!important` (CSS Syntax 3 §5.4.6: `!`, optional white
  /// space, `important` in any case, at the end), and whether it was there.
  static func importance(_ value: String) -> (value: String, important: Bool) {
    let keyword = value.utf8.suffix(9).map { $0 | 0x20 }  // ASCII lower case
    guard keyword.elementsEqual("important".utf8) else { return (value, false) }
    let beforeKeyword = String(decoding: value.utf8.dropLast(9), as: UTF8.self).trimmingASCIIWhitespace()
    guard beforeKeyword.hasSuffix("!") else { return (value, false) }
    return (String(beforeKeyword.dropLast()).trimmingASCIIWhitespace(), true)
  }

  /// `::cue(sel)` with a compound selector the style checks can match (`CueSelector`), as
  /// `::cue(sel)` without the white space around `sel`; else nil.
  static func cueSelector(_ s: String) -> String? {
    guard s.hasPrefix("::cue("), s.hasSuffix(")") else { return nil }
    let inner = s.dropFirst(6).dropLast().trimmingASCIIWhitespace()
    guard CueSelector(inner) != nil else { return nil }
    return "::cue(\(inner))"
  }

  /// `::cue` → `""`, `::cue(.name)` → `name`; anything else is nil.
  static func cueClass(_ s: String) -> String? {
    if s == "::cue" { return "" }
    guard s.hasPrefix("::cue("), s.hasSuffix(")") else { return nil }
    let inner = s.dropFirst(6).dropLast().trimmingASCIIWhitespace()
    guard inner.hasPrefix("."), inner.count > 1 else { return nil }
    let name = inner.dropFirst()
    guard name.utf8.allSatisfy({ HTMLCharacterReference.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 >= 0x80 }) else { return nil }
    return String(name)
  }

  /// Maps one declaration; false when the value cannot be read (the caller keeps it in `other`).
  static func apply(name: String, value: String, to s: inout TextStyle) -> Bool {
    let v = value.lowercased()
    switch name {
    case "color":
      guard let c = parseColor(v) else { return false }
      s.color = c
    case "background-color":
      if let keyword = cssWideKeyword(v) {
        // `initial`/`unset` are transparent (CSS Backgrounds 3 §3.10: background-color is
        // not inherited, initial value transparent); `inherit`/`revert` leave the box as is.
        if keyword == .initial { s.backgroundColor = .transparent } else { s.other[name] = value }
        return true
      }
      guard let c = parseColor(v) else { return false }
      s.backgroundColor = c
    case "background":
      // The shorthand kept as written (it may hold an image or position the model cannot),
      // and its colour, which it always sets: CSS Backgrounds 3 §3.10 resets omitted longhands
      // to their initial values, so `background: none` is a transparent box, not the default.
      s.other[name] = value
      if let keyword = cssWideKeyword(v) {
        if keyword == .initial { s.backgroundColor = .transparent }
        return true
      }
      s.backgroundColor = backgroundShorthandColor(v) ?? .transparent
    case "font-family":
      let families = splitTopLevel(value, on: ",").map { f -> String in
        var t = f.trimmingASCIIWhitespace()
        if t.count >= 2, (t.hasPrefix("\"") && t.hasSuffix("\"")) || (t.hasPrefix("'") && t.hasSuffix("'")) {
          t = String(t.dropFirst().dropLast())
        }
        switch t.lowercased() {
        case "sans-serif": return "sansSerif"
        case "serif": return "serif"
        case "monospace": return "monospace"
        default: return t
        }
      }.filter { !$0.isEmpty }
      guard !families.isEmpty else { return false }
      s.fontFamily = families
    case "font-size":
      guard let l = parseLength(v) else { return false }
      s.fontSize = l
    case "line-height":
      if v == "normal" { s.other[name] = value; return true }
      guard let l = parseLength(v) else { return false }
      s.lineHeight = l
    case "font-style":
      guard let f = TextStyle.FontStyle(rawValue: v) else { return false }
      s.fontStyle = f
    case "font-weight":
      switch v {
      case "normal": s.fontWeight = .normal
      case "bold": s.fontWeight = .bold
      default:
        guard let n = Int(v), n >= 1, n <= 1000 else { return false }
        s.fontWeight = n >= 600 ? .bold : .normal
        if n != 400 && n != 700 { s.other[name] = value }
      }
    case "text-decoration", "text-decoration-line":
      var d = TextStyle.TextDecoration()
      for t in v.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        switch t {
        case "underline": d.insert(.underline)
        case "line-through": d.insert(.lineThrough)
        case "overline": d.insert(.overline)
        case "none": break
        default: return false
        }
      }
      s.textDecoration = d
    case "opacity":
      // `cssNumber`, not `Double(_:)`: that reads `nan` (which `max` made 0), `inf` and `0x1p-1`.
      if v.hasSuffix("%"), let p = cssNumber(v.dropLast()) { s.opacity = min(1, max(0, p / 100)) } else if let d = cssNumber(v) {
        s.opacity = min(1, max(0, d))
      } else {
        return false
      }
    case "text-shadow":
      if v == "none" { s.textShadow = []; return true }
      var shadows: [TextStyle.TextShadow] = []
      for part in splitTopLevel(v, on: ",") {
        var lengths: [Length] = []
        var color: Color? = nil
        for tok in splitTopLevel(part.trimmingASCIIWhitespace(), on: " ") where !tok.isEmpty {
          if let l = parseLength(tok) { lengths.append(l) } else if let c = parseColor(tok) { color = c } else { return false }
        }
        guard lengths.count >= 2, lengths.count <= 3 else { return false }
        shadows.append(TextStyle.TextShadow(offsetX: lengths[0], offsetY: lengths[1], blur: lengths.count > 2 ? lengths[2] : nil, color: color))
        guard shadows.count <= TextStyle.maxTextShadows else { return false }
      }
      s.textShadow = shadows
    case "text-align":
      guard let a = TextStyle.TextAlign(rawValue: v) else { return false }
      s.textAlign = a
    case "visibility":
      switch v {
      case "visible": s.visible = true
      case "hidden": s.visible = false
      default: return false
      }
    default:
      s.other[name] = value
    }
    return true
  }

  /// The CSS-wide keywords (CSS Cascade 4 §7.3) as they matter for a property that is not
  /// inherited: `initial` and `unset` give the initial value; `inherit`, `revert` and
  /// `revert-layer` give what the cue would have without the declaration.
  enum CSSWideKeyword { case initial, keep }

  static func cssWideKeyword(_ v: String) -> CSSWideKeyword? {
    switch v {
    case "initial", "unset": .initial
    case "inherit", "revert", "revert-layer": .keep
    default: nil
    }
  }

  /// The colour a `background` shorthand sets: the last top-level component of its final
  /// layer that is a colour (CSS Backgrounds 3 §3.10: only the final layer has one); nil when
  /// there is none, which means the initial value, transparent.
  static func backgroundShorthandColor(_ v: String) -> Color? {
    let layers = splitTopLevel(v, on: ",")
    let last = layers.last.map { $0.replacingASCIIWhitespace(with: " ") } ?? ""
    var found: Color? = nil
    for part in splitTopLevel(last, on: " ") where !part.isEmpty {
      // `/` separates position from size; a colour never contains one.
      for token in splitTopLevel(part, on: "/") {
        if let c = parseColor(token.trimmingASCIIWhitespace()) { found = c }
      }
    }
    return found
  }

  /// A CSS length: a number with `px`, `%`, `em`, `pt`, `vh` or `vw`; a bare `0`.
  static func parseLength(_ v: String) -> Length? {
    let units: [(String, Length.Unit)] = [("px", .pixels), ("%", .percent), ("em", .em), ("pt", .points), ("vh", .rootHeight), ("vw", .rootWidth)]
    for (suffix, unit) in units where v.hasSuffix(suffix) {
      guard let d = cssNumber(v.dropLast(suffix.count)) else { return nil }
      return Length(d, unit)
    }
    if v == "0" { return Length(0, .pixels) }
    return nil
  }

  /// `#hex`, a named colour, `transparent`, `rgb()` / `rgba()` (comma or space syntax),
  /// `hsl()` / `hsla()` / `hwb()` (`parseHueColor`).
  static func parseColor(_ v: String) -> Color? {
    if v.hasPrefix("#") { return Color(hex: v) }
    if let c = Color(named: v) { return c }
    if v.hasPrefix("hsl") || v.hasPrefix("hwb") { return parseHueColor(v) }
    guard v.hasPrefix("rgb"), let open = v.firstIndex(of: "("), v.hasSuffix(")") else { return nil }
    let inner = v[v.index(after: open)..<v.index(before: v.endIndex)]
    let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" }).map(String.init)
    guard parts.count == 3 || parts.count == 4 else { return nil }
    // Numbers as `cssNumber` reads them (not `nan`, `inf` or hexadecimal), and every scaled
    // value finite: NaN from an overflow would pass `min` / `max` as an arbitrary channel.
    func byte(_ x: Double?) -> UInt8? { x.flatMap(finite).map { UInt8(max(0, min(255, $0.rounded()))) } }
    func channel(_ s: String) -> UInt8? {
      s.hasSuffix("%") ? byte(cssNumber(s.dropLast()).map { $0 * 255 / 100 }) : byte(cssNumber(s))
    }
    guard let r = channel(parts[0]), let g = channel(parts[1]), let b = channel(parts[2]) else { return nil }
    var a: UInt8 = 255
    if parts.count == 4 {
      let s = parts[3]
      // Clamped to 0–1 before scaling, as `hsla()`'s alpha is.
      guard let read = alphaValue(s, legacy: false) else { return nil }
      a = UInt8((read * 255).rounded())
    }
    return Color(red: r, green: g, blue: b, alpha: a)
  }

  /// Splits on `sep` outside parentheses, strings and comments. CSS tokenizes code points (CSS
  /// Syntax §4), so this does too: a quote with a combining mark after it still opens a string;
  /// a backslash escapes the code point after it (§4.3.7), in a string or out of one; a comment
  /// (§4.3.2) becomes spaces of the same UTF-8 length, so that offsets counted over the parts
  /// still match the source.
  static func splitTopLevel(_ s: String, on sep: Unicode.Scalar) -> [String] {
    var out: [String] = []
    var cur = String.UnicodeScalarView()
    var depth = 0
    var quote: Unicode.Scalar? = nil
    var escaped = false
    var inComment = false
    var previous: Unicode.Scalar? = nil
    for ch in s.unicodeScalars {
      let before = previous
      previous = ch
      if inComment {
        // One space at a time: appending a repeated sequence copied `cur` each time.
        for _ in 0..<UTF8.width(ch) { cur.append(" ") }
        if ch == "/", before == "*" { inComment = false }
        continue
      }
      if escaped {
        cur.append(ch)
        escaped = false
        // An escaped "/" does not start a comment with a "*" after it (§4.3.7).
        previous = nil
        continue
      }
      if ch == "\\" {
        cur.append(ch)
        escaped = true
        continue
      }
      if let q = quote {
        cur.append(ch)
        if ch == q { quote = nil }
        continue
      }
      if ch == "*", before == "/", cur.last == "/" {
        // The "/" already kept opens a comment: both become spaces. The "*" cannot also
        // close it ("/*/" is still open).
        cur.removeLast()
        cur.append(" ")
        cur.append(" ")
        inComment = true
        previous = nil
        continue
      }
      if ch == "\"" || ch == "'" { quote = ch } else if ch == "(" { depth += 1 } else if ch == ")" { depth = max(0, depth - 1) } else if ch == sep, depth == 0 {
        out.append(String(cur))
        cur = String.UnicodeScalarView()
        continue
      }
      cur.append(ch)
    }
    out.append(String(cur))
    return out
  }

  static func text(_ b: [UInt8], _ r: Range<Int>) -> String {
    String(decoding: b[max(0, r.lowerBound)..<min(b.count, max(r.lowerBound, r.upperBound))], as: UTF8.self)
  }
}

extension StringProtocol {
  /// The string with each ASCII whitespace character (tab, line feed, form feed, carriage
  /// return, space) replaced by `replacement`.
  func replacingASCIIWhitespace(with replacement: Unicode.Scalar) -> String {
    // By scalar: "\r\n" is one Character.
    var out = String.UnicodeScalarView()
    for u in unicodeScalars {
      out.append(u == "\t" || u == "\n" || u == "\u{0C}" || u == "\r" || u == " " ? replacement : u)
    }
    return String(out)
  }

  /// The string without leading and trailing ASCII whitespace.
  func trimmingASCIIWhitespace() -> String {
    let u = Array(utf8)
    var a = 0, b = u.count
    func ws(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
    while a < b, ws(u[a]) { a += 1 }
    while b > a, ws(u[b - 1]) { b -= 1 }
    return String(decoding: u[a..<b], as: UTF8.self)
  }
}
