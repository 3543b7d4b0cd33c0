/// A fixed set of XML names, asked `contains` for every element or attribute of a document:
/// a `NameTable` without values, so that no lookup hashes the name.
struct NameSet: Sendable, ExpressibleByArrayLiteral {
  private let table: NameTable<Bool>

  init(_ names: some Sequence<String>) {
    table = NameTable(names.lazy.map { ($0, true) })
  }

  init(arrayLiteral names: String...) {
    self.init(names)
  }

  func contains(_ name: String) -> Bool {
    table[name] != nil
  }
}
