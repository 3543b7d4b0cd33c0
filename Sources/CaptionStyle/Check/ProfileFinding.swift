import CaptionCore

/// One result of checking a profile: which rule, how serious, the message with the computed
/// numbers, the threshold and where the threshold comes from.
public struct ProfileFinding: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The profile checked.
  public var profileID: String
  /// The stable rule id (`CS-C01`).
  public var ruleID: String
  /// The stable dotted diagnostic code (`style.contrast.worst-case`).
  public var code: String
  public var severity: Severity
  /// The message, numbers included (`worst-case contrast 3.98:1 (sRGB blend), 1.91:1 (linear) < 4.5:1`).
  public var message: String
  /// The threshold compared against, if the rule has a numeric one.
  public var threshold: Double?
  /// The source of the threshold (`WCAG 2.2 SC 1.4.3`).
  public var source: String
  /// The computed numbers by name (`srgb`, `linear`, `apca.srgb`…), unrounded.
  public var values: [String: Double]

  public init(
    profileID: String, ruleID: String, code: String, severity: Severity, message: String, threshold: Double? = nil,
    source: String, values: [String: Double] = [:]
  ) {
    self.profileID = profileID
    self.ruleID = ruleID
    self.code = code
    self.severity = severity
    self.message = message
    self.threshold = threshold
    self.source = source
    self.values = values
  }

  /// `profile: severity: [CS-C01] message`.
  public var description: String { "\(profileID): \(severity.rawValue): [\(ruleID)] \(message)" }

  /// The finding as a `Diagnostic` (no location: profiles are not caption files).
  public var diagnostic: Diagnostic {
    Diagnostic(code: code, severity: severity, message: "[\(ruleID)] \(message)")
  }
}
