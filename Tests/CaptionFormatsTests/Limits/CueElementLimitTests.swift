import CaptionCore
@testable import CaptionFormats
import Testing

/// `ReadLimits.maxCueElements`: past it, a cue's tags are flattened into their parent, their
/// text kept (WebVTT timestamps dropped), and the limit is reported once, where it was hit.
@Suite struct CueElementLimitTests {
  func options(_ n: Int) -> ReadOptions {
    var o = ReadOptions()
    o.limits.maxCueElements = n
    return o
  }

  @Test func webVTTFlattensTagsPastTheLimit() throws {
    let text = "<b>a</b><i>b</i><00:00.500><u>c</u><c.x>d</c> e"
    let r = try WebVTTFormat().read(Array("WEBVTT\n\n00:00.000 --> 00:01.000\n\(text)\n".utf8), options: options(3))
    #expect(r.document.cues.first?.content == [
      .element(CueElement(.bold, children: [.text("a")])), .element(CueElement(.italic, children: [.text("b")])),
      .timestamp(CaptionTime(milliseconds: 500)), .text("cd e"),
    ])
    #expect(r.diagnostics.map(\.code) == ["webvtt.cuetext.too-many-elements"])
    #expect(r.diagnostics.first?.location?.line == 4)
    #expect(r.diagnostics.first?.location?.column == 28)  // the <u>
    #expect(r.diagnostics.first?.message == "cue 1: the cue has more than 3 tags; later tags are flattened into their parent (their text kept) and later timestamps dropped (raise it with --max-cue-elements)")
    // At the default, nothing changes for a real cue.
    #expect(try WebVTTFormat().read(Array("WEBVTT\n\n00:00.000 --> 00:01.000\n\(text)\n".utf8), options: ReadOptions()).diagnostics.isEmpty)
  }

  @Test func subRipFlattensTagsPastTheLimit() throws {
    let r = try SubRipFormat().read(Array("1\n00:00:00,000 --> 00:00:01,000\n<i>a</i><b>b</b><u>c</u><i>d</i>\n".utf8), options: options(2))
    #expect(r.document.cues.first?.content == [
      .element(CueElement(.italic, children: [.text("a")])), .element(CueElement(.bold, children: [.text("b")])), .text("cd"),
    ])
    #expect(r.diagnostics.map(\.code) == ["srt.tag.too-many-elements"])
    #expect(r.diagnostics.first?.location?.line == 3)
    #expect(r.diagnostics.first?.location?.column == 17)  // the <u>
    // Elements reopened after misnesting count too, and past the limit are not reopened.
    let misnested = try SubRipFormat().read(Array("1\n00:00:00,000 --> 00:00:01,000\n<i><b>x</i>y</b>z\n".utf8), options: options(2))
    #expect(misnested.document.cues.first?.plainText == "xyz")
    #expect(misnested.document.cues.first?.content == [.element(CueElement(.italic, children: [.element(CueElement(.bold, children: [.text("x")]))])), .text("yz")])
    #expect(misnested.diagnostics.map(\.code) == ["srt.tag.misnested", "srt.tag.too-many-elements"])
    // A flattened tag's end tag closes it, not the open element of its kind around it.
    let inner = try SubRipFormat().read(Array("1\n00:00:00,000 --> 00:00:01,000\n<i>a<b>b<i>c</i>d</b>e</i>\n".utf8), options: options(2))
    #expect(inner.document.cues.first?.content == [
      .element(CueElement(.italic, children: [.text("a"), .element(CueElement(.bold, children: [.text("bcd")])), .text("e")]))
    ])
    #expect(inner.diagnostics.map(\.code) == ["srt.tag.too-many-elements"])
    // The same for tags flattened past the depth limit.
    var shallow = ReadOptions()
    shallow.limits.maxNestingDepth = 2
    let deep = try SubRipFormat().read(Array("1\n00:00:00,000 --> 00:00:01,000\n<i>a<b>b<i>c</i>d</b>e</i>\n".utf8), options: shallow)
    #expect(deep.document.cues.first?.content == inner.document.cues.first?.content)
    #expect(deep.diagnostics.map(\.code) == ["srt.tag.nesting-too-deep"])
  }

  /// A one-line cue of 30,000 tags (a hostile file's shape) keeps 10,000 elements and all its text.
  @Test func aHostileCueKeepsItsTextAndTenThousandElements() throws {
    let line = String(repeating: "<b>x</b>", count: 30_000)
    for (format, file) in [(WebVTTFormat() as any CaptionFormat, "WEBVTT\n\n00:00.000 --> 00:01.000\n\(line)\n"), (SubRipFormat(), "1\n00:00:00,000 --> 00:00:01,000\n\(line)\n")] {
      let cue = try #require(try format.read(Array(file.utf8), options: ReadOptions()).document.cues.first)
      #expect(cue.content.count == 10_001, "\(format.id)")
      #expect(cue.plainText == String(repeating: "x", count: 30_000), "\(format.id)")
    }
  }
}
