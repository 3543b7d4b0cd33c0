#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary files of unfinished atomic writes when the tool is stopped by
/// SIGINT, SIGTERM, SIGHUP or SIGPIPE (Ctrl-C, a CI job cancelled, `| head`), then dies of the
/// same signal, so the caller still sees how it ended (exit status 130, 143, 129 or 141 in a
/// shell). The target files are untouched either way: only `rename(2)` replaces them.
///
/// The handler may run on any thread between any two instructions, so it only reads a fixed
/// table of C strings, allocated before any handler is installed, and calls `unlink(2)`, which
/// is async-signal-safe; each slot is one pointer, set and cleared whole. A path's copy is
/// never freed (a run has one or two), so a handler that read a slot just before it was
/// cleared still holds a valid string.
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
    guard let slot else { return }
    slots[slot] = nil
  }

  /// Installs the handlers; the real tool does this once at start (`ToolIO.process`), tests
  /// that run the tool in-process do not. The four signals are unblocked too: a process
  /// started from a thread that blocks them (some test runners' workers) would otherwise not
  /// stop on Ctrl-C until its work was done.
  static func installHandlers() {
    // The table first: a handler must never be the first to touch it (its lazy set-up
    // allocates, and a signal may come while the interrupted thread holds malloc's lock).
    _ = slots
    var set = sigset_t()
    sigemptyset(&set)
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
      // A signal the parent set to be ignored (`nohup`) stays ignored.
      var old = sigaction()
      guard sigaction(sig, nil, &old) == 0, unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = onSignal
      sigemptyset(&action.sa_mask)
      sigaction(sig, &action, nil)
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
