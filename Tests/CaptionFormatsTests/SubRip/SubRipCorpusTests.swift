import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// The round-trip law on every `.srt` file of the shared corpus, and the real encoded files.
@Suite struct SubRipCorpusTests {
  static let files = Corpus.files(in: "", extensions: ["srt"])

  @Test(.enabled(if: Corpus.root != nil)) func roundTripLaw() throws {
    var passed = 0
    for url in Self.files {
      let name = url.path.replacingOccurrences(of: Corpus.root!.path + "/", with: "")
      let first = SRT.read(try Corpus.bytes(url))
      let written = SubRipFormat().write(first.document, options: WriteOptions())
      let second = SRT.read(written.bytes)
      let third = SubRipFormat().write(second.document, options: WriteOptions())
      let ok1 = second.document == SRT.renumbered(first.document)
      let ok2 = third.bytes == written.bytes
      #expect(ok1, "\(name): read → write → read changed the model")
      #expect(ok2, "\(name): writing twice gave different bytes")
      #expect(second.diagnostics.allSatisfy { $0.code == "srt.cue.empty-text" || $0.code == "srt.tag.unknown" || $0.code == "srt.timing.end-before-start" || $0.code == "srt.timing.zero-duration" || $0.code == "srt.timing.out-of-order" || $0.code == "srt.file.no-cues" || $0.code == "srt.text.character-reference" },
        "\(name): canonical output re-read with \(second.diagnostics.map(\.description))")
      if ok1 && ok2 { passed += 1 }
    }
    print("SRT corpus round trip: \(passed)/\(Self.files.count) files")
    #expect(Self.files.count >= 30)
  }

  func read(_ path: String) throws -> ReadResult? {
    guard let root = Corpus.root else { return nil }
    return SRT.read(try Corpus.bytes(root.appendingPathComponent(path)))
  }

  @Test func windows1250File() throws {
    guard let r = try read("subtitleedit/tests/libse/Files/auto_detect_windows-1250.srt") else { return }
    #expect(r.encoding == .windows1250)
    #expect(r.diagnostics("text.encoding.detected").count == 1)
    let c = r.cues[5]
    #expect(c.id == "6" && c.start == SRT.ms(94_650) && c.end == SRT.ms(97_049))
    #expect(c.plainText == "Dolazi ovamo!\n-Mi ćemo to srediti, gospodine.")
    #expect(r.cues[1].plainText == "Đino!")
  }

  @Test func windows1251File() throws {
    guard let r = try read("subtitleedit/tests/libse/Files/auto_detect_windows-1251.srt") else { return }
    #expect(r.encoding == .windows1251)
    let c = r.cues[3]
    #expect(c.id == "4" && c.start == SRT.ms(45_204))
    #expect(c.content == [.element(CueElement(.italic, children: [.text("кроз векове.")]))])
  }

  @Test func russianAndDanishUTF8() throws {
    guard let ru = try read("subtitleedit/tests/libse/Files/auto_detect_Russian.srt"),
      let da = try read("subtitleedit/tests/libse/Files/auto_detect_Danish.srt")
    else { return }
    #expect(ru.encoding == .utf8 && da.encoding == .utf8)
    #expect(ru.cues.first { $0.id == "5" }?.plainText == "Готовы к вылету, г-н капитан.")
    #expect(da.cues.first { $0.id == "5" }?.plainText == "Vi har beviser på, at William Bell\nstår bag nogle biologiske angreb.")
  }

  @Test func gb2312File() throws {
    guard let r = try read("cdown-srt/srt_tools/tests/files/gb2312.srt") else { return }
    #expect(r.encoding == .gb18030)
    #expect(r.cues.map(\.id) == ["2", "4", "6"])
    #expect(r.cues[1].plainText == "他能徒手抓住子弹  拦住疾速的火车")
    #expect(r.cues[1].start == SRT.ms(31_500) && r.cues[1].end == SRT.ms(34_100))
  }

  @Test func utf16File() throws {
    guard let r = try read("go-astisub/testdata/example-in-non-utf8.srt") else { return }
    #expect(r.encoding == .utf16LE)
    #expect(r.cues.count == 6)
    #expect(r.cues[1].plainText == "MAN:\nHow did we end up here?")
  }

  @Test func carriageReturnFile() throws {
    guard let r = try read("go-astisub/testdata/example-in-carriage-return.srt") else { return }
    #expect(r.cues.count == 3)
    #expect(r.cues[1].start == SRT.ms(3767) && r.cues[1].end == SRT.ms(10_732))
    #expect(r.cues[1].plainText == "That's true. You don’t often find 632\npieces of gum stuck on a sidewalk")
    #expect(r.diagnostics("srt.timing.period-separator").count == 6)
  }

  @Test func missingSequenceFile() throws {
    guard let r = try read("go-astisub/testdata/missing-sequence-in.srt") else { return }
    #expect(r.cues.count == 6)
    #expect(r.cues[0].start == SRT.ms(99_000) && r.cues[0].end == SRT.ms(101_040))
    #expect(r.cues[1].start == SRT.ms(124_080) && r.cues[1].plainText == "MAN:\nHow did we end up here?")
    #expect(r.diagnostics("srt.index.missing").count == 6)
    #expect(r.diagnostics("srt.timing.coordinates").first?.location == SourceLocation(line: 4, column: 29, offset: r.diagnostics("srt.timing.coordinates").first?.location?.offset ?? 0))
  }

  @Test func styledFile() throws {
    guard let r = try read("go-astisub/testdata/example-in-styled.srt") else { return }
    var green = TextStyle()
    green.color = Color(red: 0, green: 255, blue: 0)
    #expect(r.cues[0].content == [.element(CueElement(.span, style: green, children: [.element(CueElement(.bold, children: [.text("[instrumental music]")]))]))])
    #expect(r.cues[7].content == [.element(CueElement(.italic, children: [.text("Unterminated styles")]))])
    #expect(r.cues[8].content == [.text("Do no fall to the next item")])
    #expect(r.diagnostics("srt.tag.unclosed").first?.location?.line == 33)
  }

  @Test func ttconvAlignment() throws {
    guard let r = try read("ttconv/srt/alignment.srt") else { return }
    #expect(r.cues.count == 9)
    #expect(r.cues[6].settings.line == .value(0) && r.cues[6].settings.align == .left)
    #expect(r.cues[5].settings.line == .value(50) && r.cues[5].settings.align == .right)
    #expect(r.cues[6].plainText == "V: Top - H: Left")
  }

  @Test func webvttPyMalformed() throws {
    guard let missing = try read("webvtt-py/tests/subtitles/missing_timeframe.srt"),
      let text = try read("webvtt-py/tests/subtitles/missing_caption_text.srt")
    else { return }
    #expect(missing.cues.map(\.plainText) == ["Caption text #1", "Caption text #3", "Caption text #4", "Caption text #5"])
    #expect(missing.diagnostics("srt.cue.missing-timing").first?.location?.line == 5)
    #expect(text.cues.count == 5 && text.cues[1].content.isEmpty)
  }
}
