import CaptionCore

/// The findings for one profile and its verdict.
public struct ProfileCheckResult: Sendable, Hashable {
  public var profile: StyleProfile
  public var findings: [ProfileFinding]

  public init(profile: StyleProfile, findings: [ProfileFinding]) {
    self.profile = profile
    self.findings = findings
  }

  /// `fail` if any finding is an error, `warn` if any is a warning, else `pass`.
  public var verdict: ProfileVerdict {
    let worst = findings.map(\.severity).max() ?? .info
    return worst == .error ? .fail : worst == .warning ? .warn : .pass
  }

  /// The findings of one rule.
  public func findings(_ ruleID: String) -> [ProfileFinding] { findings.filter { $0.ruleID == ruleID } }

  /// The worst severity, `nil` when there are no findings.
  public var worstSeverity: Severity? { findings.map(\.severity).max() }
}
