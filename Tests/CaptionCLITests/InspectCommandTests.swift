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

  @Test func jsonOutputIsVersioned() throws {
    let (code, out, _) = run(["inspect", "--format", "json", "--no-cc", path("mkv_edited.mkv")])
    #expect(code == 0)
    let obj = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect(obj["schema"] as? String == "captionkit.inspect/1")
    let files = try #require(obj["files"] as? [[String: Any]])
    let tracks = try #require(files.first?["tracks"] as? [[String: Any]])
    #expect(tracks[3]["enabled"] as? Bool == false)
    #expect((tracks[3]["sources"] as? [String: String])?["enabled"] == "direct")
  }

  @Test func unreadableFileWithoutPolicyExitsTwoButOthersAreReported() {
    let (code, out, _) = run(["inspect", "--no-cc", path("hostile/zero.mp4"), path("mp4_und.mp4")])
    #expect(code == 2)
    #expect(out.contains("error: \(path("hostile/zero.mp4")): file is empty (0 bytes)"))
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
