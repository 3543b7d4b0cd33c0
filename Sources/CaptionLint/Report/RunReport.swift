import CaptionCore

/// The format-neutral result of checking a set of files: what every report format (text,
/// JSON, SARIF, JUnit, GitHub annotations) is rendered from, so each shows the same findings.
public struct RunReport: Sendable {
  /// One checked file.
  public struct File: Sendable {
    /// The path as given or found (`<stdin>` for standard input).
    public var path: String
    /// The format id it was read as, if it could be read.
    public var format: String?
    /// The text encoding it was decoded from.
    public var encoding: String?
    /// How many cues it has.
    public var cueCount: Int?
    /// An I/O or detection error that stopped it from being read.
    public var error: String?
    /// Reader and lint diagnostics still reported (after suppressions and the baseline).
    public var diagnostics: [Diagnostic]
    /// `Fingerprint` of each diagnostic, parallel to `diagnostics`.
    public var fingerprints: [String]
    /// Findings the baseline accepted.
    public var baselinedCount: Int
    /// Findings inline suppressions removed.
    public var suppressedCount: Int
    /// Ids of the lint rules that ran on it (for per-rule test cases).
    public var rulesChecked: [String]
    /// The severity at or above which this file's findings fail the run, when its own
    /// configuration sets one other than the report's `failOn`.
    public var failOn: Severity?

    public init(
      path: String, format: String? = nil, encoding: String? = nil, cueCount: Int? = nil, error: String? = nil,
      diagnostics: [Diagnostic] = [], fingerprints: [String] = [], baselinedCount: Int = 0, suppressedCount: Int = 0,
      rulesChecked: [String] = [], failOn: Severity? = nil
    ) {
      self.path = path
      self.format = format
      self.encoding = encoding
      self.cueCount = cueCount
      self.error = error
      self.diagnostics = diagnostics
      self.fingerprints = fingerprints
      self.baselinedCount = baselinedCount
      self.suppressedCount = suppressedCount
      self.rulesChecked = rulesChecked
      self.failOn = failOn
    }
  }

  /// The files, in the order checked.
  public var files: [File]
  /// The severity at or above which a finding fails the run.
  public var failOn: Severity
  /// The tool name and version (`captionkit 0.1.0`).
  public var tool: String
  /// The tool's version alone.
  public var toolVersion: String

  public init(files: [File], failOn: Severity, tool: String, toolVersion: String) {
    self.files = files
    self.failOn = failOn
    self.tool = tool
    self.toolVersion = toolVersion
  }

  /// Whether any diagnostic is at or above its file's failing severity.
  public var hasFailingFindings: Bool {
    files.contains { f in f.diagnostics.contains { $0.severity >= failOn(for: f) } }
  }

  /// The severity at or above which `file`'s findings fail the run: its own, else the report's.
  public func failOn(for file: File) -> Severity { file.failOn ?? failOn }

  /// Whether some file could not be read.
  public var hasIOErrors: Bool { files.contains { $0.error != nil } }

  /// Counts by severity over every file: a `core.diagnostics.limit-reached` summary counts as
  /// the findings it stands for (`Diagnostic.unlistedCounts`), not as one.
  public var counts: [Severity: Int] {
    var c: [Severity: Int] = [:]
    for f in files {
      for d in f.diagnostics {
        if let unlisted = d.unlistedCounts {
          c.merge(unlisted, uniquingKeysWith: +)
        } else {
          c[d.severity, default: 0] += 1
        }
      }
    }
    return c
  }
}
