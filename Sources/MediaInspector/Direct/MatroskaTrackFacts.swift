/// What CaptionKit's EBML reader finds in one Matroska `TrackEntry` (Matroska spec §5.1.4.1).
/// Optional flags are `nil` when the element is absent (its spec default then applies).
struct MatroskaTrackFacts: Sendable {
  var trackNumber = 0
  var trackType = 0
  var codecID: String?
  var name: String?
  /// Language element (absent means `eng`).
  var language: String?
  var languageBCP47: String?
  var flagEnabled: Bool?
  var flagDefault: Bool?
  var flagForced: Bool?
  var flagHearingImpaired: Bool?
  var flagVisualImpaired: Bool?
  var flagTextDescriptions: Bool?
  var flagOriginal: Bool?
  var flagCommentary: Bool?
}
