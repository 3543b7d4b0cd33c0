import CaptionCore

/// Profile constraints: IMSC 1.1 Text/Image (W3C Recommendation 2018, §7–§9), IMSC 1.0,
/// EBU-TT-D (EBU Tech 3380).
extension TTMLValidator {
  /// `tts:` properties IMSC 1.1 prohibits (its feature table marks them prohibited).
  static let imscProhibitedStyles: NameSet = [
    "backgroundClip", "backgroundExtent", "backgroundImage", "backgroundOrigin", "backgroundPosition", "backgroundRepeat",
    "border", "bpd", "ipd", "fontKerning", "fontSelectionStrategy", "fontShear", "letterSpacing", "lineShear",
    "textOrientation",
  ]
  /// TTML elements IMSC 1.1 prohibits.
  static let imscProhibitedElements: NameSet = ["animate", "audio", "chunk", "data", "font", "resources", "source", "animation"]
  /// `ttp:` parameters IMSC 1.1 prohibits.
  static let imscProhibitedParameters: NameSet = [
    "clockMode", "dropMode", "markerMode", "subFrameRate", "pixelAspectRatio",
    "inferProcessorProfileMethod", "inferProcessorProfileSource", "permitFeatureNarrowing", "permitFeatureWidening",
    "processorProfileCombination", "contentProfileCombination", "processorProfiles",
  ]
  /// Style properties that only make sense for text, prohibited in the Image Profile.
  static let textOnlyStyles: NameSet = [
    "fontFamily", "fontSize", "fontStyle", "fontWeight", "lineHeight", "textAlign", "textDecoration", "textOutline",
    "wrapOption", "padding", "color", "textCombine", "textEmphasis", "ruby", "rubyAlign", "rubyPosition", "rubyReserve",
    "shear", "fontVariant", "direction", "unicodeBidi", "multiRowAlign", "linePadding", "textShadow", "displayAlign",
  ]
  /// The `tts:` attributes Tech 3380's schema allows on `region` itself.
  static let ebuRegionStyles: Set<String> = ["origin", "extent", "displayAlign", "padding", "writingMode", "showBackground", "overflow"]
  /// The `tts:` attributes Tech 3380's schema allows on `style` (with `ebutts:multiRowAlign`,
  /// `ebutts:linePadding` and `itts:fillLineGap`): text properties, none of a region's.
  static let ebuStyleStyles: Set<String> = [
    "direction", "fontFamily", "fontSize", "lineHeight", "textAlign", "color", "backgroundColor", "fontStyle", "fontWeight",
    "textDecoration", "unicodeBidi", "wrapOption",
  ]
  /// XLink's namespace: IMSC 1.1 has no use for `xlink:*` attributes and prohibits them.
  static let xlinkNamespace = "http://www.w3.org/1999/xlink"

  mutating func profileError(_ code: String, _ message: String, _ at: SourceLocation?) {
    error("ttml.profile." + code, "\(profile): " + message, at)
  }

  mutating func checkProfile() {
    switch profile {
    case "imsc1.1-text", "imsc1.1-image", "imsc1.0-text", "imsc1.0-image":
      checkEncoding()
      checkIMSCRoot()
      checkIMSC(root, depth: 0, divDepth: 0, spanDepth: 0)
      checkIMSCStructure()
    case "ebu-tt-d":
      checkEncoding()
      checkEBU(root, depth: 0, timedAncestor: false)
    case "smpte-tt":
      checkSMPTE()
    default:
      break
    }
  }

  /// IMSC and EBU-TT-D documents are UTF-8, and say so if they declare an encoding.
  mutating func checkEncoding() {
    if let encodingProblem {
      profileError("encoding", "documents must be encoded in UTF-8; \(encodingProblem)", SourceLocation(line: 1, column: 1, offset: 0))
    } else if let encodingLabel {
      // XML 1.0 §4.3.3: names are matched as IANA registers them; "utf8" is not one, so a
      // strict processor may treat it as unknown, though the text is UTF-8.
      report(
        "ttml.profile.encoding-name", .warning,
        "\(profile): the XML declaration names \"\(encodingLabel)\"; the registered name is \"UTF-8\", and strict XML processors may not recognise another",
        SourceLocation(line: 1, column: 1, offset: 0))
    }
  }

  mutating func checkIMSCRoot() {
    let p = TTMLNamespace.parameter
    if let tb = root.attributeNode(p, "timeBase"), tb.value != "media" {
      profileError("time-base", "ttp:timeBase must be media", tb.location)
    }
    for a in root.attributes where a.name.isIn(p) && TTMLValidator.imscProhibitedParameters.contains(a.name.local) {
      profileError("prohibited-parameter", "\(a.qualifiedName) is prohibited", a.location)
    }
    if profile.hasPrefix("imsc1.0"), let a = root.attributeNode(p, "profile") {
      if !["http://www.w3.org/ns/ttml/profile/imsc1/text", "http://www.w3.org/ns/ttml/profile/imsc1/image"].contains(a.value.trimmingSpaces) {
        profileError("designator", "ttp:profile must be http://www.w3.org/ns/ttml/profile/imsc1/text or …/image", a.location)
      }
    }
    // Parameters the document needs for the units it uses.
    if root.attribute(TTMLNamespace.styling, "extent") == nil, usesPixels(root, depth: 0) {
      profileError("pixel-without-extent", "px lengths need tts:extent on <tt>", root.location)
    }
    if let ar = root.attributeNode(TTMLNamespace.imscParameter, "aspectRatio"), root.attribute(p, "displayAspectRatio") != nil {
      // IMSC 1.1 §7.12.4: ttp:displayAspectRatio replaces ittp:aspectRatio; not both.
      profileError("aspect-ratio", "ittp:aspectRatio and ttp:displayAspectRatio must not both be specified", ar.location)
    }
    if let ar = root.attributeNode(TTMLNamespace.imscParameter, "aspectRatio") {
      let w = TTMLValueRules.words(ar.value)
      if !(w.count == 2 && w.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (Int($0) ?? 0) > 0 })) {
        profileError("bad-value", "ittp:aspectRatio must be two positive integers", ar.location)
      }
    }
    if let aa = root.attributeNode(TTMLNamespace.imscParameter, "activeArea") {
      let w = TTMLValueRules.words(aa.value)
      if !(w.count == 4 && w.allSatisfy({ TTMLValueRules.percentage($0) })) {
        profileError("bad-value", "ittp:activeArea must be four percentages", aa.location)
      } else if !w.allSatisfy({ Double($0.dropLast()).map { (0...100).contains($0) } ?? false }) {
        // IMSC 1.1 (ittp:activeArea): leftOffset, topOffset, width and height are each from 0% to 100%.
        profileError("bad-value", "ittp:activeArea=\"\(aa.value.prefix(80))\": each percentage must be from 0% to 100%", aa.location)
      }
    }
    if let pd = root.attributeNode(TTMLNamespace.imscParameter, "progressivelyDecodable"), pd.value != "true", pd.value != "false" {
      profileError("bad-value", "ittp:progressivelyDecodable must be true or false", pd.location)
    }
    // IMSC leaves validation to the processor: #validation and #validationAction are
    // prohibited in both the Text and the Image Profile (as skynav ttv reads IMSC 1.1 §5).
    for name in ["validation", "validationAction"] {
      if let a = root.attributeNode(p, name) { profileError("prohibited-parameter", "\(a.qualifiedName) is prohibited", a.location) }
    }
  }

  func usesPixels(_ e: XMLElementNode, depth: Int) -> Bool {
    if e.attributes.contains(where: { $0.name.isIn(TTMLNamespace.styling) && $0.name.local != "extent" && $0.value.containsUTF8("px") }) { return true }
    if e.name.local == "region" || e.name.local == "style", e.attributes.contains(where: { $0.name.local == "extent" && $0.value.containsUTF8("px") }) { return true }
    guard depth < 64 else { return false }
    for child in e.children {
      if case .element(let c) = child, usesPixels(c, depth: depth + 1) { return true }
    }
    return false
  }

  mutating func checkIMSC(_ e: XMLElementNode, depth: Int, divDepth: Int, spanDepth: Int) {
    guard depth < 256 else { return }
    // SMPTE-TT images: smpte:image is prohibited; smpte:backgroundImage only in the Image Profile.
    if e.name.isIn(TTMLNamespace.smpte2010) || e.name.isIn(TTMLNamespace.smpte2013), e.name.local == "image" {
      profileError("prohibited-element", "<\(e.qualifiedName)> is prohibited", e.location)
    }
    let isTT = e.name.isIn(TTMLNamespace.tt)
    var divDepth = divDepth, spanDepth = spanDepth
    if isTT {
      let l = e.name.local
      if TTMLValidator.imscProhibitedElements.contains(l) {
        profileError("prohibited-element", "<\(e.qualifiedName)> is prohibited", e.location)
      }
      if l == "image", !isImageProfile { profileError("prohibited-element", "<image> is prohibited in the Text Profile", e.location) }
      if isImageProfile {
        if l == "p" || l == "span" || l == "br" || l == "initial" {
          profileError("prohibited-element", "<\(l)> is prohibited in the Image Profile", e.location)
        }
        if l == "div" { divDepth += 1; if divDepth > 1 { profileError("nested-div", "nested <div> is prohibited in the Image Profile", e.location) } }
      }
      if l == "span" { spanDepth += 1 }
      if l == "region", regionValue(e, "extent") == nil {
        profileError("region-extent", "region '\(e.attribute(TTMLNamespace.xml, "id") ?? "")' must specify tts:extent", e.location)
      }
      // IMSC 1.1 §8.4.7: a region is placed by tts:origin or by tts:position, not both, whether
      // given on the region, through the styles it refers to, or in a style inside it.
      if l == "region", regionValue(e, "origin") != nil, regionValue(e, "position") != nil {
        profileError("origin-and-position", "tts:origin and tts:position must not both be specified on a region", e.location)
      }
      if l == "region" { checkRegionInsideRoot(e) }
      for a in e.attributes {
        if isImageProfile, a.name.isIn(TTMLNamespace.imscStyling), a.name.local == "fillLineGap" {
          profileError("prohibited-style", "itts:fillLineGap is prohibited in the Image Profile", a.location)
        }
        if a.name.isIn(TTMLNamespace.smpte2010) || a.name.isIn(TTMLNamespace.smpte2013), a.name.local.hasPrefix("backgroundImage") {
          let allowed = isImageProfile && a.name.local == "backgroundImage"
          if !allowed { profileError("prohibited-attribute", "\(a.qualifiedName) is prohibited", a.location) }
        }
        if a.name.namespace.isEmpty && a.name.local == "condition" { profileError("prohibited-attribute", "condition is prohibited", a.location) }
        if a.name.namespace.isEmpty && a.name.local == "animate" { profileError("prohibited-attribute", "animate is prohibited", a.location) }
        if a.name.isIn(TTMLNamespace.audio) || a.name.isIn(TTMLValidator.xlinkNamespace) {
          profileError("prohibited-attribute", "\(a.qualifiedName) is prohibited", a.location)
        }
        if a.name.namespace.isEmpty, TTMLValidator.timingAttrs.contains(a.name.local) {
          let v = a.value
          if TTMLValidator.isFrameOffset(v), !parameters.frameRateSpecified {
            profileError("frames-without-rate", "the f metric needs ttp:frameRate", a.location)
          }
          if TTMLValidator.colonFieldCount(v) == 4, !parameters.frameRateSpecified {
            profileError("frames-without-rate", "a clock time with frames needs ttp:frameRate", a.location)
          }
          if v.utf8.last == UInt8(ascii: "t"), v.hasSuffix("t"), !parameters.tickRateSpecified {
            profileError("ticks-without-rate", "the t metric needs ttp:tickRate", a.location)
          }
          if v.utf8.first == UInt8(ascii: "w"), v.hasPrefix("wallclock") { profileError("prohibited-value", "wallclock times are prohibited", a.location) }
        }
        guard a.name.isIn(TTMLNamespace.styling) else {
          if a.name.isIn(TTMLNamespace.ebuStyling), l != "style" && l != "p" && l != "region" && l != "span" && l != "div" && l != "body" {
            profileError("prohibited-attribute", "\(a.qualifiedName) is not allowed on <\(l)>", a.location)
          }
          continue
        }
        let n = a.name.local
        if TTMLValidator.imscProhibitedStyles.contains(n) {
          profileError("prohibited-style", "tts:\(n) is prohibited", a.location)
        }
        if isImageProfile, TTMLValidator.textOnlyStyles.contains(n) {
          profileError("prohibited-style", "tts:\(n) is prohibited in the Image Profile", a.location)
        }
        let w = TTMLValueRules.words(a.value)
        switch n {
        case "extent", "origin":
          if l == "tt" { break }
          // Root-container units (rw, rh) came with IMSC 1.1, for text only, and for extents:
          // an origin is px or percent (IMSC 1.1 §8.4.2, §8.4.7).
          let units: Set<String> = profile == "imsc1.1-text" && n == "extent" ? ["px", "%", "rw", "rh"] : ["px", "%"]
          if !(a.value == "auto" || w.allSatisfy { TTMLValueRules.length($0, units: units) }) {
            profileError("length-unit", "tts:\(n) must use \(units.sorted().joined(separator: ", ")) units", a.location)
          } else if w.count == 2, w[0].hasSuffix("rh") || w[1].hasSuffix("rw") {
            // IMSC 1.1 (w3c/imsc#445): rw across, rh down, so that whether a region fits does
            // not depend on the root's aspect ratio.
            profileError("length-unit", "tts:\(n) must not use rh for its width or rw for its height", a.location)
          }
        case "fontSize":
          // Anamorphic is two sizes that differ; two equal ones are isomorphic (TTV, the TTML
          // editor's validator, takes `40px 40px` as valid IMSC 1.0 text).
          if w.count == 2, w[0] != w[1], TTMLStyleParser.length(String(w[0])).map({ l in TTMLStyleParser.length(String(w[1])) != l }) ?? true {
            profileError("anamorphic-font-size", "tts:fontSize must have one value, or two equal ones", a.location)
          }
          if profile.hasPrefix("imsc1.0"), a.value.hasSuffix("c") == false, a.value.hasSuffix("em") { break }
        case "textOutline":
          if w.count >= 2, TTMLStyleParser.length(String(w[w.count - 1])) != nil, TTMLStyleParser.length(String(w[w.count - 2])) != nil {
            profileError("text-outline-blur", "tts:textOutline must not have a blur radius", a.location)
          }
        case "textAlign":
          if a.value == "justify" { profileError("prohibited-value", "tts:textAlign=\"justify\" is prohibited", a.location) }
        case "displayAlign":
          if a.value == "justify" { profileError("prohibited-value", "tts:displayAlign=\"justify\" is prohibited", a.location) }
        case "fontVariant":
          // IMSC 1.1 and 1.2 prohibit #fontVariant; IMSC 1.3 permits normal, super and sub.
          if !designatesIMSC13 {
            profileError("prohibited-style", "tts:fontVariant is prohibited (IMSC 1.3 permits it)", a.location)
          } else if !["normal", "super", "sub"].contains(a.value) {
            profileError("prohibited-value", "tts:fontVariant must be normal, super or sub", a.location)
          }
        case "position":
          if isImageProfile {
            profileError("prohibited-style", "tts:position is prohibited in the Image Profile", a.location)
          } else if let (h, v) = TTMLPosition.axes(a.value) {
            // IMSC 1.1 (w3c/imsc#366, #445): offsets as for tts:origin, px or %, or rw across
            // and rh down.
            // (Cells are said below, for every tts: length.)
            let across: Set<Length.Unit> = [.pixels, .percent, .rootWidth, .cells], down: Set<Length.Unit> = [.pixels, .percent, .rootHeight, .cells]
            if let o = h.offset, !across.contains(o.unit) {
              profileError("length-unit", "tts:position's horizontal offset \(o) must be in px, % or rw", a.location)
            }
            if let o = v.offset, !down.contains(o.unit) {
              profileError("length-unit", "tts:position's vertical offset \(o) must be in px, % or rh", a.location)
            }
          }
        case "rubyAlign" where profile == "imsc1.1-text":
          // IMSC 1.1 permits #rubyAlign-minimal (w3c/imsc#402): center and spaceAround only.
          if ["start", "end", "spaceBetween", "withBase"].contains(a.value.trimmingSpaces) {
            profileError("prohibited-value", "tts:rubyAlign must be center or spaceAround", a.location)
          }
        case "textEmphasis" where profile == "imsc1.1-text":
          // IMSC 1.1 permits #textEmphasis-minimal only: no emphasis colour of its own.
          if let c = TTMLValueRules.emphasis(a.value), !c.isEmpty, c != "current" {
            profileError("prohibited-value", "tts:textEmphasis must not give a colour (\(c)); IMSC permits the minimal text emphasis only", a.location)
          }
        case "textShadow":
          // IMSC 1.1 §8.4.11: at most four shadows.
          let shadows = TTMLValueRules.topLevelItems(a.value).count
          if a.value != "none", shadows > 4 { profileError("text-shadow", "tts:textShadow must have at most 4 shadows, not \(shadows)", a.location) }
        case "writingMode":
          if isImageProfile, !["lrtb", "rltb", "lr", "rl"].contains(a.value) {
            profileError("prohibited-value", "vertical tts:writingMode (\(a.value)) is prohibited in the Image Profile", a.location)
          }
        case "fontWeight", "fontStyle", "direction":
          break
        default:
          break
        }
        // IMSC: cell units only in ebutts:linePadding (IMSC 1.1 §7.12.8, IMSC 1.0.1 #length-cell),
        // never in a tts: length; no em in the Image Profile.
        if w.contains(where: { $0.hasSuffix("c") && TTMLStyleParser.length(String($0))?.unit == .cells }) {
          profileError("length-unit", "c (cell) units are not allowed in tts:\(n)", a.location)
        }
        if isImageProfile, w.contains(where: { TTMLStyleParser.length(String($0))?.unit == .em }) {
          profileError("length-unit", "em units are not allowed in the Image Profile", a.location)
        }
        // IMSC 1.1 §8.4.5: no negative lengths but in tts:disparity and tts:textShadow (and
        // tts:shear, a signed percentage, not a length).
        // (`-0%` is zero, not negative.)
        if w.contains(where: { ($0.first == "-") && (TTMLStyleParser.length(String($0))?.value ?? 0) < 0 }) && n != "textShadow" && n != "disparity" && n != "shear" {
          profileError("negative-length", "tts:\(n) must not be negative", a.location)
        }
      }
      // Inline animation (set inside content) is allowed; animate out of line is not.
    }
    for child in e.children {
      if case .element(let c) = child { checkIMSC(c, depth: depth + 1, divDepth: divDepth, spanDepth: spanDepth) }
    }
  }

  /// Whether Tech 3380's schema allows an attribute named `name` on `style`, as far as the
  /// styling namespaces go (others are the vocabulary check's).
  static func isEBUStyleAttribute(_ name: XMLName) -> Bool {
    switch name.namespace {
    // (An unknown tts: name is the vocabulary check's error already.)
    case TTMLNamespace.styling: ebuStyleStyles.contains(name.local) || !TTMLStyleParser.knownTTS.contains(name.local)
    case TTMLNamespace.ebuStyling: name.local == "multiRowAlign" || name.local == "linePadding"
    case TTMLNamespace.imscStyling: name.local == "fillLineGap"
    default: true
    }
  }

  /// EBU-TT-D time expressions (Tech 3380 `distributionMediaTimingType`): `hh:mm:ss` with an
  /// optional fraction, hours of two or more digits; no frames, no offset times.
  static func isEBUTime(_ v: String) -> Bool {
    let u = Array(v.utf8)
    func digit(_ i: Int) -> Bool { i < u.count && u[i] >= 0x30 && u[i] <= 0x39 }
    var i = 0
    while digit(i) { i += 1 }
    guard i >= 2, i + 6 <= u.count, u[i] == 0x3A, digit(i + 1), digit(i + 2), u[i + 3] == 0x3A, digit(i + 4), digit(i + 5) else { return false }
    i += 6
    if i == u.count { return true }
    guard u[i] == 0x2E, digit(i + 1) else { return false }
    i += 1
    while digit(i) { i += 1 }
    return i == u.count
  }

  /// Tech 3380 colours (`distributionColorType`): `#rrggbb` or `#rrggbbaa`.
  static func isEBUColor(_ v: String) -> Bool {
    let u = Array(v.utf8)
    return (u.count == 7 || u.count == 9) && u[0] == 0x23 && u.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
  }

  /// EBU-TT-D (Tech 3380 and its XML Schema): a head with styling and layout, timing on `p` or on
  /// every `span` of it (not both) in `hh:mm:ss.fff` form, referential styling only, regions
  /// placed in percentages inside the root, and the vocabulary the schema allows each element.
  mutating func checkEBU(_ e: XMLElementNode, depth: Int, timedAncestor: Bool) {
    guard depth < 256 else { return }
    let selfTimed = e.attributes.contains { $0.name.namespace.isEmpty && TTMLValidator.timingAttrs.contains($0.name.local) }
    if TTMLReader.isTT(e, "tt") {
      if e.attribute(TTMLNamespace.xml, "lang") == nil { profileError("missing-lang", "xml:lang is required on <tt>", e.location) }
      if let tb = e.attributeNode(TTMLNamespace.parameter, "timeBase") {
        if tb.value != "media" { profileError("time-base", "ttp:timeBase must be media", tb.location) }
      } else {
        profileError("time-base", "ttp:timeBase=\"media\" is required on <tt>", e.location)
      }
    }
    if e.name.isIn(TTMLNamespace.tt) {
      let local = e.name.local
      for a in e.attributes where a.name.namespace.isEmpty && (a.name.local == "begin" || a.name.local == "end") {
        if local != "p" && local != "span" {
          profileError("timing", "\(a.name.local) is not allowed on <\(local)> (EBU-TT-D times p and span only)", a.location)
        } else if !TTMLValidator.isEBUTime(a.value.trimmingSpaces) {
          profileError("time-expression", "\(a.name.local)=\"\(a.value)\" must be a clock time hh:mm:ss or hh:mm:ss.fff (no frames, no offset times)", a.location)
        }
      }
      switch local {
      case "p":
        if e.attribute(TTMLNamespace.xml, "id") == nil { profileError("missing-id", "xml:id is required on <p>", e.location) }
      case "tt", "head", "styling", "layout":
        // Tech 3380's document structure: a head, holding one styling with at least one style
        // and one layout with at least one region.
        let needs = ["tt": ["head"], "head": ["styling", "layout"], "styling": ["style"], "layout": ["region"]][local] ?? []
        for name in needs where !e.elements.contains(where: { TTMLReader.isTT($0, name) }) {
          profileError("missing-element", "<\(e.qualifiedName)> must hold a <\(name)>", e.location)
        }
      case "style":
        if e.attribute(TTMLNamespace.xml, "id") == nil { profileError("missing-id", "xml:id is required on <style>", e.location) }
        if let a = e.attributeNode("", "style") { profileError("style-chain", "a <style> must not reference other styles (style=\"\(a.value)\"); EBU-TT-D has no style chaining", a.location) }
        for a in e.attributes where !TTMLValidator.isEBUStyleAttribute(a.name) {
          let why = a.name.isIn(TTMLNamespace.styling) && TTMLValidator.ebuRegionStyles.contains(a.name.local) ? " (it belongs on the <region>)" : ""
          profileError("style-attribute", "\(a.qualifiedName) is not allowed on <style> in EBU-TT-D\(why)", a.location)
        }
      case "span":
        if let a = e.attributeNode("", "region") { profileError("span-region", "region is not allowed on <span>", a.location) }
      case "region":
        for name in ["origin", "extent"] where e.attribute(TTMLNamespace.styling, name) == nil {
          profileError("region-geometry", "tts:\(name) is required on <region>", e.location)
        }
        checkRegionInsideRoot(e)
        for a in e.attributes where a.name.isIn(TTMLNamespace.styling) && !TTMLValidator.ebuRegionStyles.contains(a.name.local) {
          profileError("region-style", "\(a.qualifiedName) is not allowed on <region> (put it in a <style> the content references)", a.location)
        }
      default: break
      }
      // What each element may hold: `set` and `animate` are not in Tech 3380; a div holds p
      // (and div, metadata); a span holds text, span and br.
      for c in e.elements {
        let tt = c.name.isIn(TTMLNamespace.tt)
        if tt, c.name.local == "set" || c.name.local == "animate" {
          profileError("element", "<\(c.name.local)> is not allowed in EBU-TT-D", c.location)
        } else if local == "div", !(tt && ["p", "div", "metadata"].contains(c.name.local)) {
          profileError("element", "<\(c.qualifiedName)> is not allowed in <div> (only <p>, <div> and <metadata>)", c.location)
        } else if local == "span", tt, !["span", "br", "metadata"].contains(c.name.local) {
          profileError("element", "<\(c.qualifiedName)> is not allowed in <span>", c.location)
        }
      }
    }
    // Tech 3380 value types, wherever a style property is written (styles and regions).
    for a in e.attributes where a.name.isIn(TTMLNamespace.styling) {
      let v = a.value.trimmingSpaces
      switch a.name.local {
      case "color", "backgroundColor":
        if !TTMLValidator.isEBUColor(v) { profileError("color", "\(a.qualifiedName)=\"\(a.value)\" must be #rrggbb or #rrggbbaa", a.location) }
      case "fontStyle":
        if v != "normal" && v != "italic" { profileError("font-style", "tts:fontStyle must be normal or italic", a.location) }
      case "origin", "extent", "padding":
        let w = TTMLValueRules.words(v)
        if !w.allSatisfy({ TTMLValueRules.length($0, units: ["%"]) }) && !(a.name.local == "extent" && e.name.local == "tt") {
          profileError("length-unit", "\(a.qualifiedName) must be in percentages", a.location)
        }
      default: break
      }
    }
    // Tech 3380 times content with begin and end only; it has no dur.
    if e.name.isIn(TTMLNamespace.tt), let dur = e.attributeNode("", "dur") {
      profileError("timing", "dur is not allowed (EBU-TT-D times content with begin and end)", dur.location)
    }
    if TTMLReader.isTT(e, "p") {
      let pTimed = e.attributes.contains { $0.name.namespace.isEmpty && TTMLValidator.timingAttrs.contains($0.name.local) }
      let spans = e.elements.filter { TTMLReader.isTT($0, "span") }
      let timedSpans = spans.filter { s in s.attributes.contains { $0.name.namespace.isEmpty && TTMLValidator.timingAttrs.contains($0.name.local) } }
      let hasText = e.children.contains { if case .text(let t, _) = $0 { !TTMLWhitespace.isBlank(t) } else { false } }
      if pTimed, !timedSpans.isEmpty {
        profileError("timing", "a <p> with timing must not contain timed <span>s", e.location)
      } else if !pTimed, !timedSpans.isEmpty, timedSpans.count != spans.count || hasText {
        profileError("timing", "when <span>s are timed, all content of the <p> must be in timed <span>s", e.location)
      } else if !pTimed, timedSpans.isEmpty, !timedAncestor {
        profileError("timing", "the <p> has no timing", e.location)
      }
    }
    if e.name.isIn(TTMLNamespace.tt), ["body", "div", "p", "span"].contains(e.name.local) {
      for a in e.attributes where a.name.isIn(TTMLNamespace.styling) {
        profileError("inline-style", "inline style \(a.qualifiedName) is not allowed; use a <style>", a.location)
      }
    }
    // Tech 3380: font sizes are one or two percentages (of the parent's size; 100% is a cell
    // row), line heights `normal` or a percentage; px and cells are not allowed.
    if e.name.isIn(TTMLNamespace.tt), ["style", "region"].contains(e.name.local) {
      for a in e.attributes where a.name.isIn(TTMLNamespace.styling) {
        let w = TTMLValueRules.words(a.value)
        if a.name.local == "fontSize", !(1...2).contains(w.count) || !w.allSatisfy({ TTMLValueRules.length($0, units: ["%"]) }) {
          profileError("length-unit", "tts:fontSize must be one or two percentages", a.location)
        }
        if a.name.local == "lineHeight", a.value != "normal", !(w.count == 1 && TTMLValueRules.length(w[0], units: ["%"])) {
          profileError("length-unit", "tts:lineHeight must be normal or a percentage", a.location)
        }
      }
    }
    for child in e.children {
      if case .element(let c) = child { checkEBU(c, depth: depth + 1, timedAncestor: timedAncestor || selfTimed) }
    }
  }
}
