import Testing

@testable import CaptionFormats

/// The word-at-a-time searches against byte-by-byte ones, on every range of buffers dense in the
/// bytes they look for (so matches fall at every position within a word, next to each other,
/// and at the edges of ranges).
@Suite struct ByteScanTests {
  static func naiveLineEnd(_ b: [UInt8], _ from: Int, _ to: Int) -> (Int, Bool) {
    var arrow = false
    for i in from..<to {
      if b[i] == 0x0A || b[i] == 0x0D { return (i, arrow) }
      if b[i] == 0x3E, i >= from + 2, b[i - 1] == 0x2D, b[i - 2] == 0x2D { arrow = true }
    }
    return (to, arrow)
  }

  /// A reproducible buffer: mostly text bytes, with `-`, `>`, CR, LF, `<`, `&`, `{` and bytes
  /// with the high bit set (where a borrow between bytes would show).
  static func buffer(seed: UInt64, count: Int) -> [UInt8] {
    var x = seed
    let alphabet: [UInt8] = [0x61, 0x62, 0x20, 0x2D, 0x2D, 0x3E, 0x0A, 0x0D, 0x3C, 0x26, 0x7B, 0x80, 0xFF, 0x00, 0x01, 0x3D]
    return (0..<count).map { _ in
      x = x &* 6364136223846793005 &+ 1442695040888963407
      return alphabet[Int(x >> 60)]
    }
  }

  @Test func lineEndMatchesAByteByByteScanOnEveryRange() {
    for seed in 1...6 as ClosedRange<UInt64> {
      let b = Self.buffer(seed: seed, count: 40)
      b.withUnsafeBufferPointer { p in
        for from in 0...b.count {
          for to in from...b.count {
            let fast = ByteScan.lineEnd(p, from: from, to: to)
            let slow = Self.naiveLineEnd(b, from, to)
            #expect(fast.end == slow.0 && fast.arrow == slow.1, "seed \(seed) \(from)..<\(to)")
          }
        }
      }
    }
    // A long line with the arrow far in and the line feed at each offset of a word.
    for k in 0..<16 {
      let line = Array(repeating: UInt8(ascii: "x"), count: 37 + k) + Array("-->".utf8) + Array(repeating: UInt8(ascii: "y"), count: k) + [0x0A, 0x41]
      line.withUnsafeBufferPointer { p in
        let r = ByteScan.lineEnd(p, from: 0, to: p.count)
        #expect(r.end == line.count - 2 && r.arrow)
      }
    }
  }

  @Test func containsAnyMatchesAByteByByteScanOnEveryRange() {
    let wanted: [(UInt8, UInt8, UInt8, UInt8)] = [(0x3C, 0x3E, 0x26, 0x7B), (0x3C, 0x26, 0x3C, 0x26), (0x80, 0x80, 0x80, 0x80)]
    for seed in 7...10 as ClosedRange<UInt64> {
      // Sparse in the wanted bytes: mostly `a`, so long ranges without a match occur.
      let b = Self.buffer(seed: seed, count: 48).map { $0 == 0x3C || $0 == 0x26 || $0 == 0x7B || $0 == 0x80 ? ($0 &+ UInt8(seed) % 3 == 0 ? $0 : 0x61) : $0 }
      b.withUnsafeBufferPointer { p in
        for w in wanted {
          for from in 0...b.count {
            for to in from...b.count {
              let slow = b[from..<to].contains { $0 == w.0 || $0 == w.1 || $0 == w.2 || $0 == w.3 }
              #expect(ByteScan.containsAny(p, from: from, to: to, w) == slow, "seed \(seed) \(from)..<\(to)")
            }
          }
        }
      }
    }
  }
}
