/// What one pass over the packets of a file found (internal to the FFmpeg layer).
struct PacketScan: Sendable {
  struct TextStats: Sendable {
    var count = 0
    var firstStart: MediaTime?
    var lastEnd: MediaTime?
    /// DVB subtitles: the page version last seen (repeats of it are not new cues).
    var dvbVersion: Int?
  }
  /// Per stream index, for subtitle/data streams.
  var text: [Int: TextStats] = [:]
  var closedCaptions: [ClosedCaptionScan] = []
  /// Set when the packet cap stopped the scan.
  var truncated = false
}
