/// Holds a document tree (and the timed tree built over it) until a side thread lets go of
/// them, so that they are freed, node by node, on that thread.
///
/// A closure that captured the tree itself would free it on whichever thread dropped the
/// closure last, and that is often the caller's: the side thread's work is done at once, while
/// the caller still holds the closure it passed.
final class TTMLTreeRelease: @unchecked Sendable {
  // @unchecked: `tree` is only written by `release()`, on the one thread that calls it; the
  // caller hands the tree over and never reads it.
  private var tree: XMLElementNode?
  private var timed: TTMLTimedNode?

  init(_ tree: consuming XMLElementNode, timed: consuming TTMLTimedNode? = nil) {
    self.tree = tree
    self.timed = timed
  }

  /// Frees the trees, unless another reference to them is still held.
  func release() {
    timed = nil
    tree = nil
  }
}
