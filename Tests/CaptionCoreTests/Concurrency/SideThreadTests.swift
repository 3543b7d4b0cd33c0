import CaptionCore
import Dispatch
import Testing

/// `SideThread` and `DetachedThread`: the work runs once, on a thread of its own when one can
/// be started and on the caller's otherwise (a failed `pthread_create` used to leave `join`
/// waiting forever: a 256 KiB TTML file hung under `ulimit -v`).
@Suite struct SideThreadTests {
  final class Flag: @unchecked Sendable {
    var released = false
  }

  final class Token: @unchecked Sendable {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
  }

  @Test func resultOnASideThread() {
    let side = SideThread(name: "test") { (1...1_000).reduce(0, +) }
    #expect(side.join() == 500_500)
  }

  @Test func noThreadMeansTheCallerDoesTheWork() {
    var runs = 0
    let side = SideThread(name: "test", start: { _, _ in false }) { () -> Int in
      runs += 1
      return 42
    }
    // Not run before `join`, run once by it.
    #expect(runs == 0)
    #expect(side.join() == 42)
    #expect(runs == 1)
  }

  /// A side thread that is never joined (the TTML tree's release) still releases what its
  /// work holds when no thread started.
  @Test func unjoinedWorkIsReleasedWithoutAThread() {
    let flag = Flag()
    do {
      let token = Token { flag.released = true }
      _ = SideThread(name: "test", start: { _, _ in false }) { [token] in withExtendedLifetime(token) {} }
    }
    #expect(flag.released)
  }

  @Test func detachedThreadRunsItsBody() {
    let done = DispatchSemaphore(value: 0)
    let flag = Flag()
    #expect(DetachedThread.start("test") {
      flag.released = true
      done.signal()
    })
    done.wait()
    #expect(flag.released)
  }
}
