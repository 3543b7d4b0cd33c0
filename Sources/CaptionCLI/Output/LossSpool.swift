#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Printed diagnostic lines held back until they may be printed (a streaming conversion reports
/// losses while it is still reading, but prints them after every reading diagnostic).
///
/// Past 1 MiB the lines go to an anonymous temporary file, so that a file with millions of
/// losses does not hold them all in memory.
final class LossSpool {
  private var buffer: [UInt8] = []
  private var file: UnsafeMutablePointer<FILE>?
  private static let threshold = 1 << 20
  /// Whether any loss of warning severity or above was seen (for `--fail-on-loss`).
  var lossy = false

  deinit {
    if let file { fclose(file) }
  }

  /// Adds a line built by `build` (which appends its bytes, newline included).
  func append(_ build: (inout [UInt8]) -> Void) {
    build(&buffer)
    if buffer.count >= Self.threshold { spill() }
  }

  private func spill() {
    if file == nil { file = tmpfile() }
    guard let file else { return }  // No temporary file: keep the lines in memory.
    let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    if written == buffer.count { buffer.removeAll(keepingCapacity: true) }
  }

  /// Prints every line held, in order.
  func drain(to io: ToolIO) {
    if let file {
      fflush(file)
      rewind(file)
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n <= 0 { break }
        io.errBytes(Array(chunk[0..<n]))
      }
      fclose(file)
      self.file = nil
    }
    if !buffer.isEmpty { io.errBytes(buffer) }
    buffer = []
  }
}
