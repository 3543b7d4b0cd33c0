import CaptionCore

/// One legibility or layout rule applied to a profile. Every rule has a stable id, a default
/// severity, a threshold and the source of that threshold (style reference §4b).
public protocol ProfileRule: Sendable {
  /// Stable id, `CS-C01`.
  var id: String { get }
  /// Stable dotted code used when the finding becomes a `Diagnostic`.
  var code: String { get }
  /// What the rule checks, one line.
  var title: String { get }
  /// The severity of a violation (passing rules may still report `info` with the numbers).
  var severity: Severity { get }
  /// The default threshold, in words.
  var threshold: String { get }
  /// Where the threshold comes from.
  var source: String { get }
  /// The findings for one analysed profile.
  func check(_ analysis: ProfileAnalysis) -> [ProfileFinding]
}

extension ProfileRule {
  /// A finding of this rule about `analysis.profile`.
  func finding(
    _ analysis: ProfileAnalysis, _ severity: Severity, _ message: String, threshold: Double? = nil,
    values: [String: Double] = [:]
  ) -> ProfileFinding {
    ProfileFinding(
      profileID: analysis.profile.id, ruleID: id, code: code, severity: severity, message: message,
      threshold: threshold, source: source, values: values)
  }
}
