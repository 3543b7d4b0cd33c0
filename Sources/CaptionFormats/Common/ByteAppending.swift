extension Array where Element == UInt8 {
  /// Appends the UTF-8 of `s` in one copy. `append(contentsOf: s.utf8)` goes through the
  /// view's iterator a byte at a time, which showed in the writers' profiles.
  @inline(__always)
  mutating func appendUTF8(_ s: String) {
    var s = s
    s.withUTF8 { append(contentsOf: $0) }
  }
}
