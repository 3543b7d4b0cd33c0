import CaptionCore

/// One attribute of an element, after namespace resolution.
public struct XMLAttribute: Sendable, Hashable {
  /// The expanded name. Unprefixed attributes are in no namespace (Namespaces in XML §6.2).
  public var name: XMLName
  /// The name as written (`tts:color`), for messages and for keeping foreign attributes.
  public var qualifiedName: String
  /// The normalised value (XML 1.0 §3.3.3: references replaced, white space characters as spaces).
  public var value: String
  /// Where the attribute name starts.
  public var location: SourceLocation

  public init(name: XMLName, qualifiedName: String, value: String, location: SourceLocation) {
    self.name = name
    self.qualifiedName = qualifiedName
    self.value = value
    self.location = location
  }
}
