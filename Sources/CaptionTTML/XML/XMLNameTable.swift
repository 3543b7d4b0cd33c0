/// Strings for libxml2's interned names, found by pointer.
///
/// libxml2 keeps one copy of each name in the parser's dictionary, so a pointer, or a
/// (prefix, local name) pair of them, stands for a name. A document uses a few dozen names,
/// each thousands of times. A small direct-mapped table answers nearly every lookup with one
/// comparison; hashing the key for a `Dictionary` cost 300–500 instructions a lookup, a tenth
/// of building the tree. A name pushed out of its slot is still found in `all`.
struct XMLNameTable {
  private struct Key: Hashable {
    var a: UInt
    var b: UInt
  }
  private static let slotBits = 7
  // An empty slot holds the key of two null pointers, whose name is the empty string.
  private var keys = [Key](repeating: Key(a: 0, b: 0), count: 1 << slotBits)
  private var values = [String](repeating: "", count: 1 << slotBits)
  private var all: [Key: String] = [:]

  private static func slot(_ key: Key) -> Int {
    // Fibonacci hashing: the top bits of the product depend on every bit of both pointers.
    Int(truncatingIfNeeded: ((key.a &+ key.b &* 31) &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - slotBits))
  }

  /// The string stored for the name at `a`, or for the pair of names at `a` and `b`, if any.
  mutating func lookup(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer? = nil) -> String? {
    let key = Key(a: UInt(bitPattern: a), b: UInt(bitPattern: b))
    let k = Self.slot(key)
    if keys[k] == key { return values[k] }
    guard let s = all[key] else { return nil }
    keys[k] = key
    values[k] = s
    return s
  }

  /// Stores `s` as the string for the name at `a`, or for the pair at `a` and `b`.
  mutating func insert(_ s: String, _ a: UnsafeRawPointer?, _ b: UnsafeRawPointer? = nil) {
    let key = Key(a: UInt(bitPattern: a), b: UInt(bitPattern: b))
    let k = Self.slot(key)
    keys[k] = key
    values[k] = s
    all[key] = s
  }
}
