/// Value syntax of TTML attributes (TTML2 §10.2 style properties, §7.2 parameters), checked
/// strictly: no surrounding white space where the grammar has none, keywords spelled exactly.
enum TTMLValueRules {
  static func words(_ v: String) -> [Substring] { v.split(separator: " ", omittingEmptySubsequences: true) }

  static func isNumber(_ s: Substring, signed: Bool = true) -> Bool {
    var u = Array(s.utf8)
    guard !u.isEmpty else { return false }
    if u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-") {
      guard signed else { return false }
      u.removeFirst()
    }
    var digits = 0, dots = 0
    for c in u {
      if c >= 0x30 && c <= 0x39 { digits += 1 } else if c == UInt8(ascii: ".") { dots += 1 } else { return false }
    }
    return digits > 0 && dots <= 1
  }

  /// TTML2 <real>: optional sign only where allowed, digits with an optional fraction, no
  /// trailing decimal point.
  static func strictReal(_ s: Substring, signed: Bool) -> Bool {
    isNumber(s, signed: signed) && !s.hasSuffix(".")
  }

  /// `tts:fontFamily` (TTML2 §10.3.x <font-families>): comma-separated quoted strings (with
  /// backslash escapes) or unquoted sequences of CSS identifiers.
  static func strictFontFamily(_ v: String) -> Bool {
    let u = Array(v.utf8)
    var k = 0
    func isIdentStart(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80 }
    func isIdentChar(_ c: UInt8) -> Bool { isIdentStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D }
    while true {
      while k < u.count, u[k] == 0x20 { k += 1 }
      guard k < u.count else { return false }  // empty item
      if u[k] == 0x22 || u[k] == 0x27 {
        let q = u[k]
        k += 1
        var closed = false
        var chars = 0
        while k < u.count {
          if u[k] == 0x5C {
            guard k + 1 < u.count else { return false }
            k += 2
            chars += 1
            continue
          }
          if u[k] == q { closed = true; k += 1; break }
          k += 1
          chars += 1
        }
        guard closed, chars > 0 else { return false }
      } else {
        // One or more identifiers separated by spaces.
        var idents = 0
        while k < u.count, u[k] != 0x2C {
          while k < u.count, u[k] == 0x20 { k += 1 }
          if k >= u.count || u[k] == 0x2C { break }
          var start = k
          if u[k] == 0x2D { k += 1 }
          guard k < u.count else { return false }
          if u[k] == 0x5C {
            guard k + 1 < u.count else { return false }
            k += 2
          } else {
            guard isIdentStart(u[k]) else { return false }
            k += 1
          }
          while k < u.count, isIdentChar(u[k]) || u[k] == 0x5C {
            if u[k] == 0x5C {
              guard k + 1 < u.count else { return false }
              k += 1
            }
            k += 1
          }
          let ident = String(decoding: u[start..<k], as: UTF8.self)
          start = k
          if ident == "inherit" || ident == "initial" || ident.hasPrefix("--") { return false }
          idents += 1
        }
        guard idents > 0 else { return false }
      }
      while k < u.count, u[k] == 0x20 { k += 1 }
      if k >= u.count { return true }
      guard u[k] == 0x2C else { return false }
      k += 1
    }
  }

  /// `tta:` audio style properties (TTML2 §10.2.x: gain, pan, pitch, speak).
  static func validAudio(_ local: String, _ v: String) -> Bool {
    guard !v.isEmpty, !TTMLWhitespace.hasEdgeSpace(v) else { return false }
    switch local {
    case "gain": return strictReal(Substring(v), signed: true)
    case "pan": return strictReal(Substring(v), signed: true)
    case "pitch":
      var n = Substring(v)
      for suffix in ["%", "Hz", "hz", "st"] where n.hasSuffix(suffix) { n = n.dropLast(suffix.count); break }
      return strictReal(n, signed: true)
    case "speak": return ["none", "normal", "fast", "slow"].contains(v)
    default: return false
    }
  }

  static func length(_ s: Substring, nonNegative: Bool = false, units: Set<String> = ["px", "%", "c", "em", "rh", "rw"]) -> Bool {
    guard let l = TTMLStyleParser.length(String(s)), units.contains(l.unit.rawValue) else { return false }
    if nonNegative && l.value < 0 { return false }
    // The number itself must be well formed.
    let n = s.prefix { !(($0 >= "a" && $0 <= "z") || $0 == "%") }
    return isNumber(n)
  }

  static func percentage(_ s: Substring) -> Bool {
    s.hasSuffix("%") && isNumber(s.dropLast())
  }

  /// Whether an `rgb(…)` or `rgba(…)` in `v` has whitespace inside its parentheses.
  static func hasPaddedColorFunction(_ v: String) -> Bool {
    guard let r = v.range(of: "rgb") else { return false }
    let rest = v[r.lowerBound...]
    guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close else { return false }
    return rest[open..<close].contains { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
  }

  /// TTML2 `wallclock-time` (§10.3.1): `wallclock(` lwsp? (date "T" wall-time | wall-time | date)
  /// lwsp? `)`, with a four-digit year, months 01–12, days 01–31, hours 00–23, minutes 00–59
  /// and seconds 00–60 (a leap second, with no fraction past 60).
  static func wallclock(_ v: String) -> Bool {
    guard v.hasPrefix("wallclock("), v.hasSuffix(")") else { return false }
    let whole = TTMLWhitespace.trimmed(String(v.dropFirst(10).dropLast()))
    let body = whole[...]
    func number(_ s: Substring, digits: Int, max: Int, min: Int = 0) -> Bool {
      s.count == digits && s.allSatisfy { $0.isASCII && $0.isNumber } && (Int(s).map { $0 >= min && $0 <= max } ?? false)
    }
    func date(_ s: Substring) -> Bool {
      let f = s.split(separator: "-", omittingEmptySubsequences: false)
      return f.count == 3 && number(f[0], digits: 4, max: 9999) && number(f[1], digits: 2, max: 12, min: 1) && number(f[2], digits: 2, max: 31, min: 1)
    }
    func time(_ s: Substring) -> Bool {
      let f = s.split(separator: ":", omittingEmptySubsequences: false)
      guard f.count == 2 || f.count == 3, number(f[0], digits: 2, max: 23), number(f[1], digits: 2, max: 59) else { return false }
      guard f.count == 3 else { return true }
      let parts = f[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      guard number(parts[0], digits: 2, max: 60) else { return false }
      guard parts.count == 2 else { return true }
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
      // 60 is a leap second: nothing after it.
      return parts[0] != "60" || fraction.allSatisfy { $0 == "0" }
    }
    if let t = body.firstIndex(of: "T") { return date(body[..<t]) && time(body[body.index(after: t)...]) }
    return body.containsUTF8(":") ? time(body) : date(body)
  }

  /// The comma-separated items of a list value (`tts:textShadow`), not splitting inside
  /// parentheses (`rgba(0,0,0,255)`).
  static func topLevelItems(_ v: String) -> [Substring] { TTMLStyleParser.items(v) }

  /// `<position>` (TTML2 §10.3.20, CSS background-position): one or two components, a keyword
  /// or a length each (with two, a length or `left`/`right` first is horizontal and a length
  /// or `top`/`bottom` second vertical; two keywords may come in either order); or three or
  /// four, as a horizontal and a vertical keyword, each but `center` with an optional offset.
  static func position(_ w: [Substring]) -> Bool {
    enum Axis { case h, v, either }
    func axis(_ t: Substring) -> Axis? {
      switch t {
      case "left", "right": .h
      case "top", "bottom": .v
      case "center": .either
      default: nil
      }
    }
    switch w.count {
    case 1:
      return axis(w[0]) != nil || length(w[0])
    case 2:
      let a = axis(w[0]), b = axis(w[1])
      if let a, let b { return !(a == b && a != .either) }
      // With a length, the order is horizontal then vertical.
      return (a == nil ? length(w[0]) : a != .v) && (b == nil ? length(w[1]) : b != .h)
    case 3, 4:
      var pairs: [(axis: Axis, offset: Bool)] = []
      var i = 0
      while i < w.count {
        guard let a = axis(w[i]) else { return false }
        let offset = i + 1 < w.count && axis(w[i + 1]) == nil
        if offset {
          guard a != .either, length(w[i + 1]) else { return false }
        }
        pairs.append((a, offset))
        i += offset ? 2 : 1
      }
      guard pairs.count == 2 else { return false }
      return !(pairs[0].axis == pairs[1].axis && pairs[0].axis != .either)
    default:
      return false
    }
  }

  /// `tts:textEmphasis` (TTML2 §10.2.42): `<emphasis-style> || <emphasis-color> ||
  /// <emphasis-position>`, each at most once, where the style is `none`, `auto`, a quoted string,
  /// or `[filled | open] || [circle | dot | sesame]` (written together); the colour `current` or
  /// a `<color>`; the position `before`, `after` or `outside`. Returns the colour written, "" if
  /// none, or nil if the value does not match.
  static func emphasis(_ v: String) -> String? {
    // Words outside parentheses and quotes: a quoted string may hold spaces.
    var words: [Substring] = []
    var quote: Character?
    var start: String.Index?
    for i in v.indices {
      let c = v[i]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
        if start == nil { start = i }
      } else if c == " " || c == "\t" || c == "\n" || c == "\r" {
        if let s0 = start { words.append(v[s0..<i]) }
        start = nil
      } else if start == nil {
        start = i
      }
    }
    guard quote == nil else { return nil }
    if let s0 = start { words.append(v[s0...]) }
    // Parentheses: rejoin a colour function the split above cut at its spaces.
    var joined: [Substring] = []
    for w in words {
      if let last = joined.last, last.filter({ $0 == "(" }).count > last.filter({ $0 == ")" }).count {
        joined[joined.count - 1] = v[last.startIndex..<w.endIndex]
      } else {
        joined.append(w)
      }
    }
    var style: (fill: Bool, shape: Bool, whole: Bool) = (false, false, false)
    var color: String?, position = false
    var afterStyleKeyword = false
    for w in joined {
      switch w {
      case "filled", "open", "circle", "dot", "sesame":
        let fill = w == "filled" || w == "open"
        // The two keywords of a style go together, once each.
        guard !style.whole, fill ? !style.fill : !style.shape, !(style.fill || style.shape) || afterStyleKeyword else { return nil }
        if fill { style.fill = true } else { style.shape = true }
        afterStyleKeyword = true
        continue
      case "none", "auto":
        guard !style.whole, !style.fill, !style.shape else { return nil }
        style.whole = true
      case "before", "after", "outside":
        guard !position else { return nil }
        position = true
      default:
        if w.first == "\"" || w.first == "'" {
          guard w.count >= 2, w.last == w.first, !style.whole, !style.fill, !style.shape else { return nil }
          style.whole = true
        } else {
          guard color == nil, w == "current" || strictColor(String(w)) else { return nil }
          color = String(w)
        }
      }
      afterStyleKeyword = false
    }
    return joined.isEmpty ? nil : (color ?? "")
  }

  static func strictColor(_ v: String) -> Bool {
    // Named colours are lower case (TTML2 §10.3.5; XML names are case-sensitive).
    if let f = v.utf8.first, f >= 0x41 && f <= 0x5A || f >= 0x61 && f <= 0x7A, !v.hasPrefix("rgb"), v.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
      return false
    }
    if v.hasPrefix("rgb") {
      // No spaces anywhere in TTML2 <color> functions except none allowed; components 0–255.
      guard !TTMLWhitespace.hasEdgeSpace(v), let open = v.firstIndex(of: "("), v.hasSuffix(")") else { return false }
      let args = v[v.index(after: open)..<v.index(before: v.endIndex)].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters() }
      guard args.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (Int($0) ?? 999) <= 255 }) else { return false }
      let fn = v[..<open]
      return (fn == "rgb" && args.count == 3) || (fn == "rgba" && args.count == 4)
    }
    return TTMLStyleParser.color(v) != nil && !v.containsUTF8(" ")
  }

  static let keywords: [String: Set<String>] = [
    "backgroundClip": ["border", "padding", "content"],
    "backgroundOrigin": ["border", "padding", "content"],
    "backgroundRepeat": ["repeat", "repeatX", "repeatY", "noRepeat"],
    "direction": ["ltr", "rtl"],
    "display": ["auto", "none", "inlineBlock"],
    "displayAlign": ["before", "center", "after", "justify"],
    "fontKerning": ["none", "normal"],
    "fontSelectionStrategy": ["auto", "context", "any", "character"],
    "fontStyle": ["normal", "italic", "oblique"],
    "fontWeight": ["normal", "bold"],
    "overflow": ["visible", "hidden"],
    "ruby": ["none", "container", "base", "baseContainer", "text", "textContainer", "delimiter"],
    "rubyAlign": ["start", "center", "end", "spaceAround", "spaceBetween", "withBase"],
    "rubyPosition": ["before", "after", "outside"],
    "showBackground": ["always", "whenActive"],
    "textAlign": ["left", "center", "right", "start", "end", "justify"],
    "textOrientation": ["mixed", "sideways", "upright"],
    "unicodeBidi": ["normal", "embed", "bidiOverride", "isolate"],
    "visibility": ["visible", "hidden"],
    "wrapOption": ["wrap", "noWrap"],
    "writingMode": ["lrtb", "rltb", "tbrl", "tblr", "lr", "rl", "tb"],
    "speak": ["none", "normal"],
  ]

  /// Whether `value` is valid for the `tts:` property `local`; nil when the property is not known.
  static func validStyle(_ local: String, _ value: String) -> Bool? {
    let v = value
    if v.isEmpty || v.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) { return false }
    if TTMLWhitespace.hasEdgeSpace(v), local != "fontFamily" { return false }
    if let k = keywords[local] { return k.contains(v) }
    // Words outside parentheses: a TTML2 colour may hold spaces (`rgba(0, 0, 0, 255)`).
    let w = TTMLStyleParser.words(v)
    switch local {
    case "color", "backgroundColor": return strictColor(v)
    case "fontFamily": return strictFontFamily(v)
    case "fontSize":
      guard (1...2).contains(w.count), w.allSatisfy({ length($0, nonNegative: true) }) else { return false }
      // Two values must use the same unit.
      return w.count == 1 || TTMLStyleParser.length(String(w[0]))?.unit == TTMLStyleParser.length(String(w[1]))?.unit
    case "lineHeight": return v == "normal" || (w.count == 1 && length(w[0], nonNegative: true))
    case "letterSpacing": return v == "normal" || (w.count == 1 && length(w[0]))
    case "bpd", "ipd": return ["auto", "available", "fitContent", "maxContent", "minContent"].contains(v) || (w.count == 1 && length(w[0], nonNegative: true))
    case "opacity":
      // An xs:float: decimal, or NaN, INF, -INF (out of range is clamped, not invalid); not the
      // hexadecimal or lower-case nan/inf forms Double(_:) also reads.
      guard w.count == 1 else { return false }
      if ["NaN", "INF", "-INF", "+INF"].contains(w[0]) { return true }
      return Double(String(w[0])) != nil
        && w[0].utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 }
    case "luminanceGain": return w.count == 1 && strictReal(w[0], signed: false)
    case "fontShear", "lineShear", "shear": return w.count == 1 && percentage(w[0])
    case "padding": return (1...4).contains(w.count) && w.allSatisfy { length($0, nonNegative: true) }
    case "origin": return v == "auto" || (w.count == 2 && w.allSatisfy { length($0) })
    case "extent":
      let measures: Set<Substring> = ["auto", "available", "fitContent", "maxContent", "minContent"]
      return v == "auto" || v == "contain" || v == "cover" || (w.count == 2 && w.allSatisfy { measures.contains($0) || length($0, nonNegative: true) })
    case "position": return position(w)
    case "textDecoration":
      // none | [[underline|noUnderline] || [lineThrough|noLineThrough] || [overline|noOverline]]
      // (TTML1 §8.2.21, TTML2 §10.2.44): each pair at most once.
      if w == ["none"] { return true }
      let groups: [Substring: Int] = ["underline": 0, "noUnderline": 0, "lineThrough": 1, "noLineThrough": 1, "overline": 2, "noOverline": 2]
      var seen = Set<Int>()
      return !w.isEmpty && w.allSatisfy { groups[$0].map { seen.insert($0).inserted } ?? false }
    case "textOutline":
      guard v != "none" else { return true }
      guard let o = TTMLStyleParser.outline(v) else { return false }
      return o.thickness.value >= 0 && (o.blur?.value ?? 0) >= 0
    case "textShadow":
      guard v != "none" else { return true }
      for item in TTMLStyleParser.items(v) {
        var p = TTMLStyleParser.words(item)
        if let last = p.last, TTMLStyleParser.length(String(last)) == nil {
          guard strictColor(String(last)) else { return false }
          p.removeLast()
        }
        guard p.count == 2 || p.count == 3, p.allSatisfy({ length($0) }) else { return false }
        if p.count == 3, !length(p[2], nonNegative: true) { return false }
      }
      return true
    case "textCombine": return v == "none" || v == "all"
    case "textEmphasis": return emphasis(v) != nil
    case "fontVariant":
      guard v != "normal" else { return true }
      let groups: [Set<Substring>] = [["super", "sub"], ["full", "half"], ["ruby"]]
      var seen = [false, false, false]
      for x in w {
        guard let g = groups.firstIndex(where: { $0.contains(x) }), !seen[g] else { return false }
        seen[g] = true
      }
      return !w.isEmpty
    case "rubyReserve":
      guard v != "none" else { return true }
      let kw: Set<Substring> = ["both", "before", "after", "outside"]
      return (1...2).contains(w.count) && kw.contains(w[0]) && (w.count == 1 || length(w[1], nonNegative: true))
    case "zIndex": return v == "auto" || Int(v) != nil
    case "disparity": return w.count == 1 && length(w[0])
    case "border":
      // Rejoin a radii(…) function that contains spaces.
      var w = w
      if let k = w.firstIndex(where: { $0.hasPrefix("radii(") && !$0.hasSuffix(")") }), let e = w[k...].firstIndex(where: { $0.hasSuffix(")") }) {
        let joined = w[k...e].joined()
        w.replaceSubrange(k...e, with: [Substring(joined)])
      }
      guard (1...4).contains(w.count) else { return false }
      let styles: Set<Substring> = ["none", "dotted", "dashed", "solid", "double"]
      var thickness = 0, style = 0, color = 0, radii = 0
      for x in w {
        if styles.contains(x) { style += 1 } else if x == "thin" || x == "medium" || x == "thick" || length(x, nonNegative: true) { thickness += 1 } else if x.hasPrefix("radii(") && x.hasSuffix(")") {
          let inner = x.dropFirst(6).dropLast().split(separator: ",", omittingEmptySubsequences: false).map { Substring($0.trimmingCharacters()) }
          guard (1...2).contains(inner.count), inner.allSatisfy({ length($0, nonNegative: true) }) else { return false }
          radii += 1
        } else if strictColor(String(x)) { color += 1 } else { return false }
      }
      return thickness <= 1 && style <= 1 && color <= 1 && radii <= 1
    case "backgroundImage": return w.count == 1
    case "backgroundExtent":
      let kw: Set<Substring> = ["auto", "contain", "cover", "available", "fitContent", "maxContent", "minContent"]
      return (1...2).contains(w.count) && w.allSatisfy { kw.contains($0) || length($0, nonNegative: true) }
    case "backgroundPosition":
      let kw: Set<Substring> = ["center", "left", "right", "top", "bottom"]
      return (1...4).contains(w.count) && w.allSatisfy { kw.contains($0) || length($0) }
    default: return nil
    }
  }

  /// `ttp:` parameter values; nil when the parameter is not known.
  static func validParameter(_ local: String, _ v: String) -> Bool? {
    if v.isEmpty || TTMLWhitespace.hasEdgeSpace(v) { return false }
    let w = words(v)
    func positiveInt(_ s: Substring) -> Bool { s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (Int(s) ?? 0) > 0 }
    switch local {
    case "timeBase": return ["media", "smpte", "clock"].contains(v)
    case "clockMode": return ["local", "gps", "utc"].contains(v)
    case "dropMode": return ["nonDrop", "dropNTSC", "dropPAL"].contains(v)
    case "markerMode": return ["continuous", "discontinuous"].contains(v)
    case "frameRate", "subFrameRate", "tickRate": return w.count == 1 && positiveInt(w[0])
    case "frameRateMultiplier", "pixelAspectRatio", "displayAspectRatio", "cellResolution":
      return w.count == 2 && w.allSatisfy(positiveInt)
    case "profile": return !v.containsUTF8(" ") && TTMLDesignations.isKnownProfile(v)
    case "contentProfiles", "processorProfiles":
      // Designators, optionally grouped as all(d1 d2 …) or, for processor profiles only, any(…)
      // (TTML2 §7.2.5); no designator twice once relative ones are resolved against the TTML
      // profile namespace.
      var designators: [Substring] = []
      var inGroup = false
      for t0 in w {
        var t = t0
        if !inGroup, t.hasPrefix("all(") || (t.hasPrefix("any(") && local == "processorProfiles") {
          inGroup = true
          t = t.dropFirst(4)
        } else if t.containsUTF8("(") {
          return false
        }
        if inGroup, t.hasSuffix(")") {
          inGroup = false
          t = t.dropLast()
          if t.isEmpty, designators.isEmpty { return false }
        }
        if t.isEmpty { continue }
        guard !t.containsUTF8("("), !t.containsUTF8(")"), !t.containsUTF8(","), !t.containsUTF8("#") else { return false }
        designators.append(t)
      }
      // A designator in the TTML profile namespace must name a profile defined there, as in
      // ttp:profile (TTML2 §5.2, Table 5-2).
      let absolute = designators.map { $0.containsUTF8(":") ? String($0) : "http://www.w3.org/ns/ttml/profile/" + $0 }
      return !inGroup && !designators.isEmpty && Set(absolute).count == absolute.count && absolute.allSatisfy(TTMLDesignations.isKnownProfile)
    case "contentProfileCombination", "processorProfileCombination": return ["leastRestrictive", "mostRestrictive", "replace", "ignore"].contains(v)
    case "inferProcessorProfileMethod": return ["loose", "strict"].contains(v)
    case "inferProcessorProfileSource": return ["combined", "first"].contains(v)
    case "permitFeatureNarrowing", "permitFeatureWidening": return v == "true" || v == "false"
    case "activeArea": return w.count == 4 && w.allSatisfy { percentage($0) }
    case "version": return positiveInt(Substring(v))
    case "validation": return ["required", "optional", "prohibited"].contains(v)
    case "validationAction": return ["abort", "warn", "ignore"].contains(v)
    case "mediaDuration", "mediaOffset", "storageDuration": return true
    default: return nil
    }
  }
}
