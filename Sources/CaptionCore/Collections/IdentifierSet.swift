/// The cue identifiers (or SRT indices) seen so far, for duplicate checks.
///
/// Real files number their cues: `1`, `2`, … (SRT, most WebVTT) or `c1`, `c2`, … (TTML's
/// `xml:id`, which cannot start with a digit). Hashing a million strings into a `Set` showed
/// in the profiles, so an identifier that is, or ends in, a number in canonical decimal form
/// below 2^24 is kept as one bit: bare numbers in one bit set, the others in a bit set for the
/// text before the number (its prefix). Anything else goes into a `Set`.
///
/// The prefixed bit sets may hold at most 4,096 words more than the identifiers put in them
/// (`c16777215` alone would take 2 MiB): past that, every prefixed identifier moves into the
/// `Set` for good. The answers are a plain `Set<String>`'s either way.
package struct IdentifierSet: Sendable {
  /// Bits of the bare numbers.
  private var small: [UInt64] = []
  /// The prefix used last, and the bits of its numbers (no hashing while it repeats).
  private var prefix: [UInt8] = []
  private var prefixBits: [UInt64] = []
  /// The bits of the other prefixes.
  private var otherPrefixes: [[UInt8]: [UInt64]] = [:]
  /// Words in the prefixed bit sets, and the identifiers they hold.
  private var prefixWords = 0
  private var prefixed = 0
  /// Whether the prefixed identifiers have moved into `strings`.
  private var spilled = false
  private var numbers = Set<Int>()
  private var strings = Set<String>()

  package init() {}

  /// Inserts `id`; returns whether it was new.
  package mutating func insert(_ id: String) -> Bool {
    // `withUTF8` reads a small string's bytes in place; iterating `utf8` showed in profiles.
    var s = id
    return s.withUTF8 { insert(id, utf8: $0) }
  }

  /// Inserts `id`, whose UTF-8 is `utf8` as read (a number's digits are read there, with no
  /// string to look into); returns whether it was new.
  package mutating func insert(_ id: String, utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    if let v = Self.decimalValue(utf8) { return insert(number: v) }
    if !spilled, let (cut, v) = Self.numberedSuffix(utf8) {
      let head = UnsafeBufferPointer(rebasing: utf8[..<cut])
      if !head.elementsEqual(prefix) {
        if !prefix.isEmpty { otherPrefixes[prefix] = prefixBits }
        prefix = Array(head)
        prefixBits = otherPrefixes.removeValue(forKey: prefix) ?? []
      }
      let before = prefixBits.count
      let needed = Self.grownCount(before, toHold: v)
      if prefixWords + needed - before <= 4096 + prefixed + 1 {
        prefixWords += needed - before
        let new = Self.insert(v, into: &prefixBits)
        if new { prefixed += 1 }
        return new
      }
      spill()
    }
    return strings.insert(id).inserted
  }

  /// Inserts the number `v` (an SRT index); returns whether it was new.
  package mutating func insert(number v: Int) -> Bool {
    guard v >= 0, v < 1 << 24 else { return numbers.insert(v).inserted }
    return Self.insert(v, into: &small)
  }

  /// The word count `insert(v, into:)` leaves a bit set of `count` words with.
  private static func grownCount(_ count: Int, toHold v: Int) -> Int {
    let w = v >> 6
    return w >= count ? count + max(w + 1 - count, count) : count
  }

  /// Sets bit `v` (0 ≤ v < 2^24) of `bits`; returns whether it was clear.
  private static func insert(_ v: Int, into bits: inout [UInt64]) -> Bool {
    let w = v >> 6
    if w >= bits.count { bits.append(contentsOf: repeatElement(0, count: max(w + 1 - bits.count, bits.count))) }
    let bit: UInt64 = 1 << UInt64(v & 63)
    if bits[w] & bit != 0 { return false }
    bits[w] |= bit
    return true
  }

  /// Moves the prefixed identifiers into `strings`, for good.
  private mutating func spill() {
    for (p, bits) in prefixes { Self.forEach(bits) { strings.insert(Self.identifier(p, $0)) } }
    prefix = []
    prefixBits = []
    otherPrefixes = [:]
    prefixWords = 0
    spilled = true
  }

  /// Every prefix's bits, the one used last included.
  private var prefixes: [[UInt8]: [UInt64]] {
    var all = otherPrefixes
    if !prefix.isEmpty { all[prefix] = prefixBits }
    return all
  }

  /// Whether the prefixed identifier `p` + `v` is in the set.
  private func contains(prefix p: [UInt8], _ v: Int) -> Bool {
    if spilled { return strings.contains(Self.identifier(p, v)) }
    let bits = p == prefix ? prefixBits : otherPrefixes[p] ?? []
    return v >> 6 < bits.count && bits[v >> 6] & (1 << UInt64(v & 63)) != 0
  }

  private static func identifier(_ p: [UInt8], _ v: Int) -> String {
    String(decoding: p, as: UTF8.self) + String(v)
  }

  private static func forEach(_ bits: [UInt64], _ body: (Int) -> Void) {
    for (w, word) in bits.enumerated() where word != 0 {
      for b in 0..<64 where word & (1 << UInt64(b)) != 0 { body(w << 6 | b) }
    }
  }

  /// Whether no identifier is in both sets.
  package func isDisjoint(with other: IdentifierSet) -> Bool {
    for (a, b) in zip(small, other.small) where a & b != 0 { return false }
    // A prefixed identifier is in one set's bits, or in its strings once it has spilled.
    for (p, bits) in prefixes {
      var shared = false
      Self.forEach(bits) { v in if !shared, other.contains(prefix: p, v) { shared = true } }
      if shared { return false }
    }
    // This set's spilled strings against `other`'s bits (`other`'s spilled strings were
    // compared with this set's bits above, and two spilled sets compare their strings below).
    if spilled, !other.spilled {
      for (p, bits) in other.prefixes {
        var shared = false
        Self.forEach(bits) { v in if !shared, strings.contains(Self.identifier(p, v)) { shared = true } }
        if shared { return false }
      }
    }
    return numbers.isDisjoint(with: other.numbers) && strings.isDisjoint(with: other.strings)
  }

  /// The value of `id` when it is a number in canonical decimal form (1–18 ASCII digits, no
  /// leading zero unless it is `0`), else nil.
  package static func decimalValue(_ id: String) -> Int? {
    var s = id
    return s.withUTF8 { decimalValue($0) }
  }

  /// `decimalValue` of UTF-8 bytes.
  package static func decimalValue(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !b.isEmpty, b.count <= 18, b.count == 1 || b[0] != UInt8(ascii: "0") else { return nil }
    var v = 0
    for c in b {
      guard c >= 0x30 && c <= 0x39 else { return nil }
      v = v * 10 + Int(c - 0x30)
    }
    return v
  }

  /// For bytes that end in a number in canonical decimal form below 2^24 after at least one
  /// other byte (`c12`, `sub-7`): where the number starts, and its value.
  package static func numberedSuffix(_ b: UnsafeBufferPointer<UInt8>) -> (cut: Int, value: Int)? {
    var cut = b.count
    while cut > 0, b[cut - 1] >= 0x30, b[cut - 1] <= 0x39 { cut -= 1 }
    let digits = b.count - cut
    guard cut > 0, digits >= 1, digits <= 8, digits == 1 || b[cut] != UInt8(ascii: "0") else { return nil }
    var v = 0
    for k in cut..<b.count { v = v * 10 + Int(b[k] - 0x30) }
    return v < 1 << 24 ? (cut, v) : nil
  }
}
