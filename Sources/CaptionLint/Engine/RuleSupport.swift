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

  /// `value` and `limit` for a message that says one is over or under the other: with
  /// `decimals` decimals, or more (up to 6) when fewer would print them equal (`200.4 words
  /// per minute, over 200`, not `200, over 200`).
  static func pair(_ value: Double, _ limit: Double, decimals: Int = 1) -> (value: String, limit: String) {
    var d = decimals
    while d < 6, value != limit, number(value, decimals: d) == number(limit, decimals: d) { d += 1 }
    return (number(value, decimals: d), number(limit, decimals: d))
  }

  /// `pair` for times, in seconds (at least three decimals).
  static func pair(_ value: CaptionTime, _ limit: CaptionTime) -> (value: String, limit: String) {
    pair(value.seconds, limit.seconds, decimals: 3)
  }

  /// Cue duration in seconds, or `nil` when the cue does not end after it starts.
  static func positiveSeconds(_ cue: Cue) -> Double? {
    cue.end > cue.start ? cue.duration.seconds : nil
  }
}
