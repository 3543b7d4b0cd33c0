import CaptionCore
import Foundation
import Testing
@testable import MediaInspector

/// The direct Matroska cue count must agree with FFmpeg's packet pass on every Matroska and
/// WebM fixture (count, first start, last end), since it replaces that pass for speed.
@Suite struct MatroskaBlockCounterTests {
  static let fixtures: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.path)) ?? []
    return names.filter { $0.hasSuffix(".mkv") || $0.hasSuffix(".webm") }.sorted()
  }()

  @Test(arguments: fixtures)
  func agreesWithFFmpeg(_ name: String) throws {
    let path = Fixtures.path(name)
    let file = try #require(BoundedFile(path: path))
    let facts = EBMLReader().read(file).tracks
    let demuxer = try FFmpegDemuxer(path: path)
    let text = demuxer.streams.filter { $0.mediaType == "subtitle" }.map(\.index)
    try #require(!text.isEmpty, "\(name) has no text track")
    // FFmpeg stream i is Matroska track i + 1 in these fixtures (written by FFmpeg itself).
    #expect(facts.map(\.trackNumber) == Array(1...facts.count))
    let ffmpeg = demuxer.scanPackets(textStreams: Set(text), ccScan: false, ccBudgetSeconds: nil, maxPackets: 1_000_000)
    let direct = MatroskaBlockCounter().count(file, trackNumbers: Set(text.map { $0 + 1 }))
    #expect(direct.complete)
    for i in text {
      let a = ffmpeg.text[i], b = direct.tracks[i + 1]
      #expect(b?.count == a?.count, "\(name) stream \(i): count")
      #expect(b?.firstStart == a?.firstStart, "\(name) stream \(i): first start")
      #expect(b?.lastEnd == a?.lastEnd, "\(name) stream \(i): last end")
    }
  }

  @Test func truncatedAndGarbageFilesStopWithoutCrashing() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-mkvcount-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("mkv_flags.mkv")))
    let all = Set(1...8)
    let full = MatroskaBlockCounter().count(try #require(BoundedFile(path: Fixtures.path("mkv_flags.mkv"))), trackNumbers: all)
    #expect(full.complete)
    for cut in stride(from: 0, to: whole.count, by: max(1, whole.count / 40)) {
      let url = dir.appendingPathComponent("cut.mkv")
      try whole.prefix(cut).write(to: url)
      let file = try #require(BoundedFile(path: url.path))
      let r = MatroskaBlockCounter().count(file, trackNumbers: all)
      // A prefix never has more blocks than the whole file, and a cut one is not "complete"
      // unless the cut falls after the last cluster.
      for t in all { #expect((r.tracks[t]?.count ?? 0) <= (full.tracks[t]?.count ?? 0)) }
      if cut < 64 { #expect(!r.complete) }
    }
  }

  @Test func aDamagedClusterIsReportedAndLeftToFFmpeg() throws {
    // The first Cluster's size overwritten with "unknown": FFmpeg cannot resync either.
    var d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("mkv_srt_ass.mkv"))))
    let id: [UInt8] = [0x1F, 0x43, 0xB6, 0x75]
    let at = try #require((0..<(d.count - 12)).first { Array(d[$0..<($0 + 4)]) == id })
    for k in (at + 4)..<(at + 12) { d[k] = 0xFF }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-cl1-\(getpid()).mkv")
    try Data(d).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let direct = MatroskaBlockCounter().count(try #require(BoundedFile(path: url.path)), trackNumbers: [2, 3])
    #expect(!direct.complete)
    var o = InspectOptions()
    o.scanClosedCaptions = false
    let r = MediaInspector.inspect(path: url.path, options: o)
    #expect(r.diagnostics.contains { $0.code == "media.mkv.block-count-stopped" && $0.message.contains("may be partial") })
    #expect(r.textTracks.allSatisfy { $0.sources["cueCount"] != .direct })
  }
}
