import Foundation
import Testing
@testable import MediaInspector

/// Inputs found by the libFuzzer harnesses in Fuzz/ (Scripts/fuzz.sh mp4|ebml) that used to
/// crash the direct readers. Each must now read to a diagnostic.
@Suite struct RegressionFuzzTests {
  /// Writes `bytes` to a scratch file and opens it the way the inspector does.
  static func file(_ bytes: [UInt8]) throws -> BoundedFile {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-regression-\(UUID().uuidString).bin")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try #require(BoundedFile(path: url.path))
  }

  /// A TrackEntry child whose element header itself runs past the end of the TrackEntry: the
  /// size check computed `end - start` as a negative number and trapped converting it to UInt64.
  @Test func ebmlChildHeaderPastParent() throws {
    let bytes: [UInt8] = [
      0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x82, 0x81, 0x77,  // EBML header, DocType "w"
      0x18, 0x53, 0x80, 0x67, 0x8A,  // Segment, 10 bytes
      0x16, 0x54, 0xAE, 0x6B, 0x85,  // Tracks, 5 bytes
      0xAE, 0x81, 0xD7,  // TrackEntry of 1 byte: a TrackNumber ID whose size byte is outside it
      0x81, 0x01,
    ]
    let r = EBMLReader().read(try Self.file(bytes))
    #expect(r.docType == "w")
    #expect(r.diagnostics.contains { $0.code == "media.mkv.size-past-end" })
    #expect(r.tracks.count == 1)
    #expect(r.tracks.first?.trackNumber == 0)
  }

  /// A Tracks element whose header ends after the Segment's end: the body length
  /// `segmentEnd - bodyStart` underflowed.
  @Test func ebmlTracksHeaderPastSegmentEnd() throws {
    let bytes: [UInt8] = [
      0x1A, 0x45, 0xDF, 0xA3, 0x80,  // EBML header, empty
      0x18, 0x53, 0x80, 0x67, 0x82,  // Segment, 2 bytes
      0x16, 0x54, 0xAE, 0x6B, 0x80,  // Tracks header (5 bytes) starting inside those 2
    ]
    let r = EBMLReader().read(try Self.file(bytes))
    #expect(r.diagnostics.contains { $0.code == "media.mkv.size-past-end" })
    #expect(r.tracks.isEmpty)
  }

  /// `Scripts/fuzz.sh m3u8`: a SUBTITLES URI of `..//` and a non-ASCII character (here a
  /// U+FFFD from an invalid byte) stopped the process in `NSString.pathExtension` (a Foundation
  /// bug on Linux with `//` before a final non-ASCII character) while HLS-015 looked at its
  /// extension. Paths are now taken apart by `PathText` everywhere.
  @Test func m3u8URIWithDoubleSlashAndNonASCII() throws {
    let base64 = "I0UNDQ1YVE3d3QojRVhULVgtTUVESUE6VFlQRT1TVUJUSVRMRVMsR1KjT1VQLdZHRW4iLFVSST0iLi4vL9IN0JoNjD9jL3Bhc46ZcAo="
    let bytes = [UInt8](try #require(Data(base64Encoded: base64)))
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-regression-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("input.m3u8").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let file = try #require(BoundedFile(path: path))
    var report = MediaReport(path: path, kind: "hls")
    HLSInspector(options: InspectOptions()).inspect(path: path, file: file, into: &report)
    // The first line is not #EXTM3U: reported, and the rendition is still judged.
    #expect(!report.diagnostics.isEmpty)
    #expect(report.hls?.subtitlePlaylists.count == 1)
  }

  /// A 64-bit box size of 2^64 − 1 after the first box: `offset + size` overflowed UInt64.
  @Test func mp4LargeSizeAfterFirstBox() throws {
    let bytes: [UInt8] = [
      0x00, 0x00, 0x00, 0x08, 0x66, 0x72, 0x65, 0x65,  // free, 8 bytes
      0x00, 0x00, 0x00, 0x01, 0x66, 0x72, 0x65, 0x65,  // free with a 64-bit size…
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,  // …of 2^64 − 1
    ]
    let r = MP4BoxReader().read(try Self.file(bytes))
    #expect(r.diagnostics.map(\.code) == ["media.mp4.box-past-end"])
    #expect(r.tracks.isEmpty)
  }
}
