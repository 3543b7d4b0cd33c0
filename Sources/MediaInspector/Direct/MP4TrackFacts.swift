/// What CaptionKit's own box walker reads from one MP4/MOV `trak` (ISO/IEC 14496-12 §8.3, QTFF).
struct MP4TrackFacts: Sendable {
  var trackID: Int = 0
  /// `tkhd` flags bit 0x1.
  var enabled = false
  var alternateGroup = 0
  var handlerType: String?
  var handlerName: String?
  /// `mdhd` language: ISO 639-2/T, or `mac:N` for an unmapped QuickTime language code.
  var language: String?
  var elng: String?
  /// The first `stsd` sample entry type (`tx3g`, `text`, `c608`, `wvtt`, `stpp`, `avc1`…).
  var sampleEntry: String?
  var tx3gDisplayFlags: UInt32?
  var characteristics: [String] = []
  /// `udta/kind` as `scheme value`.
  var kinds: [String] = []
  /// `udta/name`.
  var name: String?
  var references: [String: [Int]] = [:]
}
