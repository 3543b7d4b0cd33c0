@testable import CaptionCore
import Testing

/// `IdentifierSet` keeps numbered identifiers as bits; its answers must be a `Set<String>`'s.
@Suite struct IdentifierSetTests {
  @Test("Bare numbers in canonical form share a bit set, the rest a set, with the same answers")
  func bareNumbers() {
    var set = IdentifierSet()
    // Each pair: the first insertion is new, the second a duplicate.
    let answers = [
      set.insert("1"), set.insert("1"),
      set.insert("01"), set.insert("01"),  // not canonical: a different identifier
      set.insert("0"), set.insert(number: 0),
      set.insert("16777216"), set.insert(number: 16_777_216),  // 2^24: past the bit set
      set.insert("intro"), set.insert("intro"),
      set.insert(number: 2), set.insert("2"),
    ]
    #expect(answers == [true, false, true, false, true, false, true, false, true, false, true, false])
    #expect(IdentifierSet.decimalValue("123") == 123)
    #expect(IdentifierSet.decimalValue("") == nil)
    #expect(IdentifierSet.decimalValue("1a") == nil)
    #expect(IdentifierSet.decimalValue("1234567890123456789") == nil)  // 19 digits
  }

  @Test("A numbered suffix: where the number starts and its value, only in canonical form below 2^24")
  func numberedSuffixes() {
    func suffix(_ s: String) -> [Int]? {
      var s = s
      return s.withUTF8 { IdentifierSet.numberedSuffix($0).map { [$0.cut, $0.value] } }
    }
    #expect(suffix("c12") == [1, 12])
    #expect(suffix("sub-7") == [4, 7])
    #expect(suffix("a0") == [1, 0])
    #expect(suffix("x16777215") == [1, 16_777_215])
    #expect(suffix("x16777216") == nil)  // 2^24
    #expect(suffix("a01") == nil)  // leading zero: `a1` is another identifier
    #expect(suffix("12") == nil)  // no prefix: a bare number
    #expect(suffix("abc") == nil)
    #expect(suffix("a123456789") == nil)  // nine digits
  }

  @Test("Prefixed identifiers: each prefix its own bits, the same answers as a Set")
  func prefixed() {
    var set = IdentifierSet()
    let answers = [
      set.insert("c1"), set.insert("c2"), set.insert("c1"),
      set.insert("d1"), set.insert("c1"), set.insert("d1"),  // back to an earlier prefix
      set.insert("c01"), set.insert("c01"),  // not canonical: kept as a string
      set.insert("1"), set.insert("c1-2"), set.insert("c1-2"),
    ]
    #expect(answers == [true, true, false, true, false, false, true, false, true, true, false])
  }

  /// Identifiers of the kinds the set stores apart, with repeats, against `Set<String>`.
  static func randomIdentifiers(_ count: Int, seed: UInt64, large: Bool) -> [String] {
    var state = seed
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    let prefixes = ["c", "p", "sub-", "x_y", "é"]
    return (0..<count).map { _ in
      let number = large && next(4) == 0 ? 1_000_000 + next(15_000_000) : next(300)
      switch next(6) {
      case 0: return String(number)
      case 1: return "0" + String(number)
      case 2: return "name\(next(20))x"
      default: return prefixes[next(prefixes.count)] + String(number)
      }
    }
  }

  @Test("Random identifiers, with and without spilling, give a Set's answers", arguments: [false, true])
  func random(large: Bool) {
    for seed in UInt64(1)...20 {
      var set = IdentifierSet()
      var reference = Set<String>()
      for id in Self.randomIdentifiers(400, seed: seed, large: large) {
        #expect(set.insert(id) == reference.insert(id).inserted, "\(id), seed \(seed)")
      }
    }
  }

  @Test("Large numbers under many prefixes move the prefixed identifiers into the set, with the same answers")
  func spills() {
    var set = IdentifierSet()
    var reference = Set<String>()
    var ids: [String] = []
    for k in 0..<40 { ids.append("p\(k)-" + String(16_000_000 + k)) }  // 2 MiB of bits each, unspilled
    ids += ["c1", "c2", "p0-16000000", "c1", "p39-16000039", "q5", "q5"]
    for id in ids { #expect(set.insert(id) == reference.insert(id).inserted, "\(id)") }
  }

  @Test("Disjointness across bits, spilled strings and both", arguments: [(false, false), (true, false), (false, true), (true, true)])
  func disjoint(spillFirst: Bool, spillSecond: Bool) {
    // The identifiers that make a set spill are its own (`a` or `b`), in no other set.
    func make(_ ids: [String], spill: Bool, filler: String = "b") -> IdentifierSet {
      var s = IdentifierSet()
      if spill { for k in 0..<40 { _ = s.insert("\(filler)\(k)-" + String(16_000_000 + k)) } }
      for id in ids { _ = s.insert(id) }
      return s
    }
    let a = make(["c1", "c2", "7", "intro"], spill: spillFirst, filler: "a")
    #expect(a.isDisjoint(with: make(["c3", "d1", "8", "outro"], spill: spillSecond)))
    #expect(!a.isDisjoint(with: make(["c3", "c2"], spill: spillSecond)))
    #expect(!a.isDisjoint(with: make(["7"], spill: spillSecond)))
    #expect(!a.isDisjoint(with: make(["intro"], spill: spillSecond)))
  }
}
