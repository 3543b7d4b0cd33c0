import CaptionCore
import Testing

@testable import CaptionFormats

/// The CSS that `WebVTTStyleSheetParser` reads in `STYLE` blocks, value by value.
@Suite struct WebVTTStyleSheetParserTests {
  /// CSS Syntax 3 §5.4.6: `!`, optional white space, then `important` in any case, at the end.
  @Test(arguments: [
    ("unimportant", "unimportant", false), ("red!important", "red", true), ("red ! IMPORTANT", "red", true),
    ("red!", "red!", false), ("a important", "a important", false),
  ])
  func importanceSuffix(_ value: String, _ stripped: String, _ important: Bool) {
    let (v, i) = WebVTTStyleSheetParser.importance(value)
    #expect(v == stripped)
    #expect(i == important)
  }

  /// Important and normal declarations of one rule are kept apart, each with its offset.
  @Test func ruleKeepsImportanceApart() {
    let (rules, issues) = WebVTTStyleSheetParser.parse(Array("::cue(.a){color:red!important;color:blue;opacity:0.5}".utf8))
    #expect(issues.isEmpty)
    #expect(rules.count == 1)
    #expect(rules[0].important.style.color == Color(red: 255, green: 0, blue: 0))
    #expect(rules[0].important.offsets == ["color": 10])
    #expect(rules[0].normal.style.color == Color(red: 0, green: 0, blue: 255))
    #expect(rules[0].normal.offsets == ["color": 30, "opacity": 41])
    #expect(rules[0].style.color == Color(red: 255, green: 0, blue: 0))
  }
}
