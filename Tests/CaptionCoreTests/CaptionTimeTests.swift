import CaptionCore
import Testing

@Suite struct CaptionTimeTests {
  @Test func reducesAndCompares() {
    let a = CaptionTime(value: 1500, timescale: 1000)
    #expect(a.value == 3 && a.timescale == 2)
    #expect(a == CaptionTime(milliseconds: 1500))
    #expect(CaptionTime(value: 1001, timescale: 30000) < CaptionTime(milliseconds: 34))
    #expect(CaptionTime(value: 1001, timescale: 30000) > CaptionTime(milliseconds: 33))
  }

  @Test func framesRoundTripExactly() {
    // Frame 1799 at 29.97 fps is 1799 × 1001 / 30000 s.
    let t = CaptionTime(value: 1799 * 1001, timescale: 30000)
    #expect(t.rounded(toTimescale: 30000) == 1799 * 1001)
    #expect(t.roundedMilliseconds == 60027)
    #expect(!t.isWholeMilliseconds)
  }

  @Test func roundsHalfAwayFromZero() {
    #expect(CaptionTime(value: 1, timescale: 2000).roundedMilliseconds == 1)
    #expect(CaptionTime(value: -1, timescale: 2000).roundedMilliseconds == -1)
    #expect(CaptionTime(value: 1, timescale: 3000).roundedMilliseconds == 0)
  }

  /// Whole-millisecond times take a shortcut; it must agree with the general rounding, down to
  /// the overflow clamps.
  @Test func wholeMillisecondShortcutAgrees() {
    let times = [
      CaptionTime(milliseconds: 1500), CaptionTime(milliseconds: -2_345), CaptionTime(milliseconds: 3_600_000 * 1000 + 7),
      CaptionTime(value: 3, timescale: 8), CaptionTime(value: Int64.max, timescale: 1), CaptionTime(value: Int64.min + 1, timescale: 5),
    ]
    #expect(times.map(\.roundedMilliseconds) == times.map { $0.rounded(toTimescale: 1000) })
    #expect(times.map(\.roundedMilliseconds) == [1500, -2345, 3_600_000_007, 375, .max, .min])
  }

  @Test func arithmeticAcrossTimescales() {
    let a = CaptionTime(value: 1, timescale: 3)
    let b = CaptionTime(milliseconds: 500)
    #expect(a + b == CaptionTime(value: 5, timescale: 6))
    #expect(b - a == CaptionTime(value: 1, timescale: 6))
    #expect(CaptionTime.max + CaptionTime(milliseconds: 1) == .max)
    #expect(CaptionTime.max.roundedMilliseconds == .max)
  }

  @Test func description() {
    #expect(CaptionTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 4).description == "1:02:03.004")
  }
}
