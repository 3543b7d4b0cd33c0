import CaptionCore

/// TTML2 §9 embedded content: `resources`, `audio`, `chunk`, `data`, `font`, `image` and
/// `source`. Attribute syntax (`length`, `encoding`, `format`, `type`, `range`, font `style` and
/// `weight`), which of `src` and child `source`/`data`/`chunk` elements an element may combine,
/// fragment references (`src="#id"`, `tts:backgroundImage="#id"`) that must name the right kind
/// of element in `resources`, and embedded data that must decode in its `encoding`.
extension TTMLValidator {
  /// The embedded-content elements these rules cover.
  static let embeddedElements: NameSet = ["audio", "chunk", "data", "font", "image", "source", "resources"]

  /// Generic font family names (TTML2 §10.3.15), which a `font` element must not claim as its
  /// `family` (TTML2 2nd edition §9.1.4; the comparison is case-sensitive).
  static let genericFamilies: Set<String> = [
    "default", "monospace", "sansSerif", "serif", "monospaceSansSerif", "monospaceSerif", "proportionalSansSerif",
    "proportionalSerif",
  ]

  /// `xml:id` → element local name, for every TTML element that is a child of `resources`: the
  /// targets a `#fragment` reference may name (TTML2 §9.3).
  static func resourceDefinitions(_ root: XMLElementNode) -> [String: String] {
    var out: [String: String] = [:]
    guard let head = root.elements.first(where: { TTMLReader.isTT($0, "head") }) else { return out }
    for resources in head.elements where TTMLReader.isTT(resources, "resources") {
      for e in resources.elements where e.name.isIn(TTMLNamespace.tt) {
        if let id = e.attribute(TTMLNamespace.xml, "id") { out[id] = e.name.local }
      }
    }
    return out
  }

  /// The identifier of a bare fragment reference (`#id`), or nil for any other URI.
  static func fragment(_ v: String) -> String? {
    let t = TTMLWhitespace.trimmed(v)
    guard t.hasPrefix("#"), t.count > 1 else { return nil }
    return String(t.dropFirst())
  }

  /// Checks one embedded-content element in its parent's context (TTML2 §9.1).
  mutating func checkEmbedded(_ e: XMLElementNode, parent: XMLElementNode?) {
    let local = e.name.local
    let src = e.attributeNode("", "src")
    let type = e.attributeNode("", "type")
    var sources: [XMLElementNode] = []
    var chunks: [XMLElementNode] = []
    var dataChildren: [XMLElementNode] = []
    var animations: [XMLElementNode] = []
    var text: (String, SourceLocation)?
    for c in e.children {
      switch c {
      case .element(let k) where k.name.isIn(TTMLNamespace.tt):
        switch k.name.local {
        case "source": sources.append(k)
        case "chunk": chunks.append(k)
        case "data": dataChildren.append(k)
        case "set", "animate": animations.append(k)
        default: break
        }
      case .text(let t, let loc) where !TTMLWhitespace.isBlank(t):
        if text == nil { text = (t, loc) }
      default: break
      }
    }
    let parentName = parent?.name.namespace == TTMLNamespace.tt ? parent?.name.local : nil

    // src and its fragment reference (TTML2 §9.2.3, §9.3).
    if let src {
      if let id = TTMLValidator.fragment(src.value) {
        // audio, font, image refer to their own kind; data and source refer to data.
        let want = (local == "source" || local == "data") ? "data" : local
        if local != "chunk", local != "resources", resourceKinds[id] != want {
          func article(_ n: String) -> String { ["a", "e", "i", "o", "u"].contains(n.prefix(1)) ? "an <\(n)>" : "a <\(n)>" }
          let what = resourceKinds[id].map(article) ?? "no element"
          error(
            "ttml.validate.resource-ref",
            "<\(e.qualifiedName)> src=\"\(src.value.prefix(80))\" must name \(article(want)) child of <resources>, but '\(id)' is \(what) there (TTML2 §9.3)",
            src.location)
        }
        if let type {
          error(
            "ttml.validate.resource-type",
            "<\(e.qualifiedName)> refers to a fragment of this document, so it must not specify type (the referenced <data> gives it; TTML2 §9.1)",
            type.location)
        }
      } else if TTMLWhitespace.isBlank(src.value) == false, !TTMLValidator.isURI(src.value) {
        error("ttml.validate.bad-value", "src=\"\(src.value.prefix(80))\" is not a URI", src.location)
      }
    }
    if let type, !TTMLValidator.isMediaType(type.value) {
      error("ttml.validate.bad-value", "type=\"\(type.value.prefix(80))\" is not a media type (type/subtype with optional parameters, RFC 2045 §5.1)", type.location)
    }
    if let f = e.attributeNode("", "format"), !TTMLValidator.isDataFormat(f.value) {
      error("ttml.validate.bad-value", "format=\"\(f.value.prefix(80))\" is not an NCName or an absolute URI (TTML2 §9.3.3)", f.location)
    }
    if let l = e.attributeNode("", "length"), !TTMLValidator.isDigits(l.value) {
      error("ttml.validate.bad-value", "length=\"\(l.value.prefix(40))\" is not a non-negative integer written in digits only (TTML2 §9.1.2, §9.1.3)", l.location)
    }
    if let enc = e.attributeNode("", "encoding"), TTMLDataEncoding(rawValue: enc.value) == nil {
      error("ttml.validate.bad-value", "encoding=\"\(enc.value.prefix(40))\" is not base16, base32, base32hex, base64 or base64url (TTML2 §9.2.1)", enc.location)
    }

    switch local {
    case "audio", "font", "image":
      if src != nil, let first = sources.first {
        error("ttml.validate.resource-content", "<\(e.qualifiedName)> specifies src, so it must not have <source> children (TTML2 §9.1)", first.location)
      } else if src == nil, sources.isEmpty, local != "audio" {
        // An audio element with neither may stand for implied speech audio (TTML2 §9.1.1, tta:speak).
        error("ttml.validate.resource-content", "<\(e.qualifiedName)> needs a src attribute or at least one <source> child (TTML2 §9.1)", e.location)
      }
      if local == "font" { checkFontAttributes(e) }
      if local == "audio" {
        // clipBegin and clipEnd are offsets into the audio: offset-time only (TTML2 §9.1.1).
        for a in e.attributes where a.name.namespace.isEmpty && (a.name.local == "clipBegin" || a.name.local == "clipEnd") {
          let isOffset: Bool
          if case .success = TTMLTimeExpression.parse(a.value, parameters: parameters) { isOffset = !a.value.containsUTF8(":") } else { isOffset = false }
          if !isOffset {
            error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(a.value.prefix(40))\" is not an offset time such as 2.5s or 120f (TTML2 §9.1.1)", a.location)
          }
        }
      }
      if local == "image", parentName == "resources" {
        // An image defining context has no timing, region or animation (TTML2 §9.1.5).
        for a in e.attributes where a.name.namespace.isEmpty && ["animate", "begin", "dur", "end", "region", "timeContainer"].contains(a.name.local) {
          error("ttml.validate.misplaced-attribute", "\(a.qualifiedName) is not allowed on an <image> in <resources> (TTML2 §9.1.5)", a.location)
        }
        if let first = animations.first {
          error("ttml.validate.misplaced-element", "<\(first.qualifiedName)> is not allowed in an <image> in <resources> (TTML2 §9.1.5)", first.location)
        }
      }
    case "source":
      if src != nil, let d = dataChildren.first {
        error("ttml.validate.resource-content", "<source> specifies src, so it must not have a <data> child (TTML2 §9.1.7)", d.location)
      } else if src == nil, dataChildren.isEmpty {
        error("ttml.validate.resource-content", "<source> needs a src attribute or a <data> child (TTML2 §9.1.7)", e.location)
      }
      if dataChildren.count > 1 {
        error("ttml.validate.resource-content", "<source> has more than one <data> child (TTML2 §9.1.7)", dataChildren[1].location)
      }
      // A source must not have a source ancestor: the only way is source > data > source.
      for d in dataChildren {
        for s in d.elements where TTMLReader.isTT(s, "source") {
          error("ttml.validate.resource-content", "<source> must not be nested inside another <source> (TTML2 §9.1.7)", s.location)
        }
      }
    case "data":
      checkData(e, src: src, type: type, text: text, chunks: chunks, sources: sources, parentName: parentName)
    case "chunk":
      if let enc = TTMLDataEncoding(rawValue: e.attribute("", "encoding") ?? "base64") {
        _ = checkEncodedContent(e, encoding: enc, what: "<chunk>")
      }
    default:
      break
    }
  }

  /// `data` (TTML2 §9.1.3): one of simple (text), chunked or sourced embedding, or a reference by
  /// `src`; `type` for simple and chunked data; no `encoding` for chunked or sourced data, no
  /// `length` for sourced data; content that decodes and matches `length`.
  mutating func checkData(
    _ e: XMLElementNode, src: XMLAttribute?, type: XMLAttribute?, text: (String, SourceLocation)?, chunks: [XMLElementNode],
    sources: [XMLElementNode], parentName: String?
  ) {
    if src != nil {
      if let loc = chunks.first?.location ?? sources.first?.location ?? text?.1 {
        error("ttml.validate.resource-content", "<data> specifies src, so it must have no content other than metadata (TTML2 §9.1.3)", loc)
      }
      return
    }
    if let t = text, !chunks.isEmpty || !sources.isEmpty {
      error("ttml.validate.resource-content", "<data> mixes text with <chunk> or <source> children; use one content model (TTML2 §9.1.3)", t.1)
    }
    if !chunks.isEmpty, let s = sources.first {
      error("ttml.validate.resource-content", "<data> mixes <chunk> and <source> children (TTML2 §9.1.3)", s.location)
    }
    if !sources.isEmpty {
      for s in sources {
        for d in s.elements where TTMLReader.isTT(d, "data") {
          error("ttml.validate.resource-content", "a <source> of sourced <data> must not contain <data> (TTML2 §9.1.3)", d.location)
        }
      }
      if let l = e.attributeNode("", "length") {
        error("ttml.validate.misplaced-attribute", "length is not allowed with sourced data embedding (TTML2 §9.1.3)", l.location)
      }
    }
    if !chunks.isEmpty || !sources.isEmpty, let enc = e.attributeNode("", "encoding") {
      error("ttml.validate.misplaced-attribute", "encoding is not allowed on <data> with <chunk> or <source> children; put it on each <chunk> (TTML2 §9.1.3)", enc.location)
    }
    // Simple and chunked embedding need a type. The spec's own example of data bound to metadata
    // (TTML2 §9.1.3, example 2) carries none, so that context is not held to it.
    if sources.isEmpty, type == nil, parentName != "metadata" {
      error("ttml.validate.resource-type", "<data> with embedded content must specify type (application/octet-stream when there is none; TTML2 §9.1.3)", e.location)
    }
    let declared = e.attribute("", "length").flatMap { TTMLValidator.isDigits($0) ? Int($0) : nil }
    if chunks.isEmpty, sources.isEmpty, let enc = TTMLDataEncoding(rawValue: e.attribute("", "encoding") ?? "base64"),
      let n = checkEncodedContent(e, encoding: enc, what: "<data>"), let declared, n != declared
    {
      lengthMismatch(e, declared: declared, decoded: n)
    } else if !chunks.isEmpty, let declared {
      var total = 0
      for c in chunks {
        guard let enc = TTMLDataEncoding(rawValue: c.attribute("", "encoding") ?? "base64"),
          let n = TTMLDataEncoding.decodedLength(c.textContent, enc)
        else { return }
        total += n
      }
      if total != declared { lengthMismatch(e, declared: declared, decoded: total) }
    }
  }

  mutating func lengthMismatch(_ e: XMLElementNode, declared: Int, decoded: Int) {
    report(
      "ttml.validate.data-length", .warning,
      "<\(e.qualifiedName)> declares length=\"\(declared)\" but its content decodes to \(decoded) bytes; processors use no data at all (TTML2 §9.1.3)",
      e.attributeNode("", "length")?.location ?? e.location)
  }

  /// The decoded byte count of an element's text in `encoding`, or nil (with an error) when the
  /// text is not in that encoding. A `chunk` also checks its own `length`.
  mutating func checkEncodedContent(_ e: XMLElementNode, encoding: TTMLDataEncoding, what: String) -> Int? {
    let text = e.textContent
    guard let n = TTMLDataEncoding.decodedLength(text, encoding) else {
      let at = e.children.lazy.compactMap { if case .text(let t, let loc) = $0, !TTMLWhitespace.isBlank(t) { loc } else { nil } }.first
      error("ttml.validate.bad-data", "\(what) content is not valid \(encoding.rawValue) data (TTML2 §9.2.1, RFC 4648)", at ?? e.location)
      return nil
    }
    if what == "<chunk>", let l = e.attribute("", "length"), TTMLValidator.isDigits(l), let declared = Int(l), declared != n {
      lengthMismatch(e, declared: declared, decoded: n)
    }
    return n
  }

  /// `font` attributes (TTML2 §9.1.4): `family` not a generic family, `style`, `weight`, `range`.
  mutating func checkFontAttributes(_ e: XMLElementNode) {
    if let f = e.attributeNode("", "family"), TTMLValidator.genericFamilies.contains(TTMLWhitespace.trimmed(f.value)) {
      error(
        "ttml.validate.font-family",
        "<font> family=\"\(f.value)\" is a generic font family name, which a font resource cannot override (TTML2 §9.1.4)", f.location)
    }
    if let s = e.attributeNode("", "style"), !["normal", "italic", "oblique"].contains(s.value) {
      error("ttml.validate.bad-value", "<font> style=\"\(s.value.prefix(40))\" is not normal, italic or oblique (TTML2 §9.1.4)", s.location)
    }
    if let w = e.attributeNode("", "weight"), !["normal", "bold"].contains(w.value) {
      error("ttml.validate.bad-value", "<font> weight=\"\(w.value.prefix(40))\" is not normal or bold (TTML2 §9.1.4)", w.location)
    }
    if let r = e.attributeNode("", "range"), !TTMLValidator.isUnicodeRange(r.value) {
      error("ttml.validate.bad-value", "<font> range=\"\(r.value.prefix(80))\" is not a <unicode-range> (U+hex, U+hex-hex or U+hex?…, at most U+10FFFF; TTML2 §9.3.6)", r.location)
    }
  }

  /// `tts:backgroundImage="#id"` must name an `image` child of `resources` (TTML2 §9.3.5).
  mutating func checkBackgroundImageReference(_ a: XMLAttribute) {
    guard let id = TTMLValidator.fragment(a.value) else { return }
    if resourceKinds[id] != "image" {
      error("ttml.validate.resource-ref", "\(a.qualifiedName)=\"\(a.value.prefix(80))\" must name an <image> child of <resources> (TTML2 §9.3.5)", a.location)
    }
  }

  // MARK: - Value syntax

  static func isDigits(_ v: String) -> Bool {
    !v.isEmpty && v.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// A URI reference without spaces or characters URIs never contain.
  static func isURI(_ v: String) -> Bool {
    let t = TTMLWhitespace.trimmed(v)
    return !t.isEmpty && !t.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") }
  }

  /// `<data-format>`: an NCName or an absolute URI (TTML2 §9.3.3).
  static func isDataFormat(_ v: String) -> Bool {
    if XMLNameCharacters.isNCName(v) { return true }
    guard isURI(v), let colon = v.firstIndex(of: ":"), colon != v.startIndex else { return false }
    let scheme = v[..<colon]
    guard let f = scheme.unicodeScalars.first, f.isASCII, f.properties.isAlphabetic else { return false }
    return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
  }

  /// RFC 2045 §5.1 `type "/" subtype *(";" parameter)`, with RFC 2045 tokens.
  static func isMediaType(_ v: String) -> Bool {
    let parts = v.split(separator: ";", omittingEmptySubsequences: false)
    guard let head = parts.first else { return false }
    let ts = head.split(separator: "/", omittingEmptySubsequences: false)
    guard ts.count == 2, isToken(TTMLWhitespace.trimmed(String(ts[0]))), isToken(TTMLWhitespace.trimmed(String(ts[1]))) else { return false }
    // A quoted parameter value may itself hold `;` or `=`: only unquoted parameters are checked.
    if v.contains("\"") { return true }
    for p in parts.dropFirst() {
      let kv = p.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard kv.count == 2, isToken(TTMLWhitespace.trimmed(String(kv[0]))) else { return false }
      let value = TTMLWhitespace.trimmed(String(kv[1]))
      guard isToken(value) else { return false }
    }
    return true
  }

  static func isToken(_ s: String) -> Bool {
    let specials = "()<>@,;:\\\"/[]?=".utf8
    return !s.isEmpty && s.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !specials.contains($0) }
  }

  /// `<unicode-range>` (TTML2 §9.3.6): comma-separated `U+h…`, `U+h…-h…` with up to six hex
  /// digits or `?` wildcards. As in CSS, a range may not end above U+10FFFF or start after its end.
  static func isUnicodeRange(_ v: String) -> Bool {
    let ranges = v.split(separator: ",", omittingEmptySubsequences: false)
    for r in ranges {
      let t = TTMLWhitespace.trimmed(String(r))
      let ends = t.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count == 1 || ends.count == 2 else { return false }
      guard let first = codepoint(ends[0]) else { return false }
      let low = first.low
      var high = first.high
      if ends.count == 2 {
        // The end of a range is written without `U+` (the spec's own `u+20-7f`, as in CSS).
        guard let second = codepoint(ends[1]) ?? codepoint("U+" + ends[1]) else { return false }
        high = second.high
      }
      if high > 0x10FFFF || low > high { return false }
    }
    return true
  }

  /// One `U+` codepoint: its lowest and highest value (wildcards as 0 and F).
  static func codepoint(_ s: Substring) -> (low: UInt32, high: UInt32)? {
    let u = Array(s.utf8)
    guard u.count >= 3, u.count <= 8, u[0] | 0x20 == UInt8(ascii: "u"), u[1] == UInt8(ascii: "+") else { return nil }
    var low: UInt32 = 0
    var high: UInt32 = 0
    for c in u[2...] {
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - 0x41 + 10)
      case UInt8(ascii: "?"):
        low = low << 4
        high = high << 4 | 0xF
        continue
      default: return nil
      }
      low = low << 4 | d
      high = high << 4 | d
    }
    return (low, high)
  }
}
