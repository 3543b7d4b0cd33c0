import Foundation
import Testing
@testable import MediaInspector

/// Where FFmpeg exposes a fact, the inspector must say what `ffprobe -of json` says.
@Suite struct FFprobeComparisonTests {
  static let files = [
    "mp4_movtext_3lang.mp4", "mp4_apple_sdh.mp4", "mp4_altgroup0.mp4", "mp4_nodefault.mp4", "mp4_twodefault.mp4", "mp4_und.mp4",
    "mov_c608.mov", "mov_text.mov", "mkv_flags.mkv", "mkv_edited.mkv", "webm_vtt.webm", "ts_cc608.ts", "mp4_sei608.mp4", "ts_dvbsub.ts", "mp4_stpp.mp4", "webm_badcodec.webm", "mov_c608_group0.mov", "mp4_forced_pair.mp4", "mp4_forced_pair_bad.mp4", "mkv_badtext.mkv", "ts_cc608_desc.ts", "ts_mpeg2_cc.ts",
    "ts_teletext.ts", "ts_teletext_dvbsub.ts", "mkv_srt_ass.mkv", "webm_subs.webm", "mp4_tagc_nokind.mp4",
  ]

  @Test(arguments: files)
  func streamsMatchFFprobe(_ name: String) throws {
    let report = Fixtures.inspect(name, cc: false)
    #expect(report.error == nil)
    guard let probe = Fixtures.ffprobeStreams(name) else { return }  // ffprobe absent: skip the comparison
    #expect(report.tracks.count == probe.count)
    for (t, p) in zip(report.tracks, probe) {
      #expect(t.index == p["index"] as? Int)
      #expect(t.mediaType == p["codec_type"] as? String)
      let probeCodec = p["codec_name"] as? String ?? "none"
      if t.sources["codec"] == .ffmpeg { #expect(t.codec == probeCodec, "\(name) stream \(t.index)") }
      let tags = p["tags"] as? [String: Any] ?? [:]
      if t.sources["language"] == .ffmpeg || t.sources["language"] == .containerDefault {
        #expect(t.language == tags["language"] as? String, "\(name) stream \(t.index) language")
      }
      if t.sources["title"] == .ffmpeg { #expect(t.title == tags["title"] as? String) }
      let disp = p["disposition"] as? [String: Any] ?? [:]
      for d in Disposition.allCases where d != .nonDiegetic {
        guard let v = disp[d.rawValue] as? Int else { continue }
        #expect(t.dispositions.contains(d) == (v == 1), "\(name) stream \(t.index) disposition \(d.rawValue)")
      }
    }
  }
}
