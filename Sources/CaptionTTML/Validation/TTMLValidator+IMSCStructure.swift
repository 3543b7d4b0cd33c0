import CaptionCore

/// IMSC rules on where things may be and what they may refer to (IMSC 1.0.1 and 1.1, §Extension
/// Vocabulary and §Profile Signaling):
///
/// - `ittm:altText` is a child of `metadata` and holds text only (`ttml.profile.alt-text`; met
///   by `check`'s walk);
/// - `ebuttm:conformsToStandard` does not name both the Text and the Image Profile
///   (`ttml.profile.text-and-image`);
/// - with `ittp:progressivelyDecodable="true"` the document is progressively decodable
///   (`ttml.profile.not-progressively-decodable`): no timing attribute inside `head` (rule 1) or
///   on a descendant of a `p` (rule 3), and no element referring to one whose start tag comes
///   after its own (rule 4: `style`, `region`, `ttm:agent`, an actor's `agent`). Rule 2, the
///   order of the `p`s' times, needs the computed times and is checked by the reader
///   (`TTMLReader.checkProgressiveOrder`).
extension TTMLValidator {
  /// Progressively decodable problems reported at most; later ones are counted in one summary.
  static let maxProgressiveReports = 20

  mutating func checkIMSCStructure() {
    let designators = TTMLValidator.conformsToStandard(root)
    let text = designators.contains { $0.hasSuffix("/text") && $0.containsUTF8("/ttml/profile/imsc1") }
    let image = designators.contains { $0.hasSuffix("/image") && $0.containsUTF8("/ttml/profile/imsc1") }
    if text && image {
      profileError("text-and-image", "ebuttm:conformsToStandard names both the Text and the Image Profile; a document conforms to one", root.location)
    }
    let progressive = root.attribute(TTMLNamespace.imscParameter, "progressivelyDecodable").map { TTMLWhitespace.trimmed($0) == "true" } ?? false
    guard progressive else { return }
    var problems = 0
    walkProgressive(root, inHead: false, belowP: false, problems: &problems, depth: 0)
    if problems > TTMLValidator.maxProgressiveReports {
      profileError(
        "not-progressively-decodable",
        "\(problems - TTMLValidator.maxProgressiveReports) more places where the document is not progressively decodable", root.location)
    }
  }

  /// `ittm:altText` (met by `check`, which walks into `metadata`): a child of `metadata`, text only.
  mutating func checkAltText(_ e: XMLElementNode, parent: XMLElementNode?) {
    if !(parent.map { TTMLReader.isTT($0, "metadata") } ?? false) {
      profileError("alt-text", "ittm:altText must be a child of <metadata>", e.location)
    }
    if let child = e.elements.first {
      profileError("alt-text", "ittm:altText holds text only, not <\(child.qualifiedName)>", child.location)
    }
  }

  private mutating func walkProgressive(_ e: XMLElementNode, inHead: Bool, belowP: Bool, problems: inout Int, depth: Int) {
    // Unqualified begin, style and the like are TTML's own only on TTML elements; a foreign
    // element and all below it are pruned (TTML2 §5.3.2), so none of it is checked.
    guard depth < 256, e.name.isIn(TTMLNamespace.tt) || e.name.isIn(TTMLNamespace.metadata) else { return }
    func notDecodable(_ message: String, _ at: SourceLocation?) {
      problems += 1
      if problems <= TTMLValidator.maxProgressiveReports { profileError("not-progressively-decodable", message, at) }
    }
    for a in e.attributes where a.name.namespace.isEmpty && (TTMLValidator.timingAttrs.contains(a.name.local) || a.name.local == "timeContainer") {
      if inHead {
        notDecodable("ittp:progressivelyDecodable=\"true\": no timing attribute may be in <head> (\(a.name.local) on <\(e.qualifiedName)>)", a.location)
      } else if belowP {
        notDecodable("ittp:progressivelyDecodable=\"true\": no timing attribute may be below a <p> (\(a.name.local) on <\(e.qualifiedName)>)", a.location)
      }
    }
    let offset = e.location.offset
    for a in e.attributes {
      let refs: [String]
      if a.name.namespace.isEmpty, a.name.local == "style" || a.name.local == "region" {
        refs = TTMLReader.idrefs(a.value)
      } else if a.name.isIn(TTMLNamespace.metadata), a.name.local == "agent" {
        refs = TTMLReader.idrefs(a.value)
      } else if a.name.namespace.isEmpty, a.name.local == "agent", e.name.isIn(TTMLNamespace.metadata), e.name.local == "actor" {
        refs = TTMLReader.idrefs(a.value)
      } else {
        continue
      }
      for r in refs {
        guard let target = ids[r], target.offset > offset else { continue }
        notDecodable(
          "ittp:progressivelyDecodable=\"true\": <\(e.qualifiedName)> refers to '\(r.prefix(40))', which comes later in the document (line \(target.line))",
          a.location)
      }
    }
    let isP = TTMLReader.isTT(e, "p")
    for case .element(let c) in e.children {
      walkProgressive(c, inHead: inHead || TTMLReader.isTT(e, "head"), belowP: belowP || isP, problems: &problems, depth: depth + 1)
    }
  }
}
