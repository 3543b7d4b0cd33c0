import CaptionCore

/// An element of a parsed XML document: expanded name, attributes in source order, the
/// in-scope namespace declarations it made, and its children.
public struct XMLElementNode: Sendable, Hashable {
  /// The fields, shared between copies until one is written (see `XMLElementStorage`).
  private var storage: XMLElementStorage

  /// `storage`, copied first when another node shares it.
  private var uniqueStorage: XMLElementStorage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      return storage
    }
  }

  /// The expanded element name.
  public var name: XMLName {
    get { storage.name }
    _modify { yield &uniqueStorage.name }
  }
  /// The name as written (`tt:p`).
  public var qualifiedName: String {
    get { storage.qualifiedName }
    _modify { yield &uniqueStorage.qualifiedName }
  }
  /// Attributes other than namespace declarations, in source order.
  public var attributes: [XMLAttribute] {
    get { storage.attributes }
    _modify { yield &uniqueStorage.attributes }
  }
  /// Namespace declarations made on this element: prefix (empty for the default) → URI.
  public var namespaceDeclarations: [(prefix: String, uri: String)] {
    get { declarations.map { ($0.prefix, $0.uri) } }
    set { declarations = newValue.map { Declaration($0.prefix, $0.uri) } }
  }
  /// Children in document order.
  public var children: [XMLContent] {
    get { storage.children }
    _modify { yield &uniqueStorage.children }
  }
  /// Where the start tag's `<` is.
  public var location: SourceLocation {
    get { storage.location }
    _modify { yield &uniqueStorage.location }
  }

  struct Declaration: Sendable, Hashable {
    var prefix: String
    var uri: String
    init(_ p: String, _ u: String) {
      prefix = p
      uri = u
    }
  }
  var declarations: [Declaration] {
    get { storage.declarations }
    _modify { yield &uniqueStorage.declarations }
  }

  public init(name: XMLName, qualifiedName: String, attributes: [XMLAttribute] = [], children: [XMLContent] = [], location: SourceLocation) {
    storage = XMLElementStorage(
      name: name, qualifiedName: qualifiedName, attributes: attributes, children: children, location: location, declarations: [])
  }

  // Equality and hashing over the fields, as the synthesised conformance did.
  public static func == (lhs: XMLElementNode, rhs: XMLElementNode) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.name == rhs.name && lhs.qualifiedName == rhs.qualifiedName && lhs.attributes == rhs.attributes
      && lhs.children == rhs.children && lhs.location == rhs.location && lhs.declarations == rhs.declarations
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(qualifiedName)
    hasher.combine(attributes)
    hasher.combine(children)
    hasher.combine(location)
    hasher.combine(declarations)
  }

  /// The value of the attribute with this expanded name, if present.
  /// (Through the buffer: a `for a in attributes` loop copied each attribute, four strings to
  /// retain and release, to compare its name.)
  public func attribute(_ namespace: String, _ local: String) -> String? {
    storage.attributes.withUnsafeBufferPointer { attributes in
      for k in attributes.indices where attributes[k].name.matches(namespace, local) { return attributes[k].value }
      return nil
    }
  }

  /// The attribute with this expanded name, if present.
  public func attributeNode(_ namespace: String, _ local: String) -> XMLAttribute? {
    storage.attributes.withUnsafeBufferPointer { attributes in
      for k in attributes.indices where attributes[k].name.matches(namespace, local) { return attributes[k] }
      return nil
    }
  }

  /// Calls `body` with the attributes in place: a `for` loop over `attributes` copies each one.
  func withAttributes<R>(_ body: (UnsafeBufferPointer<XMLAttribute>) throws -> R) rethrows -> R {
    try storage.attributes.withUnsafeBufferPointer(body)
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
