import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a detached POSIX thread, and says whether it started.
///
/// Not `Foundation.Thread`: on Linux its `start()` does not report a failed `pthread_create`
/// (a cgroup's task limit, an address-space limit in CI), so a caller waiting for the work
/// would wait forever. Callers do the work on their own thread when this returns false.
package enum DetachedThread {
  /// The stack the work gets: as deep as a main thread's (8 MiB), since readers and writers
  /// recurse as deep as the nesting limits allow, past a Dispatch worker's 512 KiB.
  package static let stackSize = 8 << 20

  /// A way to start threads, so that tests can make starting fail.
  package typealias Starter = (_ name: String, _ body: @escaping () -> Void) -> Bool

  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Runs `body` on a new detached thread named `name` (for debuggers; Linux keeps 15 bytes);
  /// false, with `body` not run, when the thread could not be created.
  package static func start(_ name: String, _ body: @escaping () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    _ = pthread_attr_setstacksize(&attributes, stackSize)
    _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Body {
      Thread.current.name = name
      body()
    }).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t? = nil
    #endif
    let started = pthread_create(&thread, &attributes, { context in
      guard let context else { return nil }
      let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
      body.run()
      return nil
    }, context)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    return true
  }
}
