/// A growable buffer that cues are moved into and, all at once, moved out of: for the cues
/// of the second half of a large read, which are appended to the first half's array when both
/// halves are done.
///
/// An `Array` cannot give up its elements without destroying something in their place, and
/// leaving a placeholder in each of half a million places and then destroying them cost about
/// 400 instructions a cue on the thread that joins the halves. This buffer hands its elements
/// over in one block move and is left empty. It holds `Cue`s only, so that nothing in it is
/// generic: a generic class's methods went through value witnesses, about 100 instructions a
/// cue. It is owned by one thread at a time (the side thread that fills it, then the thread
/// that joins it), hence `@unchecked Sendable`.
package final class MovingCueBuffer: @unchecked Sendable {
  package typealias Element = Cue
  // Unchecked: one thread at a time, and no method touches the buffer while another of its
  // accesses is open; the dynamic checks cost three calls an append.
  @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Element>
  @exclusivity(unchecked) @usableFromInline var capacity: Int
  /// How many elements the buffer holds.
  @exclusivity(unchecked) @usableFromInline package private(set) var count = 0

  /// An empty buffer with room for `capacity` elements (at least one) before it grows.
  package init(capacity: Int) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// The elements, in order, until the next `append` or `moveAll`.
  package var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Adds `element` at the end, doubling the room when it is full. - Complexity: amortised O(1).
  @inlinable @inline(__always)
  package func append(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  @usableFromInline
  func grow() {
    let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }

  /// Moves every element to the end of `array` in one block, in order, and leaves this buffer
  /// empty.
  package func moveAll(appendingTo array: inout [Element]) {
    let n = count
    count = 0
    array.reserveCapacity(array.count + n)
    array.append(contentsOf: Draining(base: base, count: n))
  }

  /// Passes every element through `change`, in order.
  package func changeEach(_ change: (inout Element) -> Void) {
    for k in 0..<count { change(&base[k]) }
  }

  /// Moves every element to `destination` (uninitialised room for `count` elements), in
  /// order, and leaves this buffer empty.
  package func moveAll(to destination: UnsafeMutablePointer<Element>) {
    if count > 0 { destination.moveInitialize(from: base, count: count) }
    count = 0
  }

  /// Moves `count` elements from `source` (which is left uninitialised) to the end.
  package func takeAll(from source: UnsafeMutablePointer<Element>, count n: Int) {
    guard n > 0 else { return }
    while capacity - count < n { grow() }
    (base + count).moveInitialize(from: source, count: n)
    count += n
  }

  /// The elements of a buffer as a sequence that moves them out. `Array.append(contentsOf:)`
  /// fills its spare room through `_copyContents(initializing:)`, which here is one block move
  /// (the elements are bitwise movable), not one `append` per element (about 200 instructions
  /// a cue).
  private struct Draining: Sequence {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    var underestimatedCount: Int { count }

    func makeIterator() -> Iterator { Iterator(position: base, end: base + count) }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (Iterator, Int) {
      let n = Swift.min(count, buffer.count)
      if n > 0, let destination = buffer.baseAddress { destination.moveInitialize(from: base, count: n) }
      return (Iterator(position: base + n, end: base + count), n)
    }

    struct Iterator: IteratorProtocol {
      var position: UnsafeMutablePointer<Element>
      let end: UnsafeMutablePointer<Element>

      mutating func next() -> Element? {
        guard position < end else { return nil }
        defer { position += 1 }
        return position.move()
      }
    }
  }
}
