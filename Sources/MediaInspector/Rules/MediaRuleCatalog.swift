/// Every rule the inspector applies, in the order of the reference doc's rule table (§4).
/// `Tests/MediaInspectorTests/RuleCoverageTests.swift` checks that each has a checked-in
/// fixture that passes it and one that fails it.
public enum MediaRuleCatalog {
  static let files = ["mp4", "mov", "matroska", "webm", "mpegts"]
  static let all_ = files + ["hls", "dash"]
  static let mp4 = ["mp4", "mov"]
  static let mkv = ["matroska", "webm"]

  public static let all: [MediaRule] = [
    MediaRule("SUB-001", "present", .info, .finding, all_, "at least one subtitle/caption track, or embedded CEA-608/708"),
    MediaRule("SUB-002", "language-match", .error, .policy, all_, "a track whose language matches the requested tag (ISO 639-1/-2B/-2T equal)"),
    MediaRule("SUB-003", "language-tagged", .warning, .finding, files, "no subtitle track with a missing or 'und' language; Matroska tracks without a Language element"),
    MediaRule("SUB-004", "codec-supported", .warning, .finding, files, "the codec is known to FFmpeg and playable on each player family"),
    MediaRule("SUB-005", "sdh", .error, .policy, all_, "a track asked to be SDH carries the container's SDH signal"),
    MediaRule("SUB-006", "forced-pairing", .warning, .finding, files, "each forced track has a full (non-forced) track of the same language"),
    MediaRule("SUB-007", "one-default", .warning, .finding, mp4 + mkv, "at most one default-flagged subtitle track per language"),
    MediaRule("SUB-008", "default-not-regular", .info, .finding, mkv, "a regular (not forced, not SDH) subtitle marked default is shown without a user choice"),
    MediaRule("MP4-001", "handler", .warning, .finding, mp4, "subtitle tracks use sbtl+tx3g (or clcp+c608), not the QuickTime text handler"),
    MediaRule("MP4-002", "alt-group-shared", .error, .finding, mp4, "all legible tracks share one non-zero alternate_group, not shared with audio/video"),
    MediaRule("MP4-003", "alt-group-per-stream", .error, .finding, mp4, "not every track in its own alternate group (FFmpeg's grouping after several defaults)"),
    MediaRule("MP4-004", "enabled-one", .warning, .finding, mp4, "exactly one enabled track per legible alternate group"),
    MediaRule("MP4-005", "mdhd-lang", .warning, .finding, mp4, "mdhd language is not 'und' and agrees with elng"),
    MediaRule("MP4-006", "tagc-sdh", .warning, .finding, mp4, "an SDH track has the tagc characteristics transcribes-spoken-dialog and describes-music-and-sound"),
    MediaRule("MP4-007", "kind-sdh", .info, .finding, mp4, "an SDH track (by tagc) also has the ISO kind 'caption' that FFmpeg and DASH packagers read"),
    MediaRule("MP4-008", "forced-apple", .warning, .finding, mp4, "a forced-only track has the tx3g all-samples-forced flag, its full track's alternate group and a tref 'forc'"),
    MediaRule("MP4-009", "forced-kind-only", .warning, .finding, mp4, "forced is not signalled only by an ISO kind box"),
    MediaRule("MP4-010", "text-sample-entry", .info, .finding, mp4, "a wvtt/stpp track in a progressive file (fine for ExoPlayer, unverified for Apple)"),
    MediaRule("MP4-011", "sei-only-cc", .warning, .finding, mp4, "captions are not only SEI in the video (ExoPlayer lists no such track in a progressive MP4)"),
    MediaRule("MP4-012", "c608-group", .warning, .finding, mp4, "a clcp track shares the legible alternate group"),
    MediaRule("MKV-001", "enabled", .warning, .finding, mkv, "no subtitle track has FlagEnabled=0"),
    MediaRule("MKV-002", "codec-id", .warning, .finding, ["matroska"], "no D_WEBVTT/* (ExoPlayer) or S_TEXT/WEBVTT (FFmpeg) CodecID in .mkv"),
    MediaRule("MKV-003", "bcp47-consistency", .warning, .finding, mkv, "LanguageBCP47 agrees with Language"),
    MediaRule("MKV-004", "default-implicit", .warning, .finding, mkv, "FlagDefault is not absent (so 1) on several subtitle tracks"),
    MediaRule("MKV-005", "sdh-flag", .error, .policy, ["matroska"], "a track asked to be SDH has FlagHearingImpaired=1"),
    MediaRule("MKV-006", "forced-flag", .error, .policy, mkv, "a track asked to be forced has FlagForced=1"),
    MediaRule("WEBM-001", "codec", .error, .finding, ["webm"], "subtitles in WebM are D_WEBVTT/* only"),
    MediaRule("WEBM-002", "sdh", .error, .policy, ["webm"], "SDH in WebM is D_WEBVTT/CAPTIONS"),
    MediaRule("TS-001", "dvb-lang", .warning, .finding, ["mpegts"], "DVB subtitle and teletext streams carry an ISO 639 language"),
    MediaRule("TS-002", "dvb-hoh", .error, .policy, ["mpegts"], "a DVB subtitle asked to be SDH has subtitling_type 0x20-0x25"),
    MediaRule("TS-003", "teletext-hoh", .error, .policy, ["mpegts"], "a teletext page asked to be SDH has teletext_type 0x05"),
    MediaRule("TS-004", "cc-present", .info, .policy, ["mpegts", "mp4", "mov"], "CEA-608/708 found in the video within the budget (channels and services listed)"),
    MediaRule("TS-005", "cc-descriptor", .warning, .finding, ["mpegts"], "the PMT caption_service_descriptor is present and agrees with the captions found"),
    MediaRule("TS-006", "teletext-android", .warning, .finding, ["mpegts"], "teletext is not the only subtitle format (ExoPlayer has no teletext)"),
    MediaRule("HLS-001", "sub-link", .error, .finding, ["hls"], "every EXT-X-STREAM-INF names an existing SUBTITLES group"),
    MediaRule("HLS-002", "sub-uri", .error, .finding, ["hls"], "a SUBTITLES rendition has a URI, and its media playlist exists"),
    MediaRule("HLS-003", "name", .error, .finding, ["hls"], "NAME and GROUP-ID present; NAME unique within its group"),
    MediaRule("HLS-004", "language", .warning, .finding, ["hls"], "LANGUAGE present and a well-formed BCP 47 tag"),
    MediaRule("HLS-005", "default-autoselect", .error, .finding, ["hls"], "DEFAULT=YES comes with AUTOSELECT=YES"),
    MediaRule("HLS-006", "one-default", .error, .finding, ["hls"], "at most one DEFAULT=YES per group"),
    MediaRule("HLS-007", "autoselect-distinct", .warning, .finding, ["hls"], "AUTOSELECT members differ in LANGUAGE, ASSOC-LANGUAGE, FORCED or CHARACTERISTICS"),
    MediaRule("HLS-008", "forced-scope", .error, .finding, ["hls"], "FORCED only on SUBTITLES"),
    MediaRule("HLS-009", "sdh-characteristics", .warning, .finding, ["hls"], "an SDH rendition carries both accessibility UTIs and AUTOSELECT=YES"),
    MediaRule("HLS-010", "cc-rendition", .error, .finding, ["hls"], "CLOSED-CAPTIONS: INSTREAM-ID CC1-CC4/SERVICE1-63, no URI, group linked from a variant; INSTREAM-ID on no other TYPE; a variant's CLOSED-CAPTIONS group exists"),
    MediaRule("HLS-011", "cc-none-consistency", .error, .finding, ["hls"], "CLOSED-CAPTIONS=NONE on all variants or none (recommended when there are no captions)"),
    MediaRule("HLS-012", "cc-truth", .warning, .finding, ["hls"], "declared INSTREAM-IDs are found in the first video segment, and found captions are declared"),
    MediaRule("HLS-013", "vtt-segments", .warning, .finding, ["hls"], "WebVTT segments exist, start with WEBVTT and carry X-TIMESTAMP-MAP"),
    MediaRule("HLS-014", "imsc-codecs", .error, .finding, ["hls"], "IMSC (fMP4 stpp) renditions are listed in CODECS (stpp.ttml.im1t)"),
    MediaRule("HLS-015", "apple-formats", .error, .finding, ["hls"], "subtitle renditions are WebVTT or IMSC1 media playlists (by content when read, else by a .m3u8/.m3u or no extension)"),
    MediaRule("HLS-016", "portable-uri", .warning, .finding, ["hls"], "URIs are relative and stay inside the package folder (no absolute path, file: URL or ../ escape)"),
    MediaRule("HLS-017", "attribute-syntax", .error, .finding, ["hls"], "EXT-X-MEDIA TYPE/DEFAULT/AUTOSELECT/FORCED unquoted with an allowed value (YES/NO exactly); GROUP-ID, NAME, LANGUAGE, ASSOC-LANGUAGE, URI, INSTREAM-ID, CHARACTERISTICS and EXT-X-STREAM-INF SUBTITLES quoted; CLOSED-CAPTIONS quoted or NONE"),
    MediaRule("DASH-001", "text-as", .error, .finding, ["dash"], "text AdaptationSets are recognisable by contentType, mimeType or codecs"),
    MediaRule("DASH-002", "lang", .warning, .finding, ["dash"], "text AdaptationSets have a well-formed @lang"),
    MediaRule("DASH-003", "role", .warning, .finding, ["dash"], "text AdaptationSets have a urn:mpeg:dash:role:2011 Role (subtitle, caption, forced-subtitle)"),
    MediaRule("DASH-004", "cc-accessibility", .warning, .finding, ["dash"], "SCTE CEA-608 Accessibility values are in CCn=lang form"),
    MediaRule("SEL-APPLE", "apple", .error, .verdict, files + ["hls", "dash"], "the track is listable in AVFoundation"),
    MediaRule("SEL-ANDROID", "android", .error, .verdict, files + ["hls", "dash"], "the track's codec is supported by ExoPlayer (media3)"),
    MediaRule("SEL-WEB", "web", .info, .verdict, files + ["hls", "dash"], "in-band text tracks of progressive files are not offered by browsers"),
  ]

  /// The rule with this id (case-insensitive), if any.
  public static func rule(_ id: String) -> MediaRule? {
    let u = id.uppercased()
    return all.first { $0.id == u }
  }
}
