import CaptionCore

/// CS-C02: the same worst case against WCAG AAA (7:1 normal, 4.5:1 large). Information unless
/// the profile targets AAA, then a warning.
public struct EnhancedContrastRule: ProfileRule {
  public init() {}
  public let id = "CS-C02"
  public let code = "style.contrast.enhanced"
  public let title = "Worst-case contrast against WCAG AAA"
  public let severity = Severity.warning
  public let threshold = "≥ 7:1 normal text, ≥ 4.5:1 large text"
  public let source = "WCAG 2.2 SC 1.4.6"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let t = a.requiredAAA
    guard a.worst.contains(where: { $0.ratio < t }) else { return [] }
    let sev: Severity = a.profile.validation.target == .aaa && a.worst.allSatisfy({ $0.ratio < t }) ? .warning : .info
    return [
      finding(
        a, sev, "worst-case contrast \(ProfileAnalysis.ratios(a.worst, threshold: t, halo: false)) is below the AAA \(NumberFormat.plain(t)):1",
        threshold: t, values: ProfileAnalysis.values(a.worst))
    ]
  }
}
