import Foundation

/// Finds profiles by file path or by id, the way the command line names them.
public enum ProfileLoader {
  /// Resolves `reference`: a path to a profile file (its profiles may be `basedOn` built-in
  /// ones), or the id of a built-in profile.
  /// - Returns: the profiles the file defines (one for an id), resolved.
  /// - Throws: `ProfileError`.
  public static func load(_ reference: String, library: ProfileLibrary = .builtIn) throws(ProfileError) -> [StyleProfile] {
    var lib = library
    if FileManager.default.fileExists(atPath: reference) {
      let ids = try lib.add(contentsOf: URL(fileURLWithPath: reference))
      // An empty array defines nothing to check: an error, not a silent pass.
      guard !ids.isEmpty else {
        throw .invalidProfile(file: reference, issues: [ProfileIssue(path: "$", kind: .invalidValue(value: "an empty array", expected: "a profile object or an array of one or more"))])
      }
      return try lib.profiles(ids)
    }
    return [try lib.profile(reference)]
  }

  /// Whether `reference` names a style profile: an existing `.json` file or the id of a
  /// built-in profile (so a CLI can tell `--profile imsc1.1`, a TTML validation profile, from
  /// `--profile large-print`).
  public static func isStyleProfileReference(_ reference: String, library: ProfileLibrary = .builtIn) -> Bool {
    if reference.lowercased().hasSuffix(".json") { return FileManager.default.fileExists(atPath: reference) }
    return library.ids.contains(reference)
  }

  /// Parses one profile from JSON text (a single object), resolving `basedOn` against `library`.
  public static func parse(_ json: String, file: String = "<string>", library: ProfileLibrary = .builtIn) throws(ProfileError)
    -> StyleProfile
  {
    var lib = library
    let ids = try lib.add(data: Data(json.utf8), file: file)
    guard let id = ids.first else {
      throw .invalidProfile(file: file, issues: [ProfileIssue(path: "$.id", kind: .missingField)])
    }
    return try lib.profile(id)
  }
}
