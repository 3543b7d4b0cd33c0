import CaptionCore

/// What a configuration says about one rule: off, or on at a severity.
public enum RuleSetting: Sendable, Hashable {
  /// The rule does not run.
  case off
  /// The rule runs and its findings get this severity.
  case on(Severity)
}
