/// One problem found in an input or in a conversion: the single shape that readers, writers,
/// validators and linters all report.
///
/// Codes are stable, dotted and lower-case (`webvtt.timestamp.minutes-out-of-range`); they are
/// what users suppress and configure, so a code never changes meaning once released.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The stable identifier, `format.area.problem`.
  public var code: String
  /// The default severity; the CLI or a configuration may raise or lower it.
  public var severity: Severity
  /// A one-sentence human message, without location or code.
  public var message: String
  /// Where in the input the problem is, if it has a place.
  public var location: SourceLocation?
  /// The file the diagnostic belongs to; set by whoever knows it (the CLI), not by readers.
  public var file: String?
  /// The 0-based index of the cue the diagnostic is about, if any (conversion loss reports).
  public var cueIndex: Int?
  /// For a `core.diagnostics.limit-reached` summary: how many diagnostics of each severity it
  /// stands for, so that totals count the findings that were not listed; `nil` otherwise.
  public var unlistedCounts: [Severity: Int]?

  public init(
    code: String, severity: Severity, message: String, location: SourceLocation? = nil,
    file: String? = nil, cueIndex: Int? = nil
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.location = location
    self.file = file
    self.cueIndex = cueIndex
  }

  /// `file:line:col: severity: [code] message`, the compiler-style form.
  public var description: String {
    var s = ""
    if let file { s += file + ":" }
    if let location { s += "\(location.line):\(location.column):" }
    if !s.isEmpty { s += " " }
    return s + "\(severity.rawValue): [\(code)] \(message)"
  }
}
