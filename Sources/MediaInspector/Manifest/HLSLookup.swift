/// What the HLS rules and verdicts look up for every rendition, indexed once per master
/// playlist: scanning the variants, renditions and subtitle playlists for each rendition made
/// `inspect` quadratic (4,000 renditions, each in its own group: 36 s).
struct HLSLookup {
  /// The SUBTITLES and CLOSED-CAPTIONS renditions, in order (a text track's `index` is its place here).
  let textRenditions: [HLSRendition]
  /// The SUBTITLES and CLOSED-CAPTIONS groups the variants name. A rendition without a
  /// GROUP-ID is in none of them: variants refer to renditions only through it (RFC 8216
  /// §4.3.4.2), so nothing links it.
  let subtitleGroupsOfVariants: Set<String>
  let closedCaptionGroupsOfVariants: Set<String>
  /// SUBTITLES groups that a variant lists with an `stpp` codec, and with `wvtt`.
  let stppGroups: Set<String>
  let wvttGroups: Set<String>
  /// The language of the audio players start with (`ProgrammeAudio`).
  let audioLanguage: String?
  /// The first subtitle playlist read for each URI.
  let playlists: [String: HLSSubtitlePlaylist]
  /// Text renditions by Group of Renditions, in order.
  let textRenditionsByGroup: [Group: [HLSRendition]]

  /// A Group of Renditions: the EXT-X-MEDIA tags with the same GROUP-ID *and* the same TYPE
  /// (RFC 8216 §4.3.4.1.1), so a SUBTITLES and a CLOSED-CAPTIONS group may share an id.
  struct Group: Hashable, Comparable {
    var type: String
    var id: String

    static func < (a: Group, b: Group) -> Bool { (a.id, a.type) < (b.id, b.type) }
  }

  init(_ hls: HLSReport) {
    textRenditions = hls.renditions.filter { $0.type == "SUBTITLES" || $0.type == "CLOSED-CAPTIONS" }
    subtitleGroupsOfVariants = Set(hls.variants.compactMap(\.subtitles))
    closedCaptionGroupsOfVariants = Set(hls.variants.compactMap(\.closedCaptionGroup))
    stppGroups = Set(hls.variants.filter { $0.codecs.contains { $0.hasPrefix("stpp") } }.compactMap(\.subtitles))
    wvttGroups = Set(hls.variants.filter { $0.codecs.contains { $0 == "wvtt" } }.compactMap(\.subtitles))
    audioLanguage = ProgrammeAudio.language(of: hls)
    var playlists: [String: HLSSubtitlePlaylist] = [:]
    for p in hls.subtitlePlaylists where playlists[p.uri] == nil { playlists[p.uri] = p }
    self.playlists = playlists
    var byGroup: [Group: [HLSRendition]] = [:]
    for r in textRenditions {
      if let t = r.type, let g = r.groupID { byGroup[Group(type: t, id: g), default: []].append(r) }
    }
    textRenditionsByGroup = byGroup
  }

  /// Whether a variant names `group` (nil, a rendition without GROUP-ID, never is).
  static func names(_ groups: Set<String>, _ group: String?) -> Bool { group.map { groups.contains($0) } ?? false }

  /// The subtitle playlist read for `uri`, if any.
  func playlist(_ uri: String?) -> HLSSubtitlePlaylist? { uri.flatMap { playlists[$0] } }
}
