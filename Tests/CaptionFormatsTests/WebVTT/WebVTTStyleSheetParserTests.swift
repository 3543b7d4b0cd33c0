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

  /// CSS tokenizes code points: a quote with a combining mark after it (one Character) still
  /// opens a string, so the `;` inside it does not end the declaration.
  @Test func quotesWithCombiningMarksStillOpenStrings() {
    let (rules, _) = WebVTTStyleSheetParser.parse(Array("::cue{font-family:\"\u{301}a;color:red\"}".utf8))
    #expect(rules.count == 1)
    #expect(rules[0].style.color == nil)
    #expect(WebVTTStyleSheetParser.splitTopLevel("'\u{301};';b", on: ";") == ["'\u{301};'", "b"])
  }

  /// An escaped quote does not end a string (CSS Syntax §4.3.5) and a comment is consumed whole
  /// (§4.3.2): neither lets a ';' inside it end the declaration. Comments become spaces of the
  /// same length, so declaration offsets still point into the source.
  @Test func escapesAndCommentsDoNotSplitDeclarations() {
    let (rules, _) = WebVTTStyleSheetParser.parse(Array(#"::cue(.a){font-family:"a\";color:red;x"}::cue(.b){font-family:"q";/* ;color:lime; */}::cue(.c){color:/**/blue;opacity:/*/ x */0.5}"#.utf8))
    #expect(rules.count == 3)
    #expect(rules[0].style.color == nil)
    #expect(rules[1].style.color == nil)
    #expect(rules[2].style.color == Color(red: 0, green: 0, blue: 255))
    #expect(rules[2].style.opacity == 0.5)
    #expect(WebVTTStyleSheetParser.splitTopLevel("a/*é;*/b;c", on: ";") == ["a       b", "c"])
    #expect(WebVTTStyleSheetParser.splitTopLevel(#"a\;b;c"#, on: ";") == [#"a\;b"#, "c"])
    // An escaped "/" followed by "*" opens no comment.
    #expect(WebVTTStyleSheetParser.splitTopLevel(#"x\/*;color:red"#, on: ";") == [#"x\/*"#, "color:red"])
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
    // Numbers whose value in degrees or channel units is infinite (NaN once taken modulo 360,
    // which `min` / `max` turned into an arbitrary colour), as `1e999` is.
    "hsl(1e308turn 50% 50%)", "hsla(1e308rad, 100%, 50%, 1e308)", "hwb(1e308turn 0% 0%)", "hsl(2e308grad 50% 50%)",
    "hsl(1e999 50% 50%)", "rgb(1e308%, 0%, 0%)", "rgb(0 7e306% 0)",
    // `Double(_:)` reads these; CSS does not.
    "rgb(nan, 0, 0)", "rgb(inf 0 0)", "rgb(0 0 0 / nan)", "rgb(0x10, 0, 0)", "rgba(0, 0, 0, 0x1p-1)", "rgb(0, 0, -infinity%)",
  ])
  func notHueColours(_ css: String) {
    #expect(WebVTTStyleSheetParser.parseColor(css) == nil)
  }

  /// Large but finite values still clamp, as CSS clamps them.
  @Test(arguments: [
    ("hsl(1e300deg 50% 50%)", nil), ("hsl(0 1e308% 50%)", "#ff0000"), ("hsla(0, 100%, 50%, 1e308)", "#ff0000"),
    ("hsl(0 100% 50% / 1e308%)", "#ff0000"), ("rgb(1e300, -1e300, 0)", "#ff0000"), ("rgba(0, 0, 255, 1e308)", "#0000ff"), ("rgba(0, 0, 255, 1e308%)", "#0000ff"),
    ("rgb(100%, 0%, 0%, 50%)", "#ff000080"),
  ] as [(String, String?)])
  func largeFiniteValuesClamp(_ css: String, _ hex: String?) {
    if let hex {
      #expect(WebVTTStyleSheetParser.parseColor(css)?.hex == hex)
    } else {
      #expect(WebVTTStyleSheetParser.parseColor(css) != nil)
    }
  }

  /// `opacity` and lengths read CSS numbers only: `nan` was opacity 0, `0x1p-1` 0.5, `0x10px` 16 px.
  @Test func opacityAndLengthsReadCSSNumbersOnly() {
    let (rules, issues) = WebVTTStyleSheetParser.parse(Array("::cue(.a){opacity:nan;opacity:0x1p-1;text-shadow:0x10px 1px;opacity:1e308%}".utf8))
    #expect(issues.map(\.code) == ["webvtt.style.invalid-value", "webvtt.style.invalid-value", "webvtt.style.invalid-value"])
    #expect(rules[0].style.opacity == 1)
    #expect(rules[0].style.textShadow == nil)
    #expect(rules[0].style.other["text-shadow"] == "0x10px 1px")
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

  /// More than `TextStyle.maxTextShadows` shadows are not read (each cue's legibility check
  /// went through all of them): kept as written, reported.
  @Test func longShadowListsAreNotRead() {
    let list = { (n: Int) in Array(repeating: "1px 1px red", count: n).joined(separator: ",") }
    let (rules, issues) = WebVTTStyleSheetParser.parse(Array("::cue{text-shadow:\(list(32))}::cue(.b){text-shadow:\(list(33))}".utf8))
    #expect(rules[0].style.textShadow?.count == 32)
    #expect(rules[1].style.textShadow == nil)
    #expect(rules[1].style.other["text-shadow"] == list(33))
    #expect(issues.map(\.code) == ["webvtt.style.invalid-value"])
  }

  /// A selector list copies the rule's declarations into a named style for each selector: the
  /// copies are bounded per style sheet.
  @Test func selectorListCopiesAreBounded() {
    let selectors = (0..<100).map { "::cue(.c\($0))" }.joined(separator: ",")
    let css = selectors + "{font-family:" + String(repeating: "f", count: 20_000) + "}::cue(.d){color:red}"
    let (rules, issues) = WebVTTStyleSheetParser.parse(Array(css.utf8))
    // 1 MiB / 20,014 bytes = 52 copies, and the first selector is not a copy.
    #expect(rules.map(\.id) == (0..<53).map { "c\($0)" } + ["d"])
    #expect(issues.map(\.code) == ["webvtt.style.rule-too-large"])
    #expect(issues.first?.message.hasSuffix("only the first 53 are read") == true)
  }
}
