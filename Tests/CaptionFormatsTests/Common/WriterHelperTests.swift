@testable import CaptionFormats
import Testing

/// The clock-time text both writers share.
@Suite("Writer helpers")
struct WriterHelperTests {
  static func clock(_ ms: Int64, _ separator: Character) -> String {
    var out: [UInt8] = Array("x".utf8)
    ClockTimeText.append(milliseconds: ms, separator: separator.asciiValue!, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test("Clock times: two hour digits at least, more when needed, negatives as zero", arguments: [
    (Int64(0), "x00:00:00.000"), (1, "x00:00:00.001"), (61_001, "x00:01:01.001"),
    (3_599_999, "x00:59:59.999"), (99 * 3_600_000 + 3_599_999, "x99:59:59.999"),
    (100 * 3_600_000, "x100:00:00.000"), (-5, "x00:00:00.000"),
    (Int64.max, "x2562047788015:12:55.807"),
  ] as [(Int64, String)])
  func clockTimes(ms: Int64, expected: String) {
    #expect(Self.clock(ms, ".") == expected)
    #expect(Self.clock(ms, ",") == String(expected.map { $0 == "." ? "," : $0 }))
  }

  @Test("Zero-padded decimals")
  func decimals() {
    func text(_ v: Int64, _ w: Int) -> String {
      var out: [UInt8] = []
      ClockTimeText.appendDecimal(v, width: w, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
    #expect(text(0, 1) == "0")
    #expect(text(7, 3) == "007")
    #expect(text(123_456, 2) == "123456")
    #expect(text(-42, 1) == "42")
    #expect(text(Int64.min, 1) == "9223372036854775808")
  }
}
