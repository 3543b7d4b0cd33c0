import Foundation

/// A per-process scratch file in /dev/shm (RAM) for readers that take a path, rewritten for
/// every input.
enum TempFile {
  static let path: String = {
    let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return dir + "/captionkit-fuzz-\(getpid()).bin"
  }()

  /// Writes the input and returns the path.
  static func write(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if fd < 0 { fatalError("cannot create \(path)") }
    var done = 0
    while done < size {
      let n = Foundation.write(fd, data + done, size - done)
      if n <= 0 { fatalError("cannot write \(path)") }
      done += n
    }
    close(fd)
    return path
  }
}
