import CaptionCore

/// CS-C09: text opacity below 1 (an FCC 79.103(c)(3) option) lowers contrast against every
/// surround; the worst case already includes it.
public struct TextOpacityRule: ProfileRule {
  public init() {}
  public let id = "CS-C09"
  public let code = "style.text.translucent"
  public let title = "Text opacity below 1"
  public let severity = Severity.info
  public let threshold = "opacity < 1"
  public let source = "FCC 47 CFR 79.103(c)(3); style reference §2.3"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let o = a.profile.text.opacity
    guard o < 1 else { return [] }
    return [
      finding(
        a, .info, "text opacity \(NumberFormat.percent(o)) lowers contrast; worst case with it: \(ProfileAnalysis.ratios(a.worst))",
        threshold: 1, values: ProfileAnalysis.values(a.worst).merging(["opacity": o]) { a, _ in a })
    ]
  }
}
