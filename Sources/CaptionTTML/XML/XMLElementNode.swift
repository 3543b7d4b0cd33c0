import CaptionCore

/// An element of a parsed XML document: expanded name, attributes in source order, the
/// in-scope namespace declarations it made, and its children.
public struct XMLElementNode: Sendable, Hashable {
  /// The expanded element name.
  public var name: XMLName
  /// The name as written (`tt:p`).
  public var qualifiedName: String
  /// Attributes other than namespace declarations, in source order.
  public var attributes: [XMLAttribute]
  /// Namespace declarations made on this element: prefix (empty for the default) → URI.
  public var namespaceDeclarations: [(prefix: String, uri: String)] {
    get { declarations.map { ($0.prefix, $0.uri) } }
    set { declarations = newValue.map { Declaration($0.prefix, $0.uri) } }
  }
  /// Children in document order.
  public var children: [XMLContent]
  /// Where the start tag's `<` is.
  public var location: SourceLocation

  struct Declaration: Sendable, Hashable {
    var prefix: String
    var uri: String
    init(_ p: String, _ u: String) {
      prefix = p
      uri = u
    }
  }
  var declarations: [Declaration] = []

  public init(name: XMLName, qualifiedName: String, attributes: [XMLAttribute] = [], children: [XMLContent] = [], location: SourceLocation) {
    self.name = name
    self.qualifiedName = qualifiedName
    self.attributes = attributes
    self.children = children
    self.location = location
  }

  /// The value of the attribute with this expanded name, if present.
  public func attribute(_ namespace: String, _ local: String) -> String? {
    for a in attributes where a.name.local == local && a.name.namespace == namespace { return a.value }
    return nil
  }

  /// The attribute with this expanded name, if present.
  public func attributeNode(_ namespace: String, _ local: String) -> XMLAttribute? {
    for a in attributes where a.name.local == local && a.name.namespace == namespace { return a }
    return nil
  }

  /// Child elements, in order.
  public var elements: [XMLElementNode] {
    children.compactMap { if case .element(let e) = $0 { e } else { nil } }
  }

  /// All character data of this element and its descendants, concatenated.
  public var textContent: String {
    var s = ""
    for c in children {
      switch c {
      case .text(let t, _): s += t
      case .element(let e): s += e.textContent
      }
    }
    return s
  }
}
