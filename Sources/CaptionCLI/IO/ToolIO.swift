#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import Foundation

/// Where a command's output goes and what it can read: the process's standard streams in the
/// real tool, buffers in tests. The library below the CLI never prints; only this does.
public final class ToolIO: @unchecked Sendable {
  private var outBuffer: [UInt8] = []
  private var errBuffer: [UInt8] = []
  private let capture: Bool
  private let stdinBytes: [UInt8]?
  /// In captured mode, the file standing in for a redirected standard input (`< file`).
  private let stdinPath: String?
  /// Environment variables (for `NO_COLOR`, `TERM`).
  public let environment: [String: String]
  /// Whether standard output is a terminal (enables colour unless `NO_COLOR` is set).
  public let stdoutIsTerminal: Bool
  /// Whether standard error is a terminal.
  public let stderrIsTerminal: Bool
  /// The first error writing to standard output (an `errno` value; 0 while none): a full disk
  /// or a closed descriptor must not end in exit code 0 (`CaptionTool.run` reports it).
  public private(set) var standardOutputError: Int32 = 0
  /// Why standard input could not be read (an `errno` value; 0 while it could): a closed
  /// descriptor or a folder given as `< dir` must not read as an empty file.
  public private(set) var standardInputError: Int32 = 0

  /// The real process streams.
  public static func process(environment: [String: String]) -> ToolIO {
    // A standard stream started closed (`>&-`) is given /dev/null, so that no file the tool
    // opens takes its number and receives output meant for the stream; writing to a closed
    // standard output is still an error.
    var closed: Set<Int32> = []
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      closed.insert(fd)
      let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
    }
    TemporaryFileCleanup.installHandlers()
    let io = ToolIO(capture: false, stdin: nil, environment: environment, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1)
    io.stdoutClosed = closed.contains(1)
    if closed.contains(0) { io.standardInputError = EBADF }
    return io
  }

  /// Whether standard output was closed when the tool started.
  private var stdoutClosed = false

  /// Whether values a command has finished with are kept, never freed (see `keepUntilDone`).
  private var keepsFinishedValues = false
  /// The values kept; guarded by `keptLock`.
  private var keptValues: [Any] = []
  private let keptLock = NSLock()

  /// The real process streams for the `captionkit` executable, which exits as soon as its one
  /// command returns: large values the command has finished with are then never freed (see
  /// `keepUntilDone`). Programs that run commands one after another use `process(environment:)`.
  public static func processExitingAfterOneCommand(environment: [String: String]) -> ToolIO {
    let io = process(environment: environment)
    io.keepsFinishedValues = true
    return io
  }

  /// Hands over a large value a command has finished with (`convert`'s document, its input and
  /// output bytes). A `ToolIO` made by `processExitingAfterOneCommand` keeps it until the
  /// process exits, so it is not freed node by node: that took about 4% of converting a
  /// 100k-cue TTML file. Any other lets it go at once. Not for commands that walk folders,
  /// which would keep every file's.
  func keepUntilDone(_ value: Any) {
    guard keepsFinishedValues else { return }
    keptLock.lock()
    keptValues.append(value)
    keptLock.unlock()
  }

  /// Buffers for tests, with optional standard input bytes.
  public static func captured(stdin: [UInt8] = [], environment: [String: String] = [:], terminal: Bool = false) -> ToolIO {
    ToolIO(capture: true, stdin: stdin, environment: environment, stdoutIsTerminal: terminal, stderrIsTerminal: terminal)
  }

  /// Buffers for tests, with standard input redirected from the file at `stdinFile` (its bytes
  /// are read, and `standardInputIdentity` is the file's).
  public static func captured(stdinFile: String, environment: [String: String] = [:]) -> ToolIO {
    let bytes = FileManager.default.contents(atPath: stdinFile).map { Array($0) } ?? []
    return ToolIO(capture: true, stdin: bytes, stdinPath: stdinFile, environment: environment, stdoutIsTerminal: false, stderrIsTerminal: false)
  }

  private init(capture: Bool, stdin: [UInt8]?, stdinPath: String? = nil, environment: [String: String], stdoutIsTerminal: Bool, stderrIsTerminal: Bool) {
    self.capture = capture
    self.stdinBytes = stdin
    self.stdinPath = stdinPath
    self.environment = environment
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
  }

  /// What was written to standard output (captured mode).
  public var capturedOut: String { String(decoding: outBuffer, as: UTF8.self) }
  /// Raw bytes written to standard output (captured mode).
  public var capturedOutBytes: [UInt8] { outBuffer }
  /// What was written to standard error (captured mode).
  public var capturedErr: String { String(decoding: errBuffer, as: UTF8.self) }

  /// Writes text to standard output.
  public func out(_ s: String) { writeOut(Array(s.utf8)) }
  /// Writes a line to standard output.
  public func outLine(_ s: String) { out(s + "\n") }
  /// Writes text to standard error.
  public func err(_ s: String) {
    if capture { errBuffer.append(contentsOf: s.utf8) } else { _ = ToolIO.writeAll(2, Array(s.utf8)) }
  }
  /// Writes a line to standard error.
  public func errLine(_ s: String) { err(s + "\n") }
  /// Writes bytes to standard error (one write for many lines).
  public func errBytes(_ bytes: [UInt8]) {
    if capture { errBuffer.append(contentsOf: bytes) } else { _ = ToolIO.writeAll(2, bytes) }
  }

  /// Writes bytes to standard output.
  public func writeOut(_ bytes: [UInt8]) {
    if capture {
      if standardOutputError == 0 { outBuffer.append(contentsOf: bytes) }
    } else if standardOutputError == 0, !bytes.isEmpty {
      standardOutputError = stdoutClosed ? EBADF : ToolIO.writeAll(1, bytes)
    }
  }

  /// Standard input, up to `limit` + 1 bytes: a caller that gets more than `limit` knows the
  /// input is too large without having read all of it (`/dev/zero` piped in never ends).
  public func readStdin(limit: Int = .max) -> [UInt8] {
    let cap = limit == .max ? limit : limit + 1
    if let stdinBytes { return Array(stdinBytes.prefix(cap)) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while data.count < cap {
      let want = min(chunk.count, cap - data.count)
      let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, want) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 && standardInputError == 0 { standardInputError = errno }
      if n <= 0 { break }
      data.append(contentsOf: chunk[0..<n])
    }
    return data
  }

  /// The device and inode of the file standard input reads (`< file`), so an output can be
  /// refused when it is that file; `nil` when it cannot be known (a closed descriptor; in
  /// captured mode without `stdinFile`).
  public var standardInputIdentity: (device: UInt64, inode: UInt64)? {
    var st = stat()
    if capture {
      guard let stdinPath, stat(stdinPath, &st) == 0 else { return nil }
    } else {
      guard fstat(0, &st) == 0 else { return nil }
    }
    return (UInt64(st.st_dev), UInt64(st.st_ino))
  }

  /// Whether colour may be used on a stream: only on a terminal, and never with `NO_COLOR`
  /// set (https://no-color.org) or `TERM=dumb`.
  public func colorAllowed(stderr: Bool = false) -> Bool {
    if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
    if environment["TERM"] == "dumb" { return false }
    return stderr ? stderrIsTerminal : stdoutIsTerminal
  }

  /// Writes all of `bytes`; returns 0, or the `errno` of the write that failed.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBytes { buf in
      var off = 0
      while off < buf.count {
        let n = write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return n < 0 ? errno : EIO }
        off += n
      }
      return 0
    }
  }

  /// For tests: later writes to standard output fail with `error` (`ENOSPC`: a full disk).
  public func failStandardOutput(_ error: Int32) { standardOutputError = error }
}
