/// A JSON value that may be a string, a number, a boolean or null: for fields such as the
/// WebVTT `line` that are either `"auto"` or a number.
public enum JSONScalar: Encodable, Sendable, Hashable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .string(let s): try c.encode(s)
    case .number(let d):
      if d == d.rounded(), abs(d) < 1e15 { try c.encode(Int64(d)) } else { try c.encode(d) }
    case .bool(let b): try c.encode(b)
    case .null: try c.encodeNil()
    }
  }
}
