/// The cue identifiers (or SRT indices) seen so far, for duplicate checks.
///
/// Real files number their cues `1`, `2`, …, so canonical decimal identifiers below 2^24 go into
/// a bit set; hashing a million strings into a `Set` showed in the profiles. Anything else goes
/// into the set. Which side an identifier lands on depends only on the identifier, so the answer
/// is the same as a plain `Set<String>`'s.
struct IdentifierSet {
  private var small: [UInt64] = []
  private var numbers = Set<Int>()
  private var strings = Set<String>()

  /// Inserts `id`; returns whether it was new.
  mutating func insert(_ id: String) -> Bool {
    if let v = Self.decimalValue(id) { return insert(number: v) }
    return strings.insert(id).inserted
  }

  /// Inserts `id`, whose UTF-8 is `utf8` as read (a number's digits are read there, with no
  /// string to look into); returns whether it was new.
  mutating func insert(_ id: String, utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    if let v = Self.decimalValue(utf8) { return insert(number: v) }
    return strings.insert(id).inserted
  }

  /// Inserts the number `v` (an SRT index); returns whether it was new.
  mutating func insert(number v: Int) -> Bool {
    guard v >= 0, v < 1 << 24 else { return numbers.insert(v).inserted }
    let w = v >> 6
    if w >= small.count { small.append(contentsOf: repeatElement(0, count: max(w + 1 - small.count, small.count))) }
    let bit: UInt64 = 1 << UInt64(v & 63)
    if small[w] & bit != 0 { return false }
    small[w] |= bit
    return true
  }

  /// Whether no identifier is in both sets.
  func isDisjoint(with other: IdentifierSet) -> Bool {
    for (a, b) in zip(small, other.small) where a & b != 0 { return false }
    return numbers.isDisjoint(with: other.numbers) && strings.isDisjoint(with: other.strings)
  }

  /// The value of `id` when it is a number in canonical decimal form (1–18 ASCII digits, no
  /// leading zero unless it is `0`), else nil.
  static func decimalValue(_ id: String) -> Int? {
    // `withUTF8` reads a small string's bytes in place; iterating `utf8` showed in profiles.
    var s = id
    return s.withUTF8 { decimalValue($0) }
  }

  /// `decimalValue` of UTF-8 bytes.
  static func decimalValue(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !b.isEmpty, b.count <= 18, b.count == 1 || b[0] != UInt8(ascii: "0") else { return nil }
    var v = 0
    for c in b {
      guard c >= 0x30 && c <= 0x39 else { return nil }
      v = v * 10 + Int(c - 0x30)
    }
    return v
  }
}
