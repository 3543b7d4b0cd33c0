import CaptionTestSupport
import Testing

@testable import CaptionFormats

/// The one-step reading of `hh:mm:ss.ttt` must agree with the general timestamp parser wherever
/// it answers, and leave every other form (and every failure) to it.
@Suite struct WebVTTTimestampTests {
  static func both(_ s: String) -> (fast: (WebVTTTimestamp.Value, Int)?, general: (WebVTTTimestamp.Value?, Int, WebVTTTimestamp.Failure)) {
    let b = Array(s.utf8)
    return b.withUnsafeBufferPointer { p in
      var i = 0
      let fast = WebVTTTimestamp.canonical(p, &i, end: p.count).map { ($0, i) }
      var j = 0
      var failure = WebVTTTimestamp.Failure.malformed
      let general = WebVTTTimestamp.general(p, &j, end: p.count, failure: &failure)
      return (fast, (general, j, failure))
    }
  }

  @Test func canonicalFormAgreesWithTheGeneralParser() {
    let cases = [
      "00:00:00.000", "00:00:01.068", "99:59:59.999", "12:34:56.789 --> x", "00:59:59.999\n", "05:00:00.000a",
    ]
    for s in cases {
      let r = Self.both(s)
      guard let fast = r.fast else {
        Issue.record("\(s) is canonical but was not read in one step")
        continue
      }
      #expect(fast.0 == r.general.0 && fast.1 == r.general.1, "\(s)")
      #expect(fast.0.hourDigits == 2)
    }
    #expect(Self.both("01:02:03.456").fast?.0.milliseconds == 3_723_456)
  }

  @Test func otherFormsAndFailuresAreLeftToTheGeneralParser() {
    let cases: [(String, WebVTTTimestamp.Failure?)] = [
      ("00:00.000", nil), ("1:00:00.000", nil), ("100:00:00.000", nil), ("00:60:00.000", .minutesOutOfRange),
      ("00:00:60.000", .secondsOutOfRange), ("00:00:00.0000", .fractionDigits), ("00:00:00.00", .fractionDigits),
      ("00:00:00,000", .malformed), ("0a:00:00.000", .malformed), ("00:00:0.000", .fieldDigits), ("00:00:00.00x", .fractionDigits),
    ]
    for (s, failure) in cases {
      let r = Self.both(s)
      #expect(r.fast == nil, "\(s) is not read in one step")
      if let failure {
        #expect(r.general.0 == nil && r.general.2 == failure, "\(s)")
      } else {
        #expect(r.general.0 != nil, "\(s)")
      }
    }
  }

  /// Three to nine hour digits are read in one step too, with the general parser's value, end
  /// and hour digit count; other lengths and every failure stay with it.
  @Test func longHoursAgreeWithTheGeneralParser() {
    func long(_ s: String) -> (WebVTTTimestamp.Value, Int)? {
      Array(s.utf8).withUnsafeBufferPointer { p in
        var i = 0
        return WebVTTTimestamp.longHours(p, &i, end: p.count).map { ($0, i) }
      }
    }
    let read = [
      "100:00:00.000", "123:45:06.789", "0123:45:06.789 --> x", "999999999:59:59.999", "1000:00:00.001\n", "100:00:00.000a",
    ]
    for s in read {
      let r = Self.both(s)
      guard let fast = long(s) else {
        Issue.record("\(s) has long hours but was not read in one step")
        continue
      }
      #expect(fast.0 == r.general.0 && fast.1 == r.general.1, "\(s)")
    }
    #expect(long("123:45:06.789")?.0 == WebVTTTimestamp.Value(milliseconds: ((123 * 60 + 45) * 60 + 6) * 1000 + 789, hourDigits: 3))
    #expect(long("0123:00:00.000")?.0.hourDigits == 4)
    let left: [(String, WebVTTTimestamp.Failure?)] = [
      ("00:00:00.000", nil), ("1234567890:00:00.000", nil), ("100:60:00.000", .minutesOutOfRange),
      ("100:00:60.000", .secondsOutOfRange), ("100:00:00.0000", .fractionDigits), ("100:00:00.00", .fractionDigits),
      ("100:0:00.000", .fieldDigits), ("100:00:00,000", .malformed), ("100:00.000", .malformed),
      ("99999999999999999999:00:00.000", .tooLarge),
    ]
    for (s, failure) in left {
      #expect(long(s) == nil, "\(s) is not read by the long-hours step")
      let r = Self.both(s)
      if let failure { #expect(r.general.0 == nil && r.general.2 == failure, "\(s)") } else { #expect(r.general.0 != nil, "\(s)") }
    }
  }

  /// The usual timing line read in one step (`usualTimings`) gives what the reader's general
  /// path gives: the same times, and only for lines it has nothing to say about (at least two
  /// hour digits, one space on each side of the arrow, the end time followed by the line's end
  /// or a space or tab). Checked on random lines, with hours past 99 too, and on every one-byte
  /// change it still answers for.
  @Test func usualTimingLinesAgreeWithTheGeneralParser() {
    var rng = SplitMix64(seed: 41)
    func stamp(_ ms: Int) -> String {
      String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }
    let replacements: [UInt8] = Array("0 9:.-> \tX\u{0C}".utf8)
    var answered = 0
    for k in 0..<4_000 {
      let limit: UInt64 = k % 4 == 0 ? 3_600_000_000_000 : 360_000_000
      let a = Int(rng.next() % limit), b = Int(rng.next() % limit)
      var line = Array("\(stamp(a)) --> \(stamp(b))".utf8)
      if rng.next() % 2 == 0 { line += Array(" line:10%".utf8) }
      let usual = line.withUnsafeBufferPointer { WebVTTTimestamp.usualTimings($0, from: 0, end: $0.count) }
      #expect(usual?.start == Int64(a) && usual?.end == Int64(b))
      let at = Int(rng.next() % UInt64(line.count))
      line[at] = replacements[Int(rng.next() % UInt64(replacements.count))]
      line.withUnsafeBufferPointer { p in
        guard let changed = WebVTTTimestamp.usualTimings(p, from: 0, end: p.count) else { return }
        answered += 1
        let text = String(decoding: line, as: UTF8.self)
        var i = 0
        var f = WebVTTTimestamp.Failure.malformed
        let first = WebVTTTimestamp.general(p, &i, end: p.count, failure: &f)
        #expect(first?.milliseconds == changed.start && (first?.hourDigits ?? 0) >= 2, "\(text)")
        #expect(i + 5 < p.count && Array(p[i..<(i + 5)]) == Array(" --> ".utf8), "\(text)")
        var j = i + 5
        let second = WebVTTTimestamp.general(p, &j, end: p.count, failure: &f)
        #expect(second?.milliseconds == changed.end && (second?.hourDigits ?? 0) >= 2 && j == changed.next, "\(text)")
        #expect(j == p.count || p[j] == 0x20 || p[j] == 0x09, "\(text)")
      }
    }
    #expect(answered > 500)
  }
}
