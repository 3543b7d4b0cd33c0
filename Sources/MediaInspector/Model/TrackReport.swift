/// One track of a media file (or one rendition of a manifest) with every fact the inspector
/// found, merged from FFmpeg and from CaptionKit's own readers.
///
/// `sources` names the layer that gave each fact, keyed by the property name (`language`,
/// `enabled`, `alternateGroup`…): see `FactSource`.
public struct TrackReport: Sendable, Hashable, Codable {
  /// FFmpeg's stream index (for manifests: the rendition's position in the playlist).
  public var index: Int
  /// The container's own track id (MP4 `track_ID`, Matroska TrackNumber, TS PID), if any.
  public var containerTrackID: Int?
  /// `video`, `audio`, `subtitle`, `data`, `attachment`, `closed-captions` (HLS/DASH 608/708
  /// declarations) or `unknown`.
  public var mediaType: String
  /// The codec: FFmpeg's codec name (`mov_text`, `subrip`, `ass`, `webvtt`, `dvb_subtitle`,
  /// `eia_608`…), or, where FFmpeg has none, the name derived from the sample entry or CodecID
  /// (`wvtt`, `stpp`, `webvtt` for `S_TEXT/WEBVTT`).
  public var codec: String
  /// The four-character code (MP4 sample entry such as `tx3g`, `text`, `c608`, `wvtt`), if any.
  public var codecTag: String?
  /// The Matroska CodecID string (`S_TEXT/UTF8`, `D_WEBVTT/SUBTITLES`…).
  public var codecID: String?
  /// MP4/MOV `hdlr` handler type (`sbtl`, `text`, `subt`, `clcp`, `vide`, `soun`).
  public var handlerType: String?
  /// MP4/MOV `hdlr` name string.
  public var handlerName: String?
  /// The ISO 639-2 code as stored (`eng`; MP4 `mdhd`, Matroska Language, TS descriptors).
  public var language: String?
  /// A BCP 47 tag: MP4 `elng`, Matroska LanguageBCP47, HLS LANGUAGE, DASH `@lang`; when the
  /// container has none it is derived from `language` (`eng` → `en`).
  public var languageBCP47: String?
  /// The title (Matroska Name, MP4 `udta/name`, HLS NAME).
  public var title: String?
  /// Dispositions (FFmpeg's, plus the ones CaptionKit derives for manifests).
  public var dispositions: [Disposition]
  /// MP4 `tkhd` enabled bit or Matroska FlagEnabled (absent means 1).
  public var enabled: Bool?
  /// MP4 `tkhd` alternate_group (0 means none).
  public var alternateGroup: Int?
  /// Apple media characteristics: MP4 `tagc` atoms, or HLS CHARACTERISTICS.
  public var characteristics: [String]
  /// ISO `kind` boxes (`scheme value`), or DASH Role/Accessibility values.
  public var roles: [String]
  /// tx3g display flags (`0x80000000` all samples forced, `0x40000000` some forced).
  public var tx3gDisplayFlags: UInt32?
  /// Track references by type (`forc`, `folw`, `chap`), as target track ids.
  public var trackReferences: [String: [Int]]
  /// Matroska: whether FlagDefault / Language were written (absence means 1 / `eng`).
  public var flagDefaultWritten: Bool?
  public var languageElementWritten: Bool?
  /// TS: DVB subtitling_type per language, or teletext page type per language.
  public var dvbSubtitlingTypes: [Int]?
  public var teletextTypes: [Int]?
  /// HLS GROUP-ID, or the DASH AdaptationSet id.
  public var groupID: String?
  /// DASH: the 0-based index of the Period the track's AdaptationSet is in.
  public var period: Int?
  /// HLS CLOSED-CAPTIONS INSTREAM-ID (`CC1`, `SERVICE3`), or a DASH `CCn` channel.
  public var instreamID: String?
  /// MPEG-TS video: the caption services its PMT `caption_service_descriptor` (0x86) declares,
  /// as `CC1=eng`, `CC3=spa`, `SERVICE1=eng`; `nil` when the PMT has none.
  public var declaredCaptionServices: [String]?
  /// For a CEA-608 track (MOV `c608`): the channels whose data it carries (`CC1`…`CC4`).
  public var channels608: [String]?
  /// Number of subtitle packets (cues) read, if the track was scanned.
  public var cueCount: Int?
  /// Start of the first cue and end of the last, if any were read.
  public var firstCueStart: MediaTime?
  public var lastCueEnd: MediaTime?
  /// Which layer gave each fact, by property name.
  public var sources: [String: FactSource]
  /// The selectability verdict per player family (subtitle and caption tracks only).
  public var verdicts: [SelectabilityVerdict]
  /// What the facts add up to (`isDefault`, `isForced`, `isSDH`, `bestLanguage`), filled in
  /// for the JSON output (`InspectionOutput`), where computed properties are not encoded.
  public var derived: TrackFlags?

  public init(index: Int, mediaType: String, codec: String) {
    self.index = index
    self.mediaType = mediaType
    self.codec = codec
    dispositions = []
    characteristics = []
    roles = []
    trackReferences = [:]
    sources = [:]
    verdicts = []
  }

  /// Apple's two accessibility characteristics that together mark SDH.
  public static let sdhCharacteristics = [
    "public.accessibility.transcribes-spoken-dialog", "public.accessibility.describes-music-and-sound",
  ]

  /// Whether this is a subtitle or caption track (including MP4 `wvtt`/`stpp` data tracks and
  /// manifest renditions).
  public var isText: Bool {
    if mediaType == "subtitle" || mediaType == "closed-captions" { return true }
    if mediaType == "data", let t = codecTag, t == "wvtt" || t == "stpp" { return true }
    return false
  }

  /// Whether a viewer reads this text on screen: not a metadata track or text descriptions
  /// (WebM `D_WEBVTT/METADATA` and `D_WEBVTT/DESCRIPTIONS`, the HTML track kinds `metadata` and
  /// `descriptions`, which are for scripts and screen readers).
  public var isShownText: Bool {
    guard isText else { return false }
    if let c = codecID?.uppercased(), c == "D_WEBVTT/METADATA" || c == "D_WEBVTT/DESCRIPTIONS" { return false }
    return !dispositions.contains(.metadata) && !dispositions.contains(.descriptions)
  }

  /// Default-flagged (for MP4 this is the `tkhd` enabled bit).
  public var isDefault: Bool { dispositions.contains(.default) }

  /// Forced: FFmpeg FORCED, the tx3g all-samples-forced bit, or an HLS FORCED=YES.
  public var isForced: Bool {
    if dispositions.contains(.forced) { return true }
    if let f = tx3gDisplayFlags, f & 0x8000_0000 != 0 { return true }
    return false
  }

  /// SDH / captions for the deaf and hard of hearing, as any layer signals it: hearing-impaired
  /// or captions disposition, both Apple accessibility characteristics, a `caption` role in the
  /// DASH role scheme, a `D_WEBVTT/CAPTIONS` CodecID, a 608/708 caption track, or a DVB
  /// hard-of-hearing type.
  public var isSDH: Bool {
    if dispositions.contains(.hearingImpaired) || dispositions.contains(.captions) { return true }
    if TrackReport.sdhCharacteristics.allSatisfy(characteristics.contains) { return true }
    if hasRole("caption") { return true }
    if codec == "eia_608" || codec == "eia_708" || mediaType == "closed-captions" { return true }
    if let t = dvbSubtitlingTypes, t.contains(where: { (0x20...0x25).contains($0) }) { return true }
    if let t = teletextTypes, t.contains(5) { return true }
    return false
  }

  /// The scheme of DASH Role descriptors and of the ISO `kind` boxes FFmpeg writes
  /// (ISO/IEC 23009-1 §5.8.5.5), the only one that defines `caption`, `main`, `forced-subtitle`.
  static let roleScheme = "urn:mpeg:dash:role:2011"

  /// Whether `roles` has `value` in the `urn:mpeg:dash:role:2011` scheme (a `caption` Role in
  /// another scheme is not one).
  func hasRole(_ value: String) -> Bool {
    roles.contains(TrackReport.roleScheme + " " + value)
  }

  /// The best language tag: BCP 47 if known, else the ISO 639-2 code.
  public var bestLanguage: String? { languageBCP47 ?? language }

  /// This track with `derived` filled in from the computed properties.
  public func withDerivedFlags() -> TrackReport {
    var t = self
    t.derived = TrackFlags(isDefault: isDefault, isForced: isForced, isSDH: isSDH, bestLanguage: bestLanguage)
    return t
  }
}
