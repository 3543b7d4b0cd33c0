/// A style that cue text refers to by name: a TTML `<style xml:id>` or a WebVTT `::cue(.class)`
/// rule.
public struct NamedStyle: Sendable, Hashable {
  /// The name: a TTML `xml:id`, or the class name of a WebVTT `::cue(.name)` rule.
  public var id: String
  /// Other named styles this one is based on, in order (TTML `style="a b"` chains). Their
  /// properties apply first; this style's own properties override them.
  public var basedOn: [String]
  /// The style's own properties.
  public var style: TextStyle
  /// Where the style was defined, if it was read from a file.
  public var source: SourceLocation?

  public init(id: String, basedOn: [String] = [], style: TextStyle, source: SourceLocation? = nil) {
    self.id = id
    self.basedOn = basedOn
    self.style = style
    self.source = source
  }

  public static func == (a: NamedStyle, b: NamedStyle) -> Bool {
    a.id == b.id && a.basedOn == b.basedOn && a.style == b.style
  }

  public func hash(into h: inout Hasher) {
    h.combine(id)
    h.combine(style)
  }
}
