import Foundation
import Testing
@testable import MediaInspector

/// Each hostile input gives a clear per-file result and never crashes or hangs.
@Suite struct HostileInputTests {
  @Test func zeroByteFile() {
    let r = Fixtures.inspect("hostile/zero.mp4")
    #expect(r.error?.hasSuffix("file is empty (0 bytes)") == true)
    #expect(r.diagnostics.first?.code == "media.file.unreadable")
  }

  @Test func missingFile() {
    let r = Fixtures.inspect("hostile/does-not-exist.mp4")
    #expect(r.error?.hasSuffix("no such file") == true)
  }

  @Test func nonMediaFile() {
    let r = Fixtures.inspect("hostile/notmedia.mp4")
    #expect(r.error?.contains("not a media file") == true)
  }

  @Test func truncatedFile() {
    let r = Fixtures.inspect("hostile/truncated.mp4")
    // FFmpeg cannot open it (moov is at the end); the report says so instead of crashing.
    #expect(r.error != nil || r.diagnostics.contains { $0.code.hasPrefix("media.mp4.") })
  }

  @Test func boxSizePastEnd() throws {
    let f = try #require(BoundedFile(path: Fixtures.path("hostile/boxpastend.mp4")))
    let r = MP4BoxReader().read(f)
    #expect(r.diagnostics.contains { $0.code == "media.mp4.box-past-end" })
    // The one 8-byte 'trak' inside is empty: a track record with no facts.
    #expect(r.tracks.count == 1)
    #expect(r.tracks.first?.handlerType == nil)
  }

  @Test func loopingBoxTree() throws {
    let f = try #require(BoundedFile(path: Fixtures.path("hostile/looping.mp4")))
    let r = MP4BoxReader().read(f)
    #expect(r.diagnostics.contains { $0.code == "media.mp4.nesting-too-deep" })
    let report = Fixtures.inspect("hostile/looping.mp4")
    #expect(report.error != nil || !report.diagnostics.isEmpty)
  }

  @Test func ebmlSizePastEnd() throws {
    let f = try #require(BoundedFile(path: Fixtures.path("hostile/ebmlpastend.mkv")))
    let r = EBMLReader().read(f)
    #expect(r.diagnostics.contains { $0.code == "media.mkv.size-past-end" })
    let report = Fixtures.inspect("hostile/ebmlpastend.mkv")
    #expect(report.error != nil || !report.diagnostics.isEmpty)
  }

  @Test func truncatedCopiesOfEveryFixtureNeverCrash() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-media-trunc-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var inspected = 0
    for name in ["mp4_apple_sdh.mp4", "mkv_edited.mkv", "webm_vtt.webm", "mov_c608.mov"] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name)))
      for cut in [16, 100, 333, bytes.count / 2, bytes.count - 7] {
        let url = dir.appendingPathComponent("\(cut)-\(name)")
        try bytes.prefix(cut).write(to: url)
        let r = MediaInspector.inspect(path: url.path)
        #expect(r.path == url.path)
        inspected += 1
      }
    }
    #expect(inspected == 20)
  }

  @Test func oneBadFileDoesNotStopADirectory() {
    let reports = MediaInspector.inspect(paths: [Fixtures.path("hostile")])
    #expect(reports.map { ($0.path as NSString).lastPathComponent } == [
      "boxpastend.mp4", "ebmlpastend.mkv", "looping.mp4", "notmedia.mp4", "truncated.mp4", "zero.mp4",
    ])
    #expect(reports.filter { $0.error != nil }.count >= 3)
  }
}
