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

  /// A parsed timing line.
  struct Timing {
    var start: CaptionTime
    var end: CaptionTime
    var issues: [Issue]
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
  static func parse(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Timing? {
    var i = range.lowerBound
    let end = range.upperBound
    // Fast reject: text lines do not start with a digit.
    while i < end && isSpace(buf[i]) { i += 1 }
    guard i < end, isDigit(buf[i]) else { return nil }
    var issues: [Issue] = []
    if i > range.lowerBound {
      issues.append(Issue(code: "srt.timing.whitespace", severity: .info, message: "whitespace before the start time", offset: range.lowerBound))
    }
    guard let a = timestamp(buf, i, end, &issues, "start") else { return nil }
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
      issues.append(Issue(code: "srt.timing.arrow", severity: .warning, message: "the arrow should be \"-->\"", offset: dashStart))
    } else if spacesBefore != 1 || spacesAfter != 1 {
      issues.append(Issue(code: "srt.timing.arrow-spacing", severity: .info, message: "the arrow should have one space on each side", offset: arrowStart))
    }
    guard i < end, isDigit(buf[i]), let b = timestamp(buf, i, end, &issues, "end") else { return nil }
    i = b.next
    // What follows the end time.
    var j = i
    while j < end && isSpace(buf[j]) { j += 1 }
    if j < end {
      let isCoordinates = j + 2 < end && (buf[j] | 0x20) == UInt8(ascii: "x") && buf[j + 1] == UInt8(ascii: "1") && buf[j + 2] == UInt8(ascii: ":")
      if isCoordinates {
        issues.append(Issue(code: "srt.timing.coordinates", severity: .info, message: "X1/X2/Y1/Y2 coordinates after the timing are ignored", offset: j))
      } else {
        issues.append(Issue(code: "srt.timing.trailing-text", severity: .warning, message: "text after the end time is ignored", offset: j))
      }
    } else if j > i {
      issues.append(Issue(code: "srt.timing.whitespace", severity: .info, message: "whitespace after the end time", offset: i))
    }
    return Timing(start: a.time, end: b.time, issues: issues)
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

  /// Parses one timestamp starting at a digit.
  static func timestamp(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ issues: inout [Issue], _ which: String) -> Stamp? {
    // Up to three colon-separated fields; a fourth after ':' is taken as the fraction.
    var fields: [(value: Int64, count: Int, at: Int)] = []
    fields.reserveCapacity(4)
    var i = start
    while true {
      let d = digits(buf, i, end, limit: 10)
      guard d.count > 0, d.count < 10 else { return nil }
      fields.append((d.value, d.count, i))
      i = d.next
      if fields.count < 4, i + 1 < end, buf[i] == UInt8(ascii: ":"), isDigit(buf[i + 1]) {
        i += 1
        continue
      }
      break
    }
    guard fields.count >= 2 else { return nil }
    var fraction: (value: Int64, count: Int, at: Int)?
    if fields.count == 4 {
      fraction = fields.removeLast()
      issues.append(Issue(code: "srt.timing.bad-separator", severity: .warning, message: "\(which) time uses ':' before the milliseconds; read as ','", offset: fraction!.at - 1))
    } else if i + 1 < end, buf[i] == UInt8(ascii: ",") || buf[i] == UInt8(ascii: ".") || buf[i] == UInt8(ascii: ";"), isDigit(buf[i + 1]) {
      let sep = buf[i]
      let d = digits(buf, i + 1, end, limit: 10)
      guard d.count < 10 else { return nil }
      fraction = (d.value, d.count, i + 1)
      if sep == UInt8(ascii: ".") {
        issues.append(Issue(code: "srt.timing.period-separator", severity: .warning, message: "\(which) time uses '.' before the milliseconds; SRT uses ','", offset: i))
      } else if sep == UInt8(ascii: ";") {
        issues.append(Issue(code: "srt.timing.bad-separator", severity: .warning, message: "\(which) time uses ';' before the milliseconds; read as ','", offset: i))
      }
      i = d.next
    }
    if fields.count == 2 {
      issues.append(Issue(code: "srt.timing.missing-hours", severity: .warning, message: "\(which) time has no hours field; read as MM:SS", offset: start))
      fields.insert((0, 2, start), at: 0)
    }
    let h = fields[0], m = fields[1], s = fields[2]
    if h.count == 1 || m.count == 1 || s.count == 1 {
      let at = h.count == 1 ? h.at : (m.count == 1 ? m.at : s.at)
      issues.append(Issue(code: "srt.timing.missing-leading-zero", severity: .info, message: "\(which) time has a one-digit field; SRT writes HH:MM:SS", offset: at))
    }
    if m.count > 2 || s.count > 2 {
      issues.append(Issue(code: "srt.timing.extra-digits", severity: .warning, message: "\(which) time has a minutes or seconds field longer than two digits", offset: m.count > 2 ? m.at : s.at))
    }
    if h.value > 99 {
      issues.append(Issue(code: "srt.timing.hours-over-99", severity: .info, message: "\(which) time has \(h.value) hours; many players only read two hour digits", offset: h.at))
    }
    if m.value > 59 || s.value > 59 {
      issues.append(Issue(code: "srt.timing.field-out-of-range", severity: .warning, message: "\(which) time has \(m.value > 59 ? "minutes" : "seconds") above 59; the value is added as written", offset: m.value > 59 ? m.at : s.at))
    }
    var scale: Int64 = 1
    var frac: Int64 = 0
    if let f = fraction {
      if f.count != 3 {
        let reading = f.count < 3 ? "read as a decimal fraction of a second" : "kept exactly"
        issues.append(Issue(code: "srt.timing.fraction-digits", severity: .warning, message: "\(which) time has \(f.count) fraction digit(s) instead of 3; \(reading)", offset: f.at))
      }
      for _ in 0..<f.count { scale *= 10 }
      frac = f.value
    } else {
      issues.append(Issue(code: "srt.timing.missing-milliseconds", severity: .warning, message: "\(which) time has no milliseconds; read as ,000", offset: i))
    }
    let seconds = (h.value * 60 + m.value) * 60 + s.value
    let (big, o1) = seconds.multipliedReportingOverflow(by: scale)
    let (total, o2) = big.addingReportingOverflow(frac)
    guard !o1, !o2 else { return nil }
    return Stamp(time: CaptionTime(value: total, timescale: scale), next: i)
  }
}
