import CaptionCLI
import Foundation
import Testing

/// End-to-end tests of `captionkit inspect` and `extract` on the media fixtures.
@Suite struct InspectCommandTests {
  static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/media")

  func path(_ name: String) -> String { Self.media.appendingPathComponent(name).path }

  func run(_ args: [String]) -> (Int32, String, String) {
    let io = ToolIO.captured()
    let code = CaptionTool.run(args, io: io)
    return (code, io.capturedOut, io.capturedErr)
  }

  @Test func policyFailureExitsOneAndNamesFileRequirementAndRule() {
    let (code, out, _) = run([
      "inspect", "--quiet", "--require", "track lang=en sdh selectable=apple,android", path("mp4_altgroup0.mp4"), path("mp4_apple_sdh.mp4"),
    ])
    #expect(code == 1)
    #expect(out.contains("FAIL \(path("mp4_altgroup0.mp4")): a subtitle track with language en that is SDH and selectable on apple, android: en SDH track found but not selectable on apple: alternate_group 0 (MP4-002)\n"))
    #expect(out.contains("PASS \(path("mp4_apple_sdh.mp4"))\n"))
    #expect(out.hasSuffix("1 of 2 files meet the policy\n"))
  }

  /// A named folder with no media is an error (exit 2) naming it, with or without a policy and
  /// whatever else is named: never "0 of 0 files meet the policy".
  @Test func folderWithoutMediaIsAnError() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ck-nomedia-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let policy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Samples/media/policy.json").path
    for args in [["--policy", policy, empty], [empty], ["--require", "exactly-one-default", path("mp4_und.mp4"), empty]] {
      let (code, out, err) = run(["inspect"] + args)
      #expect(code == 2, "\(args)")
      #expect(out.isEmpty)
      #expect(err == "captionkit inspect: error: \(empty): no media files found\n", "\(args)")
    }
  }

  /// In text mode a file that cannot be inspected is reported on standard error, as in JSON mode.
  @Test func perFileErrorsGoToStandardError() throws {
    let missing = path("no-such-file.mp4")
    let (code, out, err) = run(["inspect", "--no-cc", missing, path("mp4_und.mp4")])
    #expect(code == 2)
    #expect(err == "\(missing): error: no such file\n")
    #expect(!out.contains("no-such-file"))
    #expect(out.hasPrefix(path("mp4_und.mp4") + "\n  container: mp4"))
  }

  @Test func manifestLimitFlags() {
    let (code, out, _) = run(["inspect", "--no-cc", "--max-manifest-elements", "5", path("dash_good.mpd")])
    #expect(code == 0)
    #expect(out.contains("error: [media.dash.too-many-elements] line 6:72: the MPD has more than 5 elements; the rest was not read (raise the limit with --max-manifest-elements)\n"))
    let (code2, out2, _) = run(["inspect", "--no-cc", "--max-segments", "1", "--max-manifest-size", "100000", path("hls_bad/master.m3u8")])
    #expect(code2 == 0)
    #expect(out2.contains("only the first 1 of the 3 segments of 'subs/en.m3u8' were checked (raise the limit with --max-segments)"))
    #expect(out2.contains("warning: [media.hls-016] line 6: SUBTITLES rendition 'Secrets' URI '../../etc/passwd' is a relative path that leaves the package folder"))
    for bad in [["--max-segments", "0"], ["--max-manifest-size", "x"], ["--max-manifest-elements", "-3"]] {
      let (c, _, err) = run(["inspect"] + bad + [path("dash_good.mpd")])
      #expect(c == 2)
      #expect(err.contains("takes a positive whole number"))
    }
  }

  /// A policy file over its fixed 4 MiB limit is refused without naming a flag that does not
  /// exist (it named --max-file-size, which inspect does not take).
  @Test func oversizedPolicyNamesNoFlag() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-bigpolicy-\(UUID().uuidString).json")
    try Data(count: (4 << 20) + 1).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (code, _, err) = run(["inspect", "--policy", url.path, path("dash_good.mpd")])
    #expect(code == 2)
    #expect(err.hasSuffix(": file is 4194305 bytes, over the 4194304-byte limit (a fixed limit)\n"), "\(err)")
  }

  @Test func policyFilePassesExitsZero() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-policy-\(UUID().uuidString).json")
    try Data(#"{"version": 1, "requirements": [{"type": "cea608", "channel": "CC1"}, "no-untagged-languages"]}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (code, out, _) = run(["inspect", "--quiet", "--policy", url.path, path("ts_cc608.ts"), path("hls_good/master.m3u8")])
    #expect(code == 0)
    #expect(out.hasSuffix("2 of 2 files meet the policy\n"))
  }

  @Test func badPolicyIsAUsageErrorWithJSONPath() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-policy-\(UUID().uuidString).json")
    try Data(#"{"requirements": [{"type": "track", "sdh": 1}]}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (code, _, err) = run(["inspect", "--policy", url.path, path("ts_cc608.ts")])
    #expect(code == 2)
    #expect(err.contains("$.requirements[0].sdh"))
  }

  /// `no-rule` with an id that is not a rule is a usage error naming it (and the JSON path).
  @Test func unknownRuleIsAUsageError() throws {
    let (code, out, err) = run(["inspect", "--quiet", "--require", "no-rule MP4-02", path("mp4_und.mp4")])
    #expect(code == 2)
    #expect(out == "")
    #expect(err.contains("policy --require 'no-rule MP4-02': unknown rule 'MP4-02'"), "\(err)")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-policy-\(UUID().uuidString).json")
    try Data(#"{"version": 1, "requirements": [{"type": "no-rule", "rule": "NOPE-999"}]}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (code2, _, err2) = run(["inspect", "--policy", url.path, path("mp4_und.mp4")])
    #expect(code2 == 2)
    #expect(err2.contains("policy $.requirements[0].rule: unknown rule 'NOPE-999'"), "\(err2)")
    #expect(run(["inspect", "--quiet", "--no-cc", "--require", "no-rule mp4-002", path("mp4_apple_sdh.mp4")]).0 == 0)
  }

  /// An INSTREAM-ID on a SUBTITLES rendition is an error and declares no CEA-608 channel.
  @Test func instreamIDOnSubtitlesDoesNotMeetCEA608() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-t2-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("subs"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("""
      #EXTM3U
      #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,INSTREAM-ID="CC1",URI="subs/es.m3u8"
      #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs",CLOSED-CAPTIONS=NONE
      v.m3u8

      """.utf8).write(to: dir.appendingPathComponent("t2.m3u8"))
    try Data("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nes_0.vtt\n#EXT-X-ENDLIST\n".utf8).write(to: dir.appendingPathComponent("subs/es.m3u8"))
    try Data("WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:0\n".utf8).write(to: dir.appendingPathComponent("subs/es_0.vtt"))
    let t2 = dir.appendingPathComponent("t2.m3u8").path
    let (code, out, _) = run(["inspect", "--no-cc", "--require", "cea608 CC1", t2])
    #expect(code == 1)
    #expect(out.contains("error: [media.hls-010] line 2: SUBTITLES rendition 'English' has INSTREAM-ID 'CC1', which only CLOSED-CAPTIONS renditions may have (HLS-010)\n"), "\(out)")
    #expect(out.contains("FAIL \(t2): CEA-608 CC1 present: no CEA-608 CC1 is declared (a CLOSED-CAPTIONS rendition with INSTREAM-ID), and no local video segment was scanned (TS-004)\n"), "\(out)")
    #expect(out.hasSuffix("0 of 1 file meets the policy\n"))
  }

  @Test func jsonOutputIsVersioned() throws {
    let (code, out, _) = run(["inspect", "--format", "json", "--no-cc", path("mkv_edited.mkv")])
    #expect(code == 0)
    let obj = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect(obj["schema"] as? String == "captionkit.inspect")
    #expect(obj["schemaVersion"] as? Int == 1)
    let files = try #require(obj["files"] as? [[String: Any]])
    let tracks = try #require(files.first?["tracks"] as? [[String: Any]])
    #expect(tracks[3]["enabled"] as? Bool == false)
    #expect((tracks[3]["sources"] as? [String: String])?["enabled"] == "direct")
  }

  /// The JSON carries what the text report derives: forced from the tx3g flag, the default,
  /// SDH and the best language, per track.
  @Test func jsonCarriesDerivedFlags() throws {
    let (code, out, _) = run(["inspect", "--format", "json", "--no-cc", path("mp4_forced_pair.mp4")])
    #expect(code == 0)
    let obj = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let tracks = try #require((obj["files"] as? [[String: Any]])?.first?["tracks"] as? [[String: Any]])
    let derived = tracks.compactMap { $0["derived"] as? [String: Any] }
    #expect(derived.count == 4)
    #expect(derived.map { $0["isForced"] as? Bool } == [false, false, false, true])
    #expect(derived.map { $0["isDefault"] as? Bool } == [true, true, true, false])
    #expect(derived.map { $0["bestLanguage"] as? String } == ["und", "und", "en", "en"])
    #expect(derived.allSatisfy { $0["isSDH"] as? Bool == false })
  }

  @Test func jsonWithPolicyCarriesResultsAndSummary() throws {
    let (code, out, _) = run(["inspect", "--format", "json", "--no-cc", "--require", "cea608 CC1", path("mov_c608.mov"), path("mp4_und.mp4")])
    #expect(code == 1)
    let obj = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let summary = try #require(obj["summary"] as? [String: Any])
    #expect(summary["files"] as? Int == 2)
    #expect(summary["passed"] as? Int == 1)
    let policy = try #require(obj["policy"] as? [[String: Any]])
    #expect(policy.map { $0["passed"] as? Bool } == [true, false])
  }

  @Test func unreadableFileWithoutPolicyExitsTwoButOthersAreReported() {
    let (code, out, err) = run(["inspect", "--no-cc", path("hostile/zero.mp4"), path("mp4_und.mp4")])
    #expect(code == 2)
    #expect(err == "\(path("hostile/zero.mp4")): error: file is empty (0 bytes)\n")
    #expect(!out.contains("zero.mp4"))
    #expect(out.contains("[media.sub-003]"))
  }

  @Test func extractToSRTAndVTT() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-extract-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let srt = dir.appendingPathComponent("en.srt").path
    let (code, _, err) = run(["extract", path("mp4_movtext_3lang.mp4"), "--track", "2", "-o", srt])
    #expect(code == 0, "\(err)")
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: srt)), as: UTF8.self)
    #expect(text.contains("00:00:00,100 --> 00:00:00,500"))
    #expect(text.contains("[MUSIC PLAYING]"))
    let (code2, out2, _) = run(["extract", path("mkv_flags.mkv"), "--track", "5", "--to", "vtt"])
    #expect(code2 == 0)
    #expect(out2.hasPrefix("WEBVTT"))
    #expect(out2.contains("Hola."))
  }

  @Test func extractErrors() {
    #expect(run(["extract", path("mp4_und.mp4"), "--track", "0", "--to", "srt"]).0 == 2)
    #expect(run(["extract", path("mp4_und.mp4"), "--to", "srt"]).0 == 2)
  }
}

/// `captionkit validate MEDIA` lints embedded text tracks with the sidecar rules.
@Suite struct ValidateMediaTests {
  func run(_ args: [String]) -> (Int32, String, String) {
    let io = ToolIO.captured()
    let code = CaptionTool.run(args, io: io)
    return (code, io.capturedOut, io.capturedErr)
  }

  @Test func embeddedTracksAreLinted() {
    let bad = InspectCommandTests.media.appendingPathComponent("mkv_badtext.mkv").path
    let (code, out, _) = run(["validate", bad])
    #expect(code == 1)
    #expect(out.contains("\(bad)#0: warning: [srt.tag.unclosed] cue 1: "))
    #expect(out.contains("\(bad)#1: error: [webvtt.cuetext.mismatched-end-tag] cue 1: "))
    #expect(out.contains("\(bad)#1: error: [webvtt.setting.invalid-value] cue 1: 'align:middle'"))
    let good = InspectCommandTests.media.appendingPathComponent("mkv_flags.mkv").path
    // The fixture's cues are deliberately short, so only the format rules are asserted clean.
    #expect(run(["validate", "--strict", "--no-lint", good]).0 == 0)
  }
}
