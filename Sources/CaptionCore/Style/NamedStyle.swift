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
  /// Where the declaration that won the cascade set each field that decides legibility, keyed
  /// by `TextStyle` field name (`legibilityFields`), when the reader knows (WebVTT `STYLE`
  /// blocks, where several rules, `!important` ones first, make one style); else empty.
  public var propertySources: [String: SourceLocation]

  public init(
    id: String, basedOn: [String] = [], style: TextStyle, source: SourceLocation? = nil,
    propertySources: [String: SourceLocation] = [:]
  ) {
    self.id = id
    self.basedOn = basedOn
    self.style = style
    self.source = source
    self.propertySources = propertySources
  }

  /// The `TextStyle` fields that decide legibility, in the order a finding prefers them.
  public static let legibilityFields = ["color", "backgroundColor", "opacity", "textShadow", "textOutline"]

  /// The `legibilityFields` that `style` sets.
  public static func legibilityFields(setIn style: TextStyle) -> [String] {
    let set = [
      style.color != nil, style.backgroundColor != nil, style.opacity != nil, style.textShadow != nil, style.textOutline != nil,
    ]
    return zip(legibilityFields, set).filter(\.1).map(\.0)
  }

  /// Where a legibility finding about this style belongs: the declaration of its text colour,
  /// else of its background, opacity, shadow or outline (`propertySources`); else `source`.
  public var legibilitySource: SourceLocation? {
    Self.legibilityFields(setIn: style).first.flatMap { propertySources[$0] } ?? source
  }

  public static func == (a: NamedStyle, b: NamedStyle) -> Bool {
    a.id == b.id && a.basedOn == b.basedOn && a.style == b.style
  }

  public func hash(into h: inout Hasher) {
    h.combine(id)
    h.combine(style)
  }
}
