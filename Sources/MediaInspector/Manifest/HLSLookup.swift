/// What the HLS rules and verdicts look up for every rendition, indexed once per master
/// playlist: scanning the variants, renditions and subtitle playlists for each rendition made
/// `inspect` quadratic (4,000 renditions, each in its own group: 36 s).
struct HLSLookup {
  /// The SUBTITLES and CLOSED-CAPTIONS renditions, in order (a text track's `index` is its place here).
  let textRenditions: [HLSRendition]
  /// The SUBTITLES and CLOSED-CAPTIONS attribute values of the variants (`nil` for a variant without one).
  let subtitleGroupsOfVariants: Set<String?>
  let closedCaptionGroupsOfVariants: Set<String?>
  /// SUBTITLES groups that a variant lists with an `stpp` codec, and with `wvtt`.
  let stppGroups: Set<String?>
  let wvttGroups: Set<String?>
  /// The first subtitle playlist read for each URI.
  let playlists: [String: HLSSubtitlePlaylist]
  /// Text renditions by GROUP-ID, in order.
  let textRenditionsByGroup: [String: [HLSRendition]]

  init(_ hls: HLSReport) {
    textRenditions = hls.renditions.filter { $0.type == "SUBTITLES" || $0.type == "CLOSED-CAPTIONS" }
    subtitleGroupsOfVariants = Set(hls.variants.map(\.subtitles))
    closedCaptionGroupsOfVariants = Set(hls.variants.map(\.closedCaptions))
    stppGroups = Set(hls.variants.filter { $0.codecs.contains { $0.hasPrefix("stpp") } }.map(\.subtitles))
    wvttGroups = Set(hls.variants.filter { $0.codecs.contains { $0 == "wvtt" } }.map(\.subtitles))
    var playlists: [String: HLSSubtitlePlaylist] = [:]
    for p in hls.subtitlePlaylists where playlists[p.uri] == nil { playlists[p.uri] = p }
    self.playlists = playlists
    var byGroup: [String: [HLSRendition]] = [:]
    for r in textRenditions { if let g = r.groupID { byGroup[g, default: []].append(r) } }
    textRenditionsByGroup = byGroup
  }

  /// The subtitle playlist read for `uri`, if any.
  func playlist(_ uri: String?) -> HLSSubtitlePlaylist? { uri.flatMap { playlists[$0] } }
}
