import Testing

@testable import CaptionCore

/// `TextStyle.isEmpty` checks each property in turn (readers ask it of every cue); it must
/// answer as `== TextStyle()` does, for every property, `other` included.
@Suite struct TextStyleIsEmptyTests {
  @Test func eachPropertyOnItsOwnMakesTheStyleNonEmpty() {
    let length = Length(1, .em)
    let setters: [(String, (inout TextStyle) -> Void)] = [
      ("color", { $0.color = Color(named: "red") }),
      ("backgroundColor", { $0.backgroundColor = Color(named: "black") }),
      ("fontFamily", { $0.fontFamily = ["serif"] }),
      ("fontSize", { $0.fontSize = length }),
      ("fontSizeVertical", { $0.fontSizeVertical = length }),
      ("fontStyle", { $0.fontStyle = .italic }),
      ("fontWeight", { $0.fontWeight = .bold }),
      ("textDecoration", { $0.textDecoration = .underline }),
      ("textOutline", { $0.textOutline = TextStyle.TextOutline(color: nil, thickness: length) }),
      ("textShadow", { $0.textShadow = [TextStyle.TextShadow(offsetX: length, offsetY: length)] }),
      ("textAlign", { $0.textAlign = .center }),
      ("displayAlign", { $0.displayAlign = .after }),
      ("lineHeight", { $0.lineHeight = length }),
      ("opacity", { $0.opacity = 0.5 }),
      ("visible", { $0.visible = false }),
      ("displayed", { $0.displayed = false }),
      ("writingMode", { $0.writingMode = .tbrl }),
      ("direction", { $0.direction = .rtl }),
      ("forcedDisplay", { $0.forcedDisplay = true }),
      ("linePadding", { $0.linePadding = length }),
      ("multiRowAlign", { $0.multiRowAlign = "center" }),
      ("other", { $0.other["tts:fontVariant"] = "super" }),
    ]
    #expect(TextStyle().isEmpty)
    for (name, set) in setters {
      var s = TextStyle()
      set(&s)
      #expect(!s.isEmpty, "\(name)")
      #expect(s != TextStyle(), "\(name)")
    }
    // Every stored property is in the list above: a new one must be added there and to
    // `isEmpty`.
    #expect(Mirror(reflecting: TextStyle()).children.count == setters.count)
  }
}
