import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int) -> Int { write(fd, p, n) }

/// A file written atomically in pieces: they go to a new temporary file beside the target, which
/// `commit` renames over it, so readers see the old file or the whole new one, never a part, and
/// the output never has to be held in memory whole.
///
/// A writer that is neither committed nor discarded removes its temporary file when released.
final class AtomicFileWriter {
  private let path: String
  private let target: URL
  private var temp: URL
  private var fd: Int32
  /// The first write error (an `errno` value), reported by `commit`.
  private var failure: Int32 = 0
  /// The temporary file's slot in `TemporaryFileCleanup` (removed if the tool is stopped).
  private var cleanupSlot: Int?

  /// Starts writing `path`, refusing the paths in `inputs` (see `FileAccess.checkWritable`).
  /// - Throws: `ToolError.usage` for an input path, `.io` when the folder cannot be written.
  init(_ path: String, protecting inputs: [String]) throws(ToolError) {
    self.path = path
    target = try FileAccess.checkWritable(path, protecting: inputs)
    temp = Self.temporaryFile(beside: target)
    cleanupSlot = TemporaryFileCleanup.add(temp.path)
    fd = open(temp.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      TemporaryFileCleanup.remove(cleanupSlot)
      throw .io(path: path, message: "cannot write: " + reason)
    }
  }

  deinit { discard() }

  /// A new hidden name in the target's folder, so that `rename(2)` stays on one file system.
  /// It names the target when that fits in a file name (255 bytes), else it does not: a
  /// target with a long name must still be writable.
  static func temporaryFile(beside target: URL) -> URL {
    let suffix = ".captionkit-\(UInt32.random(in: 0...UInt32.max)).tmp"
    let named = "." + target.lastPathComponent + suffix
    return target.deletingLastPathComponent().appendingPathComponent(named.utf8.count <= 255 ? named : suffix)
  }

  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  private func write(_ buf: UnsafeRawBufferPointer) {
    guard failure == 0, fd >= 0, let base = buf.baseAddress else { return }
    var off = 0
    while off < buf.count {
      let n = posixWrite(fd, base + off, buf.count - off)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        failure = n < 0 ? errno : EIO
        return
      }
      off += n
    }
  }

  /// Inserts `bytes` at byte `offset` of what was written so far (WebVTT STYLE blocks, known
  /// only at the end, between the header and the cues). The rest is copied into a new temporary
  /// file inside the kernel (`copy_file_range`), so it never passes through memory; nothing is
  /// copied when `bytes` is empty.
  func insert(_ bytes: [UInt8], at offset: Int) {
    guard !bytes.isEmpty, failure == 0, fd >= 0 else { return }
    let end = lseek(fd, 0, SEEK_END)
    guard end >= 0, offset >= 0, offset <= end else {
      failure = EIO
      return
    }
    let newTemp = Self.temporaryFile(beside: target)
    let newSlot = TemporaryFileCleanup.add(newTemp.path)
    let old = fd
    fd = open(newTemp.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else {
      failure = errno
      fd = old
      TemporaryFileCleanup.remove(newSlot)
      return
    }
    copyRange(from: old, start: 0, count: offset)
    write(bytes)
    copyRange(from: old, start: offset, count: Int(end) - offset)
    close(old)
    unlink(temp.path)
    TemporaryFileCleanup.remove(cleanupSlot)
    temp = newTemp
    cleanupSlot = newSlot
  }

  /// glibc's `copy_file_range(2)`, looked up at run time: the Glibc module does not export it.
  private static let copyFileRange = dlsym(nil, "copy_file_range").map {
    unsafeBitCast($0, to: (@convention(c) (Int32, UnsafeMutablePointer<off_t>?, Int32, UnsafeMutablePointer<off_t>?, Int, UInt32) -> Int).self)
  }

  /// Appends `count` bytes of `source` from `start` (in the kernel when it can, else read and
  /// written through a buffer).
  private func copyRange(from source: Int32, start: Int, count: Int) {
    var inOffset = off_t(start)
    var left = count
    while left > 0, failure == 0, let copyFileRange = Self.copyFileRange {
      let n = copyFileRange(source, &inOffset, fd, nil, left, 0)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      left -= n
    }
    // A file system (or kernel) without copy_file_range: the same through memory, 1 MiB at a time.
    var chunk = [UInt8](repeating: 0, count: min(left, 1 << 20))
    while left > 0, failure == 0 {
      let n = chunk.withUnsafeMutableBytes { pread(source, $0.baseAddress, min(left, $0.count), inOffset) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        failure = n < 0 ? errno : EIO
        return
      }
      chunk.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
      inOffset += off_t(n)
      left -= n
    }
  }

  /// Closes the file and renames it over the target, which keeps its permissions (or takes
  /// those of `permissionsOf` when it is new).
  /// - Throws: `ToolError.io` with the first write error; the temporary file is removed.
  func commit(permissionsOf: String? = nil) throws(ToolError) {
    guard fd >= 0 else { throw .io(path: path, message: "cannot write: already closed") }
    let closed = close(fd)
    fd = -1
    if failure == 0 && closed != 0 { failure = errno }
    guard failure == 0 else {
      let reason = String(cString: strerror(failure))
      unlink(temp.path)
      TemporaryFileCleanup.remove(cleanupSlot)
      throw .io(path: path, message: "cannot write: \(reason)")
    }
    // Replacing a file keeps its permissions (a private 0600 file stays private).
    var st = stat()
    if stat(target.path, &st) == 0 || (permissionsOf.map { stat($0, &st) == 0 } ?? false) {
      _ = chmod(temp.path, st.st_mode & 0o7777)
    }
    // rename(2) replaces the target atomically.
    defer { TemporaryFileCleanup.remove(cleanupSlot) }
    if rename(temp.path, target.path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temp.path)
      throw .io(path: path, message: "cannot write: \(reason)")
    }
  }

  /// Abandons the file: the temporary file is removed and the target left as it was.
  func discard() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
    unlink(temp.path)
    TemporaryFileCleanup.remove(cleanupSlot)
  }
}
