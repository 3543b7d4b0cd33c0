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
  /// The effective profile: `imsc1.1-text`, `imsc1.1-image`, `imsc1.0-text`, `imsc1.0-image`,
  /// `ebu-tt-d`, `ttml1`, `ttml2`, `smpte-tt` or `none`.
  let profile: String
  var ids: [String: SourceLocation] = [:]
  var styleIDs: Set<String> = []
  var regionIDs: Set<String> = []
  var agentIDs: Set<String> = []

  init(root: XMLElementNode, profile requested: String?, parameters: TTMLTimingParameters) {
    self.root = root
    self.parameters = parameters
    profile = TTMLValidator.effectiveProfile(requested, root)
  }

  /// The profile to check: the requested one, refined by the document's designators.
  static func effectiveProfile(_ requested: String?, _ root: XMLElementNode) -> String {
    let designators = [
      root.attribute(TTMLNamespace.parameter, "contentProfiles"), root.attribute(TTMLNamespace.parameter, "profile"),
    ].compactMap { $0 }.joined(separator: " ")
    let image = designators.contains("/image")
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
    if designators.contains("imsc1.1") || designators.contains("imsc1.2") || designators.contains("imsc1.3") { return image ? "imsc1.1-image" : "imsc1.1-text" }
    if designators.contains("imsc1/") { return image ? "imsc1.0-image" : "imsc1.0-text" }
    if designators.contains("urn:ebu:tt:distribution") { return "ebu-tt-d" }
    return "none"
  }

  var isIMSC: Bool { profile.hasPrefix("imsc") }
  var isImageProfile: Bool { profile.hasSuffix("-image") }

  mutating func error(_ code: String, _ message: String, _ at: SourceLocation?) {
    guard diagnostics.count < 5_000 else { return }
    diagnostics.append(Diagnostic(code: code, severity: .error, message: message, location: at))
  }

  static let ttmlElements: [String: Set<String>] = [
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
    "metadata": [], "audio": ["source", "metadata"], "image": ["source", "metadata"], "font": ["source", "metadata"],
    "data": ["chunk", "source", "metadata"], "source": ["data", "metadata"], "chunk": [],
  ]

  static let mixed: Set<String> = ["p", "span", "metadata", "data", "chunk", "source"]

  static let timingAttrs: Set<String> = ["begin", "end", "dur"]

  /// Unprefixed attributes allowed per element.
  static func allowedPlain(_ element: String) -> Set<String> {
    switch element {
    case "tt": return ["condition"]
    case "body", "div", "p", "span": return ["begin", "end", "dur", "region", "style", "timeContainer", "condition", "animate"]
    case "br": return ["style", "region", "condition", "animate", "begin", "end", "dur"]
    case "region": return ["begin", "end", "dur", "style", "timeContainer", "condition", "animate"]
    case "style": return ["style", "condition"]
    case "set": return ["begin", "end", "dur", "fill", "repeatCount", "condition"]
    case "animate": return ["begin", "end", "dur", "fill", "repeatCount", "calcMode", "keyTimes", "keySplines", "condition"]
    case "audio", "image", "font", "data", "source", "chunk": return ["src", "type", "format", "length", "encoding", "range", "family", "style", "weight", "begin", "end", "dur", "condition", "region", "timeContainer", "animate"]
    default: return []
    }
  }

  static let metadataAttrs: Set<String> = ["agent", "role"]

  mutating func validate() {
    if root.name.namespace == "http://www.w3.org/ns/ttml#isd" {
      checkISD(root, depth: 0)
      return
    }
    guard TTMLReader.isTT(root, "tt") else { return }
    collectIDs(root, depth: 0)
    check(root, parent: nil, depth: 0)
    checkProfile()
  }

  mutating func collectIDs(_ e: XMLElementNode, depth: Int) {
    if let a = e.attributeNode(TTMLNamespace.xml, "id") {
      if let prior = ids[a.value] {
        error("ttml.validate.duplicate-id", "xml:id '\(a.value)' is also used at \(prior)", a.location)
      } else {
        ids[a.value] = a.location
      }
      if TTMLReader.isTT(e, "style") { styleIDs.insert(a.value) }
      if TTMLReader.isTT(e, "region") { regionIDs.insert(a.value) }
      if e.name.namespace == TTMLNamespace.metadata, e.name.local == "agent" { agentIDs.insert(a.value) }
    }
    guard depth < 256 else { return }
    for c in e.elements { collectIDs(c, depth: depth + 1) }
  }

  mutating func check(_ e: XMLElementNode, parent: XMLElementNode?, depth: Int) {
    let inTT = e.name.namespace == TTMLNamespace.tt
    if inTT {
      guard let allowedChildren = TTMLValidator.ttmlElements[e.name.local] else {
        error("ttml.validate.unknown-element", "<\(e.qualifiedName)> is not a TTML element", e.location)
        return
      }
      if let parent, parent.name.namespace == TTMLNamespace.tt, let allowed = TTMLValidator.ttmlElements[parent.name.local], !allowed.contains(e.name.local) {
        error("ttml.validate.misplaced-element", "<\(e.qualifiedName)> is not allowed inside <\(parent.qualifiedName)>", e.location)
      }
      _ = allowedChildren
      if !TTMLValidator.mixed.contains(e.name.local) {
        for c in e.children {
          if case .text(let t, let loc) = c, !TTMLWhitespace.collapse(t).isEmpty {
            error("ttml.validate.misplaced-text", "text is not allowed directly inside <\(e.qualifiedName)>", loc)
            break
          }
        }
      }
      checkAttributes(e)
    } else if e.name.namespace == TTMLNamespace.metadata {
      let known: Set<String> = ["actor", "agent", "copyright", "desc", "item", "name", "title"]
      if !known.contains(e.name.local) { error("ttml.validate.unknown-element", "<\(e.qualifiedName)> is not a TTML metadata element", e.location) }
      if e.name.local == "item", (e.attribute("", "name") ?? "").trimmingSpaces.isEmpty {
        error("ttml.validate.bad-value", "ttm:item needs a non-empty name", e.location)
      }
      if e.name.local == "actor", let a = e.attributeNode("", "agent"), !agentIDs.contains(a.value) {
        error("ttml.validate.bad-idref", "ttm:actor agent '\(a.value)' is not an agent", a.location)
      }
    } else if e.name.namespace == TTMLNamespace.parameter {
      checkParameterElement(e)
    } else {
      // Foreign element: pruned, not checked (TTML2 §5.3.2).
      return
    }
    if inTT, ["div", "p"].contains(e.name.local) {
      let inline = e.elements.filter { TTMLReader.isTT($0, "region") }
      if inline.count > 1 { error("ttml.validate.inline-region", "<\(e.qualifiedName)> has more than one inline <region>", inline[1].location) }
      for r in inline where r.attributes.contains(where: { $0.name.namespace == "" && TTMLValidator.timingAttrs.contains($0.name.local) }) {
        error("ttml.validate.inline-region", "an inline <region> must not have timing", r.location)
      }
    }
    guard depth < 256 else { return }
    for c in e.elements { check(c, parent: e, depth: depth + 1) }
  }

  mutating func checkAttributes(_ e: XMLElementNode) {
    let local = e.name.local
    let plain = TTMLValidator.allowedPlain(local)
    for a in e.attributes {
      let ns = a.name.namespace
      let n = a.name.local
      let v = a.value
      switch ns {
      case "":
        if !plain.contains(n) {
          error("ttml.validate.unknown-attribute", "attribute '\(a.qualifiedName)' is not allowed on <\(e.qualifiedName)>", a.location)
          continue
        }
        if v.trimmingSpaces.isEmpty {
          error("ttml.validate.bad-value", "attribute '\(n)' is empty", a.location)
          continue
        }
        switch n {
        case "timeContainer":
          if v != "par" && v != "seq" { error("ttml.validate.bad-value", "timeContainer=\"\(v)\" is not par or seq", a.location) }
        case "style" where ["body", "div", "p", "span", "br", "region", "style", "image"].contains(local):
          for r in TTMLReader.idrefs(v) where !styleIDs.contains(r) {
            error("ttml.validate.bad-idref", "style '\(r)' is not defined", a.location)
          }
        case "region":
          if !regionIDs.contains(v.trimmingSpaces) { error("ttml.validate.bad-idref", "region '\(v)' is not defined", a.location) }
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
        case "begin", "end":
          if v.trimmingSpaces.hasPrefix("wallclock("), root.attribute(TTMLNamespace.parameter, "timeBase") != "clock" {
            error("ttml.validate.bad-value", "wallclock times need ttp:timeBase=\"clock\"", a.location)
          }
        default: break
        }
      case TTMLNamespace.tt:
        error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is in the TTML namespace, which has no attributes (timing and style attributes are unprefixed or tts:)", a.location)
      case TTMLNamespace.styling:
        if !TTMLStyleParser.knownTTS.contains(n) {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not a TTML style attribute", a.location)
        } else if (local == "animate" || local == "set") && v.contains(";") ? v.split(separator: ";", omittingEmptySubsequences: false).contains(where: { TTMLValueRules.validStyle(n, String($0)) == false }) : TTMLValueRules.validStyle(n, v) == false {
          error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location)
        } else if n == "extent", local == "tt" {
          let w = TTMLValueRules.words(v)
          if !(w.count == 2 && w.allSatisfy({ TTMLValueRules.length($0, nonNegative: true, units: ["px"]) })) && v != "auto" && v != "contain" {
            error("ttml.validate.bad-value", "tts:extent on <tt> must be auto or two pixel lengths", a.location)
          }
        }
      case TTMLNamespace.parameter:
        if local != "tt" {
          error("ttml.validate.misplaced-attribute", "\(a.qualifiedName) is only allowed on <tt>", a.location)
        } else if let ok = TTMLValueRules.validParameter(n, v) {
          if !ok { error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location) }
        } else {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not a TTML parameter", a.location)
        }
      case TTMLNamespace.metadata:
        if !TTMLValidator.metadataAttrs.contains(n) {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not a TTML metadata attribute", a.location)
        } else if v.trimmingSpaces.isEmpty {
          error("ttml.validate.bad-value", "\(a.qualifiedName) is empty", a.location)
        } else if n == "agent" {
          for r in TTMLReader.idrefs(v) where !agentIDs.contains(r) {
            error("ttml.validate.bad-idref", "agent '\(r)' is not defined", a.location)
          }
        }
      case TTMLNamespace.xml:
        if n == "space", v != "default", v != "preserve" { error("ttml.validate.bad-value", "xml:space=\"\(v)\" is not default or preserve", a.location) }
        if n == "base", v.trimmingSpaces.isEmpty { error("ttml.validate.bad-value", "xml:base is empty", a.location) }
      case TTMLNamespace.audio:
        let parts = (local == "animate" || local == "set") ? v.split(separator: ";", omittingEmptySubsequences: false).map(String.init) : [v]
        if parts.contains(where: { !TTMLValueRules.validAudio(n, $0) }) { error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" is not a valid value", a.location) }
      default:
        break
      }
    }
  }

  /// `ttp:profile`, `ttp:features`, `ttp:extensions` elements (TTML2 §6.1).
  mutating func checkParameterElement(_ e: XMLElementNode) {
    for a in e.attributes where a.name.namespace == "" {
      let v = a.value
      var ok = true
      switch a.name.local {
      case "type": ok = v == "content" || v == "processor"
      case "combine": ok = ["leastRestrictive", "mostRestrictive", "replace", "ignore"].contains(v)
      case "designator", "use": ok = !v.trimmingSpaces.isEmpty && !v.contains("#")
      case "value": ok = ["optional", "required", "prohibited", "use"].contains(v)
      default: break
      }
      if !ok { error("ttml.validate.bad-value", "\(e.qualifiedName) \(a.qualifiedName)=\"\(v)\" is not a valid value", a.location) }
    }
  }

  /// TTML2 Annex intermediate synchronic documents: `isd:isd` and `isd:sequence` versions and sizes.
  mutating func checkISD(_ e: XMLElementNode, depth: Int) {
    guard depth < 64 else { return }
    if e.name.namespace == "http://www.w3.org/ns/ttml#isd" {
      if let v = e.attributeNode("", "version"), v.value != "2" {
        error("ttml.validate.bad-value", "ISD version must be 2", v.location)
      }
      if let s = e.attributeNode("", "size"), s.value.isEmpty || !s.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
        error("ttml.validate.bad-value", "ISD size must be a non-negative integer", s.location)
      }
    }
    for c in e.elements { checkISD(c, depth: depth + 1) }
  }

  mutating func checkCondition(_ a: XMLAttribute) {
    // TTML2 §8.2.2 <condition>: parameter(), media() and supports() take a quoted string.
    let u = Array(a.value.utf8)
    for fn in ["parameter(", "media(", "supports("] {
      let f = Array(fn.utf8)
      var k = 0
      while k + f.count <= u.count {
        if Array(u[k..<(k + f.count)]) == f {
          var e = k + f.count
          while e < u.count, u[e] == 0x20 { e += 1 }
          if e >= u.count || (u[e] != UInt8(ascii: "'") && u[e] != UInt8(ascii: "\"")) {
            error("ttml.validate.bad-value", "condition=\"\(a.value)\": the argument of \(fn)) must be a quoted string", a.location)
            return
          }
          k = e
        }
        k += 1
      }
    }
  }
}
