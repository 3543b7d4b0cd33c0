import Foundation
import Testing
@testable import MediaInspector

@Suite struct HLSTests {
  @Test func goodMasterPlaylist() throws {
    let r = Fixtures.inspect("hls_good/master.m3u8")
    #expect(r.kind == "hls")
    #expect(r.error == nil)
    #expect(r.diagnostics.filter { $0.severity >= .warning }.map(\.description) == [])
    let hls = try #require(r.hls)
    #expect(hls.renditions.count == 4)
    let sdh = hls.renditions[0]
    #expect(sdh.name == "English SDH")
    #expect(sdh.autoselect == "YES")
    #expect(sdh.characteristics == TrackReport.sdhCharacteristics)
    #expect(hls.renditions[1].name == "Español")
    #expect(hls.renditions[3].instreamID == "CC1")
    #expect(hls.variants.first?.subtitles == "subs")
    #expect(hls.variants.first?.closedCaptions == "cc")
    #expect(hls.variants.first?.codecs == ["avc1.64000c", "mp4a.40.2"])
    #expect(hls.subtitlePlaylists.map(\.checked) == [true, true, true])
    #expect(hls.subtitlePlaylists.map(\.segmentCount) == [1, 1, 1])
    #expect(r.tracks.map(\.mediaType) == ["subtitle", "subtitle", "subtitle", "closed-captions"])
    #expect(r.tracks[0].isSDH)
    #expect(r.tracks[2].isForced)
    #expect(r.tracks.map(\.language) == ["eng", "spa", "eng", "eng"])
    #expect(r.tracks[0].sources["language"] == .derived)
    #expect(r.tracks[0].verdicts.allSatisfy { $0.player == .desktop ? !$0.selectable : $0.selectable })
    let policy = Policy(requirements: [
      .track(TrackRequirement(language: "en", sdh: true, selectableOn: [.apple, .android])), .cea608(channel: "CC1"), .noUntaggedLanguages,
    ])
    #expect(policy.evaluate(r).passed)
  }

  @Test func badMasterPlaylistFailsEveryRule() throws {
    let r = Fixtures.inspect("hls_bad/master.m3u8")
    let codes = Set(r.diagnostics.map(\.code))
    for rule in ["001", "002", "003", "004", "005", "006", "008", "009", "010", "011", "013", "015"] {
      #expect(codes.contains("media.hls-\(rule)"), "HLS-\(rule)")
    }
    #expect(codes.contains("media.hls.outside-folder"))
    #expect(codes.contains("media.hls.remote-uri"))
    #expect(r.diagnostics.contains { $0.code == "media.hls-005" && $0.severity == .error && $0.location?.line == 5 })
    let hls = try #require(r.hls)
    let passwd = try #require(hls.subtitlePlaylists.first { $0.uri == "../../etc/passwd" })
    #expect(!passwd.checked && passwd.skippedReason == "outside the manifest folder")
    #expect(hls.subtitlePlaylists.first { $0.uri.hasPrefix("http") }?.skippedReason == "remote URL not fetched")
    let en = try #require(hls.subtitlePlaylists.first { $0.uri == "subs/en.m3u8" })
    #expect(en.segmentsMissing == ["en_missing.vtt"])
    #expect(en.segmentsWithoutWebVTTHeader == ["en_1.vtt"])
    #expect(en.segmentsWithoutTimestampMap == ["en_0.vtt", "en_1.vtt"])
    #expect(Policy(requirements: [.exactlyOneDefault]).evaluate(r).failures.first?.reason == "SUBTITLES group 'subs' has 2 DEFAULT=YES renditions (HLS-006)")
    #expect(!Policy(requirements: [.cea608(channel: "CC1")]).evaluate(r).passed)
  }

  @Test func declaredCaptionsAreCheckedInTheFirstSegment() {
    let good = Fixtures.inspect("hls_good/master.m3u8")
    #expect(good.closedCaptions.first?.channels608 == ["CC1"])
    #expect(!good.diagnostics.contains { $0.code == "media.hls-012" })
    let bad = Fixtures.inspect("hls_ccmismatch/master.m3u8")
    #expect(bad.diagnostics.filter { $0.code == "media.hls-012" }.map(\.message) == [
      "INSTREAM-ID CC3 is declared but no CC3 data was found in the first segment of main.m3u8 (seg_0.ts) (HLS-012)",
      "CC1 captions were found in the first segment of main.m3u8 (seg_0.ts) but are not declared by a CLOSED-CAPTIONS rendition (HLS-012)",
    ])
  }

  @Test func autoselectMembersMustDiffer() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-hls-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let m = dir.appendingPathComponent("m.m3u8")
    try """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="A",LANGUAGE="en",AUTOSELECT=YES,URI="https://cdn/a.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="B",LANGUAGE="en",AUTOSELECT=YES,URI="https://cdn/b.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="s",CLOSED-CAPTIONS=NONE
      v.m3u8
      """.write(to: m, atomically: true, encoding: .utf8)
    let r = MediaInspector.inspect(path: m.path)
    #expect(r.diagnostics.filter { $0.code == "media.hls-007" }.map(\.location?.line) == [3])
    #expect(!r.diagnostics.contains { $0.code == "media.hls-011" })
  }

  @Test func attributeListQuotedCommas() {
    let a = HLSAttributeList.parse(#"TYPE=SUBTITLES,CHARACTERISTICS="a,b",NAME="x, y",DEFAULT=NO"#)
    #expect(a.map(\.name) == ["TYPE", "CHARACTERISTICS", "NAME", "DEFAULT"])
    #expect(a.map(\.value) == ["SUBTITLES", "a,b", "x, y", "NO"])
  }

  @Test func references() {
    #expect(ManifestReference.resolve("http://x/y.m3u8", relativeTo: "/a/b/m.m3u8", allowOutside: false) == .remote)
    #expect(ManifestReference.resolve("../../etc/passwd", relativeTo: "/a/b/m.m3u8", allowOutside: false) == .outside)
    #expect(ManifestReference.resolve("/etc/passwd", relativeTo: "/a/b/m.m3u8", allowOutside: false) == .outside)
    #expect(ManifestReference.resolve("subs/x%20y.m3u8", relativeTo: "/a/b/m.m3u8", allowOutside: false) == .local("/a/b/subs/x y.m3u8"))
  }
}

@Suite struct DASHTests {
  @Test func goodMPD() throws {
    let r = Fixtures.inspect("dash_good.mpd")
    #expect(r.kind == "dash")
    #expect(r.diagnostics.filter { $0.severity >= .warning }.map(\.description) == [])
    let sets = try #require(r.dash?.adaptationSets)
    #expect(sets.map(\.isText) == [false, true, true, true])
    #expect(sets[0].accessibility == ["urn:scte:dash:cc:cea-608:2015 CC1=eng;CC3=spa"])
    #expect(r.tracks.map(\.codec) == ["eia_608", "eia_608", "webvtt", "stpp", "webvtt"])
    #expect(r.tracks.map(\.instreamID) == ["CC1", "CC3", nil, nil, nil])
    #expect(r.tracks.map(\.languageBCP47) == ["eng", "spa", "en", "es", "en"])
    #expect(r.tracks[2].isSDH)
    #expect(r.tracks[4].isForced)
    let p = Policy(requirements: [.track(TrackRequirement(language: "en", sdh: true, selectableOn: [.android])), .cea608(channel: "CC3")])
    #expect(p.evaluate(r).passed)
    #expect(r.tracks[2].verdicts.first { $0.player == .apple }?.selectable == false)
  }

  @Test func badMPD() {
    let r = Fixtures.inspect("dash_bad.mpd")
    let found = r.diagnostics.filter { $0.code.hasPrefix("media.dash-") }.map { "\($0.code)@\($0.location?.line ?? 0)" }
    #expect(found == ["media.dash-004@4", "media.dash-002@8", "media.dash-003@8", "media.dash-003@11", "media.dash-001@15"])
    let p = Policy(requirements: [.track(TrackRequirement(language: "fr", sdh: true))])
    #expect(p.evaluate(r).failures.first?.reason.hasSuffix("(DASH-003)") == true)
  }

  @Test func scannerHandlesCommentsAndEntities() {
    let tags = XMLTagScanner.scan(Array(#"<!-- <AdaptationSet lang="xx"> --><a:B x="1 &amp; 2" y='q'/><![CDATA[<C>]]></a:B>"#.utf8))
    #expect(tags.map(\.name) == ["B", "B"])
    #expect(tags[0].attributes == ["x": "1 & 2", "y": "q"])
    #expect(tags[0].selfClosing && tags[1].isEnd)
  }
}

@Suite struct HLSIMSCTests {
  @Test func imscRenditionListedInCodecs() throws {
    let r = Fixtures.inspect("hls_imsc/master.m3u8", cc: false)
    let p = try #require(r.hls?.subtitlePlaylists.first)
    #expect(p.mapURI == "en_init.mp4")
    #expect(p.sampleEntry == "stpp")
    #expect(p.segmentCount == 1)
    #expect(p.segmentsMissing == [])
    #expect(r.tracks.map(\.codec) == ["stpp"])
    #expect(!r.diagnostics.contains { $0.code == "media.hls-014" || $0.code == "media.hls-013" })
    #expect(r.tracks.first?.verdicts.first { $0.player == .apple }?.selectable == true)
  }

  @Test func imscRenditionMissingFromCodecs() {
    let r = Fixtures.inspect("hls_imsc/master_nocodecs.m3u8", cc: false)
    #expect(r.tracks.map(\.codec) == ["stpp"])
    let d = r.diagnostics.filter { $0.code == "media.hls-014" }
    #expect(d.map(\.severity) == [.error])
    #expect(d.first?.location?.line == 4)
    #expect(d.first?.message == "IMSC subtitle rendition 'English' (stpp in its init segment) is not listed in any EXT-X-STREAM-INF CODECS (stpp.ttml.im1t) (HLS-014)")
  }

  @Test func autoselectRenditionsMustDiffer() {
    let r = Fixtures.inspect("hls_autoselect/master.m3u8", cc: false)
    #expect(r.diagnostics.filter { $0.severity >= .warning }.map(\.code) == ["media.hls-007"])
    #expect(r.diagnostics.first { $0.code == "media.hls-007" }?.location?.line == 4)
  }
}
