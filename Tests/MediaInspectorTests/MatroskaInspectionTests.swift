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
    // The second eng default is disabled (FlagEnabled=0), so SUB-007 does not count it.
    #expect(!r.diagnostics.contains { $0.code == "media.sub-007" })
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
  }
}
