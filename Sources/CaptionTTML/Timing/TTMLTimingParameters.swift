import CaptionCore

/// The timing parameters of a TTML document (TTML2 §7.2): `ttp:timeBase`, `ttp:frameRate`,
/// `ttp:frameRateMultiplier`, `ttp:subFrameRate`, `ttp:tickRate`, `ttp:dropMode`, with the
/// defaults TTML2 gives when they are absent.
public struct TTMLTimingParameters: Sendable, Hashable {
  /// `ttp:timeBase`.
  public enum TimeBase: String, Sendable, Hashable { case media, smpte, clock }
  /// `ttp:dropMode` (TTML2 §7.2.4).
  public enum DropMode: String, Sendable, Hashable { case nonDrop, dropNTSC, dropPAL }

  /// `ttp:timeBase`. Default `media`.
  public var timeBase: TimeBase = .media
  /// `ttp:frameRate`, frames per second before the multiplier. Default 30.
  public var frameRate: Int64 = 30
  /// `ttp:frameRateMultiplier` numerator. Default 1.
  public var multiplierNumerator: Int64 = 1
  /// `ttp:frameRateMultiplier` denominator. Default 1.
  public var multiplierDenominator: Int64 = 1
  /// `ttp:subFrameRate`. Default 1.
  public var subFrameRate: Int64 = 1
  /// `ttp:tickRate`, ticks per second; when absent, the effective frame rate times
  /// `ttp:subFrameRate` if `ttp:frameRate` is given (ticks are sub-frames), else 1. With a
  /// fractional effective frame rate (29.97) the rate is `tickRate / tickRateDenominator`.
  public var tickRate: Int64 = 1
  /// The denominator of the tick rate: 1 unless the default comes from a fractional
  /// effective frame rate (`ttp:frameRateMultiplier`).
  public var tickRateDenominator: Int64 = 1
  /// `ttp:dropMode`. Default `nonDrop`.
  public var dropMode: DropMode = .nonDrop
  /// Whether `ttp:frameRate` was specified.
  public var frameRateSpecified = false
  /// Whether `ttp:tickRate` was specified.
  public var tickRateSpecified = false

  public init() {}

  /// The effective frame rate as a rational (frames per second): `frameRate × multiplier`.
  public var effectiveFrameRate: (num: Int64, den: Int64) {
    (frameRate &* multiplierNumerator, multiplierDenominator)
  }

  /// Reads the parameters from the root `tt` element's attributes, reporting invalid values.
  static func read(from root: XMLElementNode, sink: inout DiagnosticSink) -> TTMLTimingParameters {
    var p = TTMLTimingParameters()
    let ns = TTMLNamespace.parameter
    func positive(_ name: String, _ a: XMLAttribute) -> Int64? {
      let v = a.value.trimmingSpaces
      let digits = !v.isEmpty && v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      guard digits, let n = Int64(v), n > 0, n < 1 << 31 else {
        // A positive integer too large to compute with is out of range, not malformed.
        let tooLarge = digits && v.contains(where: { $0 != "0" }) && (Int64(v) ?? .max) >= 1 << 31
        let problem = tooLarge ? "is out of range (at most \((1 << 31) - 1))" : "is not a positive integer"
        sink.report("ttml.parameter.invalid", .error, "ttp:\(name)=\"\(a.value.prefix(60))\" \(problem)", at: a.location)
        return nil
      }
      return n
    }
    if let a = root.attributeNode(ns, "timeBase") {
      if let t = TimeBase(rawValue: a.value.trimmingSpaces) {
        p.timeBase = t
        if t == .clock {
          // TTML1 §10.3.1: times on a clock time base are readings of a local, GPS or UTC clock,
          // which a caption file has no way to relate to its media; read as offsets instead.
          sink.report(
            "ttml.timing.clock-time-base", .info,
            "ttp:timeBase=\"clock\": times are readings of a wall clock, which the media does not say how to meet; they are read as offsets from the document's start, as media times",
            at: a.location)
        }
      } else {
        sink.report("ttml.parameter.invalid", .error, "ttp:timeBase=\"\(a.value)\" is not media, smpte or clock", at: a.location)
      }
    }
    if let a = root.attributeNode(ns, "frameRate"), let n = positive("frameRate", a) {
      p.frameRate = n
      p.frameRateSpecified = true
    }
    if let a = root.attributeNode(ns, "frameRateMultiplier") {
      let parts = a.value.split(separator: " ", omittingEmptySubsequences: true)
      if parts.count == 2, let n = Int64(parts[0]), let d = Int64(parts[1]), n > 0, d > 0, n < 1 << 31, d < 1 << 31 {
        p.multiplierNumerator = n
        p.multiplierDenominator = d
      } else {
        sink.report("ttml.parameter.invalid", .error, "ttp:frameRateMultiplier=\"\(a.value)\" is not two positive integers", at: a.location)
      }
    }
    if let a = root.attributeNode(ns, "subFrameRate"), let n = positive("subFrameRate", a) { p.subFrameRate = n }
    if let a = root.attributeNode(ns, "tickRate"), let n = positive("tickRate", a) {
      p.tickRate = n
      p.tickRateSpecified = true
    } else if p.frameRateSpecified {
      // TTML2 §7.2.13 (TTML1 §6.2.11): without ttp:tickRate, ticks are sub-frames, so the tick
      // rate is the effective frame rate times the sub-frame rate, kept exact as a fraction.
      let (n, d) = p.effectiveFrameRate
      let g = TTMLTimeExpression.Q.gcd(n, d)
      let (num, overflow) = (n / g).multipliedReportingOverflow(by: p.subFrameRate)
      if !overflow, num > 0 {
        p.tickRate = num
        p.tickRateDenominator = d / g
      } else {
        p.tickRate = max(1, (n + d - 1) / d)
      }
    }
    if let a = root.attributeNode(ns, "dropMode") {
      if let m = DropMode(rawValue: a.value.trimmingSpaces) { p.dropMode = m } else {
        sink.report("ttml.parameter.invalid", .error, "ttp:dropMode=\"\(a.value)\" is not nonDrop, dropNTSC or dropPAL", at: a.location)
      }
      // Drop-frame labels (SMPTE 12M) exist only for a nominal 30 fps (29.97 NTSC, PAL-M); at
      // any other rate there are no labels to drop, and every time would be "missing".
      let (n, d) = p.effectiveFrameRate
      if p.dropMode != .nonDrop, (n + d - 1) / d != 30 {
        sink.report(
          "ttml.parameter.invalid", .warning,
          "ttp:dropMode=\"\(p.dropMode.rawValue)\" needs a nominal frame rate of 30 (ttp:frameRate=\"30\" with ttp:frameRateMultiplier=\"1000 1001\"), not \(p.frameRate); times are read as non-drop",
          at: a.location)
        p.dropMode = .nonDrop
      }
    }
    // Discontinuous SMPTE time codes are labels on the media's own time code track (TTML2
    // §7.2.9), which a caption file alone does not have: they are read as a continuous count.
    if p.timeBase == .smpte, let a = root.attributeNode(ns, "markerMode"), a.value.trimmingSpaces == "discontinuous" {
      sink.report(
        "ttml.timing.discontinuous-markers", .info,
        "ttp:markerMode=\"discontinuous\": time codes are labels on the media's time code track, which the caption file does not carry; they are read as continuous time",
        at: a.location)
    }
    return p
  }
}

extension String {
  /// The string without leading and trailing XML white space.
  var trimmingSpaces: String {
    let u = Array(utf8)
    var s = 0, e = u.count
    while s < e, u[s] == 0x20 || u[s] == 0x09 || u[s] == 0x0A || u[s] == 0x0D { s += 1 }
    while e > s, u[e - 1] == 0x20 || u[e - 1] == 0x09 || u[e - 1] == 0x0A || u[e - 1] == 0x0D { e -= 1 }
    return String(decoding: u[s..<e], as: UTF8.self)
  }
}
