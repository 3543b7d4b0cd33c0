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

  @Test func topLevelBoxLimitIsReported() throws {
    // 20 empty 'free' boxes with the limit set to 5: the walk stops and says so.
    var bytes: [UInt8] = []
    for _ in 0..<20 { bytes += [0, 0, 0, 8] + Array("free".utf8) }
    let path = NSTemporaryDirectory() + "ck-boxes-\(UInt32.random(in: 0...UInt32.max)).mp4"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let f = try #require(BoundedFile(path: path))
    var reader = MP4BoxReader()
    reader.maxBoxes = 5
    let r = reader.read(f)
    #expect(r.diagnostics.filter { $0.code == "media.mp4.too-many-boxes" }.count == 1)
    #expect(MP4BoxReader().read(f).diagnostics.allSatisfy { $0.code != "media.mp4.too-many-boxes" })
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
    #expect(reports.map { URL(fileURLWithPath: $0.path).lastPathComponent } == [
      "boxpastend.mp4", "ebmlpastend.mkv", "looping.mp4", "notmedia.mp4", "truncated.mp4", "zero.mp4",
    ])
    #expect(reports.filter { $0.error != nil }.count >= 3)
  }
}

/// Deterministic byte-flip fuzzing of real fixtures: every mutated file gives a report (or an
/// error) and never crashes or hangs, through FFmpeg and both direct readers.
@Suite struct MutationTests {
  struct LCG {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
  }

  @Test(arguments: [
    "mp4_apple_sdh.mp4", "mkv_edited.mkv", "webm_vtt.webm", "mov_c608.mov", "ts_dvbsub.ts", "ts_cc608_desc.ts", "hls_bad/master.m3u8",
    "dash_good.mpd",
  ])
  func flippedBytesNeverCrash(_ name: String) throws {
    let original = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name)))
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-mut-\(getpid())-\(name.replacingOccurrences(of: "/", with: "_"))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var rng = LCG(state: UInt64(original.count))
    var options = InspectOptions()
    options.scanClosedCaptions = false
    var reports = 0
    let rounds = Int(ProcessInfo.processInfo.environment["CK_FUZZ_ROUNDS"] ?? "") ?? 12
    for round in 0..<rounds {
      var bytes = [UInt8](original)
      // MP4 metadata sits at the end (moov after mdat); Matroska's at the start: hit both.
      for _ in 0..<(1 + Int(rng.next() % 12)) {
        let nearEnd = rng.next() % 2 == 0
        let span = max(1, min(bytes.count, 2048))
        let pos = nearEnd ? bytes.count - 1 - Int(rng.next() % UInt64(span)) : Int(rng.next() % UInt64(span))
        bytes[pos] = UInt8(truncatingIfNeeded: rng.next())
      }
      let url = dir.appendingPathComponent("\(round)-\(URL(fileURLWithPath: name).lastPathComponent)")
      try Data(bytes).write(to: url)
      let r = MediaInspector.inspect(path: url.path, options: options)
      #expect(r.path == url.path)
      if let f = BoundedFile(path: url.path) {
        _ = MP4BoxReader().read(f)
        _ = EBMLReader().read(f)
      }
      reports += 1
    }
    #expect(reports == rounds)
  }
}
