import Foundation

/// A per-process scratch folder in /dev/shm (RAM) for readers that take a path: the input is
/// rewritten into it for every run. The folder holds nothing else, so a manifest that refers
/// to sibling files finds none (and `..` is refused by the inspectors).
enum TempFile {
  static let directory: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let dir = base + "/captionkit-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }()

  /// Writes the input as `directory/name` and returns the path.
  static func write(_ data: UnsafePointer<UInt8>, _ size: Int, name: String = "input.bin") -> String {
    let path = directory + "/" + name
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
