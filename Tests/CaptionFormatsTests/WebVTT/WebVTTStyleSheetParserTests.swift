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

  /// `hsl()` / `hsla()` / `hwb()` (CSS Color 4 §7, §8) as 8-bit sRGB, channels rounded halves up.
  @Test(arguments: [
    ("hsl(0,0%,50%)", "#808080"), ("hsl(0, 0%, 50%)", "#808080"), ("hsla(0,0%,50%,1)", "#808080"),
    ("hsl(120 100% 25% / 0.5)", "#00800080"), ("hsl(120 100% 25% / 50%)", "#00800080"), ("hsla(240, 100%, 50%, 0.25)", "#0000ff40"),
    ("hsl(30 50 60)", "#cc9966"), ("hsl(30deg 50% 60%)", "#cc9966"), ("hsl(0.5turn 100% 50%)", "#00ffff"),
    ("hsl(200grad 100% 50%)", "#00ffff"), ("hsl(3.141592653589793rad 100% 50%)", "#00ffff"), ("hsl(-120deg, 100%, 50%)", "#0000ff"),
    ("hsl(480 100% 50%)", "#00ff00"), ("hsl(0 150% 50%)", "#ff0000"), ("hsl(0 100% -10%)", "#000000"), ("hsl(none 0% 50%)", "#808080"),
    ("hsl(0 0% 30% / 2)", "#4d4d4d"), ("hsl( 60 , 100% , 50% )", "#ffff00"), ("hwb(0 0% 0%)", "#ff0000"), ("hwb(120 20% 30%)", "#33b333"),
    ("hwb(0 60% 60%)", "#808080"), ("hwb(240deg 0% 0% / 0)", "#0000ff00"),
  ])
  func hueColours(_ css: String, _ hex: String) {
    #expect(WebVTTStyleSheetParser.parseColor(css)?.hex == hex)
  }

  /// Mixed or wrong syntax is not a colour: the caller keeps it as written and says so.
  @Test(arguments: [
    "hsl(0, 0, 50%)", "hsl(0 0% 50%, 1)", "hwb(0, 0%, 0%)", "hsl(none, 0%, 50%)", "hsl(0 0% 50% / )", "hsl(0 0% 50% / 1 / 1)",
    "hsl(calc(10deg) 0% 50%)", "hsl(0x10 0% 50%)", "hsl(nan 0% 50%)", "hsl(0 0%)", "hsl(0 0% 50% 1)", "hsl(10px 0% 50%)", "hsx(0 0% 50%)",
  ])
  func notHueColours(_ css: String) {
    #expect(WebVTTStyleSheetParser.parseColor(css) == nil)
  }

  /// Hue colours in every property that takes a colour, read without `webvtt.style.invalid-value`.
  @Test func hueColoursInDeclarations() throws {
    let css = "::cue(.a){color:HSL(0,0%,50%);background:hsl(0 0% 0% / 0.5);text-shadow:1px 1px hwb(0 0% 100%)}"
    let (rules, issues) = WebVTTStyleSheetParser.parse(Array(css.utf8))
    #expect(issues.isEmpty)
    let s = rules[0].style
    #expect(s.color?.hex == "#808080")
    #expect(s.backgroundColor?.hex == "#00000080")
    #expect(s.textShadow?.first?.color?.hex == "#000000")
  }
}
