/// What an HLS master playlist declares about subtitles and closed captions (RFC 8216 §4.3.4.1
/// `EXT-X-MEDIA`, §4.3.4.2 `EXT-X-STREAM-INF`), and what the referenced local subtitle
/// playlists and WebVTT segments contain.
public struct HLSReport: Sendable, Hashable, Codable {
  /// Every `EXT-X-MEDIA` tag, in order (all types, so that groups can be checked).
  public var renditions: [HLSRendition]
  /// Every `EXT-X-STREAM-INF` variant, in order.
  public var variants: [HLSVariant]
  /// The SUBTITLES media playlists that were checked.
  public var subtitlePlaylists: [HLSSubtitlePlaylist]

  public init(renditions: [HLSRendition] = [], variants: [HLSVariant] = [], subtitlePlaylists: [HLSSubtitlePlaylist] = []) {
    self.renditions = renditions
    self.variants = variants
    self.subtitlePlaylists = subtitlePlaylists
  }
}

/// One `EXT-X-MEDIA` tag with every attribute.
public struct HLSRendition: Sendable, Hashable, Codable {
  /// 1-based line number in the playlist.
  public var line: Int
  /// TYPE: AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS.
  public var type: String?
  public var groupID: String?
  public var name: String?
  public var language: String?
  public var assocLanguage: String?
  /// DEFAULT / AUTOSELECT / FORCED as written (`YES`, `NO`), `nil` when absent.
  public var defaultValue: String?
  public var autoselect: String?
  public var forced: String?
  public var instreamID: String?
  /// CHARACTERISTICS split at commas.
  public var characteristics: [String]
  public var uri: String?
  /// Every attribute as written (name → value without quotes).
  public var attributes: [String: String]

  public init(line: Int) {
    self.line = line
    characteristics = []
    attributes = [:]
  }

  public var isDefault: Bool { defaultValue == "YES" }
  public var isAutoselect: Bool { autoselect == "YES" }
  public var isForced: Bool { forced == "YES" }
}

/// One `EXT-X-STREAM-INF` variant and the groups it names.
public struct HLSVariant: Sendable, Hashable, Codable {
  public var line: Int
  public var uri: String?
  public var bandwidth: Int?
  public var codecs: [String]
  public var audio: String?
  public var subtitles: String?
  /// CLOSED-CAPTIONS as written, without quotes: a group id, or `NONE`.
  public var closedCaptions: String?
  /// Whether CLOSED-CAPTIONS is the unquoted enumerated-string `NONE` (no captions). A quoted
  /// `"NONE"` is a GROUP-ID like any other (RFC 8216 §4.3.4.2).
  public var closedCaptionsNone: Bool
  public var attributes: [String: String]

  public init(line: Int) {
    self.line = line
    codecs = []
    closedCaptionsNone = false
    attributes = [:]
  }

  /// The CLOSED-CAPTIONS group this variant names: `nil` when it has none or says `NONE`.
  public var closedCaptionGroup: String? { closedCaptionsNone ? nil : closedCaptions }
}

/// A SUBTITLES media playlist and its WebVTT segments (RFC 8216 §3.5).
public struct HLSSubtitlePlaylist: Sendable, Hashable, Codable {
  /// The URI as written in the master playlist.
  public var uri: String
  /// Whether it was read (local, inside the manifest's folder, present).
  public var checked: Bool
  /// Whether what was read is a media playlist (`#EXTM3U` first, with `#EXTINF` or
  /// `#EXT-X-TARGETDURATION`); `nil` when it was not read. RFC 8216 §4 identifies a playlist
  /// by its path (`.m3u8`, `.m3u`) or its Content-Type, so the content decides, not the name.
  public var isMediaPlaylist: Bool?
  /// Why it was not read (`remote URL not fetched`, `outside the manifest folder`, `missing`).
  public var skippedReason: String?
  public var segmentCount: Int
  public var segmentsMissing: [String]
  public var segmentsWithoutWebVTTHeader: [String]
  public var segmentsWithoutTimestampMap: [String]
  /// The `EXT-X-MAP` URI (the fMP4 init segment), if any.
  public var mapURI: String?
  /// The text sample entry found in the init segment (`stpp` for IMSC1, `wvtt`), if it was read.
  public var sampleEntry: String?

  public init(uri: String) {
    self.uri = uri
    checked = false
    segmentCount = 0
    segmentsMissing = []
    segmentsWithoutWebVTTHeader = []
    segmentsWithoutTimestampMap = []
  }
}
