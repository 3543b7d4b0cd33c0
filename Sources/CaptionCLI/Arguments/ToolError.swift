import CaptionKit

/// Why a command could not do its job. Every case exits with code 2.
public enum ToolError: Error, Sendable, CustomStringConvertible {
  /// Bad arguments; the message says what is wrong.
  case usage(String)
  /// A file could not be read or written.
  case io(path: String, message: String)
  /// Problems with one file, one per line: `path: problem` (a style profile's issues).
  case ioLines(path: String, messages: [String])

  /// One line: control characters are escaped in the path and in the message, which quote
  /// what the user or a file gave (an option, a profile's id), so neither can end the line
  /// and forge the next (a CI log reads a line starting `::error` as a GitHub command).
  public var description: String {
    switch self {
    case .usage(let m): ControlCharacterEscaping.escaped(m)
    case .io(let path, let m): "\(ControlCharacterEscaping.escaped(path)): \(ControlCharacterEscaping.escaped(m))"
    // Each line escaped on its own: the line breaks are the tool's, what they quote is data.
    case .ioLines(let path, let ms):
      ms.map { "\(ControlCharacterEscaping.escaped(path)): \(ControlCharacterEscaping.escaped($0))" }.joined(separator: "\n")
    }
  }
}

extension ToolError {
  /// A profile that could not be loaded, located once: at `file:line:column` or the file the
  /// error names, else at `reference` (what the user typed).
  static func profile(_ error: ProfileError, reference: String) -> ToolError {
    if case .invalidProfile(let file, let issues) = error, issues.count > 1 {
      return .ioLines(path: file, messages: issues.map(\.description))
    }
    if let location = error.location { return .io(path: location, message: error.detail) }
    return .io(path: reference, message: error.description)
  }
}

/// The tool's exit codes.
public enum ExitCode: Int32, Sendable {
  /// No findings at or above the failing severity.
  case success = 0
  /// Findings at or above the failing severity (or, with `--fail-on-loss`, a lossy conversion).
  case findings = 1
  /// Usage or I/O error.
  case usageOrIO = 2
}
