import CaptionCore

/// Chooses and writes time expressions so that every time in the model is written exactly
/// when the flavor allows it.
///
/// IMSC 1.1: frames (`Nf`) when the document came with `ttp:frameRate` and every time is a
/// whole frame; ticks (`Nt`) when it came with `ttp:tickRate` and every time is a whole tick;
/// otherwise clock time `hh:mm:ss.fff` when every time is a whole millisecond (up to 9
/// fraction digits when needed); otherwise ticks at the least common timescale. EBU-TT-D and
/// DFXP: clock time with as many fraction digits as needed (up to 9), rounded beyond that.
struct TTMLTimeFormatter {
  enum Mode: Equatable {
    case clock(digits: Int)
    case frames(rate: Int64, multiplier: (Int64, Int64)?)
    case ticks(rate: Int64)

    static func == (a: Mode, b: Mode) -> Bool {
      switch (a, b) {
      case let (.clock(x), .clock(y)): x == y
      case let (.ticks(x), .ticks(y)): x == y
      case let (.frames(x, m), .frames(y, n)): x == y && m?.0 == n?.0 && m?.1 == n?.1
      default: false
      }
    }
  }

  let mode: Mode

  static func lcm(_ a: Int64, _ b: Int64) -> Int64? {
    let g = TTMLTimeExpression.Q.gcd(a, b)
    let (r, o) = (a / g).multipliedReportingOverflow(by: b)
    return o ? nil : r
  }

  /// Whether `t` is a whole number of `1/rate` units.
  static func exact(_ t: CaptionTime, num: Int64, den: Int64) -> Bool {
    // t * num / den is an integer ⇔ (t.value * num) divisible by (t.timescale * den).
    let (a, o1) = t.value.multipliedReportingOverflow(by: num)
    let (b, o2) = t.timescale.multipliedReportingOverflow(by: den)
    if o1 || o2 || b == 0 { return false }
    return a % b == 0
  }

  init(times: [CaptionTime], flavor: TTMLFlavor, parameters: [String: String]) {
    func decimalDigits() -> Int? {
      var need = 3
      for t in times {
        var k = 0
        var scale: Int64 = 1
        while k <= 9, scale % t.timescale != 0 {
          k += 1
          scale *= 10
        }
        if k > 9 { return nil }
        need = max(need, k)
      }
      return need
    }
    if flavor != .imsc11 {
      mode = .clock(digits: decimalDigits() ?? 3)
      return
    }
    if let fr = parameters["ttp:frameRate"].flatMap({ Int64($0.trimmingSpaces) }), fr > 0 {
      var mult: (Int64, Int64)?
      if let m = parameters["ttp:frameRateMultiplier"] {
        let p = m.split(separator: " ").compactMap { Int64($0) }
        if p.count == 2, p[0] > 0, p[1] > 0 { mult = (p[0], p[1]) }
      }
      // A frame rate the reader refused (too large) must not overflow here: frames are used
      // only for a rate a time can be counted in.
      let (num, overflow) = fr.multipliedReportingOverflow(by: mult?.0 ?? 1)
      let den = mult?.1 ?? 1
      if !overflow, num <= 1_000_000_000, times.allSatisfy({ TTMLTimeFormatter.exact($0, num: num, den: den) }) {
        mode = .frames(rate: fr, multiplier: mult)
        return
      }
    }
    if let tr = parameters["ttp:tickRate"].flatMap({ Int64($0.trimmingSpaces) }), tr > 0, tr <= 1_000_000_000_000,
      times.allSatisfy({ TTMLTimeFormatter.exact($0, num: tr, den: 1) })
    {
      mode = .ticks(rate: tr)
      return
    }
    if let d = decimalDigits() {
      mode = .clock(digits: d)
      return
    }
    var rate: Int64 = 1
    for t in times {
      guard let l = TTMLTimeFormatter.lcm(rate, t.timescale), l <= 1_000_000_000 else {
        mode = .clock(digits: 9)
        return
      }
      rate = l
    }
    mode = .ticks(rate: rate)
  }

  /// Whether `t` is written exactly in this mode.
  func isExact(_ t: CaptionTime) -> Bool {
    switch mode {
    case .clock(let d):
      var scale: Int64 = 1
      for _ in 0..<d { scale *= 10 }
      return scale % t.timescale == 0
    case .frames(let fr, let m): return TTMLTimeFormatter.exact(t, num: fr * (m?.0 ?? 1), den: m?.1 ?? 1)
    case .ticks(let r): return TTMLTimeFormatter.exact(t, num: r, den: 1)
    }
  }

  /// Whether `t` can be written without saturating: its count in the output unit (10^-digits
  /// seconds, frames or ticks) fits in 64 bits.
  func fits(_ t: CaptionTime) -> Bool {
    let scale: Int64
    switch mode {
    case .clock(let digits):
      var s: Int64 = 1
      for _ in 0..<digits { s *= 10 }
      scale = s
    case .frames(let fr, let m): scale = fr * (m?.0 ?? 1)
    case .ticks(let r): scale = r
    }
    let units = t.rounded(toTimescale: scale)
    return units != .max && units != .min
  }

  func format(_ t: CaptionTime) -> String {
    let t = t < .zero ? .zero : t
    switch mode {
    case .clock(let digits):
      var scale: Int64 = 1
      for _ in 0..<digits { scale *= 10 }
      let units = t.rounded(toTimescale: scale)
      let frac = units % scale
      let secs = units / scale
      let h = secs / 3600, m = secs / 60 % 60, s = secs % 60
      var out = TTMLTimeFormatter.pad(h, 2) + ":" + TTMLTimeFormatter.pad(m, 2) + ":" + TTMLTimeFormatter.pad(s, 2)
      if digits > 0 { out += "." + TTMLTimeFormatter.pad(frac, digits) }
      return out
    case .frames(let fr, let m):
      let num = fr * (m?.0 ?? 1), den = m?.1 ?? 1
      // frames = t * num / den, rounded.
      return "\(framesOf(t, num: num, den: den))f"
    case .ticks(let r):
      return "\(t.rounded(toTimescale: r))t"
    }
  }

  func framesOf(_ t: CaptionTime, num: Int64, den: Int64) -> Int64 {
    // t * num / den = (t.value * num) / (t.timescale * den).
    let perFrame = t.rounded(toTimescale: num)  // t in 1/num second units
    return den == 1 ? perFrame : CaptionTime(value: perFrame, timescale: den).rounded(toTimescale: 1)
  }

  static func pad(_ n: Int64, _ w: Int) -> String {
    let s = String(n)
    return s.count >= w ? s : String(repeating: "0", count: w - s.count) + s
  }
}
