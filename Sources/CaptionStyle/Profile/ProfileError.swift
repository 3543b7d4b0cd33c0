/// Why a profile could not be loaded or resolved.
public enum ProfileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(file: String, reason: String)
  /// The bytes are not JSON (or the top level is not an object or array of objects).
  case invalidJSON(file: String, reason: String)
  /// The JSON does not follow the schema; every issue found is listed with its path.
  case invalidProfile(file: String, issues: [ProfileIssue])
  /// Two files define the same id.
  case duplicateID(id: String, files: [String])
  /// No profile with this id is known (`basedOn` or a lookup).
  case unknownProfile(id: String, referencedFrom: String?)
  /// `basedOn` links form a cycle; the ids in order.
  case inheritanceCycle([String])

  public var description: String {
    switch self {
    case .unreadable(let f, let r): return "\(f): cannot read: \(r)"
    case .invalidJSON(let f, let r): return "\(f): not valid JSON: \(r)"
    case .invalidProfile(let f, let issues): return issues.map { "\(f): \($0)" }.joined(separator: "\n")
    case .duplicateID(let id, let files): return "profile id \"\(id)\" is defined in more than one file: \(files.joined(separator: ", "))"
    case .unknownProfile(let id, let from):
      return "unknown profile \"\(id)\"" + (from.map { " (basedOn in \($0))" } ?? "")
    case .inheritanceCycle(let ids): return "basedOn cycle: \(ids.joined(separator: " → "))"
    }
  }
}
