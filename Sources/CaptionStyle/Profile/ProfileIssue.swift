import CaptionCore

/// One problem in a profile file, at a JSON path such as `$.edge.width` or
/// `$.text.fontFamily[2]`.
public struct ProfileIssue: Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Sendable, Hashable {
    /// A field the schema does not define; `suggestion` is a near-miss known field name.
    case unknownField(suggestion: String?)
    /// A required field is absent.
    case missingField
    /// The value has the wrong JSON type.
    case wrongType(expected: String)
    /// A number outside its allowed range (inclusive bounds).
    case outOfRange(value: Double, min: Double, max: Double)
    /// A string outside its allowed set or pattern.
    case invalidValue(value: String, expected: String)
    /// The same name twice in one object (RFC 8259 §4: names SHOULD be unique, and readers
    /// differ on which value wins).
    case duplicateKey
    /// `count` more repeated names than the `duplicateKey` issues listed (at `$`): a file with
    /// thousands of them gets `JSONDuplicateKeys.maxListed` paths and this count.
    case duplicateKeysNotListed(count: Int)
  }

  /// JSONPath-style location, `$` being the profile object. Messages elide the middle of a path
  /// over `JSONPathText.maxLength` characters.
  public var path: String
  public var kind: Kind

  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  public var description: String {
    let path = JSONPathText.elided(self.path)
    switch kind {
    case .unknownField(let s):
      return "\(path): unknown field" + (s.map { " (did you mean \"\($0)\"?)" } ?? "")
    case .missingField:
      return "\(path): required field is missing"
    case .wrongType(let expected):
      return "\(path): expected \(expected)"
    case .outOfRange(let v, let lo, let hi):
      return "\(path): \(NumberFormat.plain(v)) is out of range \(NumberFormat.plain(lo))…\(NumberFormat.plain(hi))"
    case .invalidValue(let v, let expected):
      return "\(path): \"\(v)\" is not valid; expected \(expected)"
    case .duplicateKey:
      return "\(path): duplicate key; each name may appear once in an object (RFC 8259 §4)"
    case .duplicateKeysNotListed(let count):
      return "\(path): \(count) more duplicate key\(count == 1 ? "" : "s") not listed (only the first \(JSONDuplicateKeys.maxListed) are)"
    }
  }
}
