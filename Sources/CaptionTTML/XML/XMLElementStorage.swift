import CaptionCore

/// The fields of an `XMLElementNode`, kept out of line.
///
/// Readers and the validator walk the tree by value: a node held inline would be copied
/// field by field (half a dozen reference counts, and arrays of children) at every step. Behind
/// one reference a copy is a single retain; `XMLElementNode` copies the storage before a write
/// when it is shared (copy on write), so nodes keep value semantics.
final class XMLElementStorage: @unchecked Sendable {
  // @unchecked: fields are only written through `XMLElementNode`, which first makes the
  // storage unique, so a shared instance is never mutated. For the same reason no two accesses
  // to a field can overlap, so the run-time exclusivity check on every field read (about 5% of a
  // TTML read) is turned off.
  @exclusivity(unchecked) var name: XMLName
  @exclusivity(unchecked) var qualifiedName: String
  @exclusivity(unchecked) var attributes: [XMLAttribute]
  @exclusivity(unchecked) var children: [XMLContent]
  @exclusivity(unchecked) var location: SourceLocation
  @exclusivity(unchecked) var declarations: [XMLElementNode.Declaration]

  init(
    name: XMLName, qualifiedName: String, attributes: [XMLAttribute], children: [XMLContent], location: SourceLocation,
    declarations: [XMLElementNode.Declaration]
  ) {
    self.name = name
    self.qualifiedName = qualifiedName
    self.attributes = attributes
    self.children = children
    self.location = location
    self.declarations = declarations
  }

  func copy() -> XMLElementStorage {
    XMLElementStorage(
      name: name, qualifiedName: qualifiedName, attributes: attributes, children: children, location: location,
      declarations: declarations)
  }
}
