import Foundation

/// Reads one JSON object (from `JSONSerialization`) field by field, recording a `ProfileIssue`
/// with the JSON path for every wrong type, out-of-range value and unknown field.
///
/// Each accessor returns `nil` when the field is absent or invalid, so decoding continues and
/// one pass reports every issue.
struct JSONObjectReader {
  let object: [String: Any]
  let path: String
  private(set) var seen: Set<String> = []

  init(_ object: [String: Any], path: String) {
    self.object = object
    self.path = path
  }

  func childPath(_ key: String) -> String { path + "." + key }

  static func isBool(_ v: Any) -> Bool {
    guard let n = v as? NSNumber else { return false }
    return String(cString: n.objCType) == "c"
  }

  static func typeName(_ v: Any) -> String {
    if v is NSNull { return "null" }
    if isBool(v) { return "boolean" }
    if v is NSNumber { return "number" }
    if v is String { return "string" }
    if v is [Any] { return "array" }
    if v is [String: Any] { return "object" }
    return "value"
  }

  mutating func raw(_ key: String) -> Any? {
    seen.insert(key)
    return object[key]
  }

  mutating func string(_ key: String, _ issues: inout [ProfileIssue]) -> String? {
    guard let v = raw(key) else { return nil }
    guard let s = v as? String else {
      issues.append(ProfileIssue(path: childPath(key), kind: .wrongType(expected: "a string, found \(Self.typeName(v))")))
      return nil
    }
    return s
  }

  static func number(_ v: Any, path: String, min lo: Double, max hi: Double, _ issues: inout [ProfileIssue]) -> Double? {
    guard !isBool(v), let n = v as? NSNumber else {
      issues.append(ProfileIssue(path: path, kind: .wrongType(expected: "a number, found \(typeName(v))")))
      return nil
    }
    let d = n.doubleValue
    guard d.isFinite, d >= lo, d <= hi else {
      issues.append(ProfileIssue(path: path, kind: .outOfRange(value: d, min: lo, max: hi)))
      return nil
    }
    return d
  }

  mutating func number(_ key: String, min lo: Double, max hi: Double, _ issues: inout [ProfileIssue]) -> Double? {
    guard let v = raw(key) else { return nil }
    return Self.number(v, path: childPath(key), min: lo, max: hi, &issues)
  }

  mutating func integer(_ key: String, min lo: Int, max hi: Int, _ issues: inout [ProfileIssue]) -> Int? {
    guard let d = number(key, min: Double(lo), max: Double(hi), &issues) else { return nil }
    guard d == d.rounded() else {
      issues.append(ProfileIssue(path: childPath(key), kind: .wrongType(expected: "an integer, found \(NumberFormat.plain(d))")))
      return nil
    }
    return Int(d)
  }

  mutating func bool(_ key: String, _ issues: inout [ProfileIssue]) -> Bool? {
    guard let v = raw(key) else { return nil }
    guard Self.isBool(v), let n = v as? NSNumber else {
      issues.append(ProfileIssue(path: childPath(key), kind: .wrongType(expected: "true or false, found \(Self.typeName(v))")))
      return nil
    }
    return n.boolValue
  }

  mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type, _ issues: inout [ProfileIssue]) -> T?
  where T.RawValue == String {
    guard let s = string(key, &issues) else { return nil }
    guard let v = T(rawValue: s) else {
      let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      issues.append(ProfileIssue(path: childPath(key), kind: .invalidValue(value: s, expected: "one of \(allowed)")))
      return nil
    }
    return v
  }

  mutating func oneOf(_ key: String, _ allowed: [String], _ issues: inout [ProfileIssue]) -> String? {
    guard let s = string(key, &issues) else { return nil }
    guard allowed.contains(s) else {
      let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
      issues.append(ProfileIssue(path: childPath(key), kind: .invalidValue(value: s, expected: "one of \(list)")))
      return nil
    }
    return s
  }

  static func color(_ v: Any, path: String, _ issues: inout [ProfileIssue]) -> RGB? {
    guard let s = v as? String else {
      issues.append(ProfileIssue(path: path, kind: .wrongType(expected: "a colour string \"#RRGGBB\", found \(typeName(v))")))
      return nil
    }
    guard let c = RGB(hex: s) else {
      issues.append(
        ProfileIssue(path: path, kind: .invalidValue(value: s, expected: "\"#RRGGBB\" (opacity is a separate field)")))
      return nil
    }
    return c
  }

  mutating func color(_ key: String, _ issues: inout [ProfileIssue]) -> RGB? {
    guard let v = raw(key) else { return nil }
    return Self.color(v, path: childPath(key), &issues)
  }

  mutating func array(_ key: String, _ issues: inout [ProfileIssue]) -> [Any]? {
    guard let v = raw(key) else { return nil }
    guard let a = v as? [Any] else {
      issues.append(ProfileIssue(path: childPath(key), kind: .wrongType(expected: "an array, found \(Self.typeName(v))")))
      return nil
    }
    return a
  }

  mutating func object(_ key: String, _ issues: inout [ProfileIssue]) -> JSONObjectReader? {
    guard let v = raw(key) else { return nil }
    guard let o = v as? [String: Any] else {
      issues.append(ProfileIssue(path: childPath(key), kind: .wrongType(expected: "an object, found \(Self.typeName(v))")))
      return nil
    }
    return JSONObjectReader(o, path: childPath(key))
  }

  /// Reports every key that no accessor asked for, with a near-miss suggestion from `known`.
  func reportUnknown(known: [String], _ issues: inout [ProfileIssue]) {
    for key in object.keys.sorted() where !seen.contains(key) {
      issues.append(ProfileIssue(path: childPath(key), kind: .unknownField(suggestion: Self.nearest(key, in: known))))
    }
  }

  /// The known name within edit distance 2 (case-insensitive), if any.
  static func nearest(_ key: String, in known: [String]) -> String? {
    let k = Array(key.lowercased().utf8)
    var best: (String, Int)? = nil
    for name in known {
      let n = Array(name.lowercased().utf8)
      let d = editDistance(k, n)
      if d <= 2, d < (best?.1 ?? Int.max) { best = (name, d) }
    }
    return best?.0
  }

  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    if a.count > 64 || b.count > 64 { return Int.max }
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      cur[0] = i
      for j in 1...b.count {
        cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&prev, &cur)
    }
    return prev[b.count]
  }
}
