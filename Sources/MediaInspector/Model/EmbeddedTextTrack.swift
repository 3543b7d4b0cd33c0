/// A text subtitle track of a media file rebuilt as the sidecar file it corresponds to, so
/// that the sidecar format's reader can lint it with the same rules (`captionkit validate
/// MEDIA`). Cue payloads are kept byte for byte; only the framing (signature, timing lines) is
/// written by CaptionKit.
public struct EmbeddedTextTrack: Sendable, Hashable {
  /// FFmpeg's stream index.
  public var index: Int
  /// The codec (`subrip`, `webvtt`, `mov_text`).
  public var codec: String
  /// The track language, if tagged.
  public var language: String?
  /// The sidecar format the bytes are in: `srt` or `webvtt`.
  public var format: String
  /// The rebuilt sidecar file (UTF-8).
  public var bytes: [UInt8]
  /// For each cue, the 1-based line of its timing line in `bytes`, so that a diagnostic's line
  /// can be mapped back to a cue (`cueIndex(forLine:)`).
  public var cueLines: [Int]

  /// The 0-based cue index a line of `bytes` belongs to, if any.
  public func cueIndex(forLine line: Int) -> Int? {
    var lo = 0, hi = cueLines.count - 1, found: Int?
    while lo <= hi {
      let mid = (lo + hi) / 2
      if cueLines[mid] <= line {
        found = mid
        lo = mid + 1
      } else {
        hi = mid - 1
      }
    }
    return found
  }
}
