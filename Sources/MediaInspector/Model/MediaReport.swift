import CaptionCore

/// Everything the inspector found in one file: container, duration, every track with merged
/// facts and verdicts, embedded-caption scans, manifest details, and rule findings.
public struct MediaReport: Sendable, Hashable, Codable {
  /// The path as given.
  public var path: String
  /// `media`, `hls` or `dash`.
  public var kind: String
  /// The container: `mp4`, `mov`, `matroska`, `webm`, `mpegts`, `hls`, `dash`, or FFmpeg's
  /// demuxer name for anything else.
  public var container: String?
  /// FFmpeg's demuxer name (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `mpegts`).
  public var formatName: String?
  /// The media duration, if known.
  public var duration: MediaTime?
  /// Every stream or rendition.
  public var tracks: [TrackReport]
  /// Embedded CEA-608/708 scans of video streams (empty when not scanned).
  public var closedCaptions: [ClosedCaptionScan]
  /// HLS details, for a master playlist.
  public var hls: HLSReport?
  /// DASH details, for an MPD.
  public var dash: DASHReport?
  /// Rule findings (`media.mp4-002` …) and read problems, each with `file` set.
  public var diagnostics: [Diagnostic]
  /// Set when the file could not be inspected at all (zero bytes, not media, unreadable).
  public var error: String?

  public init(path: String, kind: String = "media") {
    self.path = path
    self.kind = kind
    tracks = []
    closedCaptions = []
    diagnostics = []
  }

  /// The report of a file that could not be inspected at all, saying why.
  public init(path: String, error: String) {
    self.init(path: path)
    self.error = error
  }

  /// The subtitle and caption tracks.
  public var textTracks: [TrackReport] { tracks.filter(\.isText) }
}
