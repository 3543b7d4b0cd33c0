import CaptionFormats
import Testing

@testable import CaptionCore

/// The SRT and WebVTT readers hold a plain cue's text as one string (`CueTextStorage.plain`),
/// whatever the line ends, and its nodes are the runs and breaks of the text as written.
@Suite struct PlainCueTextTests {
  static let endings = ["\n", "\r\n", "\r"]
  let expected: [[CueNode]] = [
    [.text("One line, é 字 😀")],
    [.text("First line"), .lineBreak, .text("second line")],
    [.text("a"), .lineBreak, .text("  "), .lineBreak, .text("c")],
  ]

  static func isPlain(_ cue: Cue) -> Bool {
    if case .plain = cue.textStorage { true } else { false }
  }

  @Test(arguments: endings) func subRipPlainCuesAreOneString(_ nl: String) throws {
    let text = [
      "1", "00:00:01,000 --> 00:00:02,000", "One line, é 字 😀", "",
      "2", "00:00:03,000 --> 00:00:04,000", "First line", "second line", "",
      "3", "00:00:05,000 --> 00:00:06,000", "a", "  ", "c", "",
    ].joined(separator: nl)
    let cues = try SubRipFormat().read(Array(text.utf8), options: ReadOptions()).document.cues
    // In SRT a line of spaces is a blank line, and the text after it joins the cue: the lines
    // are not next to each other in the input, so they are joined even with LF line ends.
    #expect(cues.map(\.content) == expected.prefix(2) + [[.text("a"), .lineBreak, .text("c")]])
    #expect(cues.allSatisfy(Self.isPlain))
    #expect(cues.map(\.sourceText) == ["One line, é 字 😀", "First line\nsecond line", "a\nc"])
    #expect(cues.map(\.id) == ["1", "2", "3"])
  }

  @Test(arguments: endings) func webVTTPlainCuesAreOneString(_ nl: String) throws {
    let text = [
      "WEBVTT", "",
      "00:00:01.000 --> 00:00:02.000", "One line, é 字 😀", "",
      "two", "00:00:03.000 --> 00:00:04.000 align:start", "First line", "second line", "",
      "00:00:05.000 --> 00:00:06.000", "a", "  ", "c", "",
    ].joined(separator: nl)
    let cues = try WebVTTFormat().read(Array(text.utf8), options: ReadOptions()).document.cues
    #expect(cues.map(\.content) == expected)
    #expect(cues.allSatisfy(Self.isPlain))
    #expect(cues.map(\.sourceText) == ["One line, é 字 😀", "First line\nsecond line", "a\n  \nc"])
    #expect(cues[1].id == "two")
    #expect(cues[1].settings.align == .start)
  }

  /// A NUL becomes U+FFFD (WebVTT §6.1) on the joined path too, and markup still builds nodes.
  @Test func webVTTNulAndMarkup() throws {
    let text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na\u{0}b\nc\n\n00:00:03.000 --> 00:00:04.000\n<i>x</i>\ny\n"
    let cues = try WebVTTFormat().read(Array(text.utf8), options: ReadOptions()).document.cues
    #expect(cues[0].content == [.text("a\u{FFFD}b"), .lineBreak, .text("c")])
    #expect(Self.isPlain(cues[0]))
    #expect(cues[1].content == [.element(CueElement(.italic, children: [.text("x")])), .lineBreak, .text("y")])
    #expect(!Self.isPlain(cues[1]))
    #expect(cues[1].sourceText == "<i>x</i>\ny")
  }
}
