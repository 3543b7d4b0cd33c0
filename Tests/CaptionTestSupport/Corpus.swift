import Foundation

/// Locates the shared conformance corpus (`../shared/corpus` beside the repository).
///
/// Tests that use it call `Corpus.root` and skip when it is `nil`, so the suite passes on a
/// machine without the corpus. `CAPTIONKIT_CORPUS` overrides the location.
public enum Corpus {
  /// The corpus folder, or `nil` when it is absent.
  public static let root: URL? = {
    let fm = FileManager.default
    if let env = ProcessInfo.processInfo.environment["CAPTIONKIT_CORPUS"], fm.fileExists(atPath: env) {
      return URL(fileURLWithPath: env)
    }
    // Tests/CaptionTestSupport/Corpus.swift → repo root → ../shared/corpus
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    return fm.fileExists(atPath: url.path) ? url : nil
  }()

  /// The repository root.
  public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// All files under `folder` (relative to the corpus root) whose extension is in `extensions`,
  /// sorted by path. Empty when the corpus is absent.
  public static func files(in folder: String, extensions: Set<String>) -> [URL] {
    guard let root else { return [] }
    let base = root.appendingPathComponent(folder)
    guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    var out: [URL] = []
    for case let url as URL in e where extensions.contains(url.pathExtension.lowercased()) {
      out.append(url)
    }
    return out.sorted { $0.path < $1.path }
  }

  /// Reads a file's bytes.
  public static func bytes(_ url: URL) throws -> [UInt8] {
    Array(try Data(contentsOf: url))
  }
}
