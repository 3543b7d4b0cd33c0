import Foundation

/// A parsed JSON value, decoded strictly (a number is never a boolean), so that policy files can
/// be checked value by value with JSON-path error messages.
enum JSONValue: Decodable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? c.decode(Double.self) {
      self = .number(n)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  static func parse(_ bytes: [UInt8]) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  var string: String? { if case .string(let s) = self { s } else { nil } }
  var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
  var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
  var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
  /// An integer value (a number with no fraction).
  var int: Int? {
    if case .number(let n) = self, n == n.rounded(), abs(n) < 1e15 { Int(n) } else { nil }
  }
}
