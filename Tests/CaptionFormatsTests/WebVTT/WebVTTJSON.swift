import Foundation

/// A JSON value decoded without losing the difference between booleans and numbers.
enum WebVTTJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([WebVTTJSON])
  case object([String: WebVTTJSON])

  init(from decoder: Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) } else if let d = try? c.decode(Double.self) {
      self = .number(d)
    } else if let s = try? c.decode(String.self) { self = .string(s) } else if let a = try? c.decode([WebVTTJSON].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: WebVTTJSON].self))
    }
  }

  subscript(_ key: String) -> WebVTTJSON? {
    if case .object(let o) = self { return o[key] }
    return nil
  }

  var string: String? { if case .string(let s) = self { return s } else { return nil } }
  var array: [WebVTTJSON]? { if case .array(let a) = self { return a } else { return nil } }
  var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }

  static func load(_ url: URL) throws -> WebVTTJSON {
    try JSONDecoder().decode(WebVTTJSON.self, from: Data(contentsOf: url))
  }
}
