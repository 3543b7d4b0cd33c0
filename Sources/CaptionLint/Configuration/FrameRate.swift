import CaptionCore

/// A video frame rate as an exact rational, frames per second (`24000/1001` for 23.976).
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
  /// Frames per `denominator` seconds.
  public let numerator: Int64
  /// Seconds the `numerator` frames take. Always positive.
  public let denominator: Int64

  /// Creates `numerator / denominator` frames per second; `nil` unless both are positive.
  public init?(_ numerator: Int64, _ denominator: Int64 = 1) {
    guard numerator > 0, denominator > 0 else { return nil }
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Parses `25`, `24000/1001`, or the decimal names of the NTSC rates (`23.976`, `29.97`,
  /// `59.94`, which mean the exact `N×1000/1001` rates). Other decimals are read exactly
  /// (`12.5` is 25/2).
  public init?(parsing text: String) {
    let t = text.trimmingSpaces
    if let slash = t.firstIndex(of: "/") {
      guard let n = Int64(t[..<slash]), let d = Int64(t[t.index(after: slash)...]) else { return nil }
      self.init(n, d)
      return
    }
    switch t {
    case "23.976", "23.98": self.init(24000, 1001)
    case "29.97": self.init(30000, 1001)
    case "47.952": self.init(48000, 1001)
    case "59.94": self.init(60000, 1001)
    default:
      if let whole = Int64(t) {
        self.init(whole, 1)
        return
      }
      guard let dot = t.firstIndex(of: "."), let i = Int64(t[..<dot]) else { return nil }
      let fracText = t[t.index(after: dot)...]
      guard !fracText.isEmpty, fracText.count <= 6, let f = Int64(fracText), f >= 0 else { return nil }
      var scale: Int64 = 1
      for _ in 0..<fracText.count { scale *= 10 }
      self.init(i * scale + f, scale)
    }
  }

  /// The duration of `frames` frames, exactly.
  public func duration(ofFrames frames: Int) -> CaptionTime {
    CaptionTime(value: Int64(frames) * denominator, timescale: numerator)
  }

  /// `25` or `24000/1001`.
  public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}

extension String {
  /// The string without leading and trailing ASCII spaces and tabs.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
