import CaptionCore
import CaptionKit
import Foundation

/// The loader for each file `validate` checks: the command line's, with the `profile` of the
/// file's own `.captionkit.json` when the command line names none. Each file is judged by its
/// own configuration, so the result does not depend on the order the files are named in.
struct ConfiguredLoader {
  /// The loader built from the command line.
  let base: CaptionLoader
  /// Profiles already loaded, by configuration file and reference (a configuration is found
  /// again for every file in its folders).
  private var cache: [String: [StyleProfile]] = [:]
  /// The style profile files configurations named, as read: inputs no output may replace.
  private(set) var profileFiles: [String] = []

  init(_ base: CaptionLoader) { self.base = base }

  /// The loader for a file whose configuration is `config`.
  ///
  /// - Throws: `ToolError.usage` naming `$.profile` when the configured profile is neither a
  ///   TTML profile nor a style profile (as `--profile` would be a usage error);
  ///   `ToolError.io` when its profile file is invalid.
  mutating func loader(for config: LintConfiguration) throws(ToolError) -> CaptionLoader {
    guard let p = config.styleProfile else { return base }
    var loader = base
    if CaptionLoader.ttmlProfiles.contains(p.lowercased()) {
      if loader.options.profile == nil { loader.options.profile = p }
      return loader
    }
    let key = (config.sourcePath ?? "") + "\n" + p
    if let profiles = cache[key] {
      if loader.styleProfiles.isEmpty { loader.styleProfiles = profiles }
      return loader
    }
    // A profile file is looked for beside the configuration first, then as given.
    var reference = p
    if !p.hasPrefix("/"), let dir = config.baseDirectory {
      let beside = PathText.appending(p, to: dir)
      if FileManager.default.fileExists(atPath: beside) { reference = beside }
    }
    // Checked even when --profile wins: a misspelling must not wait for the day it is used.
    guard ProfileLoader.isStyleProfileReference(reference) else {
      let error = ConfigurationError(
        file: config.sourcePath, path: "$.profile",
        message: "'\(p)' is neither a TTML profile (imsc1.1, ebu-tt-d, ttml2, ttml1, smpte-tt) nor a style profile (a .json file or a shipped id; see 'captionkit profile list')")
      throw .usage("invalid configuration: \(ControlCharacterEscaping.escaped(error.description))")
    }
    let profiles: [StyleProfile]
    if FileAccess.entryExists(reference) { profileFiles.append(reference) }
    do { profiles = try ProfileLoader.load(reference) } catch { throw .profile(error, reference: reference) }
    cache[key] = profiles
    if loader.styleProfiles.isEmpty { loader.styleProfiles = profiles }
    return loader
  }
}
