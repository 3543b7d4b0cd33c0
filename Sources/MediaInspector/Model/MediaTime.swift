import CaptionCore

/// An exact media time for reports: a `CaptionTime` that encodes to JSON as
/// `{"seconds": 1.5, "exact": "3/2"}` (seconds for people, the exact rational for tools).
public struct MediaTime: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// The exact time.
  public var time: CaptionTime

  public init(_ time: CaptionTime) { self.time = time }

  /// `value` ticks of a `num/den` time base (FFmpeg's `AVRational`), exact.
  init(ticks value: Int64, num: Int32, den: Int32) {
    let n = Int64(num), d = Int64(den)
    if n <= 0 || d <= 0 {
      time = .zero
      return
    }
    let (p, o) = value.multipliedReportingOverflow(by: n)
    time = o ? CaptionTime(milliseconds: Int64((Double(value) * Double(n) / Double(d) * 1000).rounded())) : CaptionTime(value: p, timescale: d)
  }

  public var seconds: Double { time.seconds }
  public var description: String { time.description }

  public static func < (a: MediaTime, b: MediaTime) -> Bool { a.time < b.time }

  enum CodingKeys: String, CodingKey { case seconds, exact }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let exact = try c.decode(String.self, forKey: .exact)
    let parts = exact.split(separator: "/")
    guard parts.count == 2, let v = Int64(parts[0]), let t = Int64(parts[1]), t > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .exact, in: c, debugDescription: "expected value/timescale")
    }
    time = CaptionTime(value: v, timescale: t)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode((time.seconds * 1000).rounded() / 1000, forKey: .seconds)
    try c.encode("\(time.value)/\(time.timescale)", forKey: .exact)
  }
}
