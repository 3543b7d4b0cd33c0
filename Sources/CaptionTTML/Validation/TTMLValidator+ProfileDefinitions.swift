import CaptionCore

/// Profile definitions in `head` (TTML1 §6.1.1–§6.1.6, TTML2 §6.1.7–§6.1.10): the `use`
/// designator of `ttp:profile`, the base of `ttp:features` and `ttp:extensions`, and each
/// `ttp:feature` and `ttp:extension` designation, resolved against that base.
extension TTMLValidator {
  mutating func checkProfileDefinition(_ e: XMLElementNode, base: String?) {
    switch e.name.local {
    case "profile":
      if let a = e.attributeNode("", "use") {
        if !TTMLDesignations.isKnownProfile(a.value.trimmingSpaces) { error("ttml.validate.bad-value", "ttp:profile use=\"\(a.value)\" is not an absolute URI or a standard profile designator", a.location) }
      }
      for c in e.elements where c.name.isIn(TTMLNamespace.parameter) { checkProfileDefinition(c, base: nil) }
      if e.attribute("", "type") == "content" { checkFeatureConflicts(e) }
    case "features", "extensions":
      let isFeatures = e.name.local == "features"
      let standard = isFeatures ? TTMLDesignations.featureNamespace : TTMLDesignations.extensionNamespace
      var resolvedBase = standard
      // TTML1 §6.1.3 and §6.1.5 want an absolute base (the feature namespace itself for
      // features); TTML2 resolves any base by XML Base (#base-general), so only TTML1 checks.
      if let a = e.attributeNode(TTMLNamespace.xml, "base") {
        let v = a.value.trimmingSpaces
        if TTMLDesignations.isAbsoluteURI(v) { resolvedBase = v }
        if profile == "ttml1", !TTMLDesignations.isAbsoluteURI(v) {
          error("ttml.validate.bad-value", "\(e.qualifiedName) xml:base=\"\(a.value)\" must be an absolute URI", a.location)
        } else if profile == "ttml1", isFeatures, v != standard {
          error("ttml.validate.bad-value", "\(e.qualifiedName) xml:base=\"\(a.value)\" must be the TT feature namespace \(standard)", a.location)
        }
      }
      for c in e.elements where c.name.isIn(TTMLNamespace.parameter) { checkProfileDefinition(c, base: resolvedBase) }
    case "feature", "extension":
      let isFeature = e.name.local == "feature"
      let standard = isFeature ? TTMLDesignations.featureNamespace : TTMLDesignations.extensionNamespace
      let text = e.children.compactMap { if case .text(let t, _) = $0 { t } else { nil } }.joined().trimmingSpaces
      var designation = text
      if text.hasPrefix("#") { designation = (base ?? standard) + text }
      let token: String? = designation.hasPrefix(standard + "#") ? String(designation.dropFirst(standard.count + 1)) : nil
      if text.isEmpty || text == "#" {
        error("ttml.validate.bad-value", "<\(e.qualifiedName)> needs a designation (for example #\(isFeature ? "fontStyle" : "name"))", e.location)
      } else if !TTMLDesignations.isAbsoluteURI(designation) {
        error("ttml.validate.bad-value", "<\(e.qualifiedName)> \"\(text)\" is not a designation (#token or an absolute URI)", e.location)
      } else if let token, !(isFeature ? TTMLDesignations.features : TTMLDesignations.extensions).contains(token) {
        error("ttml.validate.bad-value", "<\(e.qualifiedName)> \"\(text)\" is not a standard \(e.name.local) designation", e.location)
      } else if isFeature, token == nil {
        error("ttml.validate.bad-value", "<\(e.qualifiedName)> \"\(text)\" is not in the TT feature namespace", e.location)
      }
    default:
      break
    }
  }

  /// A content profile must not require or permit a feature while prohibiting one that feature
  /// is defined in terms of (TTML2 Appendix E.1, `TTMLFeatureDependencies`).
  mutating func checkFeatureConflicts(_ profile: XMLElementNode) {
    var permitted: [(token: String, location: SourceLocation)] = []
    var prohibited: [String: SourceLocation] = [:]
    for features in profile.elements where features.name.isIn(TTMLNamespace.parameter) && features.name.local == "features" {
      var base = TTMLDesignations.featureNamespace
      if let b = features.attribute(TTMLNamespace.xml, "base")?.trimmingSpaces, TTMLDesignations.isAbsoluteURI(b) { base = b }
      for f in features.elements where f.name.isIn(TTMLNamespace.parameter) && f.name.local == "feature" {
        let text = f.children.compactMap { if case .text(let t, _) = $0 { t } else { nil } }.joined().trimmingSpaces
        let designation = text.hasPrefix("#") ? base + text : text
        let prefix = TTMLDesignations.featureNamespace + "#"
        guard designation.hasPrefix(prefix) else { continue }
        let token = String(designation.dropFirst(prefix.count))
        // An unspecified value is `required` (TTML2 §6.1.3).
        switch f.attribute("", "value") ?? "required" {
        case "prohibited": prohibited[token] = f.location
        case "required", "optional", "use": permitted.append((token, f.location))
        default: break
        }
      }
    }
    for p in permitted {
      for d in TTMLFeatureDependencies.prohibitedWhenPermitting[p.token] ?? [] {
        guard let at = prohibited[d] else { continue }
        error(
          "ttml.validate.profile-conflict",
          "content profile prohibits #\(d) but requires or permits #\(p.token), which includes it (TTML2 Appendix E.1)", at)
      }
    }
  }
}
