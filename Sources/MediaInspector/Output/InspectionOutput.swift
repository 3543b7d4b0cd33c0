import Foundation

/// The JSON document `captionkit inspect --format json` writes (schema `captionkit.inspect`,
/// version 1, documented in `docs/MediaInspector.md`): every report, and when a policy was
/// given, the per-file results and the summary.
public struct InspectionOutput: Sendable, Hashable, Codable {
  /// Always `MediaInspector.schema`.
  public var schema: String
  /// Always `MediaInspector.schemaVersion`.
  public var schemaVersion: Int
  public var files: [MediaReport]
  public var policy: [PolicyResult]?
  public var summary: PolicySummary?

  public init(files: [MediaReport], policy: [PolicyResult]? = nil) {
    schema = MediaInspector.schema
    schemaVersion = MediaInspector.schemaVersion
    // Computed facts (default, forced, SDH, best language) are written with each track.
    self.files = files.map { f in
      var f = f
      f.tracks = f.tracks.map { $0.withDerivedFlags() }
      return f
    }
    self.policy = policy
    summary = policy.map(PolicySummary.init)
  }

  /// Pretty-printed JSON with sorted keys (stable for diffs), ending in a newline.
  public func encoded() -> [UInt8] {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? enc.encode(self) else { return Array("{}\n".utf8) }
    return Array(data) + [0x0A]
  }
}
