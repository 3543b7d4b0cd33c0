#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary files of unfinished atomic writes when the tool is stopped by
/// SIGINT, SIGTERM or SIGHUP (Ctrl-C, a CI job cancelled), then dies of the same signal, so
/// the caller still sees how it ended (exit status 130, 143 or 129 in a shell). The target
/// files are untouched either way: only `rename(2)` replaces them.
///
/// The handler may run between any two instructions, so it only reads a fixed table of C
/// strings and calls `unlink(2)`, which is async-signal-safe; each slot is one pointer, set
/// and cleared whole.
enum TemporaryFileCleanup {
  /// Room for this many temporary files at once (a run has one or two).
  private static let capacity = 64
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    p.initialize(repeating: nil, count: capacity)
    return p
  }()

  /// Starts watching `path`; returns its slot for `remove`, or nil when the table is full
  /// (the file is then only removed on a normal exit).
  static func add(_ path: String) -> Int? {
    for k in 0..<capacity where slots[k] == nil {
      slots[k] = strdup(path)
      return k
    }
    return nil
  }

  /// Stops watching the file in `slot` (renamed into place, or removed).
  static func remove(_ slot: Int?) {
    guard let slot, let p = slots[slot] else { return }
    slots[slot] = nil
    free(p)
  }

  /// Installs the handlers; the real tool does this once at start (`ToolIO.process`), tests
  /// that run the tool in-process do not. The three signals are unblocked too: a process
  /// started from a thread that blocks them (some test runners' workers) would otherwise not
  /// stop on Ctrl-C until its work was done.
  static func installHandlers() {
    var set = sigset_t()
    sigemptyset(&set)
    for sig in [SIGINT, SIGTERM, SIGHUP] {
      // A signal the parent set to be ignored (`nohup`) stays ignored.
      let previous = signal(sig, onSignal)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(sig, SIG_IGN) }
      sigaddset(&set, sig)
    }
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  private static let onSignal: @convention(c) (Int32) -> Void = { sig in
    for k in 0..<TemporaryFileCleanup.capacity {
      if let p = TemporaryFileCleanup.slots[k] { unlink(p) }
    }
    signal(sig, SIG_DFL)
    raise(sig)
  }
}
