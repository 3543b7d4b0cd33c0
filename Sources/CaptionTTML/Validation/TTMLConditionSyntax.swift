/// The syntax of a TTML2 `condition` attribute (§8.2.2 and the `<condition>` value type): an
/// expression over boolean, number and string literals and the functions `media(…)`,
/// `parameter(…)` and `supports(…)`, each taking one quoted string, with `!`, unary `+`/`-`,
/// `* / %`, `+ -`, `< <= > >=`, `== !=`, `&&`, `||`, `? :` and parentheses.
///
/// Only the syntax is checked; what a condition evaluates to depends on the processor.
/// - Complexity: O(n) in the value's length; nesting is bounded (64 levels).
struct TTMLConditionSyntax {
  enum Token: Equatable {
    case number, string, name(String), op(String)
  }

  private var tokens: [Token] = []
  private var k = 0
  private var depth = 0

  /// Why `value` is not a valid condition, or nil when it is.
  static func problem(_ value: String) -> String? {
    guard let tokens = tokenize(Array(value.utf8)) else { return "an unknown character, an unterminated string or a malformed number" }
    guard !tokens.isEmpty else { return "it is empty" }
    var p = TTMLConditionSyntax()
    p.tokens = tokens
    guard p.expression(), p.k == tokens.count else { return "it is not a well-formed expression" }
    return nil
  }

  /// The value's tokens, or nil on a character no token starts with, an unterminated string or
  /// a number such as `00` (a leading zero before more digits).
  static func tokenize(_ u: [UInt8]) -> [Token]? {
    var out: [Token] = []
    var i = 0
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
    while i < u.count {
      let b = u[i]
      if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
      if b == UInt8(ascii: "'") || b == UInt8(ascii: "\"") {
        guard let close = u[(i + 1)...].firstIndex(of: b) else { return nil }
        out.append(.string)
        i = close + 1
        continue
      }
      if isDigit(b) || (b == UInt8(ascii: ".") && i + 1 < u.count && isDigit(u[i + 1])) {
        var j = i
        let intStart = j
        while j < u.count, isDigit(u[j]) { j += 1 }
        if j - intStart > 1, u[intStart] == 0x30 { return nil }
        if j < u.count, u[j] == UInt8(ascii: ".") {
          j += 1
          while j < u.count, isDigit(u[j]) { j += 1 }
        }
        if j < u.count, u[j] | 0x20 == UInt8(ascii: "e") {
          j += 1
          if j < u.count, u[j] == UInt8(ascii: "+") || u[j] == UInt8(ascii: "-") { j += 1 }
          let expStart = j
          while j < u.count, isDigit(u[j]) { j += 1 }
          if j == expStart { return nil }
        }
        if j < u.count, isLetter(u[j]) { return nil }
        out.append(.number)
        i = j
        continue
      }
      if isLetter(b) {
        var j = i
        while j < u.count, isLetter(u[j]) || isDigit(u[j]) || u[j] == UInt8(ascii: "-") { j += 1 }
        out.append(.name(String(decoding: u[i..<j], as: UTF8.self)))
        i = j
        continue
      }
      let two = i + 1 < u.count ? String(decoding: u[i...(i + 1)], as: UTF8.self) : ""
      if ["&&", "||", "==", "!=", "<=", ">="].contains(two) {
        out.append(.op(two))
        i += 2
        continue
      }
      let one = String(UnicodeScalar(b))
      guard "()!*/%+-<>?:,".contains(one), b < 0x80 else { return nil }
      out.append(.op(one))
      i += 1
    }
    return out
  }

  private mutating func take(_ op: String) -> Bool {
    guard k < tokens.count, tokens[k] == .op(op) else { return false }
    k += 1
    return true
  }

  private mutating func expression() -> Bool {
    depth += 1
    defer { depth -= 1 }
    guard depth < 64, binary(level: 0) else { return false }
    if take("?") { return expression() && take(":") && expression() }
    return true
  }

  private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

  private mutating func binary(level: Int) -> Bool {
    guard level < Self.levels.count else { return unary() }
    guard binary(level: level + 1) else { return false }
    while Self.levels[level].contains(where: { take($0) }) {
      guard binary(level: level + 1) else { return false }
    }
    return true
  }

  private mutating func unary() -> Bool {
    if take("!") || take("-") || take("+") {
      depth += 1
      defer { depth -= 1 }
      return depth < 64 && unary()
    }
    return primary()
  }

  private mutating func primary() -> Bool {
    guard k < tokens.count else { return false }
    switch tokens[k] {
    case .number, .string:
      k += 1
      return true
    case .name(let n) where n == "true" || n == "false":
      k += 1
      return true
    case .name(let n) where n == "media" || n == "parameter" || n == "supports":
      k += 1
      guard take("("), k < tokens.count, tokens[k] == .string else { return false }
      k += 1
      return take(")")
    case .op("("):
      k += 1
      return expression() && take(")")
    default:
      return false
    }
  }
}
