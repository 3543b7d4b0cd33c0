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

  /// The `hls_good` package with `master` as its master playlist, inspected (captions scanned).
  static func inspectVariant(_ master: String, scan: Bool = true) throws -> MediaReport {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ck-hls-var-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("hls_good"), to: copy)
    try Data(master.utf8).write(to: copy.appendingPathComponent("master.m3u8"))
    var o = InspectOptions()
    o.scanClosedCaptions = scan
    return MediaInspector.inspect(path: copy.appendingPathComponent("master.m3u8").path, options: o)
  }

  /// CEA-608 counts only where players offer it: a CLOSED-CAPTIONS rendition no variant links
  /// does not meet `cea608 CC1`, nor CC1 data in video whose variants all say CLOSED-CAPTIONS=NONE.
  @Test func captionsMustBeOffered() throws {
    let orphan = try Self.inspectVariant("""
      #EXTM3U
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc-unused",NAME="English CC",LANGUAGE="en",INSTREAM-ID="CC1"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Spanish",LANGUAGE="es",AUTOSELECT=YES,URI="subs/es.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c,mp4a.40.2",SUBTITLES="subs"
      video/main.m3u8

      """, scan: false)
    #expect(PolicyEvaluator.check(.cea608(channel: "CC1"), orphan)
      == "CEA-608 CC1 is declared by track 0 (eia_608, en, \"English CC\"), but no player offers it: group 'cc-unused' is not named by any EXT-X-STREAM-INF CLOSED-CAPTIONS (HLS-010)")
    let none = try Self.inspectVariant("""
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Spanish",LANGUAGE="es",AUTOSELECT=YES,URI="subs/es.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c,mp4a.40.2",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
      video/main.m3u8

      """)
    #expect(none.closedCaptions.flatMap(\.channels608).contains("CC1"))
    #expect(PolicyEvaluator.check(.cea608(channel: "CC1"), none)
      == "CC1 caption data is in the video, but every variant says CLOSED-CAPTIONS=NONE, so players do not offer it (HLS-012)")
    #expect(none.diagnostics.contains { $0.code == "media.hls-012" && $0.message.hasSuffix("the variant says CLOSED-CAPTIONS=NONE, so players do not offer them (HLS-012)") })
  }

  /// `wvtt` in CODECS with plain WebVTT segments (Apple allows it; Shaka Packager writes it) is
  /// WebVTT; forced without AUTOSELECT is reported and not auto-selected; an audio-only variant
  /// needs no SUBTITLES; LANGUAGE compares without case in HLS-007.
  @Test func variantAndRenditionAttributes() throws {
    let r = try Self.inspectVariant("""
      #EXTM3U
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="video/main.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs/en_sdh.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English 2",LANGUAGE="EN",AUTOSELECT=YES,URI="subs/es.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English forced",LANGUAGE="en",AUTOSELECT=NO,FORCED=YES,URI="subs/en_forced.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.64000c,mp4a.40.2,wvtt",AUDIO="aud",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
      video/main.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2",AUDIO="aud",CLOSED-CAPTIONS=NONE
      video/main.m3u8

      """, scan: false)
    #expect(r.tracks.map(\.codec) == ["webvtt", "webvtt", "webvtt"])
    #expect(r.tracks[0].verdicts.first { $0.player == .apple }?.selectable == true)
    #expect(!r.diagnostics.contains { $0.code == "media.hls-001" })
    #expect(r.diagnostics.filter { $0.code == "media.hls-007" }.map(\.location?.line) == [4])
    #expect(r.diagnostics.filter { $0.code == "media.hls-008" }.map(\.message) == [
      "SUBTITLES rendition 'English forced' has FORCED=YES without AUTOSELECT=YES, so players do not choose it by themselves and its forced text is not shown (HLS-008)"
    ])
    #expect(r.tracks[2].verdicts.map(\.autoSelected) == [false, false, false, false])
  }

  /// IMSC segments that no variant declares (stpp in CODECS) go to hls.js's and ExoPlayer's
  /// WebVTT parser: not selectable there.
  @Test func imscWithoutCodecsIsNotSelectableOnWebAndAndroid() {
    let r = Fixtures.inspect("hls_imsc/master_nocodecs.m3u8", cc: false)
    let v = r.tracks.first { $0.codec == "stpp" }?.verdicts
    #expect(v?.first { $0.player == .web }?.selectable == false)
    #expect(v?.first { $0.player == .android }?.selectable == false)
    #expect(v?.first { $0.player == .web }?.reasons.last == "no variant lists stpp in CODECS, so hls.js reads the IMSC segments as WebVTT (HLS-014)")
    #expect(v?.first { $0.player == .apple }?.selectable == true)
  }

  /// RFC 8216 allows CR LF line ends: the same package with CRLF playlists gives the same report.
  @Test func crlfPlaylistsReadAsLF() throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ck-hls-crlf-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileManager.default.copyItem(at: Fixtures.root.appendingPathComponent("hls_good"), to: copy)
    for sub in ["master.m3u8", "subs/es.m3u8", "subs/en_forced.m3u8", "subs/en_sdh.m3u8", "video/main.m3u8"] {
      let url = copy.appendingPathComponent(sub)
      let text = try String(contentsOf: url, encoding: .utf8)
      try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: url)
    }
    var o = InspectOptions()
    o.scanClosedCaptions = false
    let crlf = MediaInspector.inspect(path: copy.appendingPathComponent("master.m3u8").path, options: o)
    let lf = Fixtures.inspect("hls_good/master.m3u8", cc: false)
    #expect(crlf.hls?.renditions.count == 4)
    #expect(crlf.hls?.renditions.map(\.name) == lf.hls?.renditions.map(\.name))
    #expect(crlf.hls?.subtitlePlaylists.map(\.segmentCount) == [1, 1, 1])
    #expect(crlf.tracks.map(\.language) == lf.tracks.map(\.language))
    #expect(crlf.diagnostics.map(\.code) == lf.diagnostics.map(\.code))
  }

  /// A FIFO is never opened for reading (that would wait for a writer): passed directly it is
  /// refused, and a package whose playlist names one is inspected without it.
  @Test func fifosAreNotOpened() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let master = dir.appendingPathComponent("master.m3u8")
    try Data("#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"en\",LANGUAGE=\"en\",URI=\"sub.m3u8\"\n".utf8).write(to: master)
    #expect(mkfifo(dir.appendingPathComponent("sub.m3u8").path, 0o600) == 0)
    #expect(mkfifo(dir.appendingPathComponent("f.mp4").path, 0o600) == 0)
    let direct = MediaInspector.inspect(path: dir.appendingPathComponent("f.mp4").path)
    #expect(direct.error?.contains("not a regular file") == true, "\(direct.error ?? "")")
    let package = MediaInspector.inspect(path: master.path)
    #expect(package.hls?.renditions.count == 1)
    #expect(package.hls?.subtitlePlaylists.first?.checked != true)
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

  /// Each Period offers its own tracks: one default (Role main) per Period passes
  /// `exactly-one-default`; tracks know their Period.
  @Test func oneDefaultPerPeriod() {
    func period(_ mains: Int) -> String {
      "<Period>" + (0..<2).map { k in
        #"<AdaptationSet contentType="text" mimeType="text/vtt" lang="en">"# + (k < mains ? #"<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/>"# : "") + #"<Representation id="s\#(k)" bandwidth="256"/></AdaptationSet>"#
      }.joined() + "</Period>"
    }
    let head = #"<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static">"#
    let good = DASHTests.inspectMPD(head + period(1) + period(1) + "</MPD>")
    #expect(good.tracks.map(\.period) == [0, 0, 1, 1])
    #expect(PolicyEvaluator.check(.exactlyOneDefault, good) == nil)
    let bad = DASHTests.inspectMPD(head + period(1) + period(0) + "</MPD>")
    #expect(PolicyEvaluator.check(.exactlyOneDefault, bad) == "Period 2 has 0 default (Role main) subtitle tracks (SUB-007)")
  }

  /// SCTE 214-1 Accessibility values: an entry without a channel or service number is a
  /// language (it became the channel `ENG`, or `SERVICElang:eng`) whose channel is guessed as
  /// Shaka does (CC1 and CC3 for two, else in order, skipping numbers the value names), with a
  /// DASH-004 warning; `1=eng` is CC1.
  @Test func captionAccessibilityValues() {
    func tracks(_ scheme: String, _ value: String) -> [TrackReport] {
      DASHTests.inspectMPD(DASHTests.mpdHead + """
        <AdaptationSet contentType="video" mimeType="video/mp4"><Accessibility schemeIdUri="urn:scte:dash:cc:\(scheme):2015" value="\(value)"/></AdaptationSet>
        </Period></MPD>
        """).tracks
    }
    let bare = tracks("cea-608", "eng;spa")
    #expect(bare.map(\.instreamID) == ["CC1", "CC3"])
    #expect(bare.map { $0.sources["instreamID"] } == [.derived, .derived])
    #expect(bare.map(\.languageBCP47) == ["en", "es"])
    #expect(tracks("cea-608", "eng;spa;fra").map(\.instreamID) == ["CC1", "CC2", "CC3"])
    #expect(tracks("cea-608", "1=eng;3=spa").map(\.instreamID) == ["CC1", "CC3"])
    let services = tracks("cea-708", "1=lang:eng;lang:deu")
    #expect(services.map(\.instreamID) == ["SERVICE1", "SERVICE2"])
    #expect(services.map(\.languageBCP47) == ["en", "de"])
    let report = DASHTests.inspectMPD(DASHTests.mpdHead + """
      <AdaptationSet contentType="video" mimeType="video/mp4"><Accessibility schemeIdUri="urn:scte:dash:cc:cea-608:2015" value="1=eng;3=spa"/>
      <Accessibility schemeIdUri="urn:scte:dash:cc:cea-708:2015" value="eng;deu"/></AdaptationSet>
      </Period></MPD>
      """)
    #expect(report.diagnostics.filter { $0.code == "media.dash-004" }.map(\.message) == [
      "AdaptationSet at line 4: CEA-608 Accessibility value '1=eng;3=spa' is not in CCn=lang (CC1–CC4) form; players disagree on its channels (DASH-004)",
      "AdaptationSet at line 4: CEA-708 Accessibility value 'eng;deu' is not in n=lang:xxx (services 1–63) form; players disagree on its channels (DASH-004)",
    ])
    #expect(PolicyEvaluator.check(.cea608(channel: "CC3"), report) == nil)
    #expect(PolicyEvaluator.check(.cea708(service: 2), report) == nil)
    #expect(PolicyEvaluator.check(.cea608(channel: "CC2"), report) == "no CEA-608 CC2 is declared (an Accessibility descriptor urn:scte:dash:cc:cea-608:2015), and no local video segment was scanned (TS-004)")
  }

  /// An fMP4 variant's first segment is read with its EXT-X-MAP initialisation segment, so its
  /// captions are checked as well (before, the bare segment failed to open and nothing was said).
  @Test func declaredCaptionsInFragmentedMP4() {
    let r = Fixtures.inspect("hls_fmp4cc/master.m3u8")
    #expect(r.closedCaptions.first?.channels608 == ["CC1"])
    #expect(r.diagnostics.filter { $0.code == "media.hls-012" }.map(\.message) == [
      "INSTREAM-ID CC3 is declared but no CC3 data was found in the first segment of video/main.m3u8 (seg_0.m4s) (HLS-012)",
      "CC1 captions were found in the first segment of video/main.m3u8 (seg_0.m4s) but are not declared by a CLOSED-CAPTIONS rendition (HLS-012)",
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

  /// Inspects `master` as `m.m3u8` beside a one-segment WebVTT playlist `s.m3u8`, without
  /// decoding video.
  static func inspectMaster(_ master: String) throws -> MediaReport {
    let dir = try HLSLimitAndPortabilityTests.package([
      "m.m3u8": master, "s.m3u8": HLSLimitAndPortabilityTests.playlist(["a.vtt"]), "a.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nx\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    var o = InspectOptions()
    o.scanClosedCaptions = false
    return MediaInspector.inspect(path: dir.appendingPathComponent("m.m3u8").path, options: o)
  }

  /// A rendition without GROUP-ID is linked to no variant (RFC 8216 §4.3.4.1: GROUP-ID is
  /// required, and variants name renditions only through it), so no player lists it and a
  /// policy asking for it fails, even though the variants name no group either.
  @Test func renditionWithoutGroupIDIsNotLinked() throws {
    let r = try Self.inspectMaster("""
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="s.m3u8"
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,NAME="CC",LANGUAGE="en",INSTREAM-ID="CC1"
      #EXT-X-STREAM-INF:BANDWIDTH=1,CODECS="avc1.42c00a"
      v.m3u8

      """)
    #expect(r.tracks.count == 2)
    #expect(r.tracks.allSatisfy { t in t.verdicts.allSatisfy { !$0.selectable } })
    #expect(r.tracks[0].verdicts.first?.reasons == ["no GROUP-ID, so no variant can name it (HLS-001)"])
    let p = Policy(requirements: [.track(TrackRequirement(language: "en", selectableOn: [.apple]))])
    #expect(!p.evaluate(r).passed)
  }

  /// A forced rendition is auto-selected only in the language of the audio (ExoPlayer#9797,
  /// mpv#8396): with English audio, the English forced rendition, not the French one.
  @Test func forcedRenditionsFollowTheAudioLanguage() throws {
    func inspect(audio: String) throws -> MediaReport {
      try Self.inspectMaster("""
        #EXTM3U
        \(audio)
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="EN forced",LANGUAGE="en",FORCED=YES,AUTOSELECT=YES,URI="s.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="FR forced",LANGUAGE="fr",FORCED=YES,AUTOSELECT=YES,URI="s.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=1,CODECS="avc1.42c00a,mp4a.40.2",AUDIO="a",SUBTITLES="s",CLOSED-CAPTIONS=NONE
        v.m3u8

        """)
    }
    let english = try inspect(audio: #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",LANGUAGE="eng",DEFAULT=YES,URI="a.m3u8""#)
    #expect(english.tracks.map { $0.verdicts.first { $0.player == .android }?.autoSelected } == [true, false])
    // Audio of unknown language: neither is shown unasked.
    let unknown = try inspect(audio: "")
    #expect(unknown.tracks.map { $0.verdicts.first { $0.player == .android }?.autoSelected } == [false, false])
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
    // 608 channel languages are ISO 639-2 (`eng`); their BCP 47 form is the shortest code.
    #expect(r.tracks.map(\.languageBCP47) == ["en", "es", "en", "es", "en"])
    #expect(r.tracks.prefix(2).map(\.language) == ["eng", "spa"])
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

  /// DVB-DASH marks hard-of-hearing subtitles with the TV-Anytime AudioPurposeCS value 2
  /// (shaka-player#5211): SDH, as Shaka and ExoPlayer read it.
  @Test func hardOfHearingAccessibilityIsSDH() {
    let r = Self.inspectMPD(Self.mpdHead + """
      <AdaptationSet id="8" contentType="text" mimeType="application/mp4" lang="fre">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="alternate"/>
      <Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="2"/>
      <Representation id="fr-hoh" bandwidth="256" codecs="stpp"/></AdaptationSet>
      <AdaptationSet id="9" contentType="text" mimeType="application/mp4" lang="fre">
      <Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="1"/>
      <Representation id="fr" bandwidth="256" codecs="stpp"/></AdaptationSet>
      </Period></MPD>
      """)
    #expect(r.tracks.map(\.isSDH) == [true, false])
    #expect(Policy(requirements: [.track(TrackRequirement(language: "fr", sdh: true))]).evaluate(r).passed)
  }

  /// Text muxed with video is a text track of its own (ContentComponent, ISO/IEC 23009-1
  /// §5.3.4), not a video set with a text Role; `Label` is the track's title; FFmpeg (desktop)
  /// lists only sets that say text and that it can decode (WebVTT).
  @Test func contentComponentsLabelsAndDesktop() {
    let r = Self.inspectMPD(Self.mpdHead + """
      <AdaptationSet id="4" mimeType="video/mp4" codecs="avc1.64000c,stpp.ttml.im1t">
      <ContentComponent id="1" contentType="video"/>
      <ContentComponent id="2" contentType="text" lang="de"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/></ContentComponent>
      <Representation id="mux" bandwidth="100000"><BaseURL>muxed.mp4</BaseURL></Representation></AdaptationSet>
      <AdaptationSet id="5" mimeType="text/vtt" lang="en"><Label>English (hard of hearing)</Label>
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/><Representation id="v" bandwidth="1"/></AdaptationSet>
      <AdaptationSet id="6" lang="fr"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
      <Representation id="w" bandwidth="1" mimeType="application/mp4" codecs="wvtt"/></AdaptationSet>
      <AdaptationSet id="7" contentType="text" mimeType="application/ttml+xml" lang="es"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
      <Representation id="t" bandwidth="1"/></AdaptationSet>
      </Period></MPD>
      """)
    #expect(r.tracks.map(\.codec) == ["stpp", "webvtt", "wvtt", "ttml"])
    #expect(r.tracks.map(\.language) == ["deu", "eng", "fra", "spa"])
    #expect(r.tracks.map(\.title) == [nil, "English (hard of hearing)", nil, nil])
    #expect(!r.diagnostics.contains { $0.code == "media.dash-001" })
    #expect(r.dash?.adaptationSets.map(\.contentComponent) == [nil, "2", nil, nil, nil])
    let desktop = r.tracks.map { $0.verdicts.first { $0.player == .desktop } }
    #expect(desktop.map { $0?.selectable } == [false, true, false, false])
    #expect(desktop.map { $0?.reasons.first ?? "" } == [
      "FFmpeg's DASH demuxer does not list text muxed in a video Representation",
      "FFmpeg's DASH demuxer exposes text sets as webvtt streams",
      "FFmpeg's DASH demuxer takes a set as subtitles only when contentType or mimeType says text",
      "FFmpeg has no TTML subtitle decoder",
    ])
  }

  /// A UTF-16 MPD (byte order mark) is read as an MPD and said not to be UTF-8, not refused as
  /// media FFmpeg cannot open.
  @Test func utf16MPDIsReadAndReported() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-mpd16-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = Self.mpdHead + #"<AdaptationSet contentType="text" mimeType="text/vtt" lang="en"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/><Representation id="v" bandwidth="1"/></AdaptationSet></Period></MPD>"#
    var bytes: [UInt8] = [0xFF, 0xFE]
    for u in text.utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
    let path = dir.appendingPathComponent("u16.xml").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    var o = InspectOptions()
    o.scanClosedCaptions = false
    let r = MediaInspector.inspect(path: path, options: o)
    #expect(r.kind == "dash")
    #expect(r.tracks.map(\.languageBCP47) == ["en"])
    #expect(r.diagnostics.filter { $0.code == "media.dash.encoding" }.map(\.message) == ["the MPD is utf-16le, not UTF-8 (DASH-IF IOP); it was read, but some players and packagers expect UTF-8"])
  }

  /// Scheme URIs are URNs, whose names are case-insensitive (RFC 8141), and players match them
  /// ignoring case: a Role or Accessibility spelt in other case counts.
  @Test func schemeURIsMatchIgnoringCase() {
    let r = Self.inspectMPD(Self.mpdHead + """
      <AdaptationSet id="1" contentType="text" mimeType="text/vtt" lang="en">
      <Role schemeIdUri="URN:MPEG:DASH:ROLE:2011" value="caption"/>
      <Representation id="en" bandwidth="256"/></AdaptationSet>
      <AdaptationSet id="2" contentType="text" mimeType="application/mp4" lang="fr">
      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
      <Accessibility schemeIdUri="urn:tva:metadata:cs:audiopurposecs:2007" value="2"/>
      <Representation id="fr" bandwidth="256" codecs="stpp"/></AdaptationSet>
      </Period></MPD>
      """)
    #expect(r.tracks.map(\.isSDH) == [true, true])
    #expect(r.tracks.first?.roles == ["urn:mpeg:dash:role:2011 caption"])
    #expect(!r.diagnostics.contains { $0.code == "media.dash-003" })
  }

  /// Writes `text` as an MPD in a fresh temporary folder and inspects it.
  static func inspectMPD(_ text: String, options: InspectOptions = InspectOptions()) -> MediaReport {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-mpd-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("m.mpd").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    var o = options
    o.scanClosedCaptions = false
    return MediaInspector.inspect(path: path, options: o)
  }

  static let mpdHead = #"<?xml version="1.0"?>\#n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static">\#n<Period>\#n"#

  /// Found by `Scripts/fuzz.sh mpd`: an Accessibility entry of only `=` (`CC1=eng;=;CC3=spa`)
  /// indexed an empty list and stopped the process. It names nothing; the others are tracks.
  @Test func captionEntryOfOnlyAnEqualsSign() {
    let r = Self.inspectMPD(Self.mpdHead + """
      <AdaptationSet contentType="video" mimeType="video/mp4"><Accessibility schemeIdUri="urn:scte:dash:cc:cea-608:2015" value="CC1=eng;=;CC3=spa"/></AdaptationSet>
      </Period></MPD>
      """)
    #expect(r.tracks.map(\.instreamID) == ["CC1", "CC3"])
    #expect(r.tracks.map(\.languageBCP47) == ["en", "es"])
  }

  /// Each `CCn=lang` entry is a track: a 2 MB MPD of them once listed 262,000 tracks (1.6 GB).
  @Test func closedCaptionTracksAreCapped() {
    func mpd(entries: Int) -> MediaReport {
      let value = Array(repeating: "CC1=eng", count: entries).joined(separator: ";")
      return Self.inspectMPD(Self.mpdHead + """
        <AdaptationSet contentType="video" mimeType="video/mp4"><Accessibility schemeIdUri="urn:scte:dash:cc:cea-608:2015" value="\(value)"/></AdaptationSet>
        </Period></MPD>
        """)
    }
    let many = mpd(entries: 3000)
    #expect(many.tracks.count == DASHInspector.maxTracks)
    #expect(many.tracks.last?.instreamID == "CC1" && many.tracks.last?.languageBCP47 == "en")
    #expect(many.diagnostics.contains { $0.code == "media.dash.too-many-tracks" })
    // Exactly at the cap nothing is left out, so there is no warning.
    let exact = mpd(entries: DASHInspector.maxTracks)
    #expect(exact.tracks.count == DASHInspector.maxTracks)
    #expect(!exact.diagnostics.contains { $0.code == "media.dash.too-many-tracks" })
  }

  @Test func commentsCDATAEntitiesAndPrefixes() throws {
    let r = Self.inspectMPD(
      Self.mpdHead + #"""
        <!-- <AdaptationSet lang="xx"> --><![CDATA[<AdaptationSet lang="yy">]]>
        <AdaptationSet contentType="text" mimeType="text/vtt" lang="en"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="cap&#116;ion"/></AdaptationSet>
          <dash:AdaptationSet xmlns:dash="urn:mpeg:dash:schema:mpd:2011" contentType="text" mimeType="text/vtt" lang="fr &amp; en"/>
        </Period></MPD>
        """#)
    #expect(r.error == nil)
    let sets = try #require(r.dash?.adaptationSets)
    #expect(sets.map(\.lang) == ["en", "fr & en"])
    #expect(sets.map(\.line) == [5, 6])
    #expect(sets.map(\.column) == [1, 3])
    #expect(sets[0].roles == ["urn:mpeg:dash:role:2011 caption"])
    #expect(r.tracks.map(\.isSDH) == [true, false])
    let loc = r.diagnostics.first { $0.code == "media.dash-002" }?.location
    #expect(loc?.line == 6 && loc?.column == 3)
  }

  /// Role values are defined by their scheme (ISO/IEC 23009-1 §5.8.5.5): `forced-subtitle`,
  /// `caption` and `main` in another scheme set no flag, and DASH-003 still asks for the role scheme.
  @Test func roleFlagsNeedTheRoleScheme() throws {
    let r = Self.inspectMPD(
      Self.mpdHead + """
        <AdaptationSet id="1" contentType="text" mimeType="text/vtt" lang="en"><Role schemeIdUri="urn:example:other" value="forced-subtitle"/></AdaptationSet>
        <AdaptationSet id="2" contentType="text" mimeType="text/vtt" lang="en"><Role schemeIdUri="urn:example:other" value="caption"/><Role schemeIdUri="urn:example:other" value="main"/></AdaptationSet>
        <AdaptationSet id="3" contentType="text" mimeType="text/vtt" lang="en"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/><Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/></AdaptationSet>
        <AdaptationSet id="4" contentType="text" mimeType="text/vtt" lang="fr"><Role schemeIdUri="urn:mpeg:dash:role:2011" value="forced-subtitle"/></AdaptationSet>
        </Period></MPD>
        """)
    // How roles are stored and reported does not change.
    #expect(r.tracks.map(\.roles) == [
      ["urn:example:other forced-subtitle"], ["urn:example:other caption", "urn:example:other main"],
      ["urn:mpeg:dash:role:2011 main", "urn:mpeg:dash:role:2011 caption"], ["urn:mpeg:dash:role:2011 forced-subtitle"],
    ])
    #expect(r.tracks.map(\.isForced) == [false, false, false, true])
    #expect(r.tracks.map(\.isSDH) == [false, false, true, false])
    #expect(r.tracks.map(\.isDefault) == [false, false, true, false])
    #expect(r.diagnostics.filter { $0.code == "media.dash-003" }.map(\.message) == [
      "text AdaptationSet '1' has no urn:mpeg:dash:role:2011 Role (subtitle, caption or forced-subtitle) (DASH-003)",
      "text AdaptationSet '2' has no urn:mpeg:dash:role:2011 Role (subtitle, caption or forced-subtitle) (DASH-003)",
    ])
    #expect(Policy(requirements: [.track(TrackRequirement(language: "en", forced: true))]).evaluate(r).failures.map(\.reason) == [
      "en track found but none is forced (SUB-006)"
    ])
  }

  @Test func malformedMPDGivesLineAndColumn() throws {
    let r = Self.inspectMPD(
      Self.mpdHead + """
        <AdaptationSet contentType="text" mimeType="text/vtt" lang="en">
          <Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption">
        </AdaptationSet>
        </Period></MPD>
        """)
    // What was read before the error is still inspected.
    #expect(r.error == nil)
    #expect(r.dash?.adaptationSets.map(\.lang) == ["en"])
    let xml = r.diagnostics.filter { $0.code.hasPrefix("media.dash.xml.") }
    #expect(xml.first?.code == "media.dash.xml.mismatched-end-tag")
    #expect(xml.first?.severity == .error)
    #expect(xml.first?.location?.line == 6 && xml.first?.location?.column == 1)
  }

  @Test func notAnMPD() {
    let r = Self.inspectMPD(#"<?xml version="1.0"?><html><body/></html>"#)
    #expect(r.error?.hasSuffix("not a DASH MPD (no MPD element)") == true)
    #expect(r.diagnostics.map(\.message).contains("the root element is <html>, not <MPD>"))
    let broken = Self.inspectMPD("<MPD a=\"1\"\n  <Period>")
    let loc = broken.diagnostics.first { $0.code.hasPrefix("media.dash.xml.") }?.location
    #expect(loc?.line == 2 && loc?.column == 3)
    #expect(ReportText.render(broken).contains("line 2:3: "))
    // A binary file named .mpd is left to FFmpeg, which refuses it: a per-file error, no crash.
    let binary = Self.inspectMPD("<MPD \u{0}\u{1}\u{2}")
    #expect(binary.error != nil)
  }

  @Test func externalEntitiesAreNotFetched() {
    let r = Self.inspectMPD(
      #"<?xml version="1.0"?><!DOCTYPE MPD [<!ENTITY x SYSTEM "file:///etc/passwd">]><MPD><Period><AdaptationSet contentType="text" lang="&x;"/></Period></MPD>"#)
    #expect(r.diagnostics.contains { $0.code == "media.dash.xml.external-entity" })
    #expect(r.dash?.adaptationSets.first?.lang?.contains("root") != true)
  }

  @Test func elementLimitIsReported() {
    var o = InspectOptions()
    o.maxManifestElements = 50
    let sets = String(repeating: #"<AdaptationSet contentType="text" lang="en"/>"#, count: 100)
    let r = Self.inspectMPD(Self.mpdHead + sets + "</Period></MPD>", options: o)
    let d = r.diagnostics.filter { $0.code == "media.dash.too-many-elements" }
    #expect(d.map(\.severity) == [.error])
    #expect(d.first?.message == "the MPD has more than 50 elements; the rest was not read (raise the limit with --max-manifest-elements)")
    // MPD and Period count: 48 sets were read.
    #expect(r.dash?.adaptationSets.count == 48)
  }

  @Test func sizeLimitIsReported() {
    var o = InspectOptions()
    o.maxManifestSize = 200
    let r = Self.inspectMPD(Self.mpdHead + String(repeating: #"<AdaptationSet contentType="text" lang="en"/>"#, count: 10) + "</Period></MPD>", options: o)
    #expect(r.diagnostics.first { $0.code == "media.dash.too-large" }?.message.hasSuffix("only the start was read (raise it with --max-manifest-size)") == true)
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
    #expect(ReportText.render(r).contains("  subtitle playlist subs/en.m3u8: 1 segment (fMP4, init en_init.mp4: stpp)\n"))
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

@Suite struct HLSLimitAndPortabilityTests {
  /// A temporary package folder with the given files (relative path → text); removed by the caller.
  static func package(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-hlspkg-\(UUID().uuidString)")
    for (name, text) in files {
      let url = dir.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return dir
  }

  static func master(_ uri: String) -> String {
    """
    #EXTM3U
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="\(uri)"
    #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="s",CLOSED-CAPTIONS=NONE
    v.m3u8

    """
  }

  static func playlist(_ segments: [String]) -> String {
    "#EXTM3U\n#EXT-X-TARGETDURATION:1\n" + segments.map { "#EXTINF:1.0,\n\($0)\n" }.joined() + "#EXT-X-ENDLIST\n"
  }

  static let vtt = "WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:0\n\n00:00.000 --> 00:01.000\nHi\n"

  static func inspect(_ dir: URL, _ configure: (inout InspectOptions) -> Void = { _ in }) -> MediaReport {
    var o = InspectOptions()
    o.scanClosedCaptions = false
    configure(&o)
    return MediaInspector.inspect(path: dir.appendingPathComponent("master.m3u8").path, options: o)
  }

  @Test func subtitlePlaylistSizeLimit() throws {
    let segs = (0..<40).map { "s\($0).vtt" }
    let dir = try Self.package(["master.m3u8": Self.master("subs/en.m3u8"), "subs/en.m3u8": Self.playlist(segs), "subs/s0.vtt": Self.vtt])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = Self.inspect(dir) { $0.maxManifestSize = 300 }
    let size = try #require(FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("subs/en.m3u8").path)[.size] as? Int)
    let d = r.diagnostics.filter { $0.code == "media.hls.playlist-too-large" }
    #expect(d.map(\.message) == [
      "subtitle playlist 'subs/en.m3u8' is \(size) bytes, over the limit of 300 bytes; only its start was read (raise it with --max-manifest-size)"
    ])
    #expect(d.first?.location?.line == 2)
    #expect((r.hls?.subtitlePlaylists.first?.segmentCount ?? 0) < 40)
  }

  @Test func segmentCountLimit() throws {
    let dir = try Self.package([
      "master.m3u8": Self.master("subs/en.m3u8"), "subs/en.m3u8": Self.playlist((0..<5).map { "s\($0).vtt" }), "subs/s0.vtt": Self.vtt,
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = Self.inspect(dir) { $0.maxSegmentsChecked = 2 }
    let p = try #require(r.hls?.subtitlePlaylists.first)
    #expect(p.segmentCount == 5)
    #expect(p.segmentsMissing == ["s1.vtt"])
    #expect(r.diagnostics.filter { $0.code == "media.hls.too-many-segments" }.map(\.message) == [
      "only the first 2 of the 5 segments of 'subs/en.m3u8' were checked (raise the limit with --max-segments)"
    ])
    // Without the limit every missing segment is found, and there is no limit diagnostic.
    let all = Self.inspect(dir)
    #expect(all.hls?.subtitlePlaylists.first?.segmentsMissing == ["s1.vtt", "s2.vtt", "s3.vtt", "s4.vtt"])
    // The message lists three and marks that there are more.
    #expect(all.diagnostics.filter { $0.code == "media.hls-013" }.map(\.message).contains {
      $0.hasPrefix("4 segment(s) of 'subs/en.m3u8' are missing: s1.vtt, s2.vtt, s3.vtt, …")
    })
    #expect(!all.diagnostics.contains { $0.code == "media.hls.too-many-segments" })
  }

  @Test func absolutePathInsideThePackageIsWarnedButRead() throws {
    let dir = try Self.package(["subs/en.m3u8": Self.playlist(["s0.vtt"]), "subs/s0.vtt": Self.vtt])
    defer { try? FileManager.default.removeItem(at: dir) }
    let abs = dir.appendingPathComponent("subs/en.m3u8").path
    try Self.master(abs).write(to: dir.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
    let r = Self.inspect(dir)
    #expect(r.diagnostics.filter { $0.code == "media.hls-016" }.map(\.message) == [
      "SUBTITLES rendition 'English' URI '\(abs)' is an absolute path, which breaks when the package is moved or served over HTTP (HLS-016)"
    ])
    #expect(r.hls?.subtitlePlaylists.first?.checked == true)
  }

  @Test func pathsOutsideThePackageAreWarnedAndNotRead() throws {
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("ck-outside-\(UUID().uuidString).vtt")
    // The file exists, so a check on disk would find it: it must not be checked.
    try "not WebVTT".write(to: outside, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: outside) }
    let dir = try Self.package([
      "master.m3u8": Self.master("file:///etc/passwd"), "subs/en.m3u8": Self.playlist([outside.path, "../../x.vtt", "file://\(outside.path)", "s0.vtt"]),
      "subs/s0.vtt": Self.vtt, "sub2.m3u8": "",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    var text = Self.master("file:///etc/passwd")
    text = text.replacingOccurrences(of: "#EXT-X-STREAM-INF", with: #"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="Two",LANGUAGE="fr",AUTOSELECT=YES,URI="subs/en.m3u8""# + "\n#EXT-X-STREAM-INF")
    try text.write(to: dir.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
    let r = Self.inspect(dir)
    let d = r.diagnostics.filter { $0.code == "media.hls-016" }
    #expect(d.map(\.severity) == [.warning, .warning])
    #expect(d.first?.message == "SUBTITLES rendition 'English' URI 'file:///etc/passwd' is a file: URL, which breaks when the package is moved or served over HTTP; it was not read (outside the package folder) (HLS-016)")
    #expect(d.last?.message.hasPrefix("subtitle playlist 'subs/en.m3u8' names 3 segment URI(s) that are absolute paths, file: URLs or leave the package folder: \(outside.path), ../../x.vtt, file://\(outside.path);") == true)
    let pls = try #require(r.hls?.subtitlePlaylists)
    #expect(pls.map(\.checked) == [false, true])
    #expect(pls[0].skippedReason == "outside the manifest folder")
    // The outside segments were neither opened nor existence-checked.
    #expect(pls[1].segmentCount == 4)
    #expect(pls[1].segmentsMissing == [])
    #expect(pls[1].segmentsWithoutWebVTTHeader == [])
  }

  @Test func portabilityIsLexical() {
    #expect(ManifestReference.nonPortableReason("subs/../subs/a.vtt", relativeTo: "/p/master.m3u8", root: "/p") == nil)
    #expect(ManifestReference.nonPortableReason("../video/a.ts", relativeTo: "/p/subs/en.m3u8", root: "/p") == nil)
    #expect(ManifestReference.nonPortableReason("../../a.ts", relativeTo: "/p/subs/en.m3u8", root: "/p") == "a relative path that leaves the package folder")
    #expect(ManifestReference.nonPortableReason("/p/a.ts", relativeTo: "/p/master.m3u8", root: "/p") == "an absolute path")
    #expect(ManifestReference.nonPortableReason("FILE:/p/a.ts", relativeTo: "/p/master.m3u8", root: "/p") == "a file: URL")
    #expect(ManifestReference.nonPortableReason("https://cdn/a.ts", relativeTo: "/p/master.m3u8", root: "/p") == nil)
    // Segments may reach elsewhere in the package, but not out of it.
    #expect(ManifestReference.resolve("../video/a.ts", relativeTo: "/p/subs/en.m3u8", root: "/p", allowOutside: false) == .local("/p/video/a.ts"))
    #expect(ManifestReference.resolve("../../a.ts", relativeTo: "/p/subs/en.m3u8", root: "/p", allowOutside: false) == .outside)
    #expect(ManifestReference.resolve("file:///etc/passwd", relativeTo: "/p/m.m3u8", allowOutside: false) == .outside)
    #expect(ManifestReference.resolve("file:///p/a.vtt", relativeTo: "/p/m.m3u8", allowOutside: false) == .local("/p/a.vtt"))
  }
}

/// RFC 8216 attribute types, Groups of Renditions and INSTREAM-ID scope; content-based playlist
/// and WebVTT segment checks.
@Suite struct HLSConformanceTests {
  typealias Package = HLSLimitAndPortabilityTests

  static func inspect(master: String, files: [String: String] = [:]) throws -> MediaReport {
    let dir = try Package.package(files.merging(["master.m3u8": master]) { a, _ in a })
    defer { try? FileManager.default.removeItem(at: dir) }
    return Package.inspect(dir)
  }

  static func found(_ r: MediaReport, _ code: String) -> [String] {
    r.diagnostics.filter { $0.code == code }.map { "\($0.severity)@\($0.location?.line ?? 0): \($0.message)" }
  }

  /// RFC 8216 §4.3.4.1: INSTREAM-ID MUST NOT be specified for a TYPE other than CLOSED-CAPTIONS,
  /// and such a rendition declares no 608 channel for a policy.
  @Test func instreamIDOnlyOnClosedCaptions() throws {
    let r = try Self.inspect(
      master: """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,INSTREAM-ID="CC1",URI="subs/es.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Main",LANGUAGE="en",INSTREAM-ID="SERVICE1",URI="a.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs",CLOSED-CAPTIONS=NONE
        v.m3u8

        """,
      files: ["subs/es.m3u8": Package.playlist(["es_0.vtt"]), "subs/es_0.vtt": Package.vtt])
    #expect(Self.found(r, "media.hls-010") == [
      "error@2: SUBTITLES rendition 'English' has INSTREAM-ID 'CC1', which only CLOSED-CAPTIONS renditions may have (HLS-010)",
      "error@3: AUDIO rendition 'Main' has INSTREAM-ID 'SERVICE1', which only CLOSED-CAPTIONS renditions may have (HLS-010)",
    ])
    #expect(r.tracks.map(\.mediaType) == ["subtitle"])
    let p = Policy(requirements: [.cea608(channel: "CC1"), .cea708(service: 1)]).evaluate(r)
    #expect(p.failures.map(\.reason) == [
      "no CEA-608 CC1 is declared (a CLOSED-CAPTIONS rendition with INSTREAM-ID), and no local video segment was scanned (TS-004)",
      "CEA-708 service 1 not found (TS-004)",
    ])
  }

  /// RFC 8216 §4.3.4.2: a quoted "NONE" is a GROUP-ID (here of no rendition); only the unquoted
  /// enumerated-string NONE means "no captions".
  @Test func quotedNoneNamesAGroup() throws {
    let master = """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="https://cdn/en.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs",CLOSED-CAPTIONS="NONE"
      v.m3u8

      """
    let quoted = try Self.inspect(master: master)
    #expect(quoted.hls?.variants.map(\.closedCaptions) == ["NONE"])
    #expect(quoted.hls?.variants.map(\.closedCaptionsNone) == [false])
    #expect(Self.found(quoted, "media.hls-010") == [
      #"error@3: EXT-X-STREAM-INF names CLOSED-CAPTIONS group 'NONE', which has no CLOSED-CAPTIONS rendition ("NONE" in quotes is a GROUP-ID; CLOSED-CAPTIONS=NONE without quotes means no captions) (HLS-010)"#
    ])
    #expect(quoted.diagnostics.filter { $0.code == "media.hls-011" }.map(\.severity) == [.info])
    let unquoted = try Self.inspect(master: master.replacingOccurrences(of: #"CLOSED-CAPTIONS="NONE""#, with: "CLOSED-CAPTIONS=NONE"))
    #expect(unquoted.hls?.variants.map(\.closedCaptionsNone) == [true])
    #expect(Self.found(unquoted, "media.hls-010") == [])
    #expect(Self.found(unquoted, "media.hls-011") == [])
    #expect(Self.found(unquoted, "media.hls-017") == [])
  }

  /// RFC 8216 §4.2, §4.3.4.1–2: enumerated-strings are unquoted (YES/NO exactly), quoted-strings quoted.
  @Test func attributeValueTypes() throws {
    let r = try Self.inspect(master: """
      #EXTM3U
      #EXT-X-MEDIA:TYPE="SUBTITLES",GROUP-ID="s",NAME="A",LANGUAGE="en",AUTOSELECT=YES,URI="https://cdn/a.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=s,NAME="B",LANGUAGE="fr",AUTOSELECT=YES,URI="https://cdn/b.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="C",LANGUAGE="de",DEFAULT="YES",AUTOSELECT=YES,URI="https://cdn/c.m3u8"
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="D",LANGUAGE="es",DEFAULT=yes,AUTOSELECT=YES,URI="https://cdn/d.m3u8"
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="E",LANGUAGE="en",INSTREAM-ID=CC4
      #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES=s,CLOSED-CAPTIONS=cc
      v.m3u8

      """)
    #expect(Self.found(r, "media.hls-017") == [
      #"error@2: SUBTITLES rendition 'A': TYPE="SUBTITLES" must be AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS exactly, without quotes (an enumerated-string, RFC 8216 §4.3.4.1) (HLS-017)"#,
      #"error@3: SUBTITLES rendition 'B': GROUP-ID=s must be a quoted-string: GROUP-ID="s" (RFC 8216 §4.3.4.1) (HLS-017)"#,
      #"error@4: SUBTITLES rendition 'C': DEFAULT="YES" must be YES or NO exactly, without quotes (an enumerated-string, RFC 8216 §4.3.4.1) (HLS-017)"#,
      #"error@5: SUBTITLES rendition 'D': DEFAULT=yes must be YES or NO exactly, without quotes (an enumerated-string, RFC 8216 §4.3.4.1) (HLS-017)"#,
      #"error@6: CLOSED-CAPTIONS rendition 'E': INSTREAM-ID=CC4 must be a quoted-string: INSTREAM-ID="CC4" (RFC 8216 §4.3.4.1) (HLS-017)"#,
      #"error@7: EXT-X-STREAM-INF: SUBTITLES=s must be a quoted-string: SUBTITLES="s" (RFC 8216 §4.3.4.2) (HLS-017)"#,
      #"error@7: EXT-X-STREAM-INF: CLOSED-CAPTIONS=cc must be a quoted GROUP-ID (CLOSED-CAPTIONS="cc") or the unquoted NONE (RFC 8216 §4.3.4.2) (HLS-017)"#,
    ])
    // DEFAULT=yes is not YES: the rendition is not default (and now that is reported).
    #expect(r.hls?.renditions.map(\.isDefault) == [false, false, true, false, false])
    // The checked-in fixture: one rendition with four wrong types, one unquoted INSTREAM-ID, a variant with two.
    let fixture = Fixtures.inspect("hls_syntax/master.m3u8", cc: false)
    #expect(fixture.diagnostics.filter { $0.code == "media.hls-017" }.map { $0.location?.line ?? 0 } == [3, 3, 3, 3, 4, 5, 5])
    #expect(Fixtures.inspect("hls_good/master.m3u8", cc: false).diagnostics.filter { $0.code == "media.hls-017" } == [])
  }

  /// RFC 8216 §4.3.4.1.1: a Group of Renditions is the tags with the same GROUP-ID and TYPE.
  @Test func groupsAreKeyedByTypeAndGroupID() throws {
    let master = """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="text",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="https://cdn/en.m3u8"
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="text",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,INSTREAM-ID="CC1"
      #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="text",CLOSED-CAPTIONS="text"
      v.m3u8

      """
    let r = try Self.inspect(master: master)
    #expect(r.diagnostics.filter { $0.severity >= .warning }.map(\.description) == [])
    #expect(Policy(requirements: [.exactlyOneDefault, .cea608(channel: "CC1")]).evaluate(r).passed)
    // A second SUBTITLES rendition of the same name in the same group still fails all three.
    let dup = try Self.inspect(master: master.replacingOccurrences(of: "#EXT-X-STREAM-INF", with: #"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="text",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="https://cdn/en2.m3u8""# + "\n#EXT-X-STREAM-INF"))
    #expect(dup.diagnostics.filter { ["media.hls-003", "media.hls-006", "media.hls-007"].contains($0.code) }.map { "\($0.location?.line ?? 0): \($0.message)" } == [
      "4: NAME 'English' is used twice in SUBTITLES group 'text' (HLS-003)",
      "4: SUBTITLES group 'text' has 2 DEFAULT=YES renditions (HLS-006)",
      "4: AUTOSELECT rendition 'English' in SUBTITLES group 'text' does not differ from another in LANGUAGE, ASSOC-LANGUAGE, FORCED or CHARACTERISTICS (HLS-007)",
    ])
  }

  /// HLS-015 is decided by what was read (RFC 8216 §4: `.m3u8`, `.m3u` or Content-Type), and by
  /// the extension only for URIs that were not read.
  @Test func renditionPlaylistsAreJudgedByContent() throws {
    func media(_ name: String, _ lang: String, _ uri: String) -> String {
      #"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="\#(name)",LANGUAGE="\#(lang)",AUTOSELECT=YES,URI="\#(uri)""#
    }
    let r = try Self.inspect(
      master: ["#EXTM3U", media("M3U", "en", "subs/en.m3u"), media("Bare", "fr", "subs/fr"), media("VTT", "de", "subs/de.m3u8"), media("Remote", "es", "https://cdn/es.vtt?x=1"),
               #"#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="s",CLOSED-CAPTIONS=NONE"#, "v.m3u8", ""].joined(separator: "\n"),
      files: [
        "subs/en.m3u": Package.playlist(["s0.vtt"]), "subs/fr": Package.playlist(["s0.vtt"]), "subs/s0.vtt": Package.vtt,
        "subs/de.m3u8": Package.vtt,
      ])
    #expect(Self.found(r, "media.hls-015") == [
      "error@4: SUBTITLES rendition 'VTT' URI 'subs/de.m3u8' is not a media playlist: it does not start with #EXTM3U or has no #EXTINF or #EXT-X-TARGETDURATION (HLS-015)",
      "error@5: SUBTITLES rendition 'Remote' URI 'https://cdn/es.vtt?x=1' is not a media playlist: its extension is .vtt, not .m3u8 or .m3u (HLS-015)",
    ])
    let pls = try #require(r.hls?.subtitlePlaylists)
    #expect(pls.map(\.isMediaPlaylist) == [true, true, false, nil])
    // The WebVTT file's lines are not taken for segment URIs.
    #expect(pls.map(\.segmentCount) == [1, 1, 0, 0])
    #expect(Self.found(r, "media.hls-013") == [])
  }

  /// WebVTT segments: the extension is the path's (query and fragment removed), and the
  /// signature is `WEBVTT` followed by a space, tab, line end or the end of the file.
  @Test func webVTTSegmentSignature() throws {
    let map = "X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:0"
    let r = try Self.inspect(
      master: Package.master("subs/en.m3u8"),
      files: [
        "subs/en.m3u8": Package.playlist(["q.vtt?token=1", "x.vtt#t=1", "ok.vtt", "bare.vtt", "bom.vtt"]),
        "subs/q.vtt": "1\n00:00:00,100 --> 00:00:00,900\nSRT\n",
        "subs/x.vtt": "WEBVTTX\n\(map)\n\n00:00.000 --> 00:01.000\nHi\n",
        "subs/ok.vtt": "WEBVTT\t- title\r\n\(map)\r\n\r\n00:00.000 --> 00:01.000\r\nHi\r\n",
        "subs/bare.vtt": "WEBVTT",
        "subs/bom.vtt": "\u{FEFF}WEBVTT\n\(map)\n",
      ])
    let p = try #require(r.hls?.subtitlePlaylists.first)
    #expect(p.segmentsMissing == [])
    #expect(p.segmentsWithoutWebVTTHeader == ["q.vtt?token=1", "x.vtt#t=1"])
    #expect(p.segmentsWithoutTimestampMap == ["q.vtt?token=1", "bare.vtt"])
    #expect(HLSInspector.hasWebVTTSignature(Array("WEBVTT".utf8)))
    #expect(HLSInspector.hasWebVTTSignature(Array("WEBVTT \n".utf8)))
    #expect(!HLSInspector.hasWebVTTSignature(Array("WEBVTTX\n".utf8)))
    #expect(!HLSInspector.hasWebVTTSignature(Array("\u{FEFF}WEBVTT-\n".utf8)))
    #expect(!HLSInspector.hasWebVTTSignature(Array("WEBVT".utf8)))
  }

  /// One language in its codes and tags; a macrolanguage and the languages in it match each
  /// other (a policy's `no` finds a Bokmål `nb` track); a region in the wanted tag must match.
  @Test func languageMatching() {
    #expect(LanguageTag.matches("fre", wanted: "fr") && LanguageTag.matches("fr-CA", wanted: "fra"))
    #expect(LanguageTag.matches("nb", wanted: "no") && LanguageTag.matches("nob", wanted: "nor") && LanguageTag.matches("nn", wanted: "no"))
    #expect(LanguageTag.matches("no", wanted: "nb"))
    #expect(LanguageTag.matches("yue", wanted: "zh") && LanguageTag.matches("chi", wanted: "cmn"))
    #expect(LanguageTag.matches("arz", wanted: "ar"))
    #expect(!LanguageTag.matches("nb", wanted: "nn"))
    #expect(!LanguageTag.matches("da", wanted: "no"))
    #expect(!LanguageTag.matches("yue", wanted: "zh-TW"))
    #expect(!LanguageTag.matches("id", wanted: "ms"))
  }

  /// RFC 5646 primary language subtags are letters (2–3 or 5–8); INSTREAM-ID SERVICEn has n 1–63
  /// in plain digits.
  @Test func languageAndInstreamIDValidators() throws {
    #expect(!LanguageTag.isWellFormedBCP47("12345"))
    #expect(!LanguageTag.isWellFormedBCP47("123456"))
    #expect(!LanguageTag.isWellFormedBCP47("abcd"))
    #expect(LanguageTag.isWellFormedBCP47("abcde"))
    #expect(LanguageTag.isWellFormedBCP47("en-US"))
    #expect(LanguageTag.isWellFormedBCP47("yue"))
    #expect(LanguageTag.isWellFormedBCP47("x-klingon"))
    for ok in ["CC1", "CC4", "SERVICE1", "SERVICE9", "SERVICE10", "SERVICE63"] { #expect(HLSInspector.isValidInstreamID(ok), "\(ok)") }
    for bad in ["CC0", "CC5", "cc1", "SERVICE", "SERVICE0", "SERVICE01", "SERVICE+2", "SERVICE-2", "SERVICE 2", "SERVICE64", "SERVICE٣"] {
      #expect(!HLSInspector.isValidInstreamID(bad), "\(bad)")
    }
    let r = try Self.inspect(master: """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="Numbers",LANGUAGE="12345",AUTOSELECT=YES,URI="https://cdn/a.m3u8"
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="Plus",LANGUAGE="en",INSTREAM-ID="SERVICE+2"
      #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="Zero",LANGUAGE="fr",INSTREAM-ID="SERVICE01"
      #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="s",CLOSED-CAPTIONS="cc"
      v.m3u8

      """)
    #expect(Self.found(r, "media.hls-004") == ["warning@2: SUBTITLES rendition 'Numbers': LANGUAGE '12345' is not a well-formed BCP 47 tag (HLS-004)"])
    #expect(Self.found(r, "media.hls-010") == [
      "error@3: CLOSED-CAPTIONS rendition 'Plus': INSTREAM-ID 'SERVICE+2' is not CC1–CC4 or SERVICE1–SERVICE63 (HLS-010)",
      "error@4: CLOSED-CAPTIONS rendition 'Zero': INSTREAM-ID 'SERVICE01' is not CC1–CC4 or SERVICE1–SERVICE63 (HLS-010)",
    ])
  }
}

/// Hostile HLS packages (a review of whole packages, past what the one-file fuzzers reach).
@Suite struct HLSHostilePackageTests {
  static func temporaryJoinedFiles() -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? [])
      .filter { $0.hasPrefix("captionkit-hls-") }.count
  }

  /// An EXT-X-MAP "init segment" that is a master playlist pointing back at the variant: the
  /// segment joined with it was inspected as a manifest, which checked captions again, without
  /// end (a stack overflow after 1,356 temporary files). Now it is no media, and nothing is left.
  @Test func initSegmentThatIsAPlaylist() throws {
    let before = Self.temporaryJoinedFiles()
    let dir = try HLSLimitAndPortabilityTests.package([
      "master.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CLOSED-CAPTIONS=NONE\nv.m3u8\n",
      "v.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:1.0,\ns.m4s\n#EXT-X-ENDLIST\n",
      "init.mp4": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n",
      "s.m4s": "not media",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = HLSLimitAndPortabilityTests.inspect(dir) { $0.scanClosedCaptions = true }
    #expect(r.kind == "hls")
    #expect(r.closedCaptions.isEmpty)
    #expect(Self.temporaryJoinedFiles() == before)
  }

  /// A segment that cannot be read: the message names the segment, not the temporary file the
  /// init and media segments were joined in (whose random name made runs differ).
  @Test func unreadableJoinedSegmentIsNamedByItsURI() throws {
    let dir = try HLSLimitAndPortabilityTests.package([
      "master.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CLOSED-CAPTIONS=NONE\nv.m3u8\n",
      "v.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:1.0,\ns.m4s\n#EXT-X-ENDLIST\n",
      "init.mp4": "junk junk junk", "s.m4s": "more junk",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let messages = HLSLimitAndPortabilityTests.inspect(dir) { $0.scanClosedCaptions = true }.diagnostics.filter { $0.code == "media.hls-012" }.map(\.message)
    #expect(messages.count == 1)
    #expect(messages.allSatisfy { $0.hasPrefix("the first segment of v.m3u8 (s.m4s) could not be read to check the declared captions: s.m4s: ") && !$0.contains("captionkit-hls-") }, "\(messages)")
  }

  /// Two hundred renditions naming one playlist with different queries: it is read once, and
  /// every rendition gets its result under its own URI.
  @Test func onePlaylistUnderManyURIs() throws {
    var master = "#EXTM3U\n"
    for k in 0..<200 { master += "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"n\(k)\",LANGUAGE=\"en\",URI=\"s.m3u8?\(k)\"\n" }
    master += "#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES=\"s\",CLOSED-CAPTIONS=NONE\nv.m3u8\n"
    let segments = (0..<1_000).map { "seg\($0).vtt" }
    var files = ["master.m3u8": master, "s.m3u8": HLSLimitAndPortabilityTests.playlist(segments)]
    for s in segments { files[s] = HLSLimitAndPortabilityTests.vtt }
    let dir = try HLSLimitAndPortabilityTests.package(files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let pls = try #require(HLSLimitAndPortabilityTests.inspect(dir).hls?.subtitlePlaylists)
    #expect(pls.map(\.uri) == (0..<200).map { "s.m3u8?\($0)" })
    #expect(pls.allSatisfy { $0.segmentCount == 1_000 && $0.checked && $0.segmentsMissing.isEmpty })
  }

  /// More than 1,024 renditions or variants: the rest are counted, not listed (120,000 of them
  /// made 400 MB of JSON and took 2 GB).
  @Test func renditionsAndVariantsAreBounded() throws {
    var master = "#EXTM3U\n"
    for k in 0..<1_500 { master += "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"n\(k)\",LANGUAGE=\"en\",URI=\"s\(k).m3u8\"\n" }
    for k in 0..<1_100 { master += "#EXT-X-STREAM-INF:BANDWIDTH=\(k + 1),SUBTITLES=\"s\",CLOSED-CAPTIONS=NONE\nv\(k).m3u8\n" }
    let dir = try HLSLimitAndPortabilityTests.package(["master.m3u8": master])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = HLSLimitAndPortabilityTests.inspect(dir)
    #expect(r.hls?.renditions.count == 1_024)
    #expect(r.hls?.variants.count == 1_024)
    #expect(r.hls?.variants.last?.uri == "v1023.m3u8")
    #expect(r.diagnostics.filter { $0.code == "media.hls.too-many-entries" }.map(\.message) == [
      "the playlist has 1500 EXT-X-MEDIA renditions and 1100 EXT-X-STREAM-INF variants; only the first 1024 of each are checked and listed (no real package has that many)"
    ])
  }

  /// Plain relative references are portable when their playlist is; anything that could leave
  /// the folder takes the full check, and the HLS-016 count stays exact.
  @Test func plainRelativeReferences() throws {
    for plain in ["a", "seg/1.vtt", "a.b.vtt", "x?y=1", ".hidden"] { #expect(ManifestReference.isPlainRelative(plain), "\(plain)") }
    for other in ["/abs", "../x", "a/../../x", "%2e%2e/x", "file:x", "http://h/x", "a\\b", ""] { #expect(!ManifestReference.isPlainRelative(other), "\(other)") }
    let segments = (0..<50).map { "s\($0).vtt" } + ["../out.vtt", "/abs.vtt", "%2e%2e/enc.vtt"]
    let dir = try HLSLimitAndPortabilityTests.package(["master.m3u8": HLSLimitAndPortabilityTests.master("p.m3u8"), "p.m3u8": HLSLimitAndPortabilityTests.playlist(segments)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let found = HLSLimitAndPortabilityTests.inspect(dir).diagnostics.filter { $0.code == "media.hls-016" }.map(\.message)
    #expect(found.count == 1)
    #expect(found.first?.contains("names 3 segment URI(s)") == true, "\(found)")
  }
}
