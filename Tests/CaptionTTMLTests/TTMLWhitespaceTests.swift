/// TTML white space handling: the shortcut for content that is already normal.
import CaptionCore
import CaptionTestSupport
@testable import CaptionTTML
import Testing

@Suite struct TTMLWhitespaceTests {
  /// Random content of spaces, tabs, line feeds, words, line breaks, timestamps and nested
  /// spans (some with a mode marker): the shortcut must give what the three passes give.
  @Test func shortcutEqualsThePasses() {
    var rng = SplitMix64(seed: 11)
    let texts = ["a", "a b", " a", "a ", "a  b", "a\tb", "\n", " ", "", "é b", "a\nb"]
    func nodes(_ depth: Int) -> [CueNode] {
      (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5: return .text(texts[Int.random(in: 0..<texts.count, using: &rng)])
        case 5, 6: return .lineBreak
        case 7: return .timestamp(CaptionTime(milliseconds: 1_000))
        default:
          guard depth < 3 else { return .text("x") }
          var e = CueElement(.span, children: nodes(depth + 1))
          if Int.random(in: 0..<6, using: &rng) == 0 { e.classes = [TTMLWhitespace.preserveMarker] }
          return .element(e)
        }
      }
    }
    var shortcuts = 0
    for _ in 0..<20_000 {
      let content = nodes(0)
      let passes = TTMLWhitespace.normaliseByPasses(content, preserve: false)
      #expect(TTMLWhitespace.normalise(content, preserve: false) == passes, "\(content)")
      if TTMLWhitespace.isNormal(content) {
        shortcuts += 1
        #expect(passes == content, "\(content)")
      }
    }
    // The shortcut is taken, not only refused.
    #expect(shortcuts > 1_000)
  }

  @Test func whatTheShortcutRefuses() {
    let span = { (c: [CueNode]) in CueNode.element(CueElement(.span, children: c)) }
    #expect(TTMLWhitespace.isNormal([.text("a b"), .lineBreak, span([.text("c")])]))
    // A space before a line break, inside a span.
    #expect(!TTMLWhitespace.isNormal([span([.text("a ")]), .lineBreak, .text("b")]))
    // A space at the end, and a line starting with one.
    #expect(!TTMLWhitespace.isNormal([.text("a"), span([.text("b ")])]))
    #expect(!TTMLWhitespace.isNormal([.text("a"), .lineBreak, .text(" b")]))
    // Two texts side by side, an empty text, an empty span.
    #expect(!TTMLWhitespace.isNormal([.text("a"), .text("b")]))
    #expect(!TTMLWhitespace.isNormal([.text("a"), .text("")]))
    #expect(!TTMLWhitespace.isNormal([.text("a"), span([])]))
    // A space after a space across a span boundary.
    #expect(!TTMLWhitespace.isNormal([.text("a "), span([.text(" b")])]))
  }
}
