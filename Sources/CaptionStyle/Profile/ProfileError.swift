/// Why a profile could not be loaded or resolved.
public enum ProfileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(file: String, reason: String)
  /// The bytes are not JSON (or the top level is not an object or array of objects), with the
  /// 1-based line and column (UTF-8 bytes) of the problem when the parser gives one.
  case invalidJSON(file: String, reason: String, line: Int? = nil, column: Int? = nil)
  /// The JSON does not follow the schema; every issue found is listed with its path.
  case invalidProfile(file: String, issues: [ProfileIssue])
  /// Two files define the same id.
  case duplicateID(id: String, files: [String])
  /// No profile with this id is known (`basedOn` or a lookup).
  case unknownProfile(id: String, referencedFrom: String?)
  /// `basedOn` links form a cycle; the ids in order.
  case inheritanceCycle([String])

  /// Where the problem is, `file` or `file:line:column`, for errors about one file.
  public var location: String? {
    switch self {
    case .unreadable(let f, _), .invalidProfile(let f, _): return f
    case .invalidJSON(let f, _, let line?, let column?): return "\(f):\(line):\(column)"
    case .invalidJSON(let f, _, _, _): return f
    default: return nil
    }
  }

  /// The description after `location` (so a caller that names the location says it once);
  /// the whole description when there is no location.
  public var detail: String {
    switch self {
    case .unreadable(_, let r): return "cannot read: \(r)"
    case .invalidJSON(_, let r, _, _): return "not valid JSON: \(r)"
    // Every further issue on its own line, with its file, as `description` has it.
    case .invalidProfile(let f, let issues): return issues.map(\.description).joined(separator: "\n\(f): ")
    default: return description
    }
  }

  public var description: String {
    switch self {
    case .unreadable, .invalidJSON, .invalidProfile: return "\(location ?? ""): \(detail)"
    case .duplicateID(let id, let files): return "profile id \"\(id)\" is defined in more than one file: \(files.joined(separator: ", "))"
    case .unknownProfile(let id, let from):
      return "unknown profile \"\(id)\"" + (from.map { " (basedOn in \($0))" } ?? "")
    case .inheritanceCycle(let ids): return "basedOn cycle: \(ids.joined(separator: " → "))"
    }
  }
}
