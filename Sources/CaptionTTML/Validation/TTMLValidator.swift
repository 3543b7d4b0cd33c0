import CaptionCore

/// Checks a TTML document tree against TTML2 (which includes TTML1's vocabulary) and a
/// profile: IMSC 1.1 Text or Image, IMSC 1.0, EBU-TT-D. Every finding is a diagnostic with a
/// `ttml.validate.*` (TTML) or `ttml.profile.*` (profile) code, severity and line:column.
///
/// Checks: element and attribute vocabulary in the TTML namespaces (`tt:begin` is an unknown
/// attribute, not timing), content models, attribute value syntax (TTML2 §10.2, §7.2), IDREFs
/// (`style`, `region`, `ttm:agent`), unique `xml:id`, and the profile's prohibited features.
/// Elements and attributes in foreign namespaces are ignored, as TTML2 §5.3.2 requires.
struct TTMLValidator {
  let root: XMLElementNode
  let parameters: TTMLTimingParameters
  var diagnostics: [Diagnostic] = []
  /// The most diagnostics kept (`ReadLimits.maxDiagnostics`), and those past it, by severity.
  var limit = 10_000
  var unlisted: [Severity: Int] = [:]
  /// Where the unlisted `ttml.validate.bad-value` errors are.
  var unlistedBadValues: [SourceLocation] = []
  /// The effective profile: `imsc1.1-text`, `imsc1.1-image`, `imsc1.0-text`, `imsc1.0-image`,
  /// `ebu-tt-d`, `ttml1`, `ttml2`, `smpte-tt` or `none`.
  let profile: String
  /// "TTML1" in messages about TTML2 features under a TTML1-based profile, naming the profile
  /// where it is not TTML1 itself.
  var ttml1Basis: String { profile == "ttml1" ? "TTML1" : "TTML1, on which \(profile) is built," }
  var ids: [String: SourceLocation] = [:]
  var styleIDs: Set<String> = []
  /// The `style`s in `head`'s `styling`: only these may be referenced (TTML1 §8.4.1.2: a style
  /// reference names a significant style; a region's own styles serve that region only).
  var significantStyleIDs: Set<String> = []
  var regionIDs: Set<String> = []
  var agentIDs: Set<String> = []
  /// The `ttm:agent`s in `head`: only these may be referenced (TTML1 §12.1.5, §12.2.1: a
  /// reference names a significant agent).
  var significantAgentIDs: Set<String> = []
  /// Identifiers of `animate` and `set` elements, the targets of the `animate` attribute.
  var animationIDs: Set<String> = []
  /// Each `head` style's value of a property through its chain (`TTMLStyleValueCache.value`), worked out once:
  /// regions that share long style chains made the profile checks quadratic.
  var styleValues = TTMLStyleValueCache()
  /// `xml:id` → local name of the elements defined in `resources`, the targets of `#fragment`
  /// references (TTML2 §9.3).
  var resourceKinds: [String: String] = [:]
  /// The root's `ttp:timeBase`, looked up once: every timing attribute's check needs it.
  let timeBase: String?
  /// Whether the document designates IMSC 1.3 (which permits `tts:fontVariant`; 1.1 and 1.2 do
  /// not).
  let designatesIMSC13: Bool
  /// How the file breaks the UTF-8 requirement of IMSC (§6.3 of IMSC 1.0.1 and 1.1) and EBU-TT-D
  /// (for example `the XML declaration names "us-ascii"`), or nil.
  var encodingProblem: String?
  /// A declared encoding name that means UTF-8 but is not its registered name (`utf8`), when
  /// the document is UTF-8.
  var encodingLabel: String?

  init(root: XMLElementNode, profile requested: String?, parameters: TTMLTimingParameters) {
    self.root = root
    self.parameters = parameters
    timeBase = root.attribute(TTMLNamespace.parameter, "timeBase")
    profile = TTMLValidator.effectiveProfile(requested, root)
    isIMSC = profile.hasPrefix("imsc")
    isTTML1Based = profile == "ttml1" || profile.hasPrefix("imsc1.0") || profile == "ebu-tt-d" || profile == "smpte-tt"
    isImageProfile = profile.hasSuffix("-image")
    designatesIMSC13 = [root.attribute(TTMLNamespace.parameter, "contentProfiles"), root.attribute(TTMLNamespace.parameter, "profile")]
      .contains { $0?.containsUTF8("imsc1.3") ?? false }
  }

  /// The profile to check: the requested one, refined by the document's designators.
  static func effectiveProfile(_ requested: String?, _ root: XMLElementNode) -> String {
    let designators = [
      root.attribute(TTMLNamespace.parameter, "contentProfiles"), root.attribute(TTMLNamespace.parameter, "profile"),
    ].compactMap { $0 }.joined(separator: " ")
    let image = designators.containsUTF8("/image")
    switch requested?.lowercased() {
    case "imsc1.1", "imsc11", "imsc": return image ? "imsc1.1-image" : "imsc1.1-text"
    case "imsc1.0", "imsc10", "imsc1": return image ? "imsc1.0-image" : "imsc1.0-text"
    case "ebu-tt-d", "ebuttd": return "ebu-tt-d"
    case "ttml1", "dfxp": return "ttml1"
    case "ttml2": return "ttml2"
    case "smpte-tt", "smpte": return "smpte-tt"
    case .some(let p) where !p.isEmpty: return p
    default: break
    }
    if designators.containsUTF8("imsc1.1") || designators.containsUTF8("imsc1.2") || designators.containsUTF8("imsc1.3") { return image ? "imsc1.1-image" : "imsc1.1-text" }
    if designators.containsUTF8("imsc1/") { return image ? "imsc1.0-image" : "imsc1.0-text" }
    if designators.containsUTF8("urn:ebu:tt:distribution") { return "ebu-tt-d" }
    if designators.containsUTF8("smpte-ra.org/schemas/2052-1/") { return "smpte-tt" }
    // EBU-TT-D has no ttp:profile (its schema does not allow it): a document says it conforms
    // in its head metadata, `ebuttm:conformsToStandard` (Tech 3380 §4.1.2). Only when it names
    // no other standard: a document that also claims IMSC is checked as TTML.
    let standards = conformsToStandard(root)
    if !standards.isEmpty, standards.allSatisfy({ $0.hasPrefix("urn:ebu:tt:distribution:") }) { return "ebu-tt-d" }
    return "none"
  }

  /// The `ebuttm:conformsToStandard` values in `tt/head/metadata/ebuttm:documentMetadata`.
  static func conformsToStandard(_ root: XMLElementNode) -> [String] {
    var out: [String] = []
    for head in root.elements where TTMLReader.isTT(head, "head") {
      for m in head.elements where TTMLReader.isTT(m, "metadata") {
        for d in m.elements where d.name.isIn(TTMLNamespace.ebuMetadata) && d.name.local == "documentMetadata" {
          for c in d.elements where c.name.isIn(TTMLNamespace.ebuMetadata) && c.name.local == "conformsToStandard" {
            out.append(c.textContent.trimmingSpaces)
          }
        }
      }
    }
    return out
  }

  /// An IMSC profile. This and the profile's other kinds (`isTTML1Based`, `isImageProfile`) are
  /// worked out once: the checks ask for every element and attribute.
  let isIMSC: Bool

  /// Whether `profile` (an effective profile) is an IMSC Text Profile: what the IMSC
  /// Hypothetical Render Model applies to.
  static func isIMSCText(_ profile: String) -> Bool { profile.hasPrefix("imsc") && !profile.hasSuffix("-image") }
  /// TTML1, and the profiles built on it (IMSC 1.0.1, EBU-TT-D, SMPTE-TT): TTML2's vocabulary
  /// does not exist there, so its elements and attributes are unknown ones.
  let isTTML1Based: Bool

  /// The `tts:` attributes of TTML1 (§8.2).
  static let ttml1StyleAttributes: NameSet = [
    "backgroundColor", "color", "direction", "display", "displayAlign", "extent", "fontFamily", "fontSize", "fontStyle",
    "fontWeight", "lineHeight", "opacity", "origin", "overflow", "padding", "showBackground", "textAlign",
    "textDecoration", "textOutline", "unicodeBidi", "visibility", "wrapOption", "writingMode", "zIndex",
  ]
  /// Keywords TTML2 added to TTML1 style properties, by property: TTML1 has `tts:textAlign`
  /// left|center|right|start|end (§8.2.21), `tts:displayAlign` before|center|after (§8.2.4),
  /// `tts:unicodeBidi` normal|embed|bidiOverride (§8.2.23) and `tts:display` auto|none (§8.2.3).
  static let ttml2OnlyKeywords: [String: String] = [
    "textAlign": "justify", "displayAlign": "justify", "unicodeBidi": "isolate", "display": "inlineBlock",
  ]
  /// The `ttp:` parameters of TTML1 (§6.2).
  static let ttml1Parameters: NameSet = [
    "cellResolution", "clockMode", "dropMode", "frameRate", "frameRateMultiplier", "markerMode", "pixelAspectRatio",
    "profile", "subFrameRate", "tickRate", "timeBase",
  ]
  /// TTML-namespace elements TTML2 added (§8–§13 of TTML2 against TTML1).
  static let ttml2OnlyElements: NameSet = ["animate", "audio", "chunk", "data", "font", "image", "initial", "resources", "source"]
  /// An IMSC Image Profile.
  let isImageProfile: Bool

  mutating func error(_ code: String, _ message: String, _ at: SourceLocation?) {
    report(code, .error, message, at)
  }

  /// Adds a diagnostic, up to `limit` of them (a hostile document could otherwise ask for
  /// millions); past it they are counted by severity in `unlisted`, which the reader's sink
  /// counts in its `core.diagnostics.limit-reached` summary.
  mutating func report(_ code: String, _ severity: Severity, _ message: String, _ at: SourceLocation?) {
    guard diagnostics.count < limit else {
      // A value the reader could not read is its diagnostic, not also this one (the reader
      // drops such listed ones): these are counted once it knows where they are.
      if code == "ttml.validate.bad-value", let at { unlistedBadValues.append(at) } else { unlisted[severity, default: 0] += 1 }
      return
    }
    diagnostics.append(Diagnostic(code: code, severity: severity, message: message, location: at))
  }

  static let ttmlElements: NameTable<NameSet> = [
    // element → allowed TTML-namespace children
    "tt": ["head", "body"],
    "head": ["metadata", "styling", "layout", "resources", "animation"],
    "styling": ["style", "initial", "metadata"],
    "layout": ["region", "metadata"],
    "resources": ["audio", "data", "font", "image", "metadata"],
    "animation": ["animate", "set", "metadata"],
    "region": ["style", "set", "animate", "metadata"],
    "body": ["div", "metadata", "set", "animate", "audio", "image"],
    "div": ["div", "p", "metadata", "set", "animate", "region", "image", "audio"],
    "p": ["span", "br", "set", "metadata", "animate", "region", "audio", "image"],
    "span": ["span", "br", "set", "metadata", "animate", "audio", "image"],
    "br": ["metadata", "set", "animate"],
    "style": [], "initial": [], "set": ["metadata"], "animate": ["metadata"],
    // `data` in `metadata` is a data binding context (TTML2 §9.1.3); an image may be animated
    // where it is presented (§9.1.5).
    "metadata": ["data"], "audio": ["source", "metadata", "set", "animate"], "image": ["source", "metadata", "set", "animate"],
    "font": ["source", "metadata"],
    "data": ["chunk", "source", "metadata"], "source": ["data", "metadata"], "chunk": [],
  ]

  // `metadata` holds elements only (TTML1 §12.1.1, TTML2 §12.1.1).
  static let mixed: NameSet = ["p", "span", "data", "chunk", "source"]

  static let timingAttrs: NameSet = ["begin", "end", "dur"]

  /// Unprefixed attributes allowed per element.
  static func allowedPlain(_ element: String) -> NameSet {
    switch element {
    case "tt": return plainTT
    case "body", "div", "p", "span": return plainContent
    case "br": return plainBR
    case "region": return plainRegion
    case "style": return plainStyle
    case "set": return plainSet
    case "animate": return plainAnimate
    case "audio": return plainAudio
    case "image": return plainImage
    case "font": return plainFont
    case "data": return plainData
    case "source": return plainSource
    case "chunk": return plainChunk
    default: return plainNone
    }
  }

  // Built once: `allowedPlain` runs for every element.
  static let plainNone: NameSet = []
  static let plainTT: NameSet = ["condition"]
  static let plainContent: NameSet = ["begin", "end", "dur", "region", "style", "timeContainer", "condition", "animate"]
  static let plainBR: NameSet = ["style", "region", "condition", "animate", "begin", "end", "dur"]
  static let plainRegion: NameSet = ["begin", "end", "dur", "style", "timeContainer", "condition", "animate"]
  static let plainStyle: NameSet = ["style", "condition"]
  static let plainSet: NameSet = ["begin", "end", "dur", "fill", "repeatCount", "condition"]
  static let plainAnimate: NameSet = ["begin", "end", "dur", "fill", "repeatCount", "calcMode", "keyTimes", "keySplines", "condition"]
  // TTML2 §9.1 (2nd edition schema): `chunk` takes no `condition`.
  static let plainAudio: NameSet = ["animate", "begin", "clipBegin", "clipEnd", "condition", "dur", "end", "src", "style", "timeContainer", "type"]
  static let plainImage: NameSet = ["animate", "begin", "condition", "dur", "end", "region", "src", "style", "timeContainer", "type"]
  static let plainFont: NameSet = ["condition", "family", "range", "src", "style", "type", "weight"]
  static let plainData: NameSet = ["condition", "encoding", "format", "length", "src", "type"]
  static let plainSource: NameSet = ["condition", "format", "src", "type"]
  static let plainChunk: NameSet = ["encoding", "length"]

  static let styleRefElements: NameSet = ["body", "div", "p", "span", "br", "region", "style", "image", "audio"]

  static let metadataElements: NameSet = ["actor", "agent", "copyright", "desc", "item", "name", "title"]

  static let metadataAttrs: NameSet = ["agent", "role"]
  /// TT elements that take no `tts:` attribute.
  static let unstyledElements: NameSet = ["head", "styling", "layout", "metadata"]
  /// The attribute each of these metadata elements must have, and the values it takes (nil: an
  /// IDREF, checked apart): TTML1 §12.1.5 `ttm:agent`, §12.1.6 `ttm:name`, §12.1.7 `ttm:actor`.
  static let metadataTypes: [String: (String, [String]?)] = [
    "agent": ("type", ["person", "character", "group", "organization", "other"]),
    "name": ("type", ["full", "family", "given", "alias", "other"]),
    "actor": ("agent", nil),
  ]
  /// The values of `ttm:role` (TTML1 §12.2.2), besides extension roles (`x-…`).
  static let roles: Set<String> = [
    "action", "caption", "description", "dialog", "expletive", "kinesic", "lyrics", "music", "narration", "quality", "sound",
    "source", "suppressed", "reproduction", "thought", "title", "transcription",
  ]

  mutating func validate() {
    let known: Set<String> = ["imsc1.1-text", "imsc1.1-image", "imsc1.0-text", "imsc1.0-image", "ebu-tt-d", "ttml1", "ttml2", "smpte-tt", "none"]
    if !known.contains(profile) {
      report(
        "ttml.profile.unknown", .warning,
        "unknown profile '\(profile)'; checking TTML rules only (choose imsc1.1, imsc1.0, ebu-tt-d, ttml1 or ttml2)", nil)
    }
    if root.name.isIn("http://www.w3.org/ns/ttml#isd") {
      checkISD(root, depth: 0)
      return
    }
    guard TTMLReader.isTT(root, "tt") else { return }
    collectIDs(root, depth: 0, inHead: false)
    resourceKinds = TTMLValidator.resourceDefinitions(root)
    if root.attribute(TTMLNamespace.xml, "lang") == nil {
      error("ttml.validate.missing-lang", "<tt> must have xml:lang (it may be empty)", root.location)
    }
    check(root, parent: nil, depth: 0)
    checkItemNames(root, inScope: ["xml"], depth: 0)
    checkLinks(root, insideLink: false, depth: 0)
    checkStyleLoops()
    checkProfile()
  }

  mutating func collectIDs(_ e: XMLElementNode, depth: Int, inHead: Bool, inStyling: Bool = false) {
    if let a = e.attributeNode(TTMLNamespace.xml, "id") {
      if let prior = ids[a.value] {
        error("ttml.validate.duplicate-id", "xml:id '\(a.value)' is also used at \(prior)", a.location)
      } else {
        ids[a.value] = a.location
      }
      if TTMLReader.isTT(e, "style") {
        styleIDs.insert(a.value)
        if inStyling { significantStyleIDs.insert(a.value) }
      }
      if TTMLReader.isTT(e, "region") { regionIDs.insert(a.value) }
      if e.name.isIn(TTMLNamespace.metadata), e.name.local == "agent" {
        agentIDs.insert(a.value)
        if inHead { significantAgentIDs.insert(a.value) }
      }
      if TTMLReader.isTT(e, "animate") || TTMLReader.isTT(e, "set") { animationIDs.insert(a.value) }
    } else if let a = e.attributeNode("", "id"), TTMLReader.isTT(e, "style") || TTMLReader.isTT(e, "region") {
      // A plain `id` (an old DFXP habit) is reported as an unknown attribute; the reader takes
      // it as the xml:id, so references to it are not reported a second time.
      if TTMLReader.isTT(e, "style") {
        styleIDs.insert(a.value)
        if inStyling { significantStyleIDs.insert(a.value) }
      } else {
        regionIDs.insert(a.value)
      }
    }
    guard depth < 256 else { return }
    for child in e.children {
      if case .element(let c) = child {
        collectIDs(c, depth: depth + 1, inHead: inHead || TTMLReader.isTT(e, "head"), inStyling: inHead && TTMLReader.isTT(e, "styling"))
      }
    }
  }

  mutating func check(_ e: XMLElementNode, parent: XMLElementNode?, depth: Int) {
    let inTT = e.name.isIn(TTMLNamespace.tt)
    if inTT {
      guard let allowedChildren = TTMLValidator.ttmlElements[e.name.local] else {
        error("ttml.validate.unknown-element", "<\(e.qualifiedName)> is not a TTML element", e.location)
        return
      }
      if isTTML1Based, TTMLValidator.ttml2OnlyElements.contains(e.name.local) {
        error("ttml.validate.unknown-element", "<\(e.qualifiedName)> is a TTML2 element; \(ttml1Basis) has none", e.location)
      }
      if let parent, parent.name.isIn(TTMLNamespace.tt), let allowed = TTMLValidator.ttmlElements[parent.name.local], !allowed.contains(e.name.local) {
        error("ttml.validate.misplaced-element", "<\(e.qualifiedName)> is not allowed inside <\(parent.qualifiedName)>", e.location)
      }
      _ = allowedChildren
      if !TTMLValidator.mixed.contains(e.name.local) {
        for c in e.children {
          if case .text(let t, let loc) = c, !TTMLWhitespace.isBlank(t) {
            error("ttml.validate.misplaced-text", "text is not allowed directly inside <\(e.qualifiedName)>", loc)
            break
          }
        }
      }
      checkAttributes(e)
      checkChildOrder(e)
      if TTMLValidator.embeddedElements.contains(e.name.local) { checkEmbedded(e, parent: parent) }
    } else if e.name.isIn(TTMLNamespace.metadata) {
      if !TTMLValidator.metadataElements.contains(e.name.local) { error("ttml.validate.unknown-element", "<\(e.qualifiedName)> is not a TTML metadata element", e.location) }
      if e.name.local == "item", TTMLWhitespace.isBlank(e.attribute("", "name") ?? "") {
        error("ttml.validate.bad-value", "ttm:item needs a non-empty name", e.location)
      }
      if let (attribute, values) = TTMLValidator.metadataTypes[e.name.local] {
        // TTML1 §12.1.5–12.1.7: an agent's and a name's type, and an actor's agent, are required.
        if let a = e.attributeNode("", attribute) {
          if let values, !values.contains(TTMLWhitespace.trimmed(a.value)) {
            error("ttml.validate.bad-value", "ttm:\(e.name.local) \(attribute)=\"\(a.value.prefix(80))\" is not one of \(values.joined(separator: ", "))", a.location)
          }
        } else {
          error("ttml.validate.missing-attribute", "<\(e.qualifiedName)> needs a\(attribute == "agent" ? "n" : "") \(attribute) attribute", e.location)
        }
      }
      if e.name.local == "actor", let a = e.attributeNode("", "agent") {
        if !agentIDs.contains(a.value) {
          error("ttml.validate.bad-idref", "ttm:actor agent '\(a.value)' is not an agent", a.location)
        } else if !significantAgentIDs.contains(a.value) {
          error("ttml.validate.bad-idref", "ttm:actor agent '\(a.value)' is not a significant agent (a ttm:agent in <head>)", a.location)
        }
      }
    } else if e.name.isIn(TTMLNamespace.parameter) {
      checkParameterElement(e)
      // A profile definition is checked as a whole from its top element.
      if e.name.local == "profile", parent?.name.namespace != TTMLNamespace.parameter { checkProfileDefinition(e, base: nil) }
    } else {
      // Foreign element: pruned, not checked (TTML2 §5.3.2), but for IMSC's own.
      if isIMSC, e.name.isIn(TTMLNamespace.imscMetadata), e.name.local == "altText" { checkAltText(e, parent: parent) }
      return
    }
    if inTT, e.name.local == "div" || e.name.local == "p" {
      // The children are walked directly: `elements` would copy every child of a large `div`.
      var inline: [XMLElementNode] = []
      for case .element(let c) in e.children where TTMLReader.isTT(c, "region") { inline.append(c) }
      if inline.count > 1 { error("ttml.validate.inline-region", "<\(e.qualifiedName)> has more than one inline <region>", inline[1].location) }
      for r in inline where r.attributes.contains(where: { $0.name.namespace.isEmpty && TTMLValidator.timingAttrs.contains($0.name.local) }) {
        error("ttml.validate.inline-region", "an inline <region> must not have timing", r.location)
      }
    }
    guard depth < 256 else { return }
    for child in e.children {
      if case .element(let c) = child { check(c, parent: e, depth: depth + 1) }
    }
  }

  /// Whether `v` is an offset time in frames (`12f`, `1.5f`): a number and the `f` metric.
  static func isFrameOffset(_ v: String) -> Bool {
    // Most values are clock times: their last character tells at once.
    guard let last = v.utf8.last, last == UInt8(ascii: "f") || TTMLWhitespace.isSpace(last) else { return false }
    let t = TTMLWhitespace.trimmed(v)
    guard t.hasSuffix("f"), !t.containsUTF8(":") else { return false }
    return TTMLValueRules.isNumber(t.dropLast(), signed: false)
  }

  /// `v.split(separator: ":").count`, without building the pieces when `v` is ASCII (the
  /// usual time expression).
  static func colonFieldCount(_ v: String) -> Int {
    var v = v
    let ascii: Int? = v.withUTF8 { bytes in
      var count = 0
      var inField = false
      for b in bytes {
        if b >= 0x80 { return nil }
        if b == UInt8(ascii: ":") {
          inField = false
        } else if !inField {
          inField = true
          count += 1
        }
      }
      return count
    }
    return ascii ?? v.split(separator: ":").count
  }

  /// An empty string or a BCP 47 tag shape: 1–8 letters, then subtags of 1–8 letters or digits.
  static func isLanguageTag(_ v: String) -> Bool {
    if v.isEmpty { return true }
    let parts = v.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (1...8).contains(first.count), first.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return false }
    return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.utf8.allSatisfy { (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) } }
  }

  mutating func checkAttributes(_ e: XMLElementNode) {
    let local = e.name.local
    if local == "set", isTTML1Based {
      // In TTML1 a set animates exactly one style property (TTML1 §12.1.2); TTML2 allows more.
      let styles = e.attributes.filter { $0.name.isIn(TTMLNamespace.styling) || $0.name.isIn(TTMLNamespace.audio) }
      if styles.count > 1 { error("ttml.validate.bad-value", "<set> must specify exactly one style attribute, not \(styles.count)", e.location) }
    }
    let plain = TTMLValidator.allowedPlain(local)
    for a in e.attributes {
      let ns = a.name.namespace
      let n = a.name.local
      let v = a.value
      switch LengthFirst(ns) {
      case "":
        if !plain.contains(n) {
          error("ttml.validate.unknown-attribute", "attribute '\(a.qualifiedName)' is not allowed on <\(e.qualifiedName)>", a.location)
          continue
        }
        if isTTML1Based, n == "condition" || n == "animate" {
          error("ttml.validate.unknown-attribute", "attribute '\(n)' is TTML2; \(ttml1Basis) has none", a.location)
          continue
        }
        if TTMLWhitespace.isBlank(v) {
          error("ttml.validate.bad-value", "attribute '\(n)' is empty", a.location)
          continue
        }
        switch LengthFirst(n) {
        case "timeContainer":
          if v != "par" && v != "seq" { error("ttml.validate.bad-value", "timeContainer=\"\(v)\" is not par or seq", a.location) }
        case "style" where TTMLValidator.styleRefElements.contains(local):
          for r in TTMLReader.idrefs(v) where !significantStyleIDs.contains(r) {
            error(
              "ttml.validate.bad-idref",
              styleIDs.contains(r) ? "style '\(r)' is not a significant style (one in <head>'s <styling>)" : "style '\(r)' is not defined", a.location)
          }
        case "animate":
          // Out-of-line animation: each IDREF names an animate or set element (TTML2 §13.3.1).
          for r in TTMLReader.idrefs(v) where !animationIDs.contains(r) {
            error("ttml.validate.bad-idref", "animate '\(r)' is not an <animate> or <set> element", a.location)
          }
        case "region":
          if !regionIDs.contains(TTMLWhitespace.trimmed(v)) { error("ttml.validate.bad-idref", "region '\(v)' is not defined", a.location) }
        case "fill":
          if v != "freeze" && v != "remove" { error("ttml.validate.bad-value", "fill=\"\(v)\" is not freeze or remove", a.location) }
        case "repeatCount":
          if v != "indefinite", !(TTMLValueRules.isNumber(Substring(v), signed: false)) {
            error("ttml.validate.bad-value", "repeatCount=\"\(v)\" is not a non-negative number or indefinite", a.location)
          }
        case "calcMode":
          if !["discrete", "linear", "paced", "spline"].contains(v) { error("ttml.validate.bad-value", "calcMode=\"\(v)\" is not valid", a.location) }
        case "condition":
          checkCondition(a)
        case "begin", "end", "dur":
          // SMPTE discontinuous marker mode: time codes are labels, not a time line, so a
          // duration means nothing (TTML1 and TTML2 §10.2.3: dur must not be specified).
          if n == "dur", timeBase == "smpte", root.attribute(TTMLNamespace.parameter, "markerMode") == "discontinuous" {
            error("ttml.validate.bad-value", "dur is not allowed with ttp:timeBase=\"smpte\" and ttp:markerMode=\"discontinuous\"", a.location)
          }
          // TTML1 §10.3.1: frames mean nothing on a clock time base, in either form (a clock
          // time's fourth field, or the `f` metric of an offset time).
          if timeBase == "clock", TTMLValidator.colonFieldCount(v) == 4 || TTMLValidator.isFrameOffset(v) {
            error("ttml.validate.bad-value", "frames are not allowed in clock time base", a.location)
          }
          if v.utf8.first(where: { !TTMLWhitespace.isSpace($0) }) == UInt8(ascii: "w"), TTMLWhitespace.trimmed(v).hasPrefix("wallclock(") {
            if !TTMLValueRules.wallclock(TTMLWhitespace.trimmed(v)) {
              error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid wallclock time (wallclock(YYYY-MM-DDThh:mm:ss.f), a date or a time)", a.location)
            } else if profile == "ttml1", timeBase != "clock" {
              // TTML2 relates wall-clock times to any time base; TTML1 only to the clock one.
              error("ttml.validate.bad-value", "wallclock times need ttp:timeBase=\"clock\" in TTML1", a.location)
            }
          }
        default: break
        }
      case TTMLNamespace.tt:
        error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is in the TTML namespace, which has no attributes (timing and style attributes are unprefixed or tts:)", a.location)
      case TTMLNamespace.styling:
        if TTMLValidator.unstyledElements.contains(local) {
          // TTML1 §7.1.2 head, §8.1.1 styling, §9.1.1 layout, §12.1.1 metadata: no style attributes.
          error("ttml.validate.misplaced-attribute", "'\(a.qualifiedName)' is not allowed on <\(e.qualifiedName)>, which takes no style attributes", a.location)
        } else if !TTMLStyleParser.knownTTS.contains(n) {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not a TTML style attribute", a.location)
        } else if isTTML1Based, !TTMLValidator.ttml1StyleAttributes.contains(n) {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is a TTML2 style attribute; \(ttml1Basis) has none", a.location)
        } else if local == "animate" || local == "set", let why = TTMLValidator.animationProblem(n, element: local, calcMode: e.attribute("", "calcMode")) {
          error("ttml.validate.non-animatable", "\(a.qualifiedName) \(why)", a.location)
        } else if n == "display", v.trimmingSpaces == "inlineBlock", ["body", "div", "p"].contains(local), e.name.isIn(TTMLNamespace.tt) {
          // TTML2 §10.2.15: inlineBlock makes a span an inline block; block-level content
          // elements cannot be one (a style may still carry the value to the spans it styles).
          error("ttml.validate.bad-value", "tts:display=\"inlineBlock\" applies only to <span>, not <\(local)>", a.location)
        } else if isTTML1Based, n == "color" || n == "backgroundColor" || n == "textOutline",
          TTMLValueRules.hasPaddedColorFunction(v)
        {
          // TTML1's <color> grammar has no whitespace inside rgb()/rgba(); TTML2 allows it.
          error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\": TTML1 allows no spaces inside rgb() or rgba()", a.location)
        } else if isTTML1Based, let keyword = TTMLValidator.ttml2OnlyKeywords[n],
          // IMSC prohibits justify itself (`checkProfile`): reported once, there.
          !(isIMSC && keyword == "justify"),
          v.split(separator: ";").contains(where: { TTMLWhitespace.trimmed(String($0)) == keyword })
        {
          error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(keyword)\" is a TTML2 value; \(ttml1Basis) does not have it", a.location)
        } else if isTTML1Based, n == "extent", local == "tt", TTMLWhitespace.trimmed(v) == "contain" {
          // TTML1 §8.2.7: the root's extent is auto or two pixel lengths.
          error("ttml.validate.bad-value", "tts:extent=\"contain\" on <tt> is a TTML2 value; \(ttml1Basis) allows auto or two pixel lengths", a.location)
        } else if profile == "ttml1", TTMLValueRules.words(v).contains(where: { TTMLStyleParser.length(String($0)).map { $0.unit == .rootWidth || $0.unit == .rootHeight } ?? false }) {
          // TTML1 §8.3.9 <length>: px, em, c and % only; rw and rh came with TTML2.
          error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\": TTML1 lengths are px, em, c or %; rw and rh are TTML2 units", a.location)
        } else if (local == "animate" || local == "set") && v.containsUTF8(";") ? v.split(separator: ";", omittingEmptySubsequences: false).contains(where: { TTMLValueRules.validStyle(n, String($0)) == false }) : TTMLValueRules.validStyle(n, v) == false {
          error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location)
        } else if n == "extent", local == "tt" {
          let w = TTMLValueRules.words(v)
          if !(w.count == 2 && w.allSatisfy({ TTMLValueRules.length($0, nonNegative: true, units: ["px"]) })) && v != "auto" && v != "contain" {
            error("ttml.validate.bad-value", "tts:extent on <tt> must be auto or two pixel lengths", a.location)
          }
        }
        if n == "backgroundImage", local != "animate", local != "set" { checkBackgroundImageReference(a) }
      case TTMLNamespace.parameter:
        if local != "tt" {
          error("ttml.validate.misplaced-attribute", "\(a.qualifiedName) is only allowed on <tt>", a.location)
        } else if isTTML1Based, TTMLValueRules.validParameter(n, v) != nil, !TTMLValidator.ttml1Parameters.contains(n) {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is a TTML2 parameter; \(ttml1Basis) has none", a.location)
        } else if let ok = TTMLValueRules.validParameter(n, v) {
          if !ok { error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location) }
        } else {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not a TTML parameter", a.location)
        }
      case TTMLNamespace.metadata:
        if !TTMLValidator.metadataAttrs.contains(n) {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not a TTML metadata attribute", a.location)
        } else if TTMLWhitespace.isBlank(v) {
          error("ttml.validate.bad-value", "\(a.qualifiedName) is empty", a.location)
        } else if n == "role" {
          if let bad = TTMLReader.idrefs(v).first(where: { !TTMLValidator.roles.contains($0) && !($0.hasPrefix("x-") && $0.utf8.count > 2) }) {
            error("ttml.validate.bad-value", "ttm:role '\(bad.prefix(80))' is not a TTML role (action, caption, description, dialog, …) or an extension role (x-…)", a.location)
          }
        } else if n == "agent" {
          for r in TTMLReader.idrefs(v) where !significantAgentIDs.contains(r) {
            error("ttml.validate.bad-idref", agentIDs.contains(r) ? "agent '\(r)' is not a significant agent (a ttm:agent in <head>)" : "agent '\(r)' is not defined", a.location)
          }
        }
      case TTMLNamespace.ebuStyling:
        if n == "multiRowAlign" || n == "linePadding" {
          if !["style", "region", "body", "div", "p"].contains(local) {
            error("ttml.validate.misplaced-attribute", "\(a.qualifiedName) is only allowed on style, region, body, div and p", a.location)
          }
          let ok = n == "multiRowAlign" ? ["start", "center", "end", "auto"].contains(v) : TTMLValueRules.length(Substring(v), nonNegative: true, units: ["c"])
          if !ok { error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location) }
        }
      case TTMLNamespace.xml:
        if n == "lang", !TTMLValidator.isLanguageTag(v) {
          error("ttml.validate.bad-value", "xml:lang=\"\(v.prefix(40))\" is not a BCP 47 language tag (or empty)", a.location)
        }
        if n == "space", v != "default", v != "preserve" { error("ttml.validate.bad-value", "xml:space=\"\(v)\" is not default or preserve", a.location) }
        if n == "base", TTMLWhitespace.isBlank(v) {
          error("ttml.validate.bad-value", "xml:base is empty", a.location)
        } else if n == "base", !TTMLDesignations.isURIReference(v.trimmingSpaces) {
          error("ttml.validate.bad-value", "xml:base=\"\(v.prefix(80))\" is not a URI reference (RFC 3986)", a.location)
        }
        // xml:id is an ID: an XML name without ':' (XML 1.0 §3.3.1, xml:id §4).
        if n == "id", !XMLNameCharacters.isNCName(v) {
          error("ttml.validate.bad-value", "xml:id=\"\(v.prefix(40))\" is not an XML name (it must start with a letter or '_' and hold no spaces or ':')", a.location)
        }
      case TTMLNamespace.audio:
        if local == "animate", n == "speak", let mode = e.attribute("", "calcMode"), mode != "discrete" {
          error("ttml.validate.non-animatable", "\(a.qualifiedName) is only discretely animatable, so <animate> must use calcMode=\"discrete\", not \"\(mode)\" (TTML2 §13.2.1)", a.location)
        }
        let parts = (local == "animate" || local == "set") ? v.split(separator: ";", omittingEmptySubsequences: false).map(String.init) : [v]
        if parts.contains(where: { !TTMLValueRules.validAudio(n, $0) }) { error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location) }
      default:
        break
      }
    }
  }

  /// Chained referential styles must not loop (TTML2 §10.4.4.3).
  mutating func checkStyleLoops() {
    var refs: [String: [String]] = [:]
    var where_: [String: SourceLocation] = [:]
    func collect(_ e: XMLElementNode, depth: Int) {
      if TTMLReader.isTT(e, "style"), let id = e.attribute(TTMLNamespace.xml, "id") {
        refs[id] = TTMLReader.idrefs(e.attribute("", "style"))
        where_[id] = e.location
      }
      guard depth < 64 else { return }
      for child in e.children {
        if case .element(let c) = child { collect(c, depth: depth + 1) }
      }
    }
    collect(root, depth: 0)
    // One depth-first pass: `reaches` remembers whether a style leads into a loop, so each style
    // is visited once (resetting per style made long chains quadratic).
    var reaches: [String: Bool] = [:]
    var onStack = Set<String>()
    var reported = Set<String>()
    func visit(_ id: String, _ depth: Int) -> Bool {
      if let known = reaches[id] { return known }
      if onStack.contains(id) { return true }
      if depth > 256 { return false }
      onStack.insert(id)
      defer { onStack.remove(id) }
      var found = false
      for r in refs[id] ?? [] where refs[r] != nil {
        if visit(r, depth + 1) {
          found = true
          break
        }
      }
      reaches[id] = found
      return found
    }
    for id in refs.keys.sorted() {
      if visit(id, 0), !reported.contains(id) {
        reported.insert(id)
        error("ttml.validate.style-loop", "style '\(id)' refers to itself through its style chain", where_[id])
      }
    }
  }

  /// `ttp:profile`, `ttp:features`, `ttp:extensions` elements (TTML2 §6.1).
  mutating func checkParameterElement(_ e: XMLElementNode) {
    for a in e.attributes where a.name.namespace.isEmpty {
      let v = a.value
      var ok = true
      switch a.name.local {
      case "type": ok = v == "content" || v == "processor"
      case "combine": ok = ["leastRestrictive", "mostRestrictive", "replace", "ignore"].contains(v)
      case "designator", "use": ok = !v.trimmingSpaces.isEmpty && !v.containsUTF8("#")
      case "value": ok = ["optional", "required", "prohibited", "use"].contains(v)
      default: break
      }
      if !ok { error("ttml.validate.bad-value", "\(e.qualifiedName) \(a.qualifiedName)=\"\(v)\" is not a valid value", a.location) }
    }
  }

  /// TTML2 Annex intermediate synchronic documents: `isd:isd` and `isd:sequence` versions and sizes.
  mutating func checkISD(_ e: XMLElementNode, depth: Int) {
    guard depth < 64 else { return }
    if e.name.isIn("http://www.w3.org/ns/ttml#isd") {
      if let v = e.attributeNode("", "version") {
        if depth > 0, e.name.local == "isd" {
          // TTML2 ISD: the version is given once, on the outermost element.
          error("ttml.validate.misplaced-attribute", "version is not allowed on an isd:isd inside isd:sequence", v.location)
        } else if v.value != "2" {
          error("ttml.validate.bad-value", "ISD version must be 2", v.location)
        }
      }
      if let s = e.attributeNode("", "size"), s.value.isEmpty || !s.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
        error("ttml.validate.bad-value", "ISD size must be a non-negative integer", s.location)
      }
    }
    for c in e.elements { checkISD(c, depth: depth + 1) }
  }

  /// TTML2 `xlink:href`: a non-empty URI, and no link inside another link.
  mutating func checkLinks(_ e: XMLElementNode, insideLink: Bool, depth: Int) {
    guard depth < 256 else { return }
    var linked = insideLink
    if let href = e.attributeNode(TTMLValidator.xlinkNamespace, "href") {
      if TTMLWhitespace.isBlank(href.value) {
        error("ttml.validate.bad-value", "xlink:href must not be empty", href.location)
      } else if insideLink {
        error("ttml.validate.misplaced-attribute", "xlink:href inside an element that already links (nested links are not allowed)", href.location)
      }
      linked = true
    }
    for c in e.elements { checkLinks(c, insideLink: linked, depth: depth + 1) }
  }

  mutating func checkCondition(_ a: XMLAttribute) {
    if let why = TTMLConditionSyntax.problem(a.value) {
      error("ttml.validate.bad-value", "condition=\"\(a.value.prefix(80))\" is not a valid condition: \(why) (TTML2 §8.2.2)", a.location)
    }
  }
}
