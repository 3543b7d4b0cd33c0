import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// What the reader puts in the model, on the team's own samples.
@Suite struct WebVTTReaderModelTests {
  let format = WebVTTFormat()

  func read(_ text: String) throws -> ReadResult {
    try format.read(Array(text.utf8), options: ReadOptions())
  }

  /// CSS percentages of colour channels and alpha are of 255 exactly: 50% is 127.5, which
  /// rounds to 128, the same as 0.5 (p * 2.55 gave 127.49999…, so 127).
  @Test func cssPercentColoursRoundLikeFractions() throws {
    let doc = try WebVTTTestSupport.read("WEBVTT\n\nSTYLE\n::cue(.a) { background-color: rgba(0,0,0,50%); }\n::cue(.b) { background-color: rgba(0,0,0,0.5); }\n::cue(.c) { color: rgb(50%, 90%, 10%); }\n\n00:00.000 --> 00:01.000\nx\n").document
    let style = { (id: String) in doc.styles.first { $0.id == id }?.style }
    #expect(style("a")?.backgroundColor?.alpha == 128)
    #expect(style("b")?.backgroundColor?.alpha == 128)
    #expect(style("c")?.color == Color(red: 128, green: 230, blue: 26))
  }

  /// WebVTT §6.5: `line:` or `position:` without an alignment leaves the alignment an earlier
  /// setting gave; only a given alignment changes it. A `region:` value is compared after
  /// U+0000 became U+FFFD, as the region's id was.
  @Test func repeatedSettingsKeepAlignmentAndNULRegionIDsMatch() throws {
    let doc = try WebVTTTestSupport.read(
      "WEBVTT\n\nREGION\nid:a\u{0}b\n\n00:00.000 --> 00:01.000 line:5,end line:3\nx\n\n00:00.000 --> 00:01.000 position:50%,line-right position:60%\ny\n\n00:00.000 --> 00:01.000 line:5,end line:3,center position:50%,line-right position:60%,line-left\nz\n\n00:00.000 --> 00:01.000 region:a\u{0}b\nw\n"
    ).document
    let s = doc.cues.map(\.settings)
    #expect(s[0].line == .value(3) && s[0].lineAlign == .end && s[0].snapToLines)
    #expect(s[1].position == 60 && s[1].positionAlign == .lineRight)
    #expect(s[2].lineAlign == .center && s[2].positionAlign == .lineLeft)
    #expect(doc.regions.map(\.id) == ["a\u{FFFD}b"])
    #expect(s[3].region == "a\u{FFFD}b")
  }

  @Test func sampleFileFillsTheModel() throws {
    let url = Corpus.repositoryRoot.appendingPathComponent("Samples/styled-regions.vtt")
    let r = try format.read(Array(try Data(contentsOf: url)), options: ReadOptions())
    #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(\.description))")
    let doc = r.document
    #expect(doc.metadata.signatureSuffix == " - Harbour interview, English captions")
    #expect(doc.metadata.headerLines.isEmpty)
    #expect(doc.comments.map(\.text) == [
      "Written for CaptionKit as a feature sample: styles, a scrolling region,\nvoices, classes, italics, a positioned cue and comments.",
      "The first three cues roll up in the lower region.", "Karaoke-style timing for the last line.",
    ])
    #expect(doc.comments.map(\.beforeCue) == [0, 0, 5])
    #expect(doc.comments.map { $0.source?.line } == [3, 30, 50])

    #expect(doc.styleSheets.count == 1)
    #expect(doc.styleSheets[0].hasPrefix("::cue {\n  font-family: \"Helvetica Neue\", Arial, sans-serif;"))
    #expect(doc.styles.map(\.id) == ["", "sound", "caller"])
    #expect(doc.styles.map { $0.source?.line } == [8, 13, 17])
    let global = doc.styles[0].style
    #expect(global.fontFamily == ["Helvetica Neue", "Arial", "sansSerif"])
    #expect(global.color == .white)
    #expect(global.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 230))
    #expect(doc.styles[1].style.fontStyle == .italic)
    #expect(doc.styles[1].style.color == Color(hex: "#ffd54f"))
    #expect(doc.styles[2].style.textShadow == [TextStyle.TextShadow(offsetX: Length(1, .pixels), offsetY: Length(1, .pixels), blur: Length(2, .pixels), color: .black)])

    #expect(doc.regions.count == 1)
    let region = doc.regions[0]
    #expect(region.id == "lower" && region.width == 60 && region.lines == 3)
    #expect(region.regionAnchor == Region.Anchor(x: 0, y: 100) && region.viewportAnchor == Region.Anchor(x: 20, y: 90))
    #expect(region.scroll == .up && region.source?.line == 22)

    #expect(doc.cues.count == 6)
    let c0 = doc.cues[0]
    #expect(c0.id == "intro" && c0.start == CaptionTime(milliseconds: 1000) && c0.end == CaptionTime(milliseconds: 3500))
    #expect(c0.settings.region == "lower" && c0.source?.line == 33)
    #expect(c0.content == [.element(CueElement(.voice(name: "Roger Bingham"), children: [.text("Welcome back to the harbour.")]))])
    #expect(c0.sourceText == "<v Roger Bingham>Welcome back to the harbour.")
    #expect(doc.cues[2].content == [.element(CueElement(.voice(name: "Maya Okafor"), classes: ["caller"], children: [.text("Thanks for having me, Roger.")]))])
    let s3 = doc.cues[3].settings
    #expect(doc.cues[3].id == "sound-1")
    #expect(s3.line == .value(10) && !s3.snapToLines && s3.position == 50 && s3.positionAlign == .center && s3.size == 40 && s3.align == .center)
    #expect(doc.cues[3].content == [.element(CueElement(.span, classes: ["sound"], children: [.text("[gulls calling]")]))])
    let s4 = doc.cues[4].settings
    #expect(s4.align == .start && s4.position == 10 && s4.positionAlign == .lineLeft && s4.line == .auto)
    #expect(doc.cues[4].content == [
      .element(CueElement(.voice(name: "Maya Okafor"), children: [
        .text("The water rises about "), .element(CueElement(.bold, children: [.text("four metres")])), .lineBreak,
        .text("between low & high tide here."),
      ]))
    ])
    #expect(doc.cues[4].plainText == "The water rises about four metres\nbetween low & high tide here.")
    #expect(doc.cues[5].content == [
      .element(CueElement(.voice(name: "Roger Bingham"), children: [
        .text("Four "), .timestamp(CaptionTime(milliseconds: 16000)), .text("metres, "), .timestamp(CaptionTime(milliseconds: 17000)), .text("twice a day."),
      ]))
    ])
  }

  @Test func timestampMapInEitherOrder() throws {
    for header in ["X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000", "X-TIMESTAMP-MAP=LOCAL:00:00:01.500,MPEGTS:900000"] {
      let r = try read("WEBVTT\n\(header)\n\n00:00.000 --> 00:01.000\nx\n")
      #expect(r.document.metadata.headerLines == [header])
      #expect(r.document.metadata.timestampMap?.mpegts == 900000)
      #expect(r.diagnostics.isEmpty)
    }
    let r = try read("WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:01.500,MPEGTS:900000\n\n")
    #expect(r.document.metadata.timestampMap?.local == CaptionTime(milliseconds: 1500))
  }

  @Test func lineEndingsAndBOMGiveTheSameDocument() throws {
    let lf = "WEBVTT\n\nNOTE n\n\n1\n00:00.000 --> 00:01.000 align:end\na\nb\n\n00:02.000 --> 00:03.000\nc\n"
    let base = try read(lf).document
    for variant in [lf.replacingOccurrences(of: "\n", with: "\r\n"), lf.replacingOccurrences(of: "\n", with: "\r"), "\u{FEFF}" + lf] {
      let r = try read(variant)
      #expect(r.document == base)
      #expect(r.diagnostics.isEmpty)
    }
    #expect(base.cues.map(\.plainText) == ["a\nb", "c"])
    #expect(base.cues[0].settings.align == .end)
  }

  @Test func annotationsDecodeReferencesAndCollapseWhitespace() throws {
    let r = try read("WEBVTT\n\n00:00.000 --> 00:01.000\n<v   Tom &amp;\tJerry  >hi</v> <lang en-GB>colour</lang>\n")
    #expect(r.document.cues[0].content == [
      .element(CueElement(.voice(name: "Tom & Jerry"), children: [.text("hi")])), .text(" "),
      .element(CueElement(.language("en-GB"), children: [.text("colour")])),
    ])
  }

  @Test func duplicateRegionLastDefinitionWins() throws {
    let r = try read("WEBVTT\n\nREGION\nid:r lines:1\n\nREGION\nid:r lines:5\n\n00:00.000 --> 00:01.000 region:r\nx\n")
    #expect(r.document.regions.count == 1)
    #expect(r.document.regions[0].lines == 5)
    #expect(r.document.cues[0].settings.region == "r")
  }

  @Test func cueTextParserIsUsableOnItsOwn() {
    #expect(WebVTTCueTextParser.parse("a <b>bold</b>\nline &lt;2&gt;") == [
      .text("a "), .element(CueElement(.bold, children: [.text("bold")])), .lineBreak, .text("line <2>"),
    ])
    #expect(WebVTTCueTextParser.parse("a\r\nb\rc") == [.text("a"), .lineBreak, .text("b"), .lineBreak, .text("c")])
    #expect(WebVTTCueTextParser.parse("<i>a\nb</i>", mode: .dom) == [.element(CueElement(.italic, children: [.text("a\nb")]))])
    var diags: [Diagnostic] = []
    _ = WebVTTCueTextParser.parse("x\n<i>y", diagnostics: &diags)
    #expect(diags.map(\.code) == ["webvtt.cuetext.unclosed-tag"])
    #expect(diags.first?.location?.line == 2 && diags.first?.location?.column == 1)
  }

  @Test func probeScoresTheSignature() {
    #expect(format.probe(Array("WEBVTT\n\n".utf8)[...]) == 100)
    #expect(format.probe(Array("\u{FEFF}WEBVTT".utf8)[...]) == 100)
    #expect(format.probe(Array("WEBVTTX".utf8)[...]) == 20)
    #expect(format.probe(Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)[...]) == 0)
  }

  /// A region's `lines:` is any run of digits, read as a browser's number (wpt
  /// regions-lines: 18446744073709552000 and 1e34 stay as they are, not capped at 2^63), and
  /// written back as digits that read to the same value.
  @Test func regionLinesPastTwoToTheSixtyThree() throws {
    let huge = String(repeating: "9", count: 500)
    let text = "WEBVTT\n\nREGION\nid:a\nlines:18446744073709552000\n\nREGION\nid:b\nlines:10000000000000000000000000000000000\n\nREGION\nid:c\nlines:0007\n\nREGION\nid:d\nlines:\(huge)\n\n00:00.000 --> 00:01.000 region:a\nx\n"
    let r = try read(text)
    #expect(r.document.regions.map(\.lines) == [18446744073709551616, 1e34, 7, .greatestFiniteMagnitude])
    #expect(r.diagnostics.filter { $0.severity >= .warning }.isEmpty)
    let written = String(decoding: format.write(r.document, options: WriteOptions()).bytes, as: UTF8.self)
    #expect(written.contains("lines:18446744073709552000\n"))
    #expect(written.contains("lines:10000000000000000000000000000000000\n"))
    #expect(written.contains("lines:7\n"))
    #expect(try read(written).document.regions.map(\.lines) == r.document.regions.map(\.lines))
  }
}
