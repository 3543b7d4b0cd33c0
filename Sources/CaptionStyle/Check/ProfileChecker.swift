/// Checks style profiles against the rule set (style reference §4b).
public enum ProfileChecker {
  /// Every rule, in report order.
  public static let rules: [any ProfileRule] = [
    WorstCaseContrastRule(), EnhancedContrastRule(), APCAContrastRule(), BlendSpaceDivergenceRule(),
    NoSeparationRule(), ThinOutlineRule(), BlurredOutlineRule(), ThickOutlineRule(), ShadowOnlyRule(), TextOpacityRule(), FlashingRule(),
    HDRContrastRule(), SpeakerColorsRule(), QuantisationRule(), GlareRule(), FontSizeRule(), SizeClassRule(),
    LineHeightRule(), FontFamilyRule(), FontWeightRule(), LineFitRule(),
  ]

  /// The findings for `profile`, errors first, then warnings, then information, each group in
  /// rule order.
  public static func check(_ profile: StyleProfile) -> [ProfileFinding] {
    let analysis = ProfileAnalysis(profile)
    let all = rules.flatMap { $0.check(analysis) }
    return all.enumerated().sorted { a, b in
      a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
    }.map(\.element)
  }

  /// The findings and verdict for `profile`.
  public static func result(_ profile: StyleProfile) -> ProfileCheckResult {
    ProfileCheckResult(profile: profile, findings: check(profile))
  }
}
