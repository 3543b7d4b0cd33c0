import CaptionCLI
import CaptionKit
import Foundation
import Testing

@Suite struct TranscriptTests {
  func voiced(_ start: Double, _ end: Double, _ name: String?, _ lines: [String]) -> Cue {
    var nodes: [CueNode] = []
    for (i, l) in lines.enumerated() {
      if i > 0 { nodes.append(.lineBreak) }
      nodes.append(.text(l))
    }
    let content: [CueNode] = name.map { [.element(CueElement(.voice(name: $0), children: nodes))] } ?? nodes
    return Cue(start: CaptionTime(milliseconds: Int64(start * 1000)), end: CaptionTime(milliseconds: Int64(end * 1000)), content: content)
  }

  /// Ruby annotations are left out of the reading and the loss is said once; markup nested
  /// past the walk's depth is flattened to its text, not dropped.
  @Test func rubyAndDeepMarkupAreAccountedFor() {
    let ruby: [CueNode] = [.element(CueElement(.ruby, children: [.text("漢字"), .element(CueElement(.rubyText, children: [.text("かんじ")]))]))]
    var deep: [CueNode] = [.text("deep")]
    for _ in 0..<100 { deep = [.element(CueElement(.italic, children: deep))] }
    let d = CaptionDocument(cues: [
      Cue(start: CaptionTime(milliseconds: 0), end: CaptionTime(milliseconds: 1000), content: [.text("a ")] + deep),
      Cue(start: CaptionTime(milliseconds: 1000), end: CaptionTime(milliseconds: 2000), content: ruby),
      Cue(start: CaptionTime(milliseconds: 2000), end: CaptionTime(milliseconds: 3000), content: ruby + [.text("!")]),
    ])
    let out = TranscriptFormat.text.write(d, options: WriteOptions())
    #expect(String(decoding: out.bytes, as: UTF8.self) == "a deep 漢字 漢字!\n")
    #expect(out.diagnostics.map(\.code) == ["transcript.write.layout-dropped", "transcript.write.ruby-dropped"])
    #expect(out.diagnostics.last?.severity == .warning)
    #expect(out.diagnostics.last?.message == "ruby annotations are left out of the transcript (2 cues, first: cue 2); the base text is kept")
  }

  @Test func plainTextGroupsBySpeakerAndPause() {
    var d = CaptionDocument(cues: [
      voiced(1, 3, "Zero", ["Good morning, sir.", "I have the papers."]),
      voiced(3.5, 5, "Zero", ["They arrived today."]),
      voiced(5, 7, "Gustave", ["Splendid."]),
      voiced(7, 8, "Gustave", ["Splendid."]),  // roll-up repeat
      voiced(12, 14, nil, ["[door slams]"]),
      voiced(20, 22, nil, ["- Who's there?", "- Nobody."]),
    ])
    d.metadata.title = "Episode 1"
    let out = TranscriptFormat.text.write(d, options: WriteOptions())
    #expect(String(decoding: out.bytes, as: UTF8.self) == """
      Episode 1

      Zero: Good morning, sir. I have the papers. They arrived today.

      Gustave: Splendid.

      [door slams]

      Who's there?

      Nobody.

      """)
    #expect(out.diagnostics.map(\.code) == ["transcript.write.layout-dropped"])
  }

  @Test func markdownWithTimestampsEscapesPunctuation() {
    let d = CaptionDocument(cues: [voiced(61, 63, "Dr. *X*", ["[music] 5 * 3", "# not a heading"]), voiced(3725, 3727, nil, ["- dash"])])
    let out = TranscriptFormat.markdown.write(d, options: WriteOptions(flavor: "timestamps"))
    #expect(String(decoding: out.bytes, as: UTF8.self) == """
      `0:01:01` **Dr. \\*X\\*:** \\[music\\] 5 \\* 3 # not a heading

      `1:02:05` dash

      """)
  }

  /// A mark followed by a combining accent is one Character but still Markdown punctuation.
  @Test func markdownEscapesPunctuationWithCombiningMarks() {
    let d = CaptionDocument(cues: [voiced(1, 2, nil, ["*\u{301}a*\u{301} [\u{301}b]"])])
    let out = TranscriptFormat.markdown.write(d, options: WriteOptions(flavor: "timestamps"))
    #expect(String(decoding: out.bytes, as: UTF8.self) == "`0:00:01` \\*\u{301}a\\*\u{301} \\[\u{301}b\\]\n")
  }

  /// A tilde fence, a number that starts an ordered list and an entity were rendered as
  /// Markdown (found by rendering the output with a CommonMark renderer).
  @Test func markdownEscapesFencesListNumbersAndEntities() {
    let d = CaptionDocument(cues: [voiced(1, 2, nil, ["~~~ spoken"]), voiced(5, 6, nil, ["2024. A year &copy;"])])
    let out = TranscriptFormat.markdown.write(d, options: WriteOptions())
    #expect(String(decoding: out.bytes, as: UTF8.self) == "\\~\\~\\~ spoken\n\n2024\\. A year \\&copy;\n")
    var titled = CaptionDocument(cues: [voiced(1, 2, nil, ["Hi"])])
    titled.metadata.title = "Title\n~~~"
    let t = String(decoding: TranscriptFormat.markdown.write(titled, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(t.hasPrefix("# Title \\~\\~\\~\n\nHi"), "\(t)")
  }

  @Test func unknownFlavorIsReported() {
    let doc = CaptionDocument(cues: [voiced(1, 2, nil, ["Hello"])])
    let bad = TranscriptFormat.text.write(doc, options: WriteOptions(flavor: "bogus"))
    #expect(bad.diagnostics.first?.code == "transcript.write.unknown-flavor")
    #expect(bad.bytes == TranscriptFormat.text.write(doc, options: WriteOptions()).bytes)
    #expect(!TranscriptFormat.text.write(doc, options: WriteOptions(flavor: "timestamps")).diagnostics.contains { $0.code == "transcript.write.unknown-flavor" })
  }

  @Test func writeOnlyAndRegistered() {
    #expect(FormatRegistry.format(named: "txt")?.id == "transcript")
    #expect(FormatRegistry.format(named: "md")?.id == "transcript-md")
    #expect(throws: CaptionError.self) { _ = try TranscriptFormat.text.read(Array("x".utf8), options: ReadOptions()) }
    #expect(TranscriptFormat.text.probe(ArraySlice("WEBVTT".utf8)) == 0)
  }

  @Test func convertWritesTranscriptFiles() throws {
    let s = try Scratch()
    defer { s.remove() }
    let vtt = try s.write("ep.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>Hi.\n\n00:00:02.500 --> 00:00:04.000\n<v Ben>Hello, Ann.\n")
    #expect(tool(["convert", vtt, s.path("ep.txt")]).code == 0)
    #expect(s.read("ep.txt") == "Ann: Hi.\n\nBen: Hello, Ann.\n")
    #expect(tool(["convert", "--flavor", "timestamps", vtt, s.path("ep.md")]).code == 0)
    #expect(s.read("ep.md") == "`0:00:01` **Ann:** Hi.\n\n`0:00:02` **Ben:** Hello, Ann.\n")
  }
}

@Suite struct TTMLTranscriptTests {
  @Test func speakersFromTTMLAgents() throws {
    let s = try Scratch()
    defer { s.remove() }
    let ttml = try s.write("ep.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="en">
        <head>
          <metadata>
            <ttm:agent xml:id="a1" type="character"><ttm:name type="full">Ann</ttm:name></ttm:agent>
          </metadata>
        </head>
        <body><div>
          <p begin="00:00:01.000" end="00:00:02.000" ttm:agent="a1">Hi there.</p>
          <p begin="00:00:02.000" end="00:00:03.000">Plain narration.</p>
        </div></body>
      </tt>
      """)
    let r = tool(["convert", ttml, s.path("ep.txt")])
    #expect(r.code == 0, "\(r.err)")
    let text = try #require(s.read("ep.txt"))
    #expect(text.hasPrefix("Ann: Hi there."))
    #expect(text.contains("\n\nPlain narration.\n"))
  }
}
