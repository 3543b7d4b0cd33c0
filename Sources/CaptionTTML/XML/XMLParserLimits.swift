/// Bounds the XML parser applies on top of `ReadLimits`, so that no input can make it use
/// unbounded memory or time.
public struct XMLParserLimits: Sendable, Hashable {
  /// Deepest element nesting kept; deeper elements are flattened into their ancestor.
  public var maxDepth: Int
  /// Longest attribute value kept, in UTF-8 bytes; longer values are cut and reported.
  public var maxAttributeValueLength: Int
  /// Most bytes that entity references may expand to in one document (the "billion laughs"
  /// defence); past it, references are reported and not expanded.
  public var maxEntityExpansion: Int
  /// Deepest nesting of entity references inside entity values.
  public var maxEntityDepth: Int

  public init(maxDepth: Int = 256, maxAttributeValueLength: Int = 1 << 20, maxEntityExpansion: Int = 1 << 20, maxEntityDepth: Int = 8) {
    self.maxDepth = maxDepth
    self.maxAttributeValueLength = maxAttributeValueLength
    self.maxEntityExpansion = maxEntityExpansion
    self.maxEntityDepth = maxEntityDepth
  }
}
