/// How serious a diagnostic is. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
  /// Worth knowing; never a problem on its own (for example an approximation made in a conversion).
  case info
  /// Breaks a rule or loses information, but the result is still usable.
  case warning
  /// Breaks the format's syntax or a hard rule; players may reject or misread the file.
  case error

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
