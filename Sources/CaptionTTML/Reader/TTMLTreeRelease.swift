/// Holds a document tree until a side thread lets go of it, so that the tree is freed, node
/// by node, on that thread.
///
/// A closure that captured the tree itself would free it on whichever thread dropped the
/// closure last, and that is often the caller's: the side thread's work is done at once, while
/// the caller still holds the closure it passed.
final class TTMLTreeRelease: @unchecked Sendable {
  // @unchecked: `tree` is only written by `release()`, on the one thread that calls it; the
  // caller hands the tree over and never reads it.
  private var tree: XMLElementNode?

  init(_ tree: consuming XMLElementNode) {
    self.tree = tree
  }

  /// Frees the tree, unless another reference to it is still held.
  func release() {
    tree = nil
  }
}
