/// Bounds `XMLTreeParser` applies on top of libxml2's own limits (256 levels of elements,
/// 10,000,000 bytes per text node or attribute value, entity amplification checks) and of
/// `ReadLimits`, so that no input can make it use unbounded memory or time.
public struct XMLParserLimits: Sendable, Hashable {
  /// Deepest element nesting kept; deeper elements are flattened into their ancestor.
  /// libxml2 stops reading at 256 levels whatever this says.
  public var maxDepth: Int
  /// Longest attribute value kept, in UTF-8 bytes; longer values are cut and reported.
  public var maxAttributeValueLength: Int
  /// Most bytes that entity references may add to one document (the "billion laughs"
  /// defence, on top of libxml2's amplification check); past it, reading stops with an error.
  public var maxEntityExpansion: Int
  /// Deepest nesting of entity references inside entity values. Kept for source
  /// compatibility: libxml2 applies its own bound (40 levels) and this value is not used.
  public var maxEntityDepth: Int
  /// Most elements kept; past it, reading stops with `ttml.xml.too-many-elements` (an error)
  /// and the tree holds what was read. Bounds the tree's memory for inputs made of tiny
  /// elements. Default 4,000,000.
  public var maxElements: Int
  /// Most attributes on one element. An element with more stops reading there with
  /// `ttml.xml.too-many-attributes` (an error): libxml2's duplicate-attribute check is
  /// quadratic in this number. Default 1,000 (real TTML and MPD elements have a few dozen).
  public var maxAttributesPerElement: Int
  /// The limits a caller can raise, for `flags`.
  public enum Limit: Sendable, Hashable { case depth, attributeValueLength, entityExpansion, elements, attributesPerElement }
  /// The command-line flag that raises each limit, named in its diagnostic (`raise it with
  /// --max-xml-elements`). Empty by default: library callers get the message without one.
  public var flags: [Limit: String] = [:]

  /// " (raise it with FLAG)" for a limit that has a flag, else "".
  func raiseHint(_ limit: Limit) -> String {
    flags[limit].map { " (raise it with \($0))" } ?? ""
  }

  public init(
    maxDepth: Int = 256, maxAttributeValueLength: Int = 1 << 20, maxEntityExpansion: Int = 1 << 20, maxEntityDepth: Int = 8,
    maxElements: Int = 4_000_000, maxAttributesPerElement: Int = 1_000
  ) {
    self.maxAttributesPerElement = maxAttributesPerElement
    self.maxDepth = maxDepth
    self.maxAttributeValueLength = maxAttributeValueLength
    self.maxEntityExpansion = maxEntityExpansion
    self.maxEntityDepth = maxEntityDepth
    self.maxElements = maxElements
  }
}
