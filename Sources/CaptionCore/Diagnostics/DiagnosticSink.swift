/// Collects diagnostics during a read or write, with a cap so hostile input cannot make the
/// report itself unbounded.
///
/// Past `limit`, further diagnostics are counted but not stored, and one summary diagnostic
/// (`core.diagnostics.limit-reached`) is appended when the caller asks for the final list.
public struct DiagnosticSink: Sendable {
  /// The diagnostics kept so far, in the order they were reported.
  public private(set) var diagnostics: [Diagnostic] = []
  /// How many diagnostics were reported but not kept.
  public private(set) var dropped = 0
  /// The most diagnostics kept.
  public let limit: Int

  public init(limit: Int = 10_000) {
    self.limit = limit
  }

  /// Records one diagnostic.
  public mutating func report(_ d: Diagnostic) {
    if diagnostics.count < limit {
      diagnostics.append(d)
    } else {
      dropped += 1
    }
  }

  /// Whether the sink keeps no more diagnostics: further reports are only counted, so a hot
  /// path may skip formatting their messages.
  public var isFull: Bool { diagnostics.count >= limit }

  /// Records a diagnostic built from its parts.
  public mutating func report(
    _ code: String, _ severity: Severity, _ message: String, at location: SourceLocation?,
    cueIndex: Int? = nil
  ) {
    report(Diagnostic(code: code, severity: severity, message: message, location: location, cueIndex: cueIndex))
  }

  /// All diagnostics, plus a summary line if some were dropped.
  public var finished: [Diagnostic] {
    if dropped == 0 { return diagnostics }
    let worst = diagnostics.map(\.severity).max() ?? .warning
    return diagnostics + [
      Diagnostic(
        code: "core.diagnostics.limit-reached", severity: worst,
        message: "\(dropped) more diagnostics were not listed (limit \(limit); raise it with --max-diagnostics)")
    ]
  }
}
