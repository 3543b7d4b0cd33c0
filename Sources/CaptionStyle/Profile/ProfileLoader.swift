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
      var out: [StyleProfile] = []
      for id in ids { out.append(try lib.profile(id)) }
      return out
    }
    return [try lib.profile(reference)]
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
