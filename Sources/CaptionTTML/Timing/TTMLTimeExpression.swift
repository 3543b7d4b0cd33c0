import CaptionCore

/// Parses TTML `<time-expression>` values (TTML2 §10.3.14) into exact rational times.
///
/// - Clock time: `hh:mm:ss`, `hh:mm:ss.fraction`, `hh:mm:ss:frames`, `hh:mm:ss:frames.subframes`.
/// - Offset time: a count with an optional fraction and a metric `h`, `m`, `s`, `ms`, `f`, `t`.
///
/// Frames use the effective frame rate `ttp:frameRate × ttp:frameRateMultiplier`, sub-frames
/// `ttp:subFrameRate`, ticks `ttp:tickRate`. With `ttp:timeBase="smpte"` and a drop mode, a
/// clock time with frames is a SMPTE time code label: the dropped frame numbers are removed
/// before dividing by the frame rate (TTML2 §7.2.4), so `00:01:00:02` at 29.97 drop-frame is
/// frame 1800, 60.06 s. Every result is exact; nothing goes through floating point.
public enum TTMLTimeExpression {
  /// Parses `text` with the document's timing parameters.
  /// - Returns: the time, or a message saying why the expression is invalid.
  public static func parse(_ text: String, parameters p: TTMLTimingParameters) -> Result<CaptionTime, TTMLTimeError> {
    if let t = commonClockTime(text) { return .success(t) }
    let u = droppingFractionDigitsPastPicoseconds(trimmedBytes(text))
    guard !u.isEmpty else { return .failure(TTMLTimeError("empty time expression")) }
    // A field of more digits than `digits` reads (15) is out of range, whatever the form.
    if DigitRuns.longest(in: u) > 15 { return .failure(TTMLTimeError("time out of range (a number has more than 15 digits)")) }
    if u.contains(UInt8(ascii: ":")) { return clock(u, p) }
    return offset(u, p)
  }

  /// `hh:mm:ss.fff` exactly (what most files use), read without copying; nil for anything
  /// else, which `clock` then reads (to the same value: a three-field clock time does not
  /// depend on the timing parameters).
  static func commonClockTime(_ text: String) -> CaptionTime? {
    var text = text
    return text.withUTF8 { u -> CaptionTime? in
      guard u.count == 12, u[2] == UInt8(ascii: ":"), u[5] == UInt8(ascii: ":"), u[8] == UInt8(ascii: ".") else { return nil }
      func number(_ from: Int, _ count: Int) -> Int64? {
        var v: Int64 = 0
        for k in from..<(from + count) {
          guard u[k] >= 0x30, u[k] <= 0x39 else { return nil }
          v = v * 10 + Int64(u[k] - 0x30)
        }
        return v
      }
      guard let h = number(0, 2), let m = number(3, 2), m < 60, let sec = number(6, 2), sec <= 60, let f = number(9, 3) else { return nil }
      let ms = ((h * 60 + m) * 60 + sec) * 1000 + f
      return Q(n: ms, d: 1000).reduced.time
    }
  }

  /// `u` with fraction digits past the twelfth (a picosecond) dropped: the syntax allows any
  /// number of them (`0.000000000000000000001s` is valid), while exact times hold 64-bit
  /// numbers, and a change under a picosecond is no change at any frame or tick rate.
  static func droppingFractionDigitsPastPicoseconds(_ u: [UInt8]) -> [UInt8] {
    guard u.count > 13, let dot = u.firstIndex(of: UInt8(ascii: ".")) else { return u }
    var end = dot + 1
    while end < u.count, u[end] >= 0x30, u[end] <= 0x39 { end += 1 }
    guard end - dot - 1 > 12 else { return u }
    return Array(u[..<(dot + 13)]) + u[end...]
  }

  /// The UTF-8 bytes of `text.trimmingSpaces`, in one copy (this runs for every timed element).
  static func trimmedBytes(_ text: String) -> [UInt8] {
    let u = Array(text.utf8)
    var s = 0, e = u.count
    while s < e, TTMLWhitespace.isSpace(u[s]) { s += 1 }
    while e > s, TTMLWhitespace.isSpace(u[e - 1]) { e -= 1 }
    return s == 0 && e == u.count ? u : Array(u[s..<e])
  }

  /// Reads common non-conforming forms that real files use, after `parse` has rejected the
  /// value: a bare number of seconds (`19.764`, Apple iTunes TTML) and clock times with short
  /// fields (`3:58.640`, `0:01:02.5`). Returns nil when the value is not one of them.
  public static func parseLenient(_ text: String) -> CaptionTime? {
    let u = Array(text.trimmingSpaces.utf8)
    guard !u.isEmpty, u.count < 40 else { return nil }
    let parts = u.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), let last = parts.last, let secs = decimal(last) else { return nil }
    var whole: Int64 = 0
    for p in parts.dropLast() {
      guard let v = digits(p) else { return nil }
      whole = whole * 60 + v
    }
    return Q(n: whole * 60, d: 1).plus(secs)?.time ?? nil
  }

  /// A rational accumulator with overflow detection.
  struct Q {
    var n: Int64
    var d: Int64
    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
      var a = a.magnitude, b = b.magnitude
      while b != 0 { (a, b) = (b, a % b) }
      return Int64(a == 0 ? 1 : a)
    }
    func times(_ n2: Int64, _ d2: Int64) -> Q? {
      let g1 = Q.gcd(n, d2), g2 = Q.gcd(n2, d)
      let (a, o1) = (n / g1).multipliedReportingOverflow(by: n2 / g2)
      let (b, o2) = (d / g2).multipliedReportingOverflow(by: d2 / g1)
      if o1 || o2 { return nil }
      return Q(n: a, d: b).reduced
    }
    func plus(_ o: Q) -> Q? {
      let g = Q.gcd(d, o.d)
      let (l, o1) = n.multipliedReportingOverflow(by: o.d / g)
      let (r, o2) = o.n.multipliedReportingOverflow(by: d / g)
      let (den, o3) = d.multipliedReportingOverflow(by: o.d / g)
      let (s, o4) = l.addingReportingOverflow(r)
      if o1 || o2 || o3 || o4 { return nil }
      return Q(n: s, d: den).reduced
    }
    var reduced: Q {
      let g = Q.gcd(n, d)
      return Q(n: n / g, d: d / g)
    }
    var time: CaptionTime { CaptionTime(value: n, timescale: d) }
  }

  static func digits(_ u: ArraySlice<UInt8>) -> Int64? {
    guard !u.isEmpty, u.count <= 15 else { return nil }
    var v: Int64 = 0
    for c in u {
      guard c >= 0x30, c <= 0x39 else { return nil }
      v = v * 10 + Int64(c - 0x30)
    }
    return v
  }

  /// `123` or `123.456` as an exact rational.
  static func decimal(_ u: ArraySlice<UInt8>) -> Q? {
    if let dot = u.firstIndex(of: UInt8(ascii: ".")) {
      guard let ip = digits(u[u.startIndex..<dot]) else { return nil }
      let f = u[(dot + 1)...]
      guard !f.isEmpty, f.count <= 12, let fp = digits(f) else { return nil }
      var scale: Int64 = 1
      for _ in 0..<f.count { scale *= 10 }
      return Q(n: ip, d: 1).plus(Q(n: fp, d: scale))
    }
    guard let ip = digits(u) else { return nil }
    return Q(n: ip, d: 1)
  }

  static func clock(_ u: [UInt8], _ p: TTMLTimingParameters) -> Result<CaptionTime, TTMLTimeError> {
    let parts = u.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 3 || parts.count == 4 else { return .failure(TTMLTimeError("a clock time has 3 or 4 ':'-separated fields")) }
    guard parts[0].count >= 2, let h = digits(parts[0]) else { return .failure(TTMLTimeError("hours must be at least 2 digits")) }
    guard parts[1].count == 2, let m = digits(parts[1]), m < 60 else { return .failure(TTMLTimeError("minutes must be 2 digits, 00–59")) }
    let secField = parts[2]
    let (efrN, efrD) = p.effectiveFrameRate
    if parts.count == 3 {
      // Seconds with an optional fraction.
      guard secField.count >= 2, let sec = decimal(secField) else { return .failure(TTMLTimeError("seconds must be 2 digits with an optional fraction")) }
      guard let whole = digits(secField.prefix(2)), whole <= 60, secField.count == 2 || secField[secField.startIndex + 2] == UInt8(ascii: ".") else {
        return .failure(TTMLTimeError("seconds must be 2 digits, 00–60"))
      }
      guard let t = Q(n: h * 3600 + m * 60, d: 1).plus(sec) else { return .failure(TTMLTimeError("time out of range")) }
      return .success(t.time)
    }
    guard secField.count == 2, let s = digits(secField), s <= 60 else { return .failure(TTMLTimeError("seconds must be 2 digits, 00–60")) }
    // Frames, with optional sub-frames.
    let ff = parts[3]
    var framePart = ff[...]
    var sub: Int64 = 0
    if let dot = ff.firstIndex(of: UInt8(ascii: ".")) {
      framePart = ff[ff.startIndex..<dot]
      guard let sv = digits(ff[(dot + 1)...]) else { return .failure(TTMLTimeError("sub-frames must be digits")) }
      guard sv < p.subFrameRate else { return .failure(TTMLTimeError("sub-frame \(sv) is not below ttp:subFrameRate \(p.subFrameRate)")) }
      sub = sv
    }
    guard framePart.count >= 2, let f = digits(framePart) else { return .failure(TTMLTimeError("frames must be at least 2 digits")) }
    let maxFrames = (efrN + efrD - 1) / efrD
    guard f < maxFrames else { return .failure(TTMLTimeError("frame \(f) is not below the frame rate \(maxFrames)")) }
    var frameCount: Int64
    if p.timeBase == .smpte {
      // SMPTE 12M drop-frame labels: count frames at the nominal (integer) rate, then remove
      // the labels that were skipped.
      let nominal = maxFrames
      let totalMinutes = h * 60 + m
      let dropped: Int64
      switch p.dropMode {
      case .dropNTSC:
        dropped = 2 * (totalMinutes - totalMinutes / 10)
        if m % 10 != 0, s == 0, f < 2 { return .failure(TTMLTimeError("frames 00 and 01 do not exist at the start of minute \(m) in dropNTSC")) }
      case .dropPAL:
        // TTML1 §10.3.1: frames 00–03 of every even minute except minutes 00, 20 and 40 (27 a
        // minute-pair set an hour: 108 labels, as the 1000/1001 rate needs).
        dropped = 4 * (totalMinutes / 2 - totalMinutes / 20)
        if m % 2 == 0, m % 20 != 0, s == 0, f < 4 { return .failure(TTMLTimeError("frames 00–03 do not exist at the start of even minute \(m) in dropPAL")) }
      case .nonDrop: dropped = 0
      }
      // Hours may have 15 digits: the frame count can overflow 64 bits at any frame rate.
      let (whole, o1) = (h * 3600 + m * 60 + s).multipliedReportingOverflow(by: nominal)
      let (labels, o2) = whole.addingReportingOverflow(f)
      guard !o1, !o2 else { return .failure(TTMLTimeError("time out of range")) }
      frameCount = labels - dropped
    } else {
      guard let secs = Q(n: h * 3600 + m * 60 + s, d: 1).times(efrN, efrD) else { return .failure(TTMLTimeError("time out of range")) }
      // Whole seconds plus frames, in frames; the seconds count may not be whole frames at 29.97.
      guard let total = secs.plus(Q(n: f, d: 1)), let t = total.times(efrD, efrN) else { return .failure(TTMLTimeError("time out of range")) }
      guard let withSub = t.plus(Q(n: sub, d: 1).times(efrD, efrN)?.times(1, p.subFrameRate) ?? Q(n: 0, d: 1)) else {
        return .failure(TTMLTimeError("time out of range"))
      }
      return .success(withSub.time)
    }
    guard frameCount >= 0 else { return .failure(TTMLTimeError("negative frame count")) }
    guard let t = Q(n: frameCount, d: 1).plus(Q(n: sub, d: p.subFrameRate)), let r = t.times(efrD, efrN) else {
      return .failure(TTMLTimeError("time out of range"))
    }
    return .success(r.time)
  }

  static func offset(_ u: [UInt8], _ p: TTMLTimingParameters) -> Result<CaptionTime, TTMLTimeError> {
    var k = u.count
    while k > 0, (u[k - 1] >= 0x61 && u[k - 1] <= 0x7A) { k -= 1 }
    let metric = String(decoding: u[k...], as: UTF8.self)
    guard k > 0, let count = decimal(u[0..<k]) else {
      return .failure(TTMLTimeError("an offset time is a number followed by h, m, s, ms, f or t"))
    }
    let (efrN, efrD) = p.effectiveFrameRate
    let scaled: Q?
    switch metric {
    case "h": scaled = count.times(3600, 1)
    case "m": scaled = count.times(60, 1)
    case "s": scaled = count
    case "ms": scaled = count.times(1, 1000)
    case "f": scaled = count.times(efrD, efrN)
    case "t": scaled = count.times(p.tickRateDenominator, p.tickRate)
    case "": return .failure(TTMLTimeError("an offset time needs a metric (h, m, s, ms, f or t)"))
    default: return .failure(TTMLTimeError("unknown time metric '\(metric)'"))
    }
    guard let s = scaled else { return .failure(TTMLTimeError("time out of range")) }
    return .success(s.time)
  }
}

