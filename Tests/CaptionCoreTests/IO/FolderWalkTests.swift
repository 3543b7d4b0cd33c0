@testable import CaptionCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The folder walk behind `validate DIR`, `fix DIR` and `inspect DIR`: what it keeps, what it
/// skips on purpose, and what it reports instead of passing over.
@Suite struct FolderWalkTests {
  let root: String

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("ck-walk-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root + "/sub/deeper", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
    for f in ["a.srt", "b.txt", "sub/c.vtt", "sub/deeper/d.srt", ".e.srt", ".hidden/f.srt"] {
      _ = FileManager.default.createFile(atPath: root + "/" + f, contents: Data("x".utf8))
    }
    mkfifo(root + "/pipe.srt", 0o600)
    // A link to an ancestor (never followed: the walk would not end) and a link to a file.
    try FileManager.default.createSymbolicLink(atPath: root + "/sub/loop", withDestinationPath: root)
    try FileManager.default.createSymbolicLink(atPath: root + "/linked.srt", withDestinationPath: root + "/a.srt")
  }

  func keepCaptions(_ name: String) -> Bool { name.hasSuffix(".srt") || name.hasSuffix(".vtt") }

  @Test func keepsRegularCaptionFilesAndSkipsHiddenPipesAndFolderLinks() {
    let r = FolderWalk.files(under: root, keep: keepCaptions)
    #expect(r.files.sorted() == ["a.srt", "linked.srt", "sub/c.vtt", "sub/deeper/d.srt"].map { root + "/" + $0 })
    #expect(r.problems.isEmpty)
  }

  /// A folder named through a symbolic link is walked; paths keep the name given.
  @Test func followsTheFolderItIsGivenAsALink() throws {
    let link = root + "-link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root)
    defer { unlink(link) }
    let r = FolderWalk.files(under: link, keep: keepCaptions)
    #expect(r.files.sorted() == ["a.srt", "linked.srt", "sub/c.vtt", "sub/deeper/d.srt"].map { link + "/" + $0 })
  }

  /// A name that is not UTF-8 cannot be opened through a Swift string: it is reported (a file
  /// the caller would keep, or a folder), not skipped.
  @Test func reportsNamesThatAreNotUTF8() throws {
    let bad: [UInt8] = Array((root + "/bad").utf8) + [0xFF, 0xFE] + Array(".srt".utf8) + [0]
    let fd = bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
    #expect(fd >= 0)
    close(fd)
    let other: [UInt8] = Array((root + "/other").utf8) + [0xC3] + Array(".png".utf8) + [0]
    close(other.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) })
    let r = FolderWalk.files(under: root, keep: keepCaptions)
    #expect(r.files.count == 4)
    #expect(r.problems.map(\.path) == [root + "/bad\u{FFFD}\u{FFFD}.srt"])
    #expect(r.problems.map(\.reason) == ["the file name is not valid UTF-8, so it cannot be opened by name; rename it"])
  }

  @Test func reportsAFolderItCannotOpen() {
    let r = FolderWalk.files(under: root + "/missing", keep: keepCaptions)
    #expect(r.files.isEmpty)
    #expect(r.problems.map(\.path) == [root + "/missing"])
    #expect(r.problems.first?.reason == "cannot read the folder: No such file or directory")
  }
}
