import Dispatch

/// Work started on a thread of its own while the caller goes on with other work; `join()`
/// waits for it and returns its result.
///
/// For two independent passes over one immutable input (the TTML reader and validator walk
/// the same tree; the two halves of a large SRT file), so that on a machine with more than one
/// core the pair takes about as long as the slower pass. A dedicated thread
/// (`DetachedThread`), not a Dispatch worker: its stack is as deep as a main thread's, and a
/// caller reading many files from Dispatch workers cannot fill Dispatch's bounded pool with
/// waiting readers. When no thread can be started, `join()` does the work on the caller's
/// thread (and a side thread that is never joined has its work, and what it holds, released
/// on the caller's).
///
/// The work must not share mutable state with the caller until `join()` returns.
package final class SideThread<Result>: @unchecked Sendable {
  // @unchecked: `work` and `result` are touched by the side thread only, until `done` is
  // signalled; `join` reads them after waiting for that signal (or, when no thread started,
  // on the caller's thread alone).
  private var work: (() -> Result)?
  private var result: Result?
  private let done = DispatchSemaphore(value: 0)
  private var started = false

  package init(name: String, start: DetachedThread.Starter = DetachedThread.start, _ work: @escaping () -> Result) {
    self.work = work
    started = start(name) { [self] in
      result = self.work?()
      self.work = nil
      done.signal()
    }
  }

  /// Waits until the work has finished and returns its result (call once).
  package func join() -> Result {
    if started {
      done.wait()
    } else if let work {
      result = work()
      self.work = nil
    }
    guard let result else { preconditionFailure("SideThread.join called twice") }
    self.result = nil
    return result
  }
}
