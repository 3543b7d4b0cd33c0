import CaptionTestSupport
import Testing

@testable import CaptionCore
@testable import CaptionFormats

/// Cues whose only markup is simple `<i>`, `<b>` and `<u>` tags are held as written
/// (`CueTextStorage.simpleTags`) and their tree is built when asked. That tree must be the one
/// the SRT and WebVTT cue text parsers build, with no diagnostic, for every text the readers'
/// simple-tag check lets through.
@Suite struct SimpleTagStorageTests {
  static let source = SourceLocation(line: 1, column: 1, offset: 0)

  /// The tree held text gives (`SimpleTagText`).
  static func heldTree(_ text: String) -> [CueNode] {
    Cue(id: "", start: .zero, end: .zero, simpleTagText: text, source: source).content
  }

  /// The SRT parser's tree, diagnostics and `{\anN}` anchor for `text` (lines joined with `\n`).
  static func subRipParse(_ text: String) -> (content: [CueNode], diagnostics: [Diagnostic], anchor: Int?) {
    SubRipTextParser.parse(text)
  }

  /// The WebVTT parser's tree and issues for `text`.
  static func webVTTParse(_ text: String) -> (content: [CueNode], issues: Int) {
    var ctx = WebVTTCueTextParser.Context(mode: .model, maxDepth: ReadLimits().maxNestingDepth)
    let bytes = Array(text.utf8)
    let content = bytes.withUnsafeBufferPointer { WebVTTCueTextParser.parse($0, start: 0, end: $0.count, context: &ctx) }
    return (content, ctx.issues.count)
  }

  static func isSimple(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer {
      VerbatimCue.hasOnlySimpleTags($0, CollectionOfOne(0..<$0.count), maxDepth: ReadLimits().maxNestingDepth, maxElements: ReadLimits().maxCueElements)
    }
  }

  @Test func heldTreeIsTheNestedElements() {
    #expect(
      Self.heldTree("a<i>b<b>c</b></i>\n<u>d\ne</u>é")
        == [
          .text("a"), .element(CueElement(.italic, children: [.text("b"), .element(CueElement(.bold, children: [.text("c")]))])),
          .lineBreak, .element(CueElement(.underline, children: [.text("d"), .lineBreak, .text("e")])), .text("é"),
        ])
    // Text the check would refuse still gives a tree: stray `<` is text, a closing tag that
    // closes nothing is dropped, an open element closes at the end.
    #expect(Self.heldTree("x < y</b><i>z") == [.text("x < y"), .element(CueElement(.italic, children: [.text("z")]))])
  }

  /// Every text of tags, letters, spaces, line breaks and non-ASCII characters (up to six
  /// pieces, drawn at random with a fixed seed) that passes the check gives the parsers' tree
  /// and no diagnostic.
  @Test func heldTreeIsWhatBothParsersBuild() {
    let pieces = ["<i>", "</i>", "<b>", "</b>", "<u>", "</u>", "a", "word", " ", "\n", "é", "字😀", "<i>x</i>"]
    var rng = SplitMix64(seed: 7)
    var checked = 0
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<(1 + Int(rng.next() % 6)) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
      // The readers never hold an empty line or text that starts or ends with a line break.
      guard Self.isSimple(text), !text.contains("\n\n"), !text.hasPrefix("\n"), !text.hasSuffix("\n") else { continue }
      checked += 1
      let held = Self.heldTree(text)
      let srt = Self.subRipParse(text)
      #expect(srt.content == held, "SRT: \(text.debugDescription)")
      #expect(srt.diagnostics.isEmpty && srt.anchor == nil, "SRT: \(text.debugDescription)")
      let vtt = Self.webVTTParse(text)
      #expect(vtt.content == held, "WebVTT: \(text.debugDescription)")
      #expect(vtt.issues == 0, "WebVTT: \(text.debugDescription)")
      #expect(Cue(id: "", start: .zero, end: .zero, simpleTagText: text, source: Self.source).plainText == held.plainText)
    }
    #expect(checked > 2_000)
  }

  /// What the readers give for such cues: the tree, the source text as written, the plain text.
  @Test func readersHoldSimpleTagCuesAsWritten() throws {
    let srt = try SubRipFormat().read(Array("1\n00:00:01,000 --> 00:00:02,000\n<i>one</i>\n<b>two</b> é\n".utf8), options: ReadOptions())
    let vtt = try WebVTTFormat().read(Array("WEBVTT\n\n00:01.000 --> 00:02.000\n<i>one</i>\n<b>two</b> é\n".utf8), options: ReadOptions())
    for result in [srt, vtt] {
      #expect(result.diagnostics.isEmpty)
      let cue = try #require(result.document.cues.first)
      #expect(cue.textStorage == .simpleTags("<i>one</i>\n<b>two</b> é"))
      #expect(cue.content == [.element(CueElement(.italic, children: [.text("one")])), .lineBreak, .element(CueElement(.bold, children: [.text("two")])), .text(" é")])
      #expect(cue.sourceText == "<i>one</i>\n<b>two</b> é")
      #expect(cue.markupSourceText == "<i>one</i>\n<b>two</b> é")
      #expect(cue.plainText == "one\ntwo é")
      #expect(cue.plainTextWithoutRuby == "one\ntwo é")
    }
    // A cue whose tags the check refuses is parsed, as before.
    let odd = try SubRipFormat().read(Array("1\n00:00:01,000 --> 00:00:02,000\n<i>one</I>\n".utf8), options: ReadOptions())
    #expect(odd.document.cues.first?.textStorage == .nodes(odd.document.cues[0].content))
  }

  /// The source text stays what was read when the content changes, and equality looks at the tree.
  @Test func editingKeepsTheSourceText() {
    let text = "<i>a</i> b"
    var cue = Cue(id: "1", start: .zero, end: .zero, simpleTagText: text, source: Self.source)
    let asNodes = Cue(id: "1", start: .zero, end: .zero, content: cue.content, source: Self.source, sourceText: text)
    #expect(cue == asNodes && asNodes == cue)
    #expect(cue != Cue(id: "1", start: .zero, end: .zero, simpleTagText: "<b>a</b> b", source: Self.source))
    cue.content.append(.text("!"))
    #expect(cue.sourceText == text)
    #expect(cue.plainText == "a b!")
    var cleared = Cue(id: "1", start: .zero, end: .zero, simpleTagText: text, source: Self.source)
    cleared.sourceText = nil
    #expect(cleared.sourceText == nil)
    #expect(cleared.content == asNodes.content)
  }
}
