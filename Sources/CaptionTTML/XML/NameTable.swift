/// A fixed table from XML names (element, attribute and keyword names) to values, for lookups
/// made for every element or attribute of a document.
///
/// The names are grouped by UTF-8 length, and a lookup compares the few of the right length
/// with `==`, which answers two short strings (up to 15 bytes, held inline) in a few
/// instructions. A `Dictionary` or `Set` hashes the name on every lookup, about 300
/// instructions: a fifth of the validator's work on a large document.
///
/// The table's names are ASCII (the TTML vocabulary is). A name matches only the same bytes,
/// as XML compares names (code point by code point, no Unicode normalisation); a `Dictionary`
/// would also find `K` for the Kelvin sign, canonically equivalent to it.
struct NameTable<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral {
  /// Names ordered by UTF-8 length, each with its value.
  private let names: [String]
  private let values: [Value]
  /// `starts[n]..<starts[n + 1]`: the indices in `names` of the names of `n` bytes.
  private let starts: [Int]

  init(_ pairs: some Sequence<(String, Value)>) {
    var unique: [String: Value] = [:]
    for (name, value) in pairs { unique[name] = value }
    precondition(unique.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }, "NameTable holds ASCII names")
    let sorted = unique.sorted { ($0.key.utf8.count, $0.key) < ($1.key.utf8.count, $1.key) }
    names = sorted.map(\.key)
    values = sorted.map(\.value)
    var starts = [Int](repeating: 0, count: (names.last?.utf8.count ?? 0) + 2)
    for name in names { starts[name.utf8.count + 1] += 1 }
    for n in starts.indices.dropFirst() { starts[n] += starts[n - 1] }
    self.starts = starts
  }

  init(dictionaryLiteral elements: (String, Value)...) {
    self.init(elements)
  }

  /// The value for `name`, if the table has it.
  subscript(_ name: String) -> Value? {
    let n = name.utf8.count
    guard n + 1 < starts.count else { return nil }
    var k = starts[n]
    let end = starts[n + 1]
    while k < end {
      if names[k] == name { return values[k] }
      k += 1
    }
    return nil
  }
}
