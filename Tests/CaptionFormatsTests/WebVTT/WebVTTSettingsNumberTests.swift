import CaptionTestSupport
import Testing

@testable import CaptionFormats

/// Percentages in cue and region settings are read without making a string
/// (`WebVTTSettingsParser.decimal`): the value must be the one `Double(String)` gives.
@Suite struct WebVTTSettingsNumberTests {
  static func decimal(_ s: String) -> Double? {
    Array(s.utf8).withUnsafeBufferPointer { WebVTTSettingsParser.decimal($0, 0..<$0.count) }
  }

  @Test func decimalsReadAsTheStringParseReadsThem() {
    for s in ["0", "00", "10", "50", "100", "33.3", "33.333333333333333", "0.1", "99.99", "12.345678901234", "7.", "000000000000001.5"] where !s.hasSuffix(".") {
      #expect(Self.decimal(s) == Double(s), "\(s)")
    }
    var rng = SplitMix64(seed: 100)
    for _ in 0..<20_000 {
      var s = String(rng.next() % 1000)
      if rng.next() % 2 == 0 {
        s += "." + String((0..<(1 + Int(rng.next() % 16))).map { _ in Character(String(rng.next() % 10)) })
      }
      #expect(Self.decimal(s)?.bitPattern == Double(s)?.bitPattern, "\(s)")
    }
  }

  /// Through the reader: the values land in the cue's settings.
  @Test func cueSettingsKeepTheirPercentages() throws {
    let text = "WEBVTT\n\n00:01.000 --> 00:02.000 line:10% position:33.3%,line-left size:12.345678901234567% align:start\nx\n"
    let cue = try #require(try WebVTTFormat().read(Array(text.utf8), options: .init()).document.cues.first)
    #expect(cue.settings.line == .value(10))
    #expect(cue.settings.position == 33.3)
    #expect(cue.settings.size == 12.345678901234567)
    #expect(cue.settings.positionAlign == .lineLeft && cue.settings.align == .start && !cue.settings.snapToLines)
  }
}
