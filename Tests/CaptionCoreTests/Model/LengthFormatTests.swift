import CaptionCore
import Testing

/// Lengths are written in plain decimal notation: no format CaptionKit writes reads exponents.
@Suite struct LengthFormatTests {
  @Test(arguments: [
    (2.0833333333333338e20, "208333333333333380000"), (1e-7, "0.0000001"), (-1.5e-5, "-0.000015"),
    (12.5, "12.5"), (1e15, "1000000000000000"), (3, "3"), (-0.25, "-0.25"), (1.25e-300 * 0, "0"),
    (Double.nan, "0"), (Double.infinity, "0"),
  ])
  func plainDecimal(_ value: Double, _ expected: String) {
    #expect(Length.format(value) == expected)
    #expect(Length(value, .percent).description == expected + "%")
  }
}
