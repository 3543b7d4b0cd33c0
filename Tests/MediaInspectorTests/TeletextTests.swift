import Foundation
import Testing
@testable import MediaInspector

/// DVB teletext in MPEG-TS (ETSI EN 300 468 teletext_descriptor 0x56): the fixture is written by
/// `Scripts/media_fixture_tools.py ts-teletext` (FFmpeg has no teletext encoder).
@Suite struct TeletextTests {
  @Test func teletextStreams() {
    let r = Fixtures.inspect("ts_teletext.ts", cc: false)
    #expect(r.error == nil)
    #expect(r.container == "mpegts")
    let t = r.textTracks
    #expect(t.map(\.codec) == ["dvb_teletext", "dvb_teletext"])
    #expect(t.map(\.language) == ["eng", "deu"])
    // teletext_type from FFmpeg's extradata (byte 0 >> 3): 0x05 hearing impaired, 0x02 subtitle.
    #expect(t.map(\.teletextTypes) == [[5], [2]])
    #expect(t.map { $0.sources["teletextTypes"] } == [.ffmpeg, .ffmpeg])
    #expect(t.map(\.isSDH) == [true, false])
    #expect(t.map(\.cueCount) == [2, 2])
    #expect(r.diagnostics.filter { $0.code == "media.ts-006" }.map(\.message) == [
      "teletext is the only subtitle format; ExoPlayer has no teletext decoder (TS-006)"
    ])
    #expect(!r.diagnostics.contains { $0.code == "media.ts-001" })
    #expect(t.allSatisfy { $0.verdicts.first { $0.player == .android }?.selectable == false })
    #expect(t.allSatisfy { $0.verdicts.first { $0.player == .desktop }?.selectable == true })
    let de = Policy(requirements: [.track(TrackRequirement(language: "de", sdh: true))]).evaluate(r)
    #expect(de.failures.map(\.reason) == ["de track found but none is marked SDH: track 1 (dvb_teletext, de) (TS-003)"])
    #expect(Policy(requirements: [.track(TrackRequirement(language: "en", sdh: true))]).evaluate(r).passed)
  }

  /// The hand-written pages are real teletext: FFmpeg's libzvbi decoder renders them.
  @Test func fixturePagesDecodeWithLibzvbi() throws {
    let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let ffmpeg else { return }  // ffmpeg absent: nothing to compare with
    let p = Process()
    p.executableURL = URL(fileURLWithPath: ffmpeg)
    p.arguments = ["-v", "error", "-nostdin", "-txt_format", "text", "-i", Fixtures.path("ts_teletext.ts"), "-map", "0:1", "-f", "srt", "-"]
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    try p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    if p.terminationStatus != 0 { return }  // an ffmpeg built without libzvbi
    #expect(out.contains("Hallo."))
  }

  @Test func teletextNextToDVBSubtitles() {
    let r = Fixtures.inspect("ts_teletext_dvbsub.ts", cc: false)
    #expect(r.textTracks.map(\.codec) == ["dvb_teletext", "dvb_subtitle"])
    #expect(r.textTracks.map(\.language) == ["eng", "eng"])
    #expect(!r.diagnostics.contains { $0.code == "media.ts-006" })
    #expect(r.textTracks.map { $0.verdicts.first { $0.player == .android }?.selectable } == [false, true])
    #expect(Policy(requirements: [.track(TrackRequirement(language: "en", sdh: true, selectableOn: [.android]))]).evaluate(r).passed)
  }
}
