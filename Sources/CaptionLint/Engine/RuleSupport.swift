import CaptionCore

/// Small helpers the rules share for messages.
enum RuleSupport {
  /// Seconds with up to three decimals, for messages: `0.5`, `1.042`, `7`.
  static func seconds(_ t: CaptionTime) -> String {
    number(t.seconds, decimals: 3)
  }

  /// A number with at most `decimals` decimals and no trailing zeros.
  static func number(_ v: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (v * scale).rounded() / scale
    if r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
    var s = String(r)
    if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) > decimals + 1 {
      s = String(s[..<s.index(dot, offsetBy: decimals + 1)])
    }
    return s
  }

  /// Cue duration in seconds, or `nil` when the cue does not end after it starts.
  static func positiveSeconds(_ cue: Cue) -> Double? {
    cue.end > cue.start ? cue.duration.seconds : nil
  }
}
