import Dispatch
import Foundation

/// Work started on a thread of its own while the caller goes on with other work; `join()`
/// waits for it and returns its result.
///
/// For two independent passes over one immutable input (the TTML reader and validator walk
/// the same tree), so that on a machine with more than one core the pair takes about as long
/// as the slower pass. A dedicated thread, not a Dispatch worker: its stack is as deep as a
/// main thread's (8 MiB; the passes recurse as deep as the nesting limits allow, past a
/// worker's 512 KiB), and a caller reading many files from Dispatch workers cannot fill
/// Dispatch's bounded pool with waiting readers.
///
/// The work must not share mutable state with the caller until `join()` returns.
package final class SideThread<Result>: @unchecked Sendable {
  // @unchecked: `work` and `result` are touched by the side thread only, until `done` is
  // signalled; `join` reads `result` after waiting for that signal.
  private var work: (() -> Result)?
  private var result: Result?
  private let done = DispatchSemaphore(value: 0)

  package init(name: String, _ work: @escaping () -> Result) {
    self.work = work
    let thread = Thread { [self] in
      result = self.work?()
      self.work = nil
      done.signal()
    }
    thread.name = name
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Waits until the work has finished and returns its result (call once).
  package func join() -> Result {
    done.wait()
    guard let result else { preconditionFailure("SideThread.join called twice") }
    self.result = nil
    return result
  }
}
