import CaptionCore

/// Parses an SRT timing line (`00:01:02,345 --> 00:01:04,000`) leniently, the way files in the
/// wild write it, and lists every deviation from the canonical form.
///
/// Accepted: `.`, `:` or `;` instead of `,` before the milliseconds; 1–9 fraction digits (read
/// as a decimal fraction: `,5` is 500 ms, `,04` is 40 ms); no fraction; no hours (`MM:SS,mmm`);
/// one-digit fields; hours of any width; `-->` written as `->`, `--->` or `—>` and with any
/// spacing; `X1:… X2:… Y1:… Y2:…` coordinates and other text after the end time (ignored).
/// - Complexity: O(line length).
enum SubRipTimingParser {
  /// One deviation: a diagnostic code, severity, message, and the byte offset it points at.
  struct Issue {
    var code: String
    var severity: Severity
    var message: String
    var offset: Int
  }

  /// Issues found so far. With `messages` set they are kept, messages and all; without (the
  /// reader's diagnostic sink is full, so it would only count them) only their number by
  /// severity is, which keeps a long file with an issue on every line (hours past 99)
  /// from allocating for each.
  struct Issues {
    var messages: Bool
    private(set) var list: [Issue] = []
    /// Counted issues by severity (info, warning, error), so the sink's summary counts each.
    private var counted = (info: 0, warning: 0, error: 0)

    init(messages: Bool) { self.messages = messages }

    @inline(__always)
    mutating func add(_ code: String, _ severity: Severity, _ message: @autoclosure () -> String, _ offset: Int) {
      guard messages else {
        switch severity {
        case .info: counted.info += 1
        case .warning: counted.warning += 1
        case .error: counted.error += 1
        }
        return
      }
      list.append(Issue(code: code, severity: severity, message: message(), offset: offset))
    }

    /// Reports every issue to `sink`, each at `location(offset)`; counted issues are counted
    /// there as dropped.
    func report(to sink: inout DiagnosticSink, at location: (Int) -> SourceLocation) {
      for issue in list { sink.report(issue.code, issue.severity, issue.message, at: location(issue.offset)) }
      sink.countDropped(.info, count: counted.info)
      sink.countDropped(.warning, count: counted.warning)
      sink.countDropped(.error, count: counted.error)
    }
  }

  /// A parsed timing line.
  struct Timing {
    var start: CaptionTime
    var end: CaptionTime
    var issues: Issues
  }

  /// A parsed timestamp.
  struct Stamp {
    var time: CaptionTime
    var next: Int
  }

  static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")

  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= zero && b <= nine }
  @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  /// Whether the line contains an arrow (`->`), so that a failed parse is a garbled timing line
  /// rather than text.
  static func hasArrow(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var i = range.lowerBound
    while i + 1 < range.upperBound {
      if buf[i] == UInt8(ascii: "-") && buf[i + 1] == UInt8(ascii: ">") { return true }
      i += 1
    }
    return false
  }

  /// Parses `range` of `buf` as a timing line; `nil` when it is not one.
  ///
  /// With `messages` false the issues are only counted (for a reader whose diagnostic sink is full).
  static func parse(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, messages: Bool = true) -> Timing? {
    var i = range.lowerBound
    let end = range.upperBound
    // The usual line, two to nine hour digits: read at fixed places.
    if let usual = usualTiming(buf, range) { return usual.timing(messages: messages) }
    // A byte order mark from files joined together is skipped (the reader reports it).
    if end - i >= 3, buf[i] == 0xEF, buf[i + 1] == 0xBB, buf[i + 2] == 0xBF { i += 3 }
    let start = i
    // Fast reject: text lines do not start with a digit (or a minus sign before one).
    while i < end && isSpace(buf[i]) { i += 1 }
    guard i < end, isDigit(buf[i]) || (buf[i] == UInt8(ascii: "-") && i + 1 < end && isDigit(buf[i + 1])) else { return nil }
    var issues = Issues(messages: messages)
    if i > start {
      issues.add("srt.timing.whitespace", .info, "whitespace before the start time", start)
    }
    // A negative time (a file shifted too far by a sync tool): kept, and said.
    let negativeStart = buf[i] == UInt8(ascii: "-")
    if negativeStart { i += 1 }
    guard var a = timestamp(buf, i, end, &issues, "start"), endsField(buf, a.next, end) else { return nil }
    if negativeStart { a.time = CaptionTime.zero - a.time }
    i = a.next
    // The arrow: spaces, one or more '-' (or an em/en dash), '>', spaces.
    let arrowStart = i
    var spacesBefore = 0
    while i < end && isSpace(buf[i]) { i += 1; spacesBefore += 1 }
    let dashStart = i
    var dashes = 0
    var dashLike = false
    while i < end {
      if buf[i] == UInt8(ascii: "-") { dashes += 1; i += 1; continue }
      // U+2013 EN DASH, U+2014 EM DASH: E2 80 93 / E2 80 94.
      if i + 2 < end, buf[i] == 0xE2, buf[i + 1] == 0x80, buf[i + 2] == 0x93 || buf[i + 2] == 0x94 {
        dashLike = true
        dashes += 1
        i += 3
        continue
      }
      break
    }
    guard dashes > 0, i < end, buf[i] == UInt8(ascii: ">") else { return nil }
    i += 1
    var spacesAfter = 0
    while i < end && isSpace(buf[i]) { i += 1; spacesAfter += 1 }
    if dashLike || dashes != 2 {
      issues.add("srt.timing.arrow", .warning, "the arrow should be \"-->\"", dashStart)
    } else if spacesBefore != 1 || spacesAfter != 1 {
      issues.add("srt.timing.arrow-spacing", .info, "the arrow should have one space on each side", arrowStart)
    }
    let negativeEnd = i + 1 < end && buf[i] == UInt8(ascii: "-") && isDigit(buf[i + 1])
    if negativeEnd { i += 1 }
    guard i < end, isDigit(buf[i]), var b = timestamp(buf, i, end, &issues, "end"), endsField(buf, b.next, end) else { return nil }
    if negativeEnd { b.time = CaptionTime.zero - b.time }
    // `-00:00:00,000` is zero, not negative.
    let startBelow = negativeStart && a.time < .zero, endBelow = negativeEnd && b.time < .zero
    if startBelow || endBelow {
      let which = startBelow && endBelow ? "the start and end times are" : startBelow ? "the start time is" : "the end time is"
      issues.add("srt.timing.negative", .warning, "\(which) negative; kept (players clamp them to 0 or skip the cue)", startBelow ? start : i - 1)
    }
    i = b.next
    // What follows the end time.
    var j = i
    while j < end && isSpace(buf[j]) { j += 1 }
    if j < end {
      let isCoordinates = j + 2 < end && (buf[j] | 0x20) == UInt8(ascii: "x") && buf[j + 1] == UInt8(ascii: "1") && buf[j + 2] == UInt8(ascii: ":")
      if isCoordinates {
        issues.add("srt.timing.coordinates", .info, "X1/X2/Y1/Y2 coordinates after the timing are ignored", j)
      } else {
        issues.add("srt.timing.trailing-text", .warning, "text after the end time is ignored", j)
      }
    } else if j > i {
      issues.add("srt.timing.whitespace", .info, "whitespace after the end time", i)
    }
    return Timing(start: a.time, end: b.time, issues: issues)
  }

  /// Whether a timestamp may end at `i`: at the end of the line, or before whitespace or an arrow
  /// (so `00:00:2x,000` is a garbled time, not `00:00:02` followed by text).
  @inline(__always)
  static func endsField(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
    i >= end || isSpace(buf[i]) || buf[i] == UInt8(ascii: "-") || buf[i] == 0xE2
  }

  /// Reads digits at `i` (at most `limit`), returning value, count and the next index.
  @inline(__always)
  static func digits(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int, limit: Int) -> (value: Int64, count: Int, next: Int) {
    var v: Int64 = 0
    var j = i
    while j < end, isDigit(buf[j]), j - i < limit {
      v = v * 10 + Int64(buf[j] - zero)
      j += 1
    }
    return (v, j - i, j)
  }

  /// "start time has 123 hours; many players only read two hour digits", copied together on
  /// the stack: a file past 99 hours says it for every timestamp, and string interpolation
  /// cost about 2,900 instructions a message.
  static func hoursOver99Message(_ which: StaticString, _ hours: Int64) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { out in
      guard let base = out.baseAddress else { return "" }
      var n = 0
      @inline(__always) func put(_ s: StaticString) {
        (base + n).update(from: s.utf8Start, count: s.utf8CodeUnitCount)
        n += s.utf8CodeUnitCount
      }
      put(which)
      put(" time has ")
      // At most 19 digits (an Int64), written lowest first and then reversed.
      var v = hours.magnitude
      let first = n
      repeat {
        base[n] = UInt8(truncatingIfNeeded: v % 10) + zero
        n += 1
        v /= 10
      } while v > 0
      var digits = UnsafeMutableBufferPointer(rebasing: out[first..<n])
      digits.reverse()
      put(" hours; many players only read two hour digits")
      return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
    }
  }

  /// The usual timing line: `HH:MM:SS,mmm --> HH:MM:SS,mmm` with two to nine hour digits in
  /// each time, one space on each side of the arrow and nothing else. `parse` reads such a line
  /// to these times, with one issue for each time past 99 hours (`timing(messages:)`).
  struct UsualTiming {
    var start: CaptionTime
    var end: CaptionTime
    var startHours: Int64
    var endHours: Int64
    /// Where each time starts (its issue points there).
    var startOffset: Int
    var endOffset: Int

    @inline(__always)
    func timing(messages: Bool) -> Timing {
      var issues = Issues(messages: messages)
      if startHours > 99 {
        issues.add("srt.timing.hours-over-99", .info, hoursOver99Message("start", startHours), startOffset)
      }
      if endHours > 99 {
        issues.add("srt.timing.hours-over-99", .info, hoursOver99Message("end", endHours), endOffset)
      }
      return Timing(start: start, end: end, issues: issues)
    }
  }

  /// `range` of `buf` when it is the usual timing line (`UsualTiming`), read at fixed places.
  @inline(__always)
  static func usualTiming(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UsualTiming? {
    let end = range.upperBound
    guard let a = usualStamp(buf, range.lowerBound, end), a.next + 5 < end, buf[a.next] == 0x20, buf[a.next + 1] == UInt8(ascii: "-"),
      buf[a.next + 2] == UInt8(ascii: "-"), buf[a.next + 3] == UInt8(ascii: ">"), buf[a.next + 4] == 0x20,
      let b = usualStamp(buf, a.next + 5, end), b.next == end
    else { return nil }
    return UsualTiming(start: a.time, end: b.time, startHours: a.hours, endHours: b.hours, startOffset: range.lowerBound, endOffset: a.next + 5)
  }

  /// `H:MM:SS,mmm` at `start` with two to nine hour digits, as `timestamp` reads it.
  @inline(__always)
  private static func usualStamp(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (time: CaptionTime, hours: Int64, next: Int)? {
    var c = start
    var h: Int64 = 0
    while c < end, c - start < 10 {
      let d = buf[c] &- zero
      guard d < 10 else { break }
      h = h &* 10 &+ Int64(d)
      c += 1
    }
    guard c - start >= 2, c - start <= 9, c + 10 <= end, buf[c] == UInt8(ascii: ":"), buf[c + 3] == UInt8(ascii: ":"),
      buf[c + 6] == UInt8(ascii: ",")
    else { return nil }
    let m0 = buf[c + 1] &- zero, m1 = buf[c + 2] &- zero, s0 = buf[c + 4] &- zero, s1 = buf[c + 5] &- zero
    let f0 = buf[c + 7] &- zero, f1 = buf[c + 8] &- zero, f2 = buf[c + 9] &- zero
    guard m0 < 6 && m1 < 10 && s0 < 6 && s1 < 10 && f0 < 10 && f1 < 10 && f2 < 10 else { return nil }
    let seconds = h * 3600 + (Int64(m0) * 10 + Int64(m1)) * 60 + Int64(s0) * 10 + Int64(s1)
    let ms = seconds * 1000 + Int64(f0) * 100 + Int64(f1) * 10 + Int64(f2)
    return (CaptionTime(milliseconds: ms), h, c + 10)
  }

  /// The times of the 29-byte usual line, `HH:MM:SS,mmm --> HH:MM:SS,mmm` (two-digit hours,
  /// so nothing to report), at `start`, which must be 29 bytes inside `buf`; `nil` for any other
  /// shape. The SRT reader's first look at a timing line: cheaper than `usualTiming`, whose
  /// hour fields may be longer.
  @inline(__always)
  static func usualTimes(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int) -> (start: CaptionTime, end: CaptionTime)? {
    guard buf[start + 12] == 0x20, buf[start + 13] == UInt8(ascii: "-"), buf[start + 14] == UInt8(ascii: "-"),
      buf[start + 15] == UInt8(ascii: ">"), buf[start + 16] == 0x20, let a = canonicalStamp(buf, start),
      let b = canonicalStamp(buf, start + 17)
    else { return nil }
    return (a, b)
  }

  /// The canonical `HH:MM:SS,mmm` (two hour digits, minutes and seconds below 60) in the twelve
  /// bytes at `start`, which must be in `buf`; `nil` for any other shape. The bytes after it
  /// are not looked at.
  @inline(__always)
  static func canonicalStamp(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int) -> CaptionTime? {
    guard buf[start + 2] == UInt8(ascii: ":"), buf[start + 5] == UInt8(ascii: ":"), buf[start + 8] == UInt8(ascii: ",") else { return nil }
    let h0 = buf[start] &- zero, h1 = buf[start + 1] &- zero, m0 = buf[start + 3] &- zero, m1 = buf[start + 4] &- zero
    let s0 = buf[start + 6] &- zero, s1 = buf[start + 7] &- zero
    let f0 = buf[start + 9] &- zero, f1 = buf[start + 10] &- zero, f2 = buf[start + 11] &- zero
    guard h0 < 10 && h1 < 10 && m0 < 6 && m1 < 10 && s0 < 6 && s1 < 10 && f0 < 10 && f1 < 10 && f2 < 10 else { return nil }
    let seconds = (Int64(h0) * 10 + Int64(h1)) * 3600 + (Int64(m0) * 10 + Int64(m1)) * 60 + Int64(s0) * 10 + Int64(s1)
    return CaptionTime(milliseconds: seconds * 1000 + Int64(f0) * 100 + Int64(f1) * 10 + Int64(f2))
  }

  /// Parses one timestamp starting at a digit.
  static func timestamp(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ issues: inout Issues, _ which: StaticString) -> Stamp? {
    // Fast path: canonical `HH:MM:SS,mmm` not followed by another digit.
    if start + 12 <= end, start + 12 == end || !isDigit(buf[start + 12]), let time = canonicalStamp(buf, start) {
      return Stamp(time: time, next: start + 12)
    }
    // Fast path for more hour digits (`100:00:00,000`): the same reading and the same one issue
    // (hours over 99) as the general path below.
    var n = 0
    while n < 10, start + n < end, isDigit(buf[start + n]) { n += 1 }
    if n >= 3 && n <= 9, start + n + 10 <= end {
      let c = start + n
      if buf[c] == UInt8(ascii: ":"), buf[c + 3] == UInt8(ascii: ":"), buf[c + 6] == UInt8(ascii: ","),
        c + 10 == end || !isDigit(buf[c + 10])
      {
        let m0 = buf[c + 1] &- zero, m1 = buf[c + 2] &- zero, s0 = buf[c + 4] &- zero, s1 = buf[c + 5] &- zero
        let f0 = buf[c + 7] &- zero, f1 = buf[c + 8] &- zero, f2 = buf[c + 9] &- zero
        if m0 < 6 && m1 < 10 && s0 < 6 && s1 < 10 && f0 < 10 && f1 < 10 && f2 < 10 {
          var h: Int64 = 0
          for k in start..<c { h = h * 10 + Int64(buf[k] - zero) }
          if h > 99 {
            issues.add("srt.timing.hours-over-99", .info, hoursOver99Message(which, h), start)
          }
          let seconds = h * 3600 + (Int64(m0) * 10 + Int64(m1)) * 60 + Int64(s0) * 10 + Int64(s1)
          let ms = seconds * 1000 + Int64(f0) * 100 + Int64(f1) * 10 + Int64(f2)
          return Stamp(time: CaptionTime(milliseconds: ms), next: c + 10)
        }
      }
    }
    // Up to three colon-separated fields; a fourth after ':' is taken as the fraction.
    typealias Field = (value: Int64, count: Int, at: Int)
    var f0: Field = (0, 0, 0), f1: Field = (0, 0, 0), f2: Field = (0, 0, 0), f3: Field = (0, 0, 0)
    var count = 0
    var i = start
    while true {
      let d = digits(buf, i, end, limit: 10)
      guard d.count > 0, d.count < 10 else { return nil }
      let f: Field = (d.value, d.count, i)
      switch count {
      case 0: f0 = f
      case 1: f1 = f
      case 2: f2 = f
      default: f3 = f
      }
      count += 1
      i = d.next
      if count < 4, i + 1 < end, buf[i] == UInt8(ascii: ":"), isDigit(buf[i + 1]) {
        i += 1
        continue
      }
      break
    }
    guard count >= 2 else { return nil }
    var fraction: Field?
    if count == 4 {
      fraction = f3
      count = 3
      issues.add("srt.timing.bad-separator", .warning, "\(which) time uses ':' before the milliseconds; read as ','", f3.at - 1)
    } else if i + 1 < end, buf[i] == UInt8(ascii: ",") || buf[i] == UInt8(ascii: ".") || buf[i] == UInt8(ascii: ";"), isDigit(buf[i + 1]) {
      let sep = buf[i]
      let d = digits(buf, i + 1, end, limit: 10)
      guard d.count < 10 else { return nil }
      fraction = (d.value, d.count, i + 1)
      if sep == UInt8(ascii: ".") {
        issues.add("srt.timing.period-separator", .warning, "\(which) time uses '.' before the milliseconds; SRT uses ','", i)
      } else if sep == UInt8(ascii: ";") {
        issues.add("srt.timing.bad-separator", .warning, "\(which) time uses ';' before the milliseconds; read as ','", i)
      }
      i = d.next
    }
    if count == 2 {
      issues.add("srt.timing.missing-hours", .warning, "\(which) time has no hours field; read as MM:SS", start)
      (f0, f1, f2) = ((0, 2, start), f0, f1)
    }
    let h = f0, m = f1, s = f2
    if h.count == 1 || m.count == 1 || s.count == 1 {
      let at = h.count == 1 ? h.at : (m.count == 1 ? m.at : s.at)
      issues.add("srt.timing.missing-leading-zero", .info, "\(which) time has a one-digit field; SRT writes HH:MM:SS", at)
    }
    if m.count > 2 || s.count > 2 {
      issues.add("srt.timing.extra-digits", .warning, "\(which) time has a minutes or seconds field longer than two digits", m.count > 2 ? m.at : s.at)
    }
    if h.value > 99 {
      issues.add("srt.timing.hours-over-99", .info, hoursOver99Message(which, h.value), h.at)
    }
    if m.value > 59 || s.value > 59 {
      issues.add("srt.timing.field-out-of-range", .warning, "\(which) time has \(m.value > 59 ? "minutes" : "seconds") above 59; the value is added as written", m.value > 59 ? m.at : s.at)
    }
    var scale: Int64 = 1
    var frac: Int64 = 0
    if let f = fraction {
      if f.count != 3 {
        let reading = f.count < 3 ? "read as a decimal fraction of a second" : "kept exactly"
        issues.add("srt.timing.fraction-digits", .warning, "\(which) time has \(f.count) fraction digit(s) instead of 3; \(reading)", f.at)
      }
      for _ in 0..<f.count { scale *= 10 }
      frac = f.value
    } else {
      issues.add("srt.timing.missing-milliseconds", .warning, "\(which) time has no milliseconds; read as ,000", i)
    }
    let seconds = (h.value * 60 + m.value) * 60 + s.value
    let (big, o1) = seconds.multipliedReportingOverflow(by: scale)
    let (total, o2) = big.addingReportingOverflow(frac)
    guard !o1, !o2 else { return nil }
    return Stamp(time: CaptionTime(value: total, timescale: scale), next: i)
  }
}
