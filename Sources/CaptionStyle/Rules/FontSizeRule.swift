import CaptionCore

/// CS-S01 and CS-S02: font size below the Ofcom floor, or outside the 5.3–6.7 rh band that the
/// caption guidelines converge on. Information for viewer profiles.
public struct FontSizeRule: ProfileRule {
  public init() {}
  public let id = "CS-S01"
  public let code = "style.size.font-size"
  public let title = "Font size"
  public let severity = Severity.info
  public let threshold = "≥ 4.85 rh; consensus band 5.3–6.7 rh"
  public let source = "Ofcom/ITC (20-line capital V floor); CTA-708 standard pen; Media3; BBC; EBU-TT-D"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let s = a.fontSize
    if s < 4.85 {
      return [finding(a, .info, "font size \(NumberFormat.fixed(s, 2)) rh is below the 4.85 rh broadcast floor", threshold: 4.85, values: ["rh": s])]
    }
    if s < 5.3 || s > 6.7 {
      return [
        ProfileFinding(
          profileID: a.profile.id, ruleID: "CS-S02", code: "style.size.outside-consensus", severity: .info,
          message: "font size \(NumberFormat.fixed(s, 2)) rh is outside the 5.3–6.7 rh consensus band", threshold: nil,
          source: source, values: ["rh": s])
      ]
    }
    return []
  }
}
