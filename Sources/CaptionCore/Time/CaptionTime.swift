/// An exact media time: a rational number of seconds, `value / timescale`.
///
/// Caption formats count time in different units: milliseconds (WebVTT, SRT), TTML ticks at
/// `ttp:tickRate`, and frames at `ttp:frameRate × ttp:frameRateMultiplier` (for example
/// 30000/1001). A rational keeps every one of them exact, like `CMTime` or `AVRational`, so a
/// frame or tick time read from TTML is written back unchanged.
///
/// Values are kept reduced (`gcd(value, timescale) == 1`, `timescale > 0`), so two equal times
/// always have equal stored fields and hash alike. Negative times are allowed (an offset may
/// move a cue before zero); writers report them.
public struct CaptionTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The numerator: a count of `1 / timescale` second units.
  public let value: Int64
  /// The denominator: units per second. Always positive.
  public let timescale: Int64

  /// Zero seconds.
  public static let zero = CaptionTime(value: 0, timescale: 1)

  /// Creates `value / timescale` seconds, reduced. A non-positive timescale is treated as 1.
  public init(value: Int64, timescale: Int64) {
    var v = value
    var t = timescale
    if t < 0 { v = 0 &- v; t = 0 &- t }
    if t == 0 { t = 1 }
    let g = CaptionTime.gcd(v.magnitude, t.magnitude)
    if g > 1 {
      v /= Int64(g)
      t /= Int64(g)
    }
    self.value = v
    self.timescale = t
  }

  /// Creates a time from whole milliseconds, the resolution of WebVTT and SRT.
  public init(milliseconds: Int64) {
    // gcd(ms, 1000) = 2^a * 5^b with a, b ≤ 3: cheaper than Euclid, and this runs twice per cue.
    var v = milliseconds, t: Int64 = 1000
    while t & 1 == 0, v & 1 == 0 { v >>= 1; t >>= 1 }
    while t % 5 == 0, v % 5 == 0 { v /= 5; t /= 5 }
    self.value = v
    self.timescale = t
  }

  /// Creates a time from hours, minutes, seconds and milliseconds.
  public init(hours: Int64, minutes: Int64, seconds: Int64, milliseconds: Int64) {
    self.init(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds)
  }

  /// The time in seconds as a `Double`: for reports and JSON only, never for arithmetic.
  public var seconds: Double { Double(value) / Double(timescale) }

  /// The time rounded to the nearest whole millisecond (halves away from zero).
  ///
  /// This is the one documented rounding point for millisecond formats (WebVTT, SRT).
  public var roundedMilliseconds: Int64 {
    // Whole milliseconds (the timescale divides 1000, as every SRT and WebVTT time's does): a
    // multiplication, not the general rounding's 128-bit division.
    if 1000 % timescale == 0 {
      let (ms, overflow) = value.multipliedReportingOverflow(by: 1000 / timescale)
      if !overflow { return ms }
    }
    return rounded(toTimescale: 1000)
  }

  /// Whether the time is exactly a whole number of milliseconds.
  public var isWholeMilliseconds: Bool { 1000 % timescale == 0 }

  /// The time as a count of `1 / scale` units, rounded to nearest, halves away from zero.
  public func rounded(toTimescale scale: Int64) -> Int64 {
    if scale == timescale { return value }
    // Split into whole seconds and a remainder so no intermediate product can overflow.
    let whole = value / timescale
    let rest = value % timescale
    let (big, overflow) = whole.multipliedReportingOverflow(by: scale)
    if overflow { return value < 0 ? .min : .max }
    let (q, r) = timescale.dividingFullWidth(rest.multipliedFullWidth(by: scale))
    var part = q
    if r.magnitude * 2 >= timescale.magnitude { part += rest < 0 ? -1 : 1 }
    let (sum, o2) = big.addingReportingOverflow(part)
    if o2 { return value < 0 ? .min : .max }
    return sum
  }

  public static func < (lhs: CaptionTime, rhs: CaptionTime) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// Three-way comparison without overflow (128-bit cross products).
  static func compare(_ a: CaptionTime, _ b: CaptionTime) -> Int {
    if a.timescale == b.timescale { return a.value < b.value ? -1 : (a.value == b.value ? 0 : 1) }
    let l = a.value.multipliedFullWidth(by: b.timescale)
    let r = b.value.multipliedFullWidth(by: a.timescale)
    if l.high != r.high { return l.high < r.high ? -1 : 1 }
    if l.low != r.low { return l.low < r.low ? -1 : 1 }
    return 0
  }

  /// Sum of two times. Saturates instead of trapping on overflow.
  public static func + (lhs: CaptionTime, rhs: CaptionTime) -> CaptionTime {
    if lhs.timescale == rhs.timescale {
      let (s, o) = lhs.value.addingReportingOverflow(rhs.value)
      return o ? (rhs.value > 0 ? .max : .min) : CaptionTime(value: s, timescale: lhs.timescale)
    }
    let g = Int64(gcd(lhs.timescale.magnitude, rhs.timescale.magnitude))
    let (scale, o1) = (lhs.timescale / g).multipliedReportingOverflow(by: rhs.timescale)
    let (a, o2) = lhs.value.multipliedReportingOverflow(by: rhs.timescale / g)
    let (b, o3) = rhs.value.multipliedReportingOverflow(by: lhs.timescale / g)
    let (s, o4) = a.addingReportingOverflow(b)
    if o1 || o2 || o3 || o4 {
      // Fall back to microseconds, which is exact for every millisecond format.
      let us = lhs.rounded(toTimescale: 1_000_000).addingReportingOverflow(rhs.rounded(toTimescale: 1_000_000))
      return us.overflow ? (rhs.value > 0 ? .max : .min) : CaptionTime(value: us.partialValue, timescale: 1_000_000)
    }
    return CaptionTime(value: s, timescale: scale)
  }

  /// Difference of two times.
  public static func - (lhs: CaptionTime, rhs: CaptionTime) -> CaptionTime {
    lhs + CaptionTime(value: rhs.value == .min ? .max : -rhs.value, timescale: rhs.timescale)
  }

  /// The largest representable time.
  public static let max = CaptionTime(value: .max, timescale: 1)
  /// The smallest representable time.
  public static let min = CaptionTime(value: .min + 1, timescale: 1)

  /// `h:mm:ss.mmm`, for messages.
  public var description: String {
    // Formatted into bytes: loss reports print this for millions of cues.
    let ms = roundedMilliseconds
    let a = ms.magnitude
    let h = a / 3_600_000, m = a / 60_000 % 60, s = a / 1000 % 60, f = a % 1000
    var b: [UInt8] = []
    b.reserveCapacity(24)
    if ms < 0 { b.append(UInt8(ascii: "-")) }
    CaptionTime.appendDigits(h, minWidth: 1, to: &b)
    b.append(UInt8(ascii: ":"))
    CaptionTime.appendDigits(m, minWidth: 2, to: &b)
    b.append(UInt8(ascii: ":"))
    CaptionTime.appendDigits(s, minWidth: 2, to: &b)
    b.append(UInt8(ascii: "."))
    CaptionTime.appendDigits(f, minWidth: 3, to: &b)
    return String(decoding: b, as: UTF8.self)
  }

  static func appendDigits(_ n: UInt64, minWidth: Int, to b: inout [UInt8]) {
    var x = n
    var count = 1
    while x >= 10 { x /= 10; count += 1 }
    for _ in count..<Swift.max(count, minWidth) { b.append(UInt8(ascii: "0")) }
    let start = b.count
    for _ in 0..<count { b.append(0) }
    x = n
    var k = b.count - 1
    while k >= start {
      b[k] = UInt8(ascii: "0") + UInt8(x % 10)
      x /= 10
      k -= 1
    }
  }

  static func pad(_ n: UInt64, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var a = a, b = b
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}
