@testable import CaptionCore
import CaptionTestSupport
import Testing

/// `UTF8Validator` against the standard library's validator, on the edge cases of Unicode §3.9
/// table 3-7 and on random bytes.
@Suite("UTF-8 validation")
struct UTF8ValidatorTests {
  static func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { UTF8Validator.isValid($0) } }

  @Test("Edges of well-formed UTF-8", arguments: [
    ([0x41], true), ([0x7F], true), ([0xC2, 0x80], true), ([0xC1, 0xBF], false),  // overlong 2-byte
    ([0xE0, 0xA0, 0x80], true), ([0xE0, 0x9F, 0xBF], false),  // overlong 3-byte
    ([0xED, 0x9F, 0xBF], true), ([0xED, 0xA0, 0x80], false),  // U+D7FF, then a surrogate
    ([0xF0, 0x90, 0x80, 0x80], true), ([0xF0, 0x8F, 0xBF, 0xBF], false),  // overlong 4-byte
    ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0xF4, 0x90, 0x80, 0x80], false),  // U+10FFFF, then above
    ([0xF8, 0x88, 0x80, 0x80, 0x80], false), ([0x80], false), ([0xE2, 0x82], false),  // 5-byte, stray, cut
  ] as [([UInt8], Bool)])
  func edges(bytes: [UInt8], expected: Bool) {
    // Also behind an ASCII run of 8+ bytes, so the word-at-a-time skip hands over mid-buffer.
    #expect(Self.valid(bytes) == expected)
    #expect(Self.valid(Array("12345678abc".utf8) + bytes + Array("xyz".utf8)) == expected)
    #expect(TextDecoder.isValidUTF8((Array("héllo wörld ".utf8) + bytes)[...]) == expected)
  }

  @Test("Agrees with the standard library on 20,000 random buffers")
  func randomAgreement() {
    var rng = SplitMix64(seed: 7)
    var mismatches = 0, validCount = 0
    for _ in 0..<20_000 {
      let n = Int(rng.next() % 24)
      // Mostly ASCII and lead/continuation bytes, as real text mixes them.
      let bytes = (0..<n).map { _ -> UInt8 in
        let r = rng.next()
        switch r % 4 {
        case 0: return UInt8(truncatingIfNeeded: 0x20 + (r >> 8) % 0x5F)
        case 1: return UInt8(truncatingIfNeeded: 0x80 + (r >> 8) % 0x40)
        default: return UInt8(truncatingIfNeeded: r >> 8)
        }
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      if expected { validCount += 1 }
      if Self.valid(bytes) != expected { mismatches += 1 }
    }
    #expect(mismatches == 0)
    #expect(validCount > 1_000)  // the generator does produce valid multi-byte text too
  }

  /// Checked in halves (a minimum size of 8 bytes makes every buffer here cut), with each
  /// sequence of the edge table placed across the middle at every offset.
  @Test("Halves agree with one pass wherever the cut falls in a sequence")
  func halves() {
    let sequences: [[UInt8]] = [
      [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],  // é € 😀
      [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xC0, 0x80],
    ]
    for seq in sequences {
      for before in 4...12 {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + seq + Array(repeating: UInt8(ascii: "b"), count: 16 - before)
        #expect(UTF8Validator.isValid(bytes[...], halvesFrom: 8) == Self.valid(bytes), "\(seq) after \(before) bytes")
      }
    }
    var rng = SplitMix64(seed: 11)
    var mismatches = 0
    for _ in 0..<2_000 {
      let bytes = (0..<Int(8 + rng.next() % 40)).map { _ -> UInt8 in
        let r = rng.next()
        return r % 3 == 0 ? UInt8(truncatingIfNeeded: 0x80 + (r >> 8) % 0x40) : UInt8(truncatingIfNeeded: r >> 8)
      }
      if UTF8Validator.isValid(bytes[...], halvesFrom: 8) != Self.valid(bytes) { mismatches += 1 }
    }
    #expect(mismatches == 0)
    // A slice that does not start at index 0 is cut within itself.
    let text = Array("xx héllo wörld, 字幕 and 😀 again".utf8)
    #expect(UTF8Validator.isValid(text[2...], halvesFrom: 8))
    #expect(!UTF8Validator.isValid((text + [0xFF])[2...], halvesFrom: 8))
  }
}
