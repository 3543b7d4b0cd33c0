import Foundation

/// Random access to a file with every read bounded: reads past the end return what exists,
/// and no read is larger than `maxRead`.
final class BoundedFile {
  private let handle: FileHandle
  /// The file size in bytes.
  let size: UInt64
  let maxRead: Int

  init?(path: String, maxRead: Int = 64 << 20) {
    guard let h = FileHandle(forReadingAtPath: path) else { return nil }
    handle = h
    size = (try? h.seekToEnd()) ?? 0
    self.maxRead = maxRead
  }

  deinit { try? handle.close() }

  /// Up to `count` bytes at `offset` (fewer at the end of the file, none past it).
  func read(at offset: UInt64, count: Int) -> [UInt8] {
    guard offset < size, count > 0 else { return [] }
    let n = Int(min(UInt64(min(count, maxRead)), size - offset))
    do {
      try handle.seek(toOffset: offset)
      return Array(try handle.read(upToCount: n) ?? Data())
    } catch {
      return []
    }
  }
}
