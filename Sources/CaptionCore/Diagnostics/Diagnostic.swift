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
    self.message = Diagnostic.bounded(message)
    self.location = location
    self.file = file
    self.cueIndex = cueIndex
  }

  /// The longest message kept, in UTF-8 bytes. Messages quote names and values from the input,
  /// and a loss report for each cue quoting a huge one made gigabytes of output; a longer
  /// message is cut at a character boundary and ends in "…".
  public static let maxMessageLength = 1000

  static func bounded(_ message: String) -> String {
    guard message.utf8.count > maxMessageLength else { return message }
    let bytes = Array(message.utf8.prefix(maxMessageLength + 1))
    var cut = maxMessageLength
    while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: bytes[..<cut], as: UTF8.self) + "…"
  }

  /// `names` joined with commas for a message: at most `limit` of them, each at most 200
  /// characters, then how many more there are.
  public static func listing(_ names: [String], limit: Int = 20) -> String {
    var shown = names.prefix(limit).map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }.joined(separator: ", ")
    if names.count > limit { shown += " and \(names.count - limit) more" }
    return shown
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
