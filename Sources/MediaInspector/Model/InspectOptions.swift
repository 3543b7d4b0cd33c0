/// Options for `MediaInspector.inspect(path:options:)`.
public struct InspectOptions: Sendable, Hashable {
  /// Read every packet to count cues per subtitle track and the span they cover. Default on.
  public var countCues: Bool = true
  /// Decode video to find embedded CEA-608/708 (H.264/HEVC SEI, MPEG-2 user data). Default on.
  public var scanClosedCaptions: Bool = true
  /// Seconds of video decoded from the start when scanning for captions; `nil` scans the whole
  /// file. Default 5.
  public var closedCaptionBudgetSeconds: Double? = 5
  /// Hard cap on packets read per file. Default 5,000,000.
  public var maxPackets: Int = 5_000_000
  /// Inspect the file as media even when its bytes look like a playlist or an MPD (a segment
  /// joined with its init segment is never a manifest). Internal: the HLS caption check sets it.
  var mediaOnly = false
  /// Let manifests reference files outside the manifest's folder (`../`, absolute paths).
  /// Default off: such references are reported, not read.
  public var allowOutsideManifestFolder: Bool = false
  /// Largest manifest (master or media playlist, MPD) or WebVTT segment read, in bytes; the
  /// rest is not read and a diagnostic names the limit. Default 16 MiB
  /// (`captionkit inspect --max-manifest-size`).
  public var maxManifestSize: Int = 16 << 20
  /// Most XML elements read from a DASH MPD; past it the rest is not read and a diagnostic
  /// names the limit. Default 100,000 (`--max-manifest-elements`).
  public var maxManifestElements: Int = 100_000
  /// Most segments of one HLS subtitle media playlist checked for existence, the `WEBVTT`
  /// signature and `X-TIMESTAMP-MAP`; the others are counted but not opened, and a
  /// diagnostic names the limit. Default 1,000 (`--max-segments`).
  public var maxSegmentsChecked: Int = 1_000

  public init() {}
}
