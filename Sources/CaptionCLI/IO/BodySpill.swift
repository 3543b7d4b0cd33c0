#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output bytes that must wait for others to be written before them (a streaming WebVTT
/// conversion's cues wait for the STYLE blocks), held in an anonymous temporary file rather
/// than in memory; in memory only if no temporary file can be made.
final class BodySpill {
  private var file: UnsafeMutablePointer<FILE>? = tmpfile()
  private var memory: [UInt8] = []

  deinit {
    if let file { fclose(file) }
  }

  func write(_ bytes: [UInt8]) {
    guard let file, memory.isEmpty else { return memory.append(contentsOf: bytes) }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    if written != bytes.count {
      // A full disk: keep the rest in memory rather than lose it.
      memory.append(contentsOf: bytes[written...])
    }
  }

  /// Appends everything held to `writer`, in order.
  func copy(to writer: AtomicFileWriter) {
    if let file { writer.write(contentsOf: file) }
    if !memory.isEmpty { writer.write(memory) }
  }
}
