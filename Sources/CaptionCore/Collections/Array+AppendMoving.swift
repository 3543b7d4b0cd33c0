extension Array {
  /// Appends every element of `other`, passed through `adjust`, by moving it rather than
  /// copying it; `other` is left holding `placeholder` in each place.
  ///
  /// Joining the halves of a large read appends half a million cues: a copy retains each
  /// cue's strings and arrays and the dropped half then releases them, two atomic operations
  /// per reference, which cost as much as the join itself. A move costs neither; the
  /// placeholders (a value that owns nothing on the heap) are cheap to destroy. The elements
  /// go into this array's own spare room when it has enough (readers reserve it), so only the
  /// appended part is touched. Inlinable so that it is specialised: through value witnesses
  /// each `Cue` cost about 700 instructions.
  @inlinable
  package mutating func appendMoving(from other: inout [Element], placeholder: Element, _ adjust: (inout Element) -> Void) {
    reserveCapacity(count + other.count)
    other.withUnsafeMutableBufferPointer { source in
      guard let base = source.baseAddress else { return }
      for k in 0..<source.count {
        var element = (base + k).move()
        (base + k).initialize(to: placeholder)
        adjust(&element)
        append(consume element)
      }
    }
  }
}
