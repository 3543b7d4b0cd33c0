import CaptionCore

/// A child of an element: another element or a run of character data.
public enum XMLContent: Sendable, Hashable {
  /// A child element.
  case element(XMLElementNode)
  /// Character data (text and CDATA sections, references resolved) and where it starts.
  case text(String, SourceLocation)
}
