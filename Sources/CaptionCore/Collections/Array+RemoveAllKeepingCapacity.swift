extension Array {
  /// `removeAll(keepingCapacity: true)` for the short scratch arrays a reader empties once per
  /// cue (a cue's few text lines): removing from the end costs a fraction of the general
  /// `replaceSubrange` that `removeAll` goes through, about 100 instructions a call.
  @inlinable
  package mutating func removeAllKeepingCapacity() {
    while popLast() != nil {}
  }
}
