/// Collects diagnostics during a read or write, with a cap so hostile input cannot make the
/// report itself unbounded.
///
/// Past `limit`, further diagnostics are counted but not stored, and one summary diagnostic
/// (`core.diagnostics.limit-reached`) is appended when the caller asks for the final list.
public struct DiagnosticSink: Sendable {
  /// The diagnostics kept so far (since the last `drain()`), in the order they were reported.
  public private(set) var diagnostics: [Diagnostic] = []
  /// How many diagnostics were reported but not kept.
  public private(set) var dropped = 0
  /// `dropped` by severity (the summary's `unlistedCounts`); only severities that were dropped.
  public var droppedBySeverity: [Severity: Int] {
    var out: [Severity: Int] = [:]
    for (severity, n) in [(Severity.info, droppedInfo), (.warning, droppedWarning), (.error, droppedError)] where n > 0 {
      out[severity] = n
    }
    return out
  }
  /// The counts behind `droppedBySeverity`, as plain fields: a long file can drop a diagnostic
  /// on every line (hours past 99 in SRT), and a dictionary update hashed the severity's name
  /// each time, about 250 instructions.
  private var droppedInfo = 0, droppedWarning = 0, droppedError = 0
  /// The most diagnostics kept, drained ones included.
  public let limit: Int
  /// Kept diagnostics already handed out by `drain()`; they still count towards `limit`.
  private var drained = 0
  /// The worst severity reported, kept or not (the summary's severity).
  private var worst: Severity?

  /// A code whose locations are kept whether or not its diagnostics are (`watchedLocations`):
  /// lets a reader whose validator finds the same problem again count it once past the limit.
  package var watchedCode: String?
  /// Where diagnostics of `watchedCode` were reported, kept or dropped, in order.
  package private(set) var watchedLocations: [SourceLocation] = []

  public init(limit: Int = 10_000) {
    self.limit = limit
  }

  /// Records one diagnostic.
  public mutating func report(_ d: Diagnostic) {
    // Another sink's summary (a `finished` list reported here): the diagnostics it stands for
    // are counted as dropped, by severity, so totals stay the same whatever the limit.
    if let counts = d.unlistedCounts, d.code == "core.diagnostics.limit-reached" {
      for (severity, n) in counts { countDropped(severity, count: n) }
      return
    }
    worst = max(worst ?? d.severity, d.severity)
    if let w = watchedCode, d.code == w, let at = d.location { watchedLocations.append(at) }
    if diagnostics.count + drained < limit {
      diagnostics.append(d)
    } else {
      countDropped(d.severity)
    }
  }

  /// Whether the sink keeps no more diagnostics: further reports are only counted, so a hot
  /// path may skip formatting their messages.
  public var isFull: Bool { diagnostics.count + drained >= limit }

  /// Records a diagnostic built from its parts.
  public mutating func report(
    _ code: String, _ severity: Severity, _ message: String, at location: SourceLocation?, cueIndex: Int? = nil
  ) {
    guard !isFull else {
      if let w = watchedCode, code == w, let location { watchedLocations.append(location) }
      countDropped(severity)
      return
    }
    report(Diagnostic(code: code, severity: severity, message: message, location: location, cueIndex: cueIndex))
  }

  /// Counts a diagnostic past the limit without building it (check `isFull` first, then skip
  /// formatting the message).
  public mutating func countDropped(_ severity: Severity, count: Int = 1) {
    guard count > 0 else { return }
    worst = max(worst ?? severity, severity)
    dropped += count
    switch severity {
    case .info: droppedInfo += count
    case .warning: droppedWarning += count
    case .error: droppedError += count
    }
  }

  /// Reports everything `other` collected, as if each of its diagnostics had been reported
  /// here in order: its kept ones are reported, its dropped ones counted (by severity). Lets a streaming caller fill two sinks side by side and join them afterwards
  /// with the same result as one sink filled in sequence.
  public mutating func absorb(_ other: DiagnosticSink) {
    // In bulk: one append (or, into an empty sink, the other's storage itself) instead of one
    // `report` each, whose growing array copied a large file's 10,000 diagnostics several times.
    let room = max(0, limit - (diagnostics.count + drained))
    let kept = min(room, other.diagnostics.count)
    if kept == other.diagnostics.count && diagnostics.isEmpty {
      diagnostics = other.diagnostics
    } else {
      diagnostics.append(contentsOf: other.diagnostics.prefix(kept))
    }
    for d in other.diagnostics.dropFirst(kept) { countDropped(d.severity) }
    // `other.worst` covers everything reported there, kept or dropped.
    if let w = other.worst { worst = max(worst ?? w, w) }
    dropped += other.dropped
    droppedInfo += other.droppedInfo
    droppedWarning += other.droppedWarning
    droppedError += other.droppedError
    if watchedCode != nil && watchedCode == other.watchedCode { watchedLocations.append(contentsOf: other.watchedLocations) }
  }

  /// Changes every kept diagnostic with `change` (for a reader that read a part of its input
  /// as if it were the whole: its line and cue numbers start from the part's).
  package mutating func changeEach(_ change: (inout Diagnostic) -> Void) {
    for k in diagnostics.indices { change(&diagnostics[k]) }
  }

  /// Hands out the diagnostics kept since the last call and forgets them; they still count
  /// towards `limit` (for a streaming caller that prints as it goes).
  public mutating func drain() -> [Diagnostic] {
    drained += diagnostics.count
    defer { diagnostics.removeAll(keepingCapacity: true) }
    return diagnostics
  }

  /// The `core.diagnostics.limit-reached` summary, if any diagnostics were dropped. Its severity
  /// is the worst reported, so a caller that fails on a severity still sees dropped ones; its
  /// `unlistedCounts` say how many of each severity were dropped, so totals can count them.
  public var limitSummary: Diagnostic? {
    guard dropped > 0 else { return nil }
    var summary = Diagnostic(
      code: "core.diagnostics.limit-reached", severity: worst ?? .warning,
      message: "\(dropped) more diagnostics were not listed (limit \(limit); raise it with --max-diagnostics)")
    summary.unlistedCounts = droppedBySeverity
    return summary
  }

  /// All diagnostics kept since the last `drain()`, plus the summary if some were dropped.
  public var finished: [Diagnostic] {
    guard let summary = limitSummary else { return diagnostics }
    return diagnostics + [summary]
  }

  /// `finished`, handing over the kept diagnostics instead of copying them (for a reader
  /// returning its result: a large file's list is megabytes). The sink keeps its counts but no
  /// diagnostics, so this is the last thing to ask of it: `finished` afterwards would hold only
  /// the summary.
  public mutating func takeFinished() -> [Diagnostic] {
    let summary = limitSummary
    var out = diagnostics
    diagnostics = []
    if let summary { out.append(summary) }
    return out
  }
}
