/// The storage of a read in two halves (`SubRipReader+Halves`, `WebVTTReader+Halves`): one
/// array's room, its first `guess` places for the first half's cues and the rest for the
/// second half's, each half spilling into a `MovingCueBuffer` when its stretch is full.
///
/// The side thread writes its cues where they will stay. When the first half ends with exactly
/// `guess` cues (an SRT file numbered from 1 says how many come before the cut) nothing is
/// moved; otherwise the second half's cues are moved along by the difference, mostly onto pages
/// they already touched. Moving them into an array of their own would have touched as many
/// fresh pages again, which cost more than the move itself.
package enum SplitCueStorage {
  /// The room to ask for: `guess` places for the first half (at most 2^21) and, for the
  /// second half's `secondBytes` bytes, one place per 40 bytes (at most 2^21 more). Untouched
  /// room costs address space only; the bounds keep a hostile file from asking for gigabytes
  /// of it (a half with more cues spills).
  package static func room(guess: Int, secondBytes: Int) -> (guess: Int, capacity: Int) {
    let g = min(max(guess, 0), 1 << 21)
    return (g, g + min(max(secondBytes, 0) / 40, 1 << 21) + 16)
  }

  /// Builds the cues of a split read: `read(base, capacity)` gets the array's room and returns
  /// how many cues it leaves there (a prefix, every one initialised) and the buffers whose
  /// cues go after them, in order.
  package static func array(
    capacity: Int, _ read: (_ base: UnsafeMutablePointer<Cue>, _ capacity: Int) -> (count: Int, after: [MovingCueBuffer])
  ) -> [Cue] {
    var after: [MovingCueBuffer] = []
    var cues = [Cue](unsafeUninitializedCapacity: max(capacity, 1)) { room, initialized in
      // `room` is never empty (at least one place was asked for), so it has a base address.
      let r = read(room.baseAddress.unsafelyUnwrapped, max(capacity, 1))
      initialized = r.count
      after = r.after
    }
    for buffer in after { buffer.moveAll(appendingTo: &cues) }
    return cues
  }

  /// The second half's window: the room from `guess` on. Traps unless `guess` is within the
  /// room (a window outside it would write outside the array).
  package static func secondWindow(base: UnsafeMutablePointer<Cue>, capacity: Int, guess: Int) -> CueWindow {
    precondition(guess >= 0 && guess <= capacity, "the second half's room must lie within the array's")
    return CueWindow(base: base + guess, capacity: capacity - guess)
  }

  /// Adds `lines` to the source line of every cue of the second half (`window` and `spill`),
  /// which numbered its lines from 1 at the cut.
  package static func shiftSourceLines(window: CueWindow, spill: MovingCueBuffer?, by lines: Int) {
    let cues = window.elements
    for k in cues.indices { cues[k].source?.line += lines }
    spill?.changeEach { $0.source?.line += lines }
  }

  /// Joins the halves when the second half's reading is kept. `first` is the first half's
  /// window (which starts at `base`) and spill; `second` the second half's, whose window
  /// starts at `base + guess`. Returns the count of cues left at `base` and the buffers to
  /// append after them, as `array`'s `read` does.
  package static func join(
    base: UnsafeMutablePointer<Cue>, capacity: Int, guess: Int,
    first: (window: CueWindow, spill: MovingCueBuffer), second: (window: CueWindow, spill: MovingCueBuffer)
  ) -> (count: Int, after: [MovingCueBuffer]) {
    let k = first.window.count, s = first.spill.count, m = second.window.count
    let firstCount = k + s
    if s == 0 {
      // The first half took `k <= guess` places: the second half's cues move down to follow.
      if k != guess, m > 0 { (base + k).moveInitialize(from: base + guess, count: m) }
      return (k + m, [second.spill])
    }
    // The first half filled its stretch and spilled: the second half's cues move up past the
    // spill, if the room allows, and the spill goes between.
    if firstCount + m <= capacity {
      if m > 0 { (base + firstCount).moveInitialize(from: base + guess, count: m) }
      first.spill.moveAll(to: base + guess)
      return (firstCount + m, [second.spill])
    }
    let moved = MovingCueBuffer(capacity: m)
    moved.takeAll(from: base + guess, count: m)
    return (k, [first.spill, moved, second.spill])
  }
}
