import Testing
@testable import MediaInspector

@Suite struct MP4InspectionTests {
  @Test func threeLanguageMovText() {
    let r = Fixtures.inspect("mp4_movtext_3lang.mp4")
    #expect(r.container == "mp4")
    #expect(r.duration?.time == .init(value: 1, timescale: 1))
    let subs = r.textTracks
    #expect(subs.map(\.language) == ["eng", "spa", "fra"])
    #expect(subs.map(\.languageBCP47) == ["en", "es", "fr"])
    #expect(subs.map(\.alternateGroup) == [3, 3, 3])
    #expect(subs.map(\.enabled) == [true, false, false])
    #expect(subs.map(\.handlerType) == ["sbtl", "sbtl", "sbtl"])
    #expect(subs.map(\.codecTag) == ["tx3g", "tx3g", "tx3g"])
    #expect(subs[0].roles == ["urn:mpeg:dash:role:2011 caption"])
    #expect(subs[2].roles == ["urn:mpeg:dash:role:2011 forced-subtitle"])
    #expect(subs[0].title == "English SDH")
    #expect(subs[0].sources["title"] == .direct)
    #expect(subs[0].sources["alternateGroup"] == .direct)
    #expect(subs.map(\.tx3gDisplayFlags) == [0, 0, 0])
    #expect(subs.map(\.cueCount) == [2, 2, 1])
    #expect(subs[0].firstCueStart?.time == .init(milliseconds: 100))
    #expect(subs[0].lastCueEnd?.time == .init(milliseconds: 900))
    // Audio group 1 and legible group 3: MP4-002 passes.
    #expect(!r.diagnostics.contains { $0.code == "media.mp4-002" })
    #expect(r.diagnostics.contains { $0.code == "media.mp4-006" && $0.message.contains("track 2") })
    #expect(r.diagnostics.contains { $0.code == "media.mp4-009" && $0.message.contains("track 4") })
    #expect(subs[0].verdicts.first { $0.player == .apple }?.selectable == true)
    #expect(subs[0].verdicts.first { $0.player == .web }?.selectable == false)
  }

  @Test func appleTaggedFile() {
    let r = Fixtures.inspect("mp4_apple_sdh.mp4")
    let subs = r.textTracks
    #expect(subs[0].characteristics == TrackReport.sdhCharacteristics)
    #expect(subs[0].languageBCP47 == "en-US")
    #expect(subs[0].sources["languageBCP47"] == .direct)
    #expect(subs[2].tx3gDisplayFlags == 0xC000_0000)
    #expect(subs[2].isForced)
    #expect(subs[0].trackReferences["forc"] == [5])
    #expect(!r.diagnostics.contains { $0.code == "media.mp4-006" })
    #expect(!r.diagnostics.contains { $0.code == "media.mp4-009" })
    #expect(!r.diagnostics.contains { $0.code == "media.mp4-008" })
    // Forced fra has no full fra track.
    #expect(r.diagnostics.contains { $0.code == "media.sub-006" })
  }

  @Test func alternateGroupZeroIsNotSelectableOnApple() {
    let r = Fixtures.inspect("mp4_altgroup0.mp4")
    #expect(r.textTracks.map(\.alternateGroup) == [0, 0, 0])
    #expect(r.diagnostics.contains { $0.code == "media.mp4-002" && $0.severity == .error })
    let apple = r.textTracks[0].verdicts.first { $0.player == .apple }
    #expect(apple?.selectable == false)
    #expect(apple?.reasons == ["alternate_group 0 (MP4-002)"])
    #expect(r.textTracks[0].verdicts.first { $0.player == .android }?.selectable == true)
  }

  @Test func twoDefaultsSplitTheGroups() {
    let r = Fixtures.inspect("mp4_twodefault.mp4")
    #expect(r.tracks.map(\.alternateGroup) == [0, 1, 2, 3, 4])
    #expect(r.diagnostics.contains { $0.code == "media.mp4-003" })
    #expect(r.diagnostics.contains { $0.code == "media.mp4-004" && $0.message.contains("tracks 2, 3") })
    #expect(r.textTracks[0].verdicts.first { $0.player == .apple }?.selectable == false)
  }

  @Test func noEnabledSubtitleTrack() {
    let r = Fixtures.inspect("mp4_nodefault.mp4")
    #expect(r.textTracks.map(\.enabled) == [false, false, false])
    #expect(r.textTracks.allSatisfy { !$0.isDefault })
    #expect(r.diagnostics.contains { $0.code == "media.mp4-004" && $0.message == "no enabled track in legible alternate group 3 (MP4-004)" })
  }

  @Test func undeterminedLanguage() {
    let r = Fixtures.inspect("mp4_und.mp4")
    #expect(r.textTracks.map(\.language) == ["und"])
    #expect(r.textTracks[0].languageBCP47 == nil)
    #expect(r.diagnostics.contains { $0.code == "media.sub-003" })
    #expect(r.diagnostics.contains { $0.code == "media.mp4-005" })
  }

  @Test func movTextHandler() {
    let r = Fixtures.inspect("mov_text.mov")
    #expect(r.container == "mov")
    #expect(r.textTracks[0].handlerType == "text")
    #expect(r.textTracks[0].codecTag == "text")
    #expect(r.diagnostics.contains { $0.code == "media.mp4-001" })
    #expect(r.textTracks[0].verdicts.first { $0.player == .apple }?.selectable == false)
    #expect(r.textTracks[0].verdicts.first { $0.player == .android }?.selectable == false)
  }

  @Test func c608Track() {
    let r = Fixtures.inspect("mov_c608.mov")
    let cc = r.textTracks.first { $0.codec == "eia_608" }
    #expect(cc?.codecTag == "c608")
    #expect(cc?.handlerType == "clcp")
    #expect(cc?.isSDH == true)
    #expect(cc?.verdicts.first { $0.player == .android }?.selectable == true)
    #expect(r.textTracks.first { $0.codec == "mov_text" }?.handlerType == "sbtl")
    #expect(!r.diagnostics.contains { $0.code == "media.mp4-001" })
  }

  @Test func seiOnlyCaptionsInMP4() {
    let r = Fixtures.inspect("mp4_sei608.mp4")
    #expect(r.closedCaptions.first?.channels608 == ["CC1"])
    #expect(r.diagnostics.contains { $0.code == "media.mp4-011" })
  }
}
