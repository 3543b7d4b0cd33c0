/// The outcome of a policy for one file.
public struct PolicyResult: Sendable, Hashable, Codable {
  /// One requirement that failed, and why.
  public struct Failure: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The requirement, as text.
    public var requirement: String
    /// Why it failed, naming the rule where one applies
    /// (`en SDH track found but not selectable on apple: alternate_group 0 (MP4-002)`).
    public var reason: String
    public var description: String { "\(requirement): \(reason)" }
  }

  public var path: String
  public var passed: Bool
  public var failures: [Failure]

  public init(path: String, failures: [Failure]) {
    self.path = path
    self.failures = failures
    passed = failures.isEmpty
  }
}

/// How many files met the policy.
public struct PolicySummary: Sendable, Hashable, Codable, CustomStringConvertible {
  public var files: Int
  public var passed: Int
  public var failed: Int

  public init(_ results: [PolicyResult]) {
    files = results.count
    passed = results.filter(\.passed).count
    failed = files - passed
  }

  /// `3 of 4 files meet the policy`.
  public var description: String { "\(passed) of \(files) file\(files == 1 ? "" : "s") meet the policy" }
}
