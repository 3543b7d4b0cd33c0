import CaptionCore

/// CS-S05, CS-S06 and CS-S07: the font family list must end in a generic family; decorative
/// faces (casual, cursive, small capitals) and italic are poor defaults.
public struct FontFamilyRule: ProfileRule {
  public init() {}
  public let id = "CS-S05"
  public let code = "style.font.no-generic-family"
  public let title = "Font family fallback and face"
  public let severity = Severity.warning
  public let threshold = "last family generic; main face not decorative; not italic"
  public let source = "IMSC 1.1 #fontFamily-generic; DCMP Captioning Key; BBC ttml-validator"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    var out: [ProfileFinding] = []
    let t = a.profile.text
    if let last = t.fontFamily.last, !ProfileDecoder.genericFamilies.contains(last) {
      out.append(finding(a, .warning, "font family list ends in \"\(last)\", not a generic family such as proportionalSansSerif"))
    }
    let decorative = ["casual", "cursive", "smallCapitals"]
    if let first = t.fontFamily.first, decorative.contains(first) || t.fontVariant == "smallCaps" {
      out.append(
        ProfileFinding(
          profileID: a.profile.id, ruleID: "CS-S06", code: "style.font.decorative", severity: .warning,
          message: "decorative main face (\(t.fontVariant == "smallCaps" ? "small capitals" : first)) is harder to read; use a medium sans serif",
          source: "DCMP Captioning Key; Ofcom"))
    }
    if t.fontStyle != .normal {
      out.append(
        ProfileFinding(
          profileID: a.profile.id, ruleID: "CS-S07", code: "style.font.italic-default", severity: .info,
          message: "\(t.fontStyle.rawValue) as the default style; italics usually mark off-screen speech", source: "BBC ttml-validator"))
    }
    return out
  }
}
