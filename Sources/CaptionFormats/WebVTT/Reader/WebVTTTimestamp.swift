import CaptionCore

/// WebVTT timestamps: the byte-level "collect a WebVTT timestamp" algorithm (WebVTT §6.5) and
/// the `hh:mm:ss.ttt` form writers use (WebVTT §4.1, "WebVTT timestamp").
enum WebVTTTimestamp {
  /// Why a timestamp could not be collected.
  enum Failure: Error, Equatable {
    /// The first character is not a digit, or a `:` / `.` is missing.
    case malformed
    /// Minutes or seconds are not exactly two digits.
    case fieldDigits
    /// The fraction is not exactly three digits.
    case fractionDigits
    /// Minutes above 59.
    case minutesOutOfRange
    /// Seconds above 59.
    case secondsOutOfRange
    /// More hours than a 64-bit millisecond count holds.
    case tooLarge
  }

  /// A collected timestamp.
  struct Value: Equatable {
    /// The time in milliseconds.
    var milliseconds: Int64
    /// How many digits the hours had, or 0 when hours were omitted. The syntax asks for two or
    /// more; the parser accepts one.
    var hourDigits: Int
  }

  /// Collects a timestamp starting at `i`, advancing `i` past what was read.
  static func collect(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Result<Value, Failure> {
    var failure = Failure.malformed
    if let v = collect(p, &i, end: end, failure: &failure) { return .success(v) }
    return .failure(failure)
  }

  /// `collect` without a generic `Result` (the reader's hot path): nil on failure, with the
  /// reason in `failure`.
  static func collect(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int, failure: inout Failure) -> Value? {
    if let v = canonical(p, &i, end: end) { return v }
    if let v = longHours(p, &i, end: end) { return v }
    return general(p, &i, end: end, failure: &failure)
  }

  /// The form nearly every file uses, `hh:mm:ss.ttt` (two hour digits, minutes and seconds in
  /// range, not followed by another digit), read in one step; anything else is left to
  /// `general`, which gives the same value for this form (`WebVTTTimestampTests` checks both).
  @inline(__always) static func canonical(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Value? {
    let k = i
    guard end - k >= 12, p[k + 2] == 0x3A, p[k + 5] == 0x3A, p[k + 8] == 0x2E, k + 12 == end || !isDigit(p[k + 12]) else { return nil }
    @inline(__always) func d(_ j: Int) -> Int64 { Int64(p[k + j] &- 0x30) }
    guard isDigit(p[k]), isDigit(p[k + 1]), isDigit(p[k + 3]), isDigit(p[k + 4]), isDigit(p[k + 6]), isDigit(p[k + 7]),
      isDigit(p[k + 9]), isDigit(p[k + 10]), isDigit(p[k + 11])
    else { return nil }
    let h = d(0) * 10 + d(1), m = d(3) * 10 + d(4), s = d(6) * 10 + d(7)
    guard m <= 59, s <= 59 else { return nil }
    i = k + 12
    return Value(milliseconds: ((h * 60 + m) * 60 + s) * 1000 + d(9) * 100 + d(10) * 10 + d(11), hourDigits: 2)
  }

  /// The start and end of the usual timing line, `hh:mm:ss.ttt --> hh:mm:ss.ttt` (two to nine
  /// hour digits, one space on each side of the arrow), in milliseconds, when it starts at
  /// `from` and is followed by the line's end or by a space or tab (before the settings); `next`
  /// is where it ends. Nil otherwise. The reader's general path reads such a line to the same
  /// times, with nothing to report.
  @inline(__always) static func usualTimings(_ p: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> (start: Int64, end: Int64, next: Int)? {
    var i = from
    guard let a = canonical(p, &i, end: end) ?? longHours(p, &i, end: end), i + 5 < end, p[i] == 0x20, p[i + 1] == 0x2D,
      p[i + 2] == 0x2D, p[i + 3] == 0x3E, p[i + 4] == 0x20
    else { return nil }
    i += 5
    guard let b = canonical(p, &i, end: end) ?? longHours(p, &i, end: end), i == end || p[i] == 0x20 || p[i] == 0x09 else { return nil }
    return (a.milliseconds, b.milliseconds, i)
  }

  /// `hhh:mm:ss.ttt` with three to nine hour digits, read in one step as `canonical` reads two:
  /// past 99 hours (a long recording, or a file timed from a large offset) every timestamp took
  /// the general path, about 400 instructions each. Anything else is left to `general`, which
  /// gives the same value for this form (`WebVTTTimestampTests` checks both).
  static func longHours(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Value? {
    let k = i
    var c = k
    // Nine digits at most, so no arithmetic below can overflow (wrapping operators skip the
    // checks) and the general path's limit is not reached.
    var h: Int64 = 0
    while c < end, c - k < 10 {
      let x = p[c] &- 0x30
      guard x < 10 else { break }
      h = h &* 10 &+ Int64(x)
      c += 1
    }
    let n = c - k
    guard n >= 3, n <= 9, end - c >= 10, p[c] == 0x3A, p[c + 3] == 0x3A, p[c + 6] == 0x2E, c + 10 == end || !isDigit(p[c + 10]) else { return nil }
    let m1 = p[c + 1] &- 0x30, m2 = p[c + 2] &- 0x30, s1 = p[c + 4] &- 0x30, s2 = p[c + 5] &- 0x30
    let f1 = p[c + 7] &- 0x30, f2 = p[c + 8] &- 0x30, f3 = p[c + 9] &- 0x30
    guard m1 < 6, m2 < 10, s1 < 6, s2 < 10, f1 < 10, f2 < 10, f3 < 10 else { return nil }
    let m = Int64(m1 &* 10 &+ m2), s = Int64(s1 &* 10 &+ s2), f = Int64(f1) &* 100 &+ Int64(f2) &* 10 &+ Int64(f3)
    i = c + 10
    return Value(milliseconds: ((h &* 60 &+ m) &* 60 &+ s) &* 1000 &+ f, hourDigits: n)
  }

  /// Every form the syntax allows (and the failures of the ones it does not).
  static func general(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int, failure: inout Failure) -> Value? {
    var hoursMode = false
    guard i < end, isDigit(p[i]) else { failure = .malformed; return nil }
    var (v1, len1) = digits(p, &i, end)
    if len1 != 2 || v1 > 59 { hoursMode = true }
    guard i < end, p[i] == UInt8(ascii: ":") else { failure = .malformed; return nil }
    i += 1
    var (v2, len2) = digits(p, &i, end)
    guard len2 == 2 else { failure = .fieldDigits; return nil }
    var v3: Int64
    var hourDigits = 0
    if hoursMode || (i < end && p[i] == UInt8(ascii: ":")) {
      guard i < end, p[i] == UInt8(ascii: ":") else {
        // `60:00.000`: two digits over 59 were taken as hours; the author meant minutes.
        failure = len1 == 2 ? .minutesOutOfRange : .malformed; return nil
      }
      i += 1
      let (v, len3) = digits(p, &i, end)
      guard len3 == 2 else { failure = .fieldDigits; return nil }
      v3 = v
      hourDigits = len1
    } else {
      v3 = v2
      v2 = v1
      v1 = 0
      len2 = 2
    }
    guard i < end, p[i] == UInt8(ascii: ".") else { failure = .malformed; return nil }
    i += 1
    let (v4, len4) = digits(p, &i, end)
    guard len4 == 3 else { failure = .fractionDigits; return nil }
    if v2 > 59 { failure = .minutesOutOfRange; return nil }
    if v3 > 59 { failure = .secondsOutOfRange; return nil }
    // Hours are saturated in `digits`; anything over ~2.5 million years is refused.
    guard v1 <= 2_562_047_788 else { failure = .tooLarge; return nil }
    _ = len2
    return Value(milliseconds: ((v1 * 60 + v2) * 60 + v3) * 1000 + v4, hourDigits: hourDigits)
  }

  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

  /// Collects ASCII digits, saturating the value (the length is what the syntax checks).
  @inline(__always) static func digits(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> (Int64, Int) {
    var v: Int64 = 0
    var n = 0
    while i < end, isDigit(p[i]) {
      if v < 1_000_000_000_000_000 { v = v * 10 + Int64(p[i] - 0x30) }
      i += 1
      n += 1
    }
    return (v, n)
  }

  /// Parses a whole string as one timestamp (nothing before or after it).
  static func parse(_ s: String) -> Result<Value, Failure> {
    var bytes = Array(s.utf8)
    return bytes.withUnsafeMutableBufferPointer { mp in
      let p = UnsafeBufferPointer(mp)
      var i = 0
      let r = collect(p, &i, end: p.count)
      if case .success = r, i != p.count { return .failure(.malformed) }
      return r
    }
  }

  /// `hh:mm:ss.ttt` (hours at least two digits) for a non-negative millisecond count.
  static func format(milliseconds ms: Int64) -> String {
    var bytes: [UInt8] = []
    append(milliseconds: ms, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `hh:mm:ss.ttt` for a non-negative millisecond count.
  static func append(milliseconds ms: Int64, to out: inout [UInt8]) {
    ClockTimeText.append(milliseconds: ms, separator: UInt8(ascii: "."), to: &out)
  }
}
