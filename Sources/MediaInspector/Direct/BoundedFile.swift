import CaptionCore
import Foundation

/// Random access to a file with every read bounded: reads past the end return what exists,
/// and no read is larger than `maxRead`.
final class BoundedFile {
  private let handle: FileHandle
  /// The file size in bytes.
  let size: UInt64
  let maxRead: Int

  /// Opens a regular file; `nil` for anything else. A FIFO, device or socket has no size and no
  /// random access, and opening a FIFO would wait for a writer (a hostile package can name one),
  /// so the open does not block and the type is checked on the opened descriptor.
  init?(path: String, maxRead: Int = 64 << 20) {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      return nil
    }
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    size = UInt64(max(st.st_size, 0))
    self.maxRead = maxRead
  }

  /// Whether `path` (after symbolic links) is a regular file, without opening it.
  static func isRegularFile(_ path: String) -> Bool { RegularFile.exists(at: path) }

  deinit { try? handle.close() }

  /// Fills `buffer` (resized to what was read) with up to `count` bytes at `offset`, with
  /// pread(2) and no intermediate copy; for readers that walk a file through a window.
  func read(at offset: UInt64, count: Int, into buffer: inout [UInt8]) {
    guard offset < size, count > 0 else { buffer.removeAll(keepingCapacity: true); return }
    let n = Int(min(UInt64(min(count, maxRead)), size - offset))
    if buffer.count < n { buffer = [UInt8](repeating: 0, count: n) }
    let fd = handle.fileDescriptor
    var got = 0
    buffer.withUnsafeMutableBytes { raw in
      while got < n {
        let r = pread(fd, raw.baseAddress! + got, n - got, off_t(offset) + off_t(got))
        if r < 0 && errno == EINTR { continue }
        if r <= 0 { break }
        got += r
      }
    }
    buffer.removeSubrange(got...)
  }

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
