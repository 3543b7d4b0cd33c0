import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// The samples in `Samples/`: the clean one reads without a diagnostic and writes back byte for
/// byte; the broken one produces exactly the documented diagnostics.
@Suite struct SubRipSampleTests {
  static func sample(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Corpus.repositoryRoot.appendingPathComponent("Samples/\(name)")))
  }

  @Test func basicSample() throws {
    let bytes = try Self.sample("basic.srt")
    let r = SRT.read(bytes)
    #expect(r.diagnostics.isEmpty)
    #expect(r.cues.count == 6)
    #expect(r.cues[2].settings.line == .value(0) && r.cues[2].plainText == "[ANNOUNCEMENT ON SPEAKERS]")
    var yellow = TextStyle()
    yellow.color = Color(red: 255, green: 255, blue: 0)
    #expect(r.cues[3].content.first == .element(CueElement(.span, style: yellow, children: [.text("Passengers for Kirkwall,")])))
    let w = SubRipFormat().write(r.document, options: WriteOptions())
    #expect(w.bytes == bytes)
    #expect(w.diagnostics.map(\.code) == ["srt.write.position-tags"])  // the {\an8} of cue 3, as an info note
  }

  @Test func brokenSample() throws {
    let r = SRT.read(try Self.sample("broken.srt"))
    let got = r.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.code)" }
    #expect(got == [
      "1:1 srt.text.stray",
      "7:1 srt.index.missing",
      "7:9 srt.timing.period-separator",
      "10:1 srt.index.out-of-sequence",
      "14:1 srt.index.duplicate",
      "17:1 srt.cue.missing-blank-line",
      "18:14 srt.timing.arrow",
      "22:1 srt.timing.end-before-start",
      "26:1 srt.timing.missing-leading-zero",
      "26:8 srt.timing.fraction-digits",
      "26:27 srt.timing.coordinates",
      "31:1 srt.tag.unclosed",
      "35:16 srt.tag.misnested",
      "35:33 srt.tag.unknown",
      "35:56 srt.tag.unknown",
      "36:11 srt.font.color-missing-hash",
      "39:1 srt.timing.hours-over-99",
      "39:19 srt.timing.hours-over-99",
      "43:1 srt.timing.invalid",
      "46:1 srt.index.out-of-sequence",
      "47:1 srt.timing.out-of-order",
      "50:1 srt.cue.text-after-blank-line",
    ])
    #expect(r.cues.count == 11)
    #expect(r.cues[1].id == "" && r.cues[1].start == SRT.ms(3500))
    #expect(r.cues[5].start == SRT.ms(12000) && r.cues[5].end == SRT.ms(10000))
    #expect(r.cues[6].start == SRT.ms(13500))
    #expect(r.cues[8].content == [
      .element(CueElement(.bold, children: [.element(CueElement(.italic, children: [.text("Misnested")]))])),
      .text(" tags, a <blink>tag nobody knows</blink>,"), .lineBreak, .text("and "),
      .element(CueElement(.span, style: { var s = TextStyle(); s.color = Color(red: 255, green: 136, blue: 0); return s }(), children: [.text("a colour without its hash")])),
      .text("."),
    ])
    #expect(r.cues[9].start == SRT.ms(123 * 3_600_000))
    #expect(r.cues[10].settings.align == .right && r.cues[10].plainText == "Top right, and a text line after a blank line:\nthat continues the cue above.")
  }
}
