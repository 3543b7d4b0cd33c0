import Foundation
import Testing
@testable import MediaInspector

@Suite struct MatroskaInspectionTests {
  @Test func flagsAndCodecIDs() {
    let r = Fixtures.inspect("mkv_flags.mkv")
    #expect(r.container == "matroska")
    let subs = r.textTracks
    #expect(subs.map(\.codecID) == ["S_TEXT/UTF8", "S_TEXT/ASS", "D_WEBVTT/SUBTITLES", "S_TEXT/UTF8", "S_TEXT/UTF8"])
    #expect(subs.map(\.codec) == ["subrip", "ass", "webvtt", "subrip", "subrip"])
    #expect(subs.map(\.flagDefaultWritten) == [false, true, true, true, true])
    #expect(subs.map(\.enabled) == [true, true, true, true, true])
    #expect(subs[0].sources["enabled"] == .containerDefault)
    #expect(subs[0].isSDH)
    #expect(subs[4].isForced)
    #expect(subs.map(\.cueCount) == [2, 2, 2, 2, 1])
    #expect(r.diagnostics.contains { $0.code == "media.mkv-002" && $0.message.contains("D_WEBVTT/SUBTITLES") })
    #expect(!r.diagnostics.contains { $0.code == "media.mkv-004" })
    #expect(!r.diagnostics.contains { $0.code == "media.mkv-001" })
    #expect(subs[2].verdicts.first { $0.player == .android }?.selectable == false)
    #expect(subs[0].verdicts.first { $0.player == .android }?.autoSelected == true)
    #expect(subs[0].verdicts.first { $0.player == .apple }?.selectable == false)
  }

  /// FFmpeg creates no stream for a TrackEntry of a type it does not play (here the first
  /// subtitle entry's TrackType is patched from 0x11 to 0x20): the facts of the other entries
  /// still go to their own streams, not shifted by one.
  @Test func skippedTrackEntryDoesNotShiftFacts() throws {
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Fixtures.path("mkv_flags.mkv"))))
    let typeSubtitle: [UInt8] = [0x83, 0x81, 0x11]
    let at = try #require((0..<(bytes.count - 3)).first { Array(bytes[$0..<($0 + 3)]) == typeSubtitle })
    bytes[at + 2] = 0x20
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-mkv-skip-\(UUID().uuidString).mkv")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var o = InspectOptions()
    o.scanClosedCaptions = false
    let subs = MediaInspector.inspect(path: url.path, options: o).textTracks
    #expect(subs.map(\.codec) == ["ass", "webvtt", "subrip", "subrip"])
    #expect(subs.map(\.codecID) == ["S_TEXT/ASS", "D_WEBVTT/SUBTITLES", "S_TEXT/UTF8", "S_TEXT/UTF8"])
    #expect(subs.map(\.cueCount) == [2, 2, 2, 1])
  }

  /// Track flags that the installed FFmpeg may not turn into dispositions (FlagTextDescriptions
  /// with FFmpeg 5.1) are added from the TrackEntry itself, in disposition order; ones FFmpeg
  /// already gave are left as they are.
  @Test func trackFlagsBecomeDispositions() {
    var t = TrackReport(index: 3, mediaType: "subtitle", codec: "webvtt")
    t.dispositions = [.visualImpaired]
    var f = MatroskaTrackFacts()
    f.trackNumber = 4
    f.trackType = 0x11
    f.codecID = "D_WEBVTT/SUBTITLES"
    f.flagVisualImpaired = true
    f.flagTextDescriptions = true
    f.flagCommentary = false
    TrackAssembler.merge(mkv: f, into: &t)
    #expect(t.dispositions == [.visualImpaired, .descriptions])
    #expect(t.sources["disposition.descriptions"] == .direct)
    #expect(t.sources["disposition.visual_impaired"] == nil)
  }

  @Test func fieldsFFmpegCannotSee() {
    let r = Fixtures.inspect("mkv_edited.mkv")
    let subs = r.textTracks
    // ASS track: FlagEnabled=0 (FFmpeg shows it like any other, now default because FlagDefault is absent).
    #expect(subs[1].enabled == false)
    #expect(subs[1].sources["enabled"] == .direct)
    #expect(subs[1].isDefault)
    #expect(subs.map(\.languageBCP47) == ["en-US", "en", "en", "es-419", "de-DE"])
    #expect(subs.map(\.language) == ["eng", "eng", "eng", "spa", "fre"])
    #expect(r.diagnostics.contains { $0.code == "media.mkv-001" && $0.message.contains("track 3") })
    #expect(r.diagnostics.filter { $0.code == "media.mkv-003" }.count == 1)
    #expect(r.diagnostics.contains { $0.code == "media.mkv-003" && $0.message.contains("'de-DE'") })
    #expect(r.diagnostics.contains { $0.code == "media.mkv-004" })
    // Two eng defaults (one disabled, which FFmpeg and ExoPlayer cannot see).
    #expect(r.diagnostics.contains { $0.code == "media.sub-007" && $0.message.contains("tracks 2, 3") })
    // S_TEXT/WEBVTT: FFmpeg 5.1 has no codec for it; the CodecID names it.
    #expect(subs[2].codecID == "S_TEXT/WEBVTT")
    #expect(subs[2].codec == "webvtt")
    #expect(subs[2].sources["codec"] == .direct)
    #expect(r.diagnostics.contains { $0.code == "media.mkv-002" && $0.severity == .info })
    #expect(subs[2].verdicts.first { $0.player == .android }?.selectable == true)
  }

  @Test func webmWebVTT() {
    let r = Fixtures.inspect("webm_vtt.webm")
    #expect(r.container == "webm")
    let subs = r.textTracks
    #expect(subs.map(\.codecID) == ["D_WEBVTT/SUBTITLES", "D_WEBVTT/CAPTIONS", "D_WEBVTT/DESCRIPTIONS"])
    #expect(subs.map(\.isSDH) == [false, true, false])
    #expect(subs[2].dispositions.contains(.descriptions))
    #expect(!r.diagnostics.contains { $0.code == "media.webm-001" })
    #expect(subs[0].verdicts.first { $0.player == .android }?.selectable == false)
    #expect(subs[0].verdicts.first { $0.player == .desktop }?.selectable == true)
    // Text descriptions are for screen readers: a track, but not subtitles a policy can count.
    #expect(subs.map(\.isShownText) == [true, true, false])
  }

  /// Forced subtitles are shown unasked only in the audio's language (ExoPlayer#9797,
  /// mpv#8396): with French audio, the French forced track, not the English one.
  @Test func forcedTracksFollowTheAudioLanguage() {
    let r = Fixtures.inspect("mkv_forced_audio.mkv", cc: false)
    let subs = r.textTracks
    #expect(subs.map(\.bestLanguage) == ["fr", "en"])
    #expect(subs.map(\.isForced) == [true, true])
    for player in [PlayerFamily.android, .desktop] {
      #expect(subs.map { $0.verdicts.first { $0.player == player }?.autoSelected } == [true, false], "\(player)")
    }
  }

  /// A WebM whose only text tracks are metadata or descriptions has no subtitles for a policy.
  @Test func metadataTracksDoNotMeetASubtitleRequirement() {
    var t = TrackReport(index: 0, mediaType: "subtitle", codec: "webvtt")
    t.codecID = "D_WEBVTT/METADATA"
    t.language = "eng"
    var r = MediaReport(path: "m.webm")
    r.tracks = [t]
    let failure = Policy(requirements: [.track(TrackRequirement(language: "en"))]).evaluate(r).failures.first?.reason
    #expect(failure?.hasPrefix("no subtitle or caption track: track 0") == true)
    #expect(failure?.hasSuffix("are metadata or text descriptions, not shown as subtitles (SUB-001)") == false)
    #expect(failure?.hasSuffix("is metadata or text descriptions, not shown as subtitles (SUB-001)") == true)
  }

  @Test func webmWithAMatroskaCodecID() {
    let r = Fixtures.inspect("webm_badcodec.webm", cc: false)
    #expect(r.textTracks.first?.codecID == "S_TEXT/UTF8")
    #expect(r.diagnostics.filter { $0.code == "media.webm-001" }.count == 1)
  }
}
