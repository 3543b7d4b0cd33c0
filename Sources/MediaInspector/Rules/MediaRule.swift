import CaptionCore

/// One rule of the inspector's rule table (reference doc §4): its id, what it checks, its
/// default severity and the containers it applies to.
public struct MediaRule: Sendable, Hashable, Codable {
  /// How a rule is decided.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// Reported as a diagnostic (`media.<id lower-cased>`) whenever it is violated.
    case finding
    /// Decided only when a policy asks for it (`sdh`, `forced`, a language, a channel); the
    /// failure reason names the rule.
    case policy
    /// A player-family rollup, decided in the per-track selectability verdicts.
    case verdict
  }

  /// `MP4-002`, as the reference doc spells it.
  public var id: String
  /// Short name (`alt-group-shared`).
  public var name: String
  /// What it checks, in one sentence.
  public var summary: String
  /// The severity of its diagnostics (for policy rules: a failed requirement is always a failure).
  public var severity: Severity
  public var kind: Kind
  /// The `MediaReport.container` values it applies to (`mp4`, `mov`, `matroska`, `webm`,
  /// `mpegts`, `hls`, `dash`).
  public var containers: [String]

  /// The diagnostic code of its findings: `media.mp4-002`.
  public var code: String { "media." + id.lowercased() }

  public init(_ id: String, _ name: String, _ severity: Severity, _ kind: Kind, _ containers: [String], _ summary: String) {
    self.id = id
    self.name = name
    self.severity = severity
    self.kind = kind
    self.containers = containers
    self.summary = summary
  }
}
