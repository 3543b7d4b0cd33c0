#if canImport(Glibc)
  import Glibc
#endif

/// A stretch of an array's uninitialised room that one reader moves its cues into: the two
/// halves of a large read each fill their own stretch of the one array they end up in, so no
/// cue is moved to a page that has not been touched yet (see `SplitCueStorage`).
///
/// Plain memory with no owner: whoever sets up a window moves its cues on or destroys them.
package struct CueWindow {
  @usableFromInline let base: UnsafeMutablePointer<Cue>?
  /// How many cues fit.
  @usableFromInline package let capacity: Int
  /// How many cues it holds, from `base` on.
  @usableFromInline package internal(set) var count: Int

  /// A window with no room: cues go elsewhere.
  package static var none: CueWindow { CueWindow(base: nil, capacity: 0) }

  package init(base: UnsafeMutablePointer<Cue>?, capacity: Int, count: Int = 0) {
    self.base = base
    self.capacity = base == nil ? 0 : capacity
    self.count = count
  }

  /// Whether one more cue fits.
  @inlinable @inline(__always)
  package var hasRoom: Bool { count < capacity }

  /// Moves `cue` in after the others. Only when `hasRoom`.
  @inlinable @inline(__always)
  package mutating func append(_ cue: consuming Cue) {
    (base.unsafelyUnwrapped + count).initialize(to: cue)
    count += 1
  }

  /// Where a reader's cue goes: here while there is room, then to the end of `spill`, and
  /// when the read is not split (no window, no spill) to the end of `array`.
  @inlinable @inline(__always)
  package mutating func keep(_ cue: consuming Cue, spill: MovingCueBuffer?, orAppendTo array: inout [Cue]) {
    if hasRoom {
      append(consume cue)
    } else if let spill {
      spill.append(consume cue)
    } else {
      array.append(consume cue)
    }
  }

  /// The cues held, in order.
  package var elements: UnsafeMutableBufferPointer<Cue> { UnsafeMutableBufferPointer(start: base, count: count) }

  /// Destroys the cues held, leaves the window empty and gives its whole pages back to the
  /// kernel (`madvise(MADV_DONTNEED)`, Linux; the room is uninitialised now): a second half whose
  /// reading is dropped would otherwise keep up to its share of the array resident while the
  /// first half's reader reads on (found by a hostile-input review: +110 MB for a 60 MB file).
  package mutating func destroyAll() {
    guard let base else { return }
    if count > 0 { base.deinitialize(count: count) }
    count = 0
    #if os(Linux)
      let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
      let start = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
      let end = (UInt(bitPattern: base + capacity)) & ~(page - 1)
      guard end > start, let p = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(p, Int(end - start), MADV_DONTNEED)
    #endif
  }
}
