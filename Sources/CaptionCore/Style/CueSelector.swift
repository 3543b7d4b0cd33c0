/// One compound selector inside WebVTT `::cue(…)` (WebVTT §7.2 "CSS extensions": type, class,
/// ID and attribute selectors), such as `c.a`, `v[voice="Bob"]`, `i`, `.a.b` or `#c1`: what the
/// style checks match against cue elements. Selectors with combinators, pseudo-classes
/// (`:past`, `:future`), namespaces or `*` are not read (nil).
public struct CueSelector: Sendable, Hashable {
  /// An attribute test: `[voice]`, `[voice="Bob"]`, `[lang|="en"]`, `~=`, `^=`, `$=`, `*=`.
  public struct Attribute: Sendable, Hashable {
    public var name: String
    /// `=`, `~=`, `|=`, `^=`, `$=` or `*=`; nil tests presence only.
    public var op: String?
    public var value: String
  }

  /// The element type (`c`, `i`, `b`, `u`, `v`, `lang`, `ruby`, `rt`), if given.
  public var type: String?
  public var classes: [String]
  /// An ID selector: it matches the cue whose identifier this is (WebVTT §7.2).
  public var id: String?
  public var attributes: [Attribute]

  /// The CSS specificity (CSS Selectors 4 §17): IDs, then classes and attributes, then types.
  public var specificity: (Int, Int, Int) {
    (id == nil ? 0 : 1, classes.count + attributes.count, type == nil ? 0 : 1)
  }

  /// Whether the selector names the cue itself (an ID alone, `#c1`), not elements inside it.
  public var matchesCue: Bool { id != nil && type == nil && classes.isEmpty && attributes.isEmpty }

  static let types: Set<String> = ["c", "i", "b", "u", "v", "lang", "ruby", "rt"]

  /// Reads the text between `::cue(` and `)`; nil for what it cannot match (see the type).
  public init?(_ text: String) {
    type = nil
    classes = []
    id = nil
    attributes = []
    let u = Array(text.utf8)
    var i = 0
    func isName(_ c: UInt8) -> Bool {
      (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c >= 0x80
    }
    func name() -> String? {
      let start = i
      while i < u.count, isName(u[i]) { i += 1 }
      return i > start ? String(decoding: u[start..<i], as: UTF8.self) : nil
    }
    if i < u.count, isName(u[i]) {
      guard let t = name()?.lowercased(), Self.types.contains(t) else { return nil }  // types ignore case
      type = t
    }
    while i < u.count {
      let c = u[i]
      i += 1
      switch c {
      case UInt8(ascii: "."):
        guard let n = name() else { return nil }
        classes.append(n)
      case UInt8(ascii: "#"):
        guard id == nil, let n = name() else { return nil }
        id = n
      case UInt8(ascii: "["):
        guard let n = name(), n == "voice" || n == "lang", i < u.count else { return nil }
        if u[i] == UInt8(ascii: "]") {
          i += 1
          attributes.append(Attribute(name: n, op: nil, value: ""))
          continue
        }
        var op = ""
        while i < u.count, "~|^$*=".utf8.contains(u[i]) { op.append(Character(Unicode.Scalar(u[i]))); i += 1 }
        guard ["=", "~=", "|=", "^=", "$=", "*="].contains(op), i < u.count else { return nil }
        var value: String
        if u[i] == UInt8(ascii: "\"") || u[i] == UInt8(ascii: "'") {
          let quote = u[i]
          i += 1
          let start = i
          while i < u.count, u[i] != quote, u[i] != UInt8(ascii: "\\") { i += 1 }
          guard i < u.count, u[i] == quote else { return nil }  // escapes are not read
          value = String(decoding: u[start..<i], as: UTF8.self)
          i += 1
        } else {
          guard let n = name() else { return nil }
          value = n
        }
        guard i < u.count, u[i] == UInt8(ascii: "]") else { return nil }
        i += 1
        attributes.append(Attribute(name: n, op: op, value: value))
      default:
        return nil
      }
    }
    if type == nil && classes.isEmpty && id == nil && attributes.isEmpty { return nil }
  }

  /// Whether the selector matches `element`. A selector with an ID matches no element: the ID
  /// names the cue (`matchesCue`).
  public func matches(_ element: CueElement) -> Bool {
    if id != nil { return false }
    if let type, type != Self.typeName(element.kind) { return false }
    for c in classes where !element.classes.contains(c) { return false }
    for a in attributes {
      let actual: String
      switch (a.name, element.kind) {
      case ("voice", .voice(let name)): actual = name
      case ("lang", .language(let tag)): actual = tag
      default: return false
      }
      guard let op = a.op else { continue }
      let ok =
        switch op {
        case "=": actual == a.value
        case "~=": actual.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == a.value }
        case "|=": actual == a.value || actual.hasPrefix(a.value + "-")
        case "^=": !a.value.isEmpty && actual.hasPrefix(a.value)
        case "$=": !a.value.isEmpty && actual.hasSuffix(a.value)
        default: !a.value.isEmpty && actual.contains(a.value)
        }
      if !ok { return false }
    }
    return true
  }

  /// The WebVTT tag name of an element kind (what a type selector names).
  public static func typeName(_ kind: CueElement.Kind) -> String {
    switch kind {
    case .span: "c"
    case .italic: "i"
    case .bold: "b"
    case .underline: "u"
    case .ruby: "ruby"
    case .rubyText: "rt"
    case .voice: "v"
    case .language: "lang"
    }
  }
}
