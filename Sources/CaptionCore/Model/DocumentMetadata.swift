/// Document-level facts that are not cues, styles or regions.
public struct DocumentMetadata: Sendable, Hashable {
  /// The document language as a BCP 47 tag (TTML `xml:lang`, a WebVTT `Language:` header), if known.
  public var language: String?
  /// A title (TTML `ttm:title`, a WebVTT `Title:` header), if known.
  public var title: String?
  /// WebVTT header text after the signature line: the rest of the `WEBVTT` line, then the header
  /// lines up to the first blank line (such as `X-TIMESTAMP-MAP=…` or `Kind: captions`), kept
  /// verbatim so that a writer can put them back.
  public var signatureSuffix: String
  /// See `signatureSuffix`: the header lines after the signature line, verbatim.
  public var headerLines: [String]
  /// The HLS `X-TIMESTAMP-MAP` header, parsed (RFC 8216 §3.5), if present.
  public var timestampMap: TimestampMap?
  /// Whether there is header text besides the `X-TIMESTAMP-MAP` line (which writers that drop
  /// the header report on its own, as it changes when cues play).
  public var hasHeaderBesidesTimestampMap: Bool {
    !signatureSuffix.isEmpty || headerLines.contains { !$0.hasPrefix("X-TIMESTAMP-MAP=") }
  }
  /// Format parameters that affect timing or layout and should survive a same-format round trip,
  /// by source name (TTML `ttp:frameRate`, `ttp:tickRate`, `ttp:cellResolution`, `tts:extent`…).
  public var parameters: [String: String]

  public init() {
    signatureSuffix = ""
    headerLines = []
    parameters = [:]
  }
}

/// The HLS WebVTT `X-TIMESTAMP-MAP=MPEGTS:<90 kHz>,LOCAL:<WebVTT time>` header (RFC 8216 §3.5).
public struct TimestampMap: Sendable, Hashable {
  /// The MPEG-2 transport stream time, in 90 kHz units.
  public var mpegts: Int64
  /// The cue time that corresponds to it.
  public var local: CaptionTime

  public init(mpegts: Int64, local: CaptionTime) {
    self.mpegts = mpegts
    self.local = local
  }
}
