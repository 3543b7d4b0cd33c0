/// The standard designations a TTML profile definition may name: feature designations
/// (TTML1 Appendix E and TTML2 Table E-1, which is a superset), the extension namespace (which
/// defines no designation of its own), and the standard profile designators (TTML2 Table 5-2,
/// IMSC). Facts from the specifications, kept as data.
enum TTMLDesignations {
  static let featureNamespace = "http://www.w3.org/ns/ttml/feature/"
  static let extensionNamespace = "http://www.w3.org/ns/ttml/extension/"
  static let profileNamespace = "http://www.w3.org/ns/ttml/profile/"

  /// Feature tokens, without the leading `#`.
  static let features: Set<String> = [
    "animate", "animate-fill", "animate-minimal", "animate-paced", "animate-repeat", "animate-spline",
    "animation", "animation-out-of-line", "animation-version-2", "audio", "audio-description", "audio-speech",
    "background", "background-image", "backgroundClip", "backgroundColor", "backgroundColor-block",
    "backgroundColor-inline", "backgroundColor-region", "backgroundExtent", "backgroundImage", "backgroundOrigin",
    "backgroundPosition", "backgroundRepeat", "base", "base-general", "base-version-2", "bidi", "bidi-version-2",
    "border", "border-block", "border-inline", "border-radii", "border-radii-1", "border-radii-2", "border-region",
    "bpd", "cellResolution", "chunk", "clockMode", "clockMode-gps", "clockMode-local", "clockMode-utc", "color",
    "condition", "condition-fn-media", "condition-fn-parameter", "condition-fn-supports", "condition-primary",
    "content", "content-sizing", "contentProfiles", "contentProfiles-combined", "core", "data", "direction",
    "disparity", "display", "display-block", "display-inline", "display-inlineBlock", "display-region",
    "display-version-2", "displayAlign", "displayAlign-block", "displayAlign-justify", "displayAlign-region",
    "displayAlign-relative", "displayAlign-version-2", "displayAspectRatio", "dropMode", "dropMode-dropNTSC",
    "dropMode-dropPAL", "dropMode-nonDrop", "embedded-audio", "embedded-content", "embedded-data", "embedded-font",
    "embedded-image", "extent", "extent-auto", "extent-auto-version-2", "extent-contain", "extent-cover",
    "extent-full-version-2", "extent-image", "extent-length", "extent-length-version-2", "extent-measure",
    "extent-region", "extent-region-version-2", "extent-root", "extent-root-version-2", "extent-version-2", "font",
    "fontFamily", "fontFamily-generic", "fontFamily-non-generic", "fontKerning", "fontSelectionStrategy",
    "fontSelectionStrategy-character", "fontShear", "fontSize", "fontSize-anamorphic", "fontSize-isomorphic",
    "fontStyle", "fontStyle-italic", "fontStyle-oblique", "fontVariant", "fontWeight", "fontWeight-bold",
    "frameRate", "frameRateMultiplier", "gain", "image", "image-png", "initial", "ipd", "layout", "length",
    "length-cell", "length-em", "length-integer", "length-negative", "length-percentage", "length-pixel",
    "length-positive", "length-real", "length-root-container-relative", "length-version-2", "letterSpacing",
    "lineBreak-uax14", "lineHeight", "lineShear", "luminanceGain", "markerMode", "markerMode-continuous",
    "markerMode-discontinuous", "metadata", "metadata-item", "metadata-version-2", "nested-div", "nested-span",
    "opacity", "opacity-block", "opacity-inline", "opacity-region", "opacity-version-2", "origin", "overflow",
    "overflow-visible", "padding", "padding-1", "padding-2", "padding-3", "padding-4", "padding-block",
    "padding-inline", "padding-region", "padding-version-2", "pan", "permitFeatureNarrowing",
    "permitFeatureWidening", "pitch", "pixelAspectRatio", "position", "presentation", "presentation-audio", "presentation-version-2",
    "processorProfiles", "processorProfiles-combined", "profile", "profile-full-version-2", "profile-nesting",
    "profile-version-2", "region-implied-animation", "region-inline", "region-timing", "resources", "ruby",
    "ruby-full", "rubyAlign", "rubyAlign-minimal", "rubyAlign-withBase", "rubyPosition", "rubyReserve", "set",
    "set-fill", "set-multiple-styles", "set-repeat", "shear", "showBackground", "source", "speak", "speech",
    "structure", "styling", "styling-chained", "styling-inheritance-content", "styling-inheritance-region",
    "styling-inline", "styling-nested", "styling-referential", "subFrameRate", "textAlign", "textAlign-absolute",
    "textAlign-justify", "textAlign-relative", "textAlign-version-2", "textCombine", "textDecoration",
    "textDecoration-over", "textDecoration-through", "textDecoration-under", "textEmphasis", "textEmphasis-color",
    "textEmphasis-minimal", "textEmphasis-quoted-string", "textOrientation", "textOutline", "textOutline-blurred",
    "textOutline-unblurred", "textShadow", "tickRate", "time-clock", "time-clock-with-frames", "time-offset",
    "time-offset-with-frames", "time-offset-with-ticks", "time-wall-clock", "timeBase-clock", "timeBase-media",
    "timeBase-smpte", "timeContainer", "timing", "transformation", "transformation-version-2", "unicodeBidi",
    "unicodeBidi-isolate", "unicodeBidi-version-2", "validation", "visibility", "visibility-block",
    "visibility-image", "visibility-inline", "visibility-region", "visibility-version-2", "wrapOption",
    "writingMode", "writingMode-horizontal", "writingMode-horizontal-lr", "writingMode-horizontal-rl",
    "writingMode-vertical", "xlink", "zIndex",
  ]

  /// The only tokens test suites use in the standard extension namespace ("supported" and
  /// "unsupported" stand for an extension a processor does or does not implement).
  static let extensions: Set<String> = ["supported", "unsupported"]

  /// Standard profile designators, relative to `profileNamespace`.
  static let profiles: Set<String> = [
    "dfxp-full", "dfxp-presentation", "dfxp-transformation", "sdp-us", "ttml2-full", "ttml2-presentation",
    "ttml2-transformation", "imsc1/text", "imsc1/image", "imsc1.1/text", "imsc1.1/image", "imsc1.2/text",
    "imsc1.2/image", "imsc1.3/text", "imsc1.3/image", "dapt1.0/content", "dapt1.0/processor",
  ]

  /// Whether `v` (trimmed) designates a profile: an absolute URI outside the TTML profile
  /// namespace, or a standard designator, absolute or relative to that namespace (TTML1 §6.2.8,
  /// TTML2 §5.2 Table 5-2). Unknown designators in the TTML namespace designate nothing.
  static func isKnownProfile(_ raw: String) -> Bool {
    let v = raw.trimmingSpaces
    if isAbsoluteURI(v) {
      return !v.hasPrefix(profileNamespace) || profiles.contains(String(v.dropFirst(profileNamespace.count)))
    }
    return profiles.contains(v)
  }

  /// Whether `v` is an absolute URI: a scheme (a letter, then letters, digits, `+`, `-`, `.`),
  /// a colon and something after it, with no white space (RFC 3986 §4.3).
  static func isAbsoluteURI(_ v: String) -> Bool {
    let u = Array(v.utf8)
    guard let colon = u.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < u.count else { return false }
    func letter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    guard letter(u[0]) else { return false }
    for b in u[1..<colon] where !(letter(b) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E) { return false }
    return isURIReference(v)
  }

  /// Whether `v` has the syntax of a URI reference (RFC 3986 §4.1, with the non-ASCII characters
  /// of an IRI, as `xs:anyURI` allows): no spaces, controls or `"<>\^`{|}`, `%` only before two
  /// hex digits, at most one `#`, and `[` `]` only around an IP literal host (`http://[::1]/`).
  static func isURIReference(_ v: String) -> Bool {
    let u = Array(v.utf8)
    func hex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
    var hashes = 0
    var i = 0
    while i < u.count {
      switch u[i] {
      case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
        UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
        return false
      case UInt8(ascii: "%"):
        guard i + 2 < u.count, hex(u[i + 1]), hex(u[i + 2]) else { return false }
        i += 2
      case UInt8(ascii: "#"):
        hashes += 1
        if hashes > 1 { return false }
      default: break
      }
      i += 1
    }
    // Brackets: only as the whole host of an authority (`//[v6]:port`).
    guard u.contains(UInt8(ascii: "[")) || u.contains(UInt8(ascii: "]")) else { return true }
    guard let start = v.range(of: "//") else { return false }
    let authority = v[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
    guard host.hasPrefix("["), let close = host.firstIndex(of: "]"), host.filter({ $0 == "[" || $0 == "]" }).count == 2,
      host[host.index(after: close)...].allSatisfy({ $0 == ":" || $0.isASCII && $0.isNumber })
    else { return false }
    // No bracket outside the authority.
    return v.filter { $0 == "[" || $0 == "]" }.count == 2
  }
}
