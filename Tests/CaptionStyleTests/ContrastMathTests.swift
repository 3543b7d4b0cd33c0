import Testing

@testable import CaptionStyle

@Suite struct ContrastMathTests {
  @Test func wcagLuminanceAndRatios() {
    #expect(ContrastMath.relativeLuminance(.white) == 1)
    #expect(ContrastMath.relativeLuminance(.black) == 0)
    #expect(abs(ContrastMath.contrastRatio(.white, .black) - 21) < 1e-12)
    // The FCC eight, reference §4c opaque matrix.
    let pairs: [(String, String, Double)] = [
      ("#FFFF00", "#000000", 19.56), ("#00FFFF", "#000000", 16.75), ("#00FF00", "#000000", 15.30),
      ("#0000FF", "#FFFFFF", 8.59), ("#FFFF00", "#0000FF", 8.00), ("#FF00FF", "#000000", 6.70),
      ("#FF0000", "#000000", 5.25), ("#FF0000", "#FFFFFF", 4.00), ("#0000FF", "#000000", 2.44),
      ("#FFFFFF", "#FFFF00", 1.07),
    ]
    for (a, b, expected) in pairs {
      let r = ContrastMath.contrastRatio(RGB(hex: a)!, RGB(hex: b)!)
      #expect(NumberFormat.fixed(r, 2) == NumberFormat.fixed(expected, 2), "\(a) on \(b): \(r)")
    }
  }

  @Test func thresholdIsNotRounded() {
    // 4.499 must fail 4.5 and be shown with enough digits not to look like 4.50.
    #expect(NumberFormat.ratio(4.499, threshold: 4.5) == "4.499:1")
    #expect(NumberFormat.ratio(4.5, threshold: 4.5) == "4.50:1")
    #expect(NumberFormat.ratio(3.9787) == "3.98:1")
  }

  @Test func apcaReferenceValues() {
    #expect(NumberFormat.fixed(APCA.lc(text: .black, background: .white), 2) == "106.04")
    #expect(NumberFormat.fixed(APCA.lc(text: .white, background: .black), 2) == "-107.88")
    let grey = RGB(hex: "#888888")!
    #expect(NumberFormat.fixed(APCA.lc(text: grey, background: .white), 2) == "63.06")
    #expect(NumberFormat.fixed(APCA.lc(text: .white, background: grey), 2) == "-68.54")
    let pairs: [(String, String, String)] = [
      ("#FFFF00", "#000000", "102.7"), ("#00FFFF", "#000000", "92.2"), ("#00FF00", "#000000", "86.5"),
      ("#FFFFFF", "#0000FF", "90.7"), ("#FFFF00", "#0000FF", "85.5"), ("#FF00FF", "#000000", "46.2"),
      ("#FF0000", "#000000", "37.5"), ("#0000FF", "#000000", "16.2"),
    ]
    for (t, b, expected) in pairs {
      #expect(NumberFormat.lc(APCA.lc(text: RGB(hex: t)!, background: RGB(hex: b)!)) == expected, "\(t) on \(b)")
    }
  }

  @Test func transferFunctionRoundTrips() {
    for i in 0...255 {
      let c = Double(i) / 255
      #expect(abs(SRGBTransfer.encode(SRGBTransfer.decode(c)) - c) < 1e-12)
    }
  }
}
