/// A string to `switch` over, whose `case` patterns compare lengths before bytes.
///
/// Swift's `==` answers two equal strings that share storage (or are short) at once, but calls
/// out of line to find two strings different. A `switch` over a namespace URI or an attribute
/// name tries one case after another, so most of its comparisons are of different strings,
/// and most of those differ in length.
struct LengthFirst {
  let value: String

  init(_ value: String) {
    self.value = value
  }

  @inline(__always)
  static func ~= (pattern: String, subject: LengthFirst) -> Bool {
    pattern.utf8.count == subject.value.utf8.count && pattern == subject.value
  }
}
