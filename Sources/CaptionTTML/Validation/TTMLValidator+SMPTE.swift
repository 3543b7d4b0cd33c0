import CaptionCore

/// SMPTE-TT (SMPTE ST 2052-1:2010 and :2013) vocabulary: the `smpte:` elements (`information`,
/// `image`, `data`) and attributes, and the CEA-608 (`m608:`) and CEA-708 (`m708:`) attributes
/// that carry caption service metadata. Checked for the `smpte-tt` profile (`--profile
/// smpte-tt`, or a `…/2052-1/…/profiles/…` designator); elsewhere these namespaces are foreign
/// and ignored, as TTML2 §5.3.2 says.
extension TTMLValidator {
  static let smpteNamespaces: Set<String> = [TTMLNamespace.smpte2010, TTMLNamespace.smpte2013]
  static let m608Namespaces: Set<String> = [TTMLNamespace.smpte2010 + "#cea608", TTMLNamespace.smpte2013 + "#cea608"]
  static let m708Namespaces: Set<String> = [TTMLNamespace.smpte2013 + "#cea708"]

  /// Where SMPTE-TT puts each kind of extension attribute: the background image ones on `div`,
  /// the 608 service ones on `smpte:information`, the 708 ones there or on `m708:service`.
  enum SMPTEPlace { case div, information, informationOrService }

  mutating func checkSMPTE() {
    var imageIDs: Set<String> = []
    var informationCount = 0
    collectSMPTEImages(root, depth: 0, into: &imageIDs)
    checkSMPTE(root, depth: 0, imageIDs: imageIDs, informationCount: &informationCount, inHeadMetadata: false)
  }

  func collectSMPTEImages(_ e: XMLElementNode, depth: Int, into ids: inout Set<String>) {
    guard depth < 256 else { return }
    if TTMLValidator.smpteNamespaces.contains(e.name.namespace), e.name.local == "image", let id = e.attribute(TTMLNamespace.xml, "id") {
      ids.insert(id)
    }
    for c in e.elements { collectSMPTEImages(c, depth: depth + 1, into: &ids) }
  }

  /// `inHeadMetadata`: whether `e` is inside a `metadata` element of `head`, where
  /// `smpte:information` belongs (ST 2052-1 §5.5.1).
  mutating func checkSMPTE(_ e: XMLElementNode, depth: Int, imageIDs: Set<String>, informationCount: inout Int, inHeadMetadata: Bool) {
    guard depth < 256 else { return }
    let ns = e.name.namespace, local = e.name.local
    let isSMPTE = TTMLValidator.smpteNamespaces.contains(ns)
    if isSMPTE || TTMLValidator.m608Namespaces.contains(ns) || TTMLValidator.m708Namespaces.contains(ns) {
      let known = isSMPTE ? ["information", "image", "data"].contains(local) : (TTMLValidator.m708Namespaces.contains(ns) && local == "service")
      if !known {
        error("ttml.validate.unknown-element", "<\(e.qualifiedName)> is not an SMPTE ST 2052-1 element", e.location)
      }
    }
    if isSMPTE && local == "information" {
      if !inHeadMetadata {
        error("ttml.validate.misplaced-element", "<\(e.qualifiedName)> belongs in a <metadata> element of <head>", e.location)
      }
      informationCount += 1
      if informationCount == 2 {
        error("ttml.validate.duplicate-element", "a document has at most one <smpte:information>", e.location)
      }
    }
    if isSMPTE && local == "data" { checkSMPTEData(e) }
    // smpte:image holds the picture itself, Base64 unless another encoding is named.
    if isSMPTE && local == "image", (e.attribute("", "encoding") ?? "Base64") == "Base64", !TTMLValidator.isBase64(e.textContent) {
      error("ttml.validate.bad-value", "<\(e.qualifiedName)> content is not valid Base64", e.location)
    }
    let isDiv = TTMLReader.isTT(e, "div")
    let isInformation = isSMPTE && local == "information"
    let isService = TTMLValidator.m708Namespaces.contains(ns) && local == "service"
    for a in e.attributes {
      let place: SMPTEPlace
      if TTMLValidator.smpteNamespaces.contains(a.name.namespace) {
        guard ["backgroundImage", "backgroundImageHorizontal", "backgroundImageVertical"].contains(a.name.local) else {
          error("ttml.validate.unknown-attribute", "'\(a.qualifiedName)' is not an SMPTE ST 2052-1 attribute", a.location)
          continue
        }
        place = .div
        checkSMPTEBackground(a, imageIDs: imageIDs)
      } else if TTMLValidator.m608Namespaces.contains(a.name.namespace) {
        place = .information
      } else if TTMLValidator.m708Namespaces.contains(a.name.namespace) {
        place = .informationOrService
      } else {
        continue
      }
      let allowed: Bool
      switch place {
      case .div: allowed = isDiv
      case .information: allowed = isInformation
      case .informationOrService: allowed = isInformation || isService
      }
      if !allowed {
        let whereAllowed = ["<div>", "<smpte:information>", "<smpte:information> or <m708:service>"][place == .div ? 0 : (place == .information ? 1 : 2)]
        error("ttml.validate.misplaced-attribute", "\(a.qualifiedName) is only allowed on \(whereAllowed), not on <\(e.qualifiedName)>", a.location)
      }
    }
    for c in e.elements {
      let inside = inHeadMetadata || (TTMLReader.isTT(e, "head") && TTMLReader.isTT(c, "metadata"))
      checkSMPTE(c, depth: depth + 1, imageIDs: imageIDs, informationCount: &informationCount, inHeadMetadata: inside)
    }
  }

  /// `smpte:backgroundImage` names an `smpte:image` (`#id`) or an external URI;
  /// `…Horizontal`/`…Vertical` are a keyword or a non-negative TTML1 `<length>` (ST 2052-1
  /// §5.5: `px`, `em`, `c` or `%`).
  mutating func checkSMPTEBackground(_ a: XMLAttribute, imageIDs: Set<String>) {
    let v = a.value
    switch a.name.local {
    case "backgroundImage":
      if v.hasPrefix("#"), !imageIDs.contains(String(v.dropFirst())) {
        error("ttml.validate.bad-idref", "\(a.qualifiedName)=\"\(v.prefix(80))\" does not name an <smpte:image>", a.location)
      } else if TTMLWhitespace.isBlank(v) {
        error("ttml.validate.bad-value", "\(a.qualifiedName) is empty", a.location)
      }
    default:
      let keywords: Set<String> = a.name.local == "backgroundImageHorizontal" ? ["left", "center", "right"] : ["top", "center", "bottom"]
      let ok = keywords.contains(v) || (TTMLValueRules.length(v[...], nonNegative: true, units: ["px", "em", "c", "%"]) && !v.containsUTF8(" "))
      if !ok {
        error("ttml.validate.bad-value", "\(a.qualifiedName)=\"\(v.prefix(80))\" must be \(keywords.sorted().joined(separator: ", ")) or a non-negative length (px, em, c or %)", a.location)
      }
    }
  }

  /// `smpte:data`: a `datatype` that is an absolute URI or a private `x-` name, and Base64
  /// content (RFC 4648 §4, white space ignored).
  mutating func checkSMPTEData(_ e: XMLElementNode) {
    if let t = e.attributeNode("", "datatype") {
      let v = t.value
      let ok = !v.isEmpty && !v.contains { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        && (v.hasPrefix("x-") || TTMLDesignations.isAbsoluteURI(v))
      if !ok { error("ttml.validate.bad-value", "datatype=\"\(v.prefix(80))\" must be an absolute URI or a private x- name", t.location) }
    }
    if (e.attribute("", "encoding") ?? "Base64") == "Base64", !TTMLValidator.isBase64(e.textContent) {
      error("ttml.validate.bad-value", "<\(e.qualifiedName)> content is not valid Base64", e.location)
    }
  }

  /// Whether `s` (white space ignored) is Base64: groups of four from the 64-letter alphabet,
  /// with `=` padding only at the end of the last group (at most two).
  static func isBase64(_ s: String) -> Bool {
    var count = 0, padding = 0
    for b in s.utf8 {
      switch b {
      case 0x20, 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: "="): padding += 1
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "+"), UInt8(ascii: "/"):
        if padding > 0 { return false }
      default: return false
      }
      count += 1
    }
    return count % 4 == 0 && padding <= 2 && (padding == 0 || count >= 4)
  }
}
