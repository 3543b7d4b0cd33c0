import Foundation

/// Decodes one profile JSON object as an overlay on a base profile: fields present in the JSON
/// replace the base's, absent ones keep it (`basedOn` inheritance; the root's base is the
/// schema defaults). Every problem becomes a `ProfileIssue` with its JSON path.
enum ProfileDecoder {
  static let genericFamilies = [
    "default", "monospaceSerif", "proportionalSerif", "monospaceSansSerif", "proportionalSansSerif", "casual",
    "cursive", "smallCapitals", "monospace", "serif", "sansSerif",
  ]

  static func apply(_ json: [String: Any], to base: StyleProfile, requireHeader: Bool, issues: inout [ProfileIssue])
    -> StyleProfile
  {
    var p = base
    var r = JSONObjectReader(json, path: "$")
    if let s = r.string("schema", &issues) {
      if s != StyleProfile.schemaIdentifier {
        issues.append(
          ProfileIssue(path: "$.schema", kind: .invalidValue(value: s, expected: "\"\(StyleProfile.schemaIdentifier)\"")))
      }
    } else if requireHeader && json["schema"] == nil {
      issues.append(ProfileIssue(path: "$.schema", kind: .missingField))
    }
    if let id = r.string("id", &issues) {
      if isValidID(id) {
        p.id = id
      } else {
        issues.append(ProfileIssue(path: "$.id", kind: .invalidValue(value: id, expected: "lower-case letters, digits and '-'")))
      }
    } else if requireHeader && json["id"] == nil {
      issues.append(ProfileIssue(path: "$.id", kind: .missingField))
    }
    p.name = r.string("name", &issues) ?? ""
    p.description = r.string("description", &issues) ?? ""
    p.note = r.string("note", &issues) ?? ""
    p.expectedVerdict = r.choice("expectedVerdict", ProfileVerdict.self, &issues)
    p.basedOn = nil
    if let v = r.raw("basedOn"), !isNull(v) {
      if let s = v as? String { p.basedOn = s } else {
        issues.append(ProfileIssue(path: "$.basedOn", kind: .wrongType(expected: "a profile id string or null")))
      }
    }
    if var o = r.object("text", &issues) { decodeText(&o, &p.text, &issues) }
    if var o = r.object("edge", &issues) { decodeEdge(&o, &p.edge, &issues) }
    if var o = r.object("background", &issues) {
      if let v = o.color("color", &issues) { p.background.color = v }
      if let v = o.number("opacity", min: 0, max: 1, &issues) { p.background.opacity = v }
      if let v = o.number("paddingInline", min: 0, max: 1, &issues) { p.background.paddingInline = v }
      if let v = o.bool("fillLineGap", &issues) { p.background.fillLineGap = v }
      o.reportUnknown(known: ["color", "opacity", "paddingInline", "fillLineGap"], &issues)
    }
    if var o = r.object("window", &issues) {
      if let v = o.color("color", &issues) { p.window.color = v }
      if let v = o.number("opacity", min: 0, max: 1, &issues) { p.window.opacity = v }
      if let v = o.number("cornerRadius", min: 0, max: 2, &issues) { p.window.cornerRadius = v }
      if let v = o.number("padding", min: 0, max: 2, &issues) { p.window.padding = v }
      o.reportUnknown(known: ["color", "opacity", "cornerRadius", "padding"], &issues)
    }
    if var o = r.object("layout", &issues) { decodeLayout(&o, &p.layout, &issues) }
    if var o = r.object("timing", &issues) {
      if let v = o.number("maxCharsPerSecond", min: 1, max: 60, &issues) { p.timing.maxCharsPerSecond = v }
      if let v = o.number("maxWordsPerMinute", min: 30, max: 600, &issues) { p.timing.maxWordsPerMinute = v }
      if let v = o.number("minDuration", min: 0, max: 10, &issues) { p.timing.minDuration = v }
      if let v = o.number("maxDuration", min: 0.5, max: 60, &issues) { p.timing.maxDuration = v }
      if let v = o.integer("minGapFrames", min: 0, max: 100, &issues) { p.timing.minGapFrames = v }
      o.reportUnknown(
        known: ["maxCharsPerSecond", "maxWordsPerMinute", "minDuration", "maxDuration", "minGapFrames"], &issues)
    }
    if var o = r.object("effects", &issues) {
      if let v = o.raw("flash") {
        let layers = ["text", "edge", "background", "window"]
        if JSONObjectReader.isBool(v), let b = v as? Bool {
          p.effects.flash = b ? ["text"] : []
        } else if let a = v as? [Any] {
          var set: Set<String> = []
          for (i, e) in a.enumerated() {
            if let s = e as? String, layers.contains(s) {
              set.insert(s)
            } else {
              issues.append(
                ProfileIssue(
                  path: "$.effects.flash[\(i)]",
                  kind: .invalidValue(value: "\(e)", expected: "one of \"text\", \"edge\", \"background\", \"window\"")))
            }
          }
          p.effects.flash = set
        } else {
          issues.append(ProfileIssue(path: "$.effects.flash", kind: .wrongType(expected: "true/false or an array of layer names")))
        }
      }
      o.reportUnknown(known: ["flash"], &issues)
    }
    if var o = r.object("display", &issues) {
      if let v = o.oneOf("mode", ["alwaysOn", "automatic", "forcedOnly"], &issues) { p.display.mode = v }
      o.reportUnknown(known: ["mode"], &issues)
    }
    if var o = r.object("validation", &issues) { decodeValidation(&o, &p.validation, &issues) }
    if var o = r.object("platformOverrides", &issues) {
      let platforms = ["cea708", "apple", "android", "webvtt", "ttml", "ass"]
      for key in o.object.keys.sorted() {
        guard platforms.contains(key) else { continue }
        guard let inner = o.object(key, &issues) else { continue }
        var values: [String: String] = p.platformOverrides[key] ?? [:]
        for (k, v) in inner.object {
          if v is [Any] || v is [String: Any] || isNull(v) {
            issues.append(ProfileIssue(path: inner.childPath(k), kind: .wrongType(expected: "a string, number or boolean")))
          } else if JSONObjectReader.isBool(v), let b = v as? Bool {
            values[k] = b ? "true" : "false"
          } else if let n = v as? NSNumber {
            values[k] = NumberFormat.plain(n.doubleValue)
          } else {
            values[k] = "\(v)"
          }
        }
        p.platformOverrides[key] = values
      }
      o.reportUnknown(known: platforms, &issues)
    }
    r.reportUnknown(
      known: [
        "schema", "id", "name", "description", "note", "expectedVerdict", "basedOn", "text", "edge", "background",
        "window", "layout", "timing", "effects", "display", "validation", "platformOverrides",
      ], &issues)
    return p
  }

  static func isValidID(_ s: String) -> Bool {
    !s.isEmpty && s.utf8.count <= 100
      && s.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
  }

  static func decodeText(_ o: inout JSONObjectReader, _ t: inout StyleProfile.Text, _ issues: inout [ProfileIssue]) {
    if let a = o.array("fontFamily", &issues) {
      var families: [String] = []
      for (i, e) in a.enumerated() {
        if let s = e as? String, !s.isEmpty { families.append(s) } else {
          issues.append(ProfileIssue(path: "\(o.childPath("fontFamily"))[\(i)]", kind: .wrongType(expected: "a non-empty string")))
        }
      }
      if a.isEmpty {
        issues.append(ProfileIssue(path: o.childPath("fontFamily"), kind: .wrongType(expected: "a non-empty array")))
      } else if families.count == a.count {
        t.fontFamily = families
      }
    }
    if let v = o.raw("fontSize") {
      if var fs = (v as? [String: Any]).map({ JSONObjectReader($0, path: o.childPath("fontSize")) }) {
        let unit = fs.choice("unit", StyleProfile.FontSize.Unit.self, &issues) ?? t.fontSize.unit
        let limits: (Double, Double) =
          switch unit {
          case .rh, .vh: (1, 30)
          case .em: (0.2, 6)
          case .px: (4, 1000)
          }
        if let h = fs.number("referenceHeight", min: 100, max: 10000, &issues) { t.fontSize.referenceHeight = h }
        if let value = fs.number("value", min: limits.0, max: limits.1, &issues) {
          t.fontSize.value = value
          t.fontSize.unit = unit
        } else if fs.object["value"] == nil {
          issues.append(ProfileIssue(path: fs.childPath("value"), kind: .missingField))
        }
        fs.reportUnknown(known: ["value", "unit", "referenceHeight"], &issues)
      } else {
        issues.append(
          ProfileIssue(path: o.childPath("fontSize"), kind: .wrongType(expected: "an object {\"value\": 5.33, \"unit\": \"rh\"}")))
      }
    }
    if let v = o.number("fontScale", min: 0.25, max: 3, &issues) { t.fontScale = v }
    if let v = o.raw("fontWeight") {
      if let s = v as? String {
        if s == "normal" { t.fontWeight = 400 } else if s == "bold" { t.fontWeight = 700 } else {
          issues.append(ProfileIssue(path: o.childPath("fontWeight"), kind: .invalidValue(value: s, expected: "100–900, \"normal\" or \"bold\"")))
        }
      } else if let d = JSONObjectReader.number(v, path: o.childPath("fontWeight"), min: 100, max: 900, &issues) {
        t.fontWeight = Int(d)
      }
    }
    if let v = o.choice("fontStyle", StyleProfile.FontStyle.self, &issues) { t.fontStyle = v }
    if let v = o.oneOf("fontVariant", ["normal", "smallCaps"], &issues) { t.fontVariant = v }
    if let v = o.color("color", &issues) { t.color = v }
    if let v = o.number("opacity", min: 0, max: 1, &issues) { t.opacity = v }
    if let v = o.number("lineHeight", min: 1, max: 2, &issues) { t.lineHeight = v }
    if let v = o.number("letterSpacing", min: -0.1, max: 0.5, &issues) { t.letterSpacing = v }
    if let a = o.array("speakerColors", &issues) {
      var colors: [RGB] = []
      // Each colour is checked over every background and video case (about 2 ms): 90,000 of
      // them in a 900 KB profile took three minutes. Real speaker sets hold a handful.
      if a.count > StyleProfile.Text.maxSpeakerColors {
        issues.append(ProfileIssue(
          path: o.childPath("speakerColors"),
          kind: .invalidValue(value: "\(a.count) colours", expected: "at most \(StyleProfile.Text.maxSpeakerColors) colours")))
      }
      for (i, e) in a.prefix(StyleProfile.Text.maxSpeakerColors).enumerated() {
        if let c = JSONObjectReader.color(e, path: "\(o.childPath("speakerColors"))[\(i)]", &issues) { colors.append(c) }
      }
      t.speakerColors = colors
    }
    o.reportUnknown(
      known: [
        "fontFamily", "fontSize", "fontScale", "fontWeight", "fontStyle", "fontVariant", "color", "opacity",
        "lineHeight", "letterSpacing", "speakerColors",
      ], &issues)
  }

  static func decodeEdge(_ o: inout JSONObjectReader, _ e: inout StyleProfile.Edge, _ issues: inout [ProfileIssue]) {
    if let v = o.choice("type", EdgeType.self, &issues) { e.type = v }
    if let v = o.color("color", &issues) { e.color = v }
    if let v = o.number("opacity", min: 0, max: 1, &issues) { e.opacity = v }
    if let v = o.number("width", min: 0, max: 0.25, &issues) { e.width = v }
    if let a = o.array("offset", &issues) {
      if a.count != 2 {
        issues.append(ProfileIssue(path: o.childPath("offset"), kind: .wrongType(expected: "an array of two numbers [x, y] in em")))
      } else {
        let x = JSONObjectReader.number(a[0], path: o.childPath("offset") + "[0]", min: -0.25, max: 0.25, &issues)
        let y = JSONObjectReader.number(a[1], path: o.childPath("offset") + "[1]", min: -0.25, max: 0.25, &issues)
        if let x, let y { e.offset = [x, y] }
      }
    }
    if let v = o.number("blur", min: 0, max: 0.25, &issues) { e.blur = v }
    o.reportUnknown(known: ["type", "color", "opacity", "width", "offset", "blur"], &issues)
  }

  static func decodeLayout(_ o: inout JSONObjectReader, _ l: inout StyleProfile.Layout, _ issues: inout [ProfileIssue]) {
    if let v = o.oneOf("textAlign", ["start", "center", "end", "left", "right"], &issues) { l.textAlign = v }
    if let v = o.oneOf("displayAlign", ["before", "center", "after"], &issues) { l.displayAlign = v }
    if let v = o.number("safeArea", min: 0.8, max: 1, &issues) { l.safeArea = v }
    if let v = o.integer("maxLines", min: 1, max: 4, &issues) { l.maxLines = v }
    if let v = o.integer("maxCharsPerLine", min: 20, max: 60, &issues) { l.maxCharsPerLine = v }
    if let v = o.number("maxLineWidth", min: 0.5, max: 1, &issues) { l.maxLineWidth = v }
    if let v = o.number("aspectRatio", min: 0.25, max: 4, &issues) { l.aspectRatio = v }
    o.reportUnknown(
      known: ["textAlign", "displayAlign", "safeArea", "maxLines", "maxCharsPerLine", "maxLineWidth", "aspectRatio"],
      &issues)
  }

  static func decodeValidation(
    _ o: inout JSONObjectReader, _ v: inout StyleProfile.Validation, _ issues: inout [ProfileIssue]
  ) {
    if let t = o.choice("target", StyleProfile.ContrastTarget.self, &issues) { v.target = t }
    if let n = o.number("apcaMinimumLc", min: 0, max: 108, &issues) { v.apcaMinimumLc = n }
    if let a = o.array("compositing", &issues) {
      var spaces: [BlendSpace] = []
      for (i, e) in a.enumerated() {
        if let s = e as? String, let b = BlendSpace(rawValue: s) {
          if !spaces.contains(b) { spaces.append(b) }
        } else {
          issues.append(
            ProfileIssue(path: "\(o.childPath("compositing"))[\(i)]", kind: .invalidValue(value: "\(e)", expected: "\"srgb\" or \"linear\"")))
        }
      }
      if a.isEmpty {
        issues.append(ProfileIssue(path: o.childPath("compositing"), kind: .wrongType(expected: "a non-empty array")))
      } else if spaces.count > 0 {
        v.compositing = spaces
      }
    }
    if let a = o.array("viewingContexts", &issues) {
      var contexts: [ViewingContext] = []
      let base = o.childPath("viewingContexts")
      for (i, e) in a.enumerated() {
        let path = "\(base)[\(i)]"
        if let s = e as? String {
          if let c = ViewingContext.named(s) { contexts.append(c) } else {
            let names = ViewingContext.standard.map { "\"\($0.id)\"" }.joined(separator: ", ")
            issues.append(ProfileIssue(path: path, kind: .invalidValue(value: s, expected: "one of \(names) or {\"pictureHeightDegrees\": n}")))
          }
        } else if let obj = e as? [String: Any] {
          var c = JSONObjectReader(obj, path: path)
          let id = c.string("id", &issues) ?? "custom"
          if let deg = c.number("pictureHeightDegrees", min: 0.5, max: 120, &issues) {
            contexts.append(ViewingContext(id: id, pictureHeightDegrees: deg))
          } else if obj["pictureHeightDegrees"] == nil {
            issues.append(ProfileIssue(path: path + ".pictureHeightDegrees", kind: .missingField))
          }
          c.reportUnknown(known: ["id", "pictureHeightDegrees"], &issues)
        } else {
          issues.append(ProfileIssue(path: path, kind: .wrongType(expected: "a context name or an object")))
        }
      }
      if a.isEmpty {
        issues.append(ProfileIssue(path: base, kind: .wrongType(expected: "a non-empty array")))
      } else if !contexts.isEmpty {
        v.viewingContexts = contexts
      }
    }
    if var vid = o.object("video", &issues) {
      let kind = vid.oneOf("kind", ["sdr", "hdr"], &issues)
      let peak = vid.number("peakNits", min: 100, max: 10000, &issues)
      let ref = vid.number("referenceWhiteNits", min: 80, max: 1000, &issues)
      if kind == "hdr" {
        v.video = .hdr(peakNits: peak ?? 1000, referenceWhiteNits: ref ?? 203)
      } else if kind == "sdr" {
        v.video = .sdr
      }
      vid.reportUnknown(known: ["kind", "peakNits", "referenceWhiteNits"], &issues)
    }
    if let s = o.choice("textSizeClass", StyleProfile.SizeClassSetting.self, &issues) { v.textSizeClass = s }
    o.reportUnknown(
      known: ["target", "apcaMinimumLc", "compositing", "viewingContexts", "video", "textSizeClass"], &issues)
  }

  static func isNull(_ v: Any) -> Bool { v is NSNull }
}
