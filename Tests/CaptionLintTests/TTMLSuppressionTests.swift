import CaptionCLI
import CaptionCore
import CaptionLint
import CaptionTTML
import Foundation
import Testing

/// TTML inline suppressions: `<metadata><ck:disable xmlns:ck="urn:captionkit:lint">RULE…</ck:disable></metadata>`.
@Suite struct TTMLSuppressionTests {
  static let sign = "THE GRAND BUDAPEST HOTEL, EST. 1932, PROPRIETOR M. GUSTAVE"

  /// A document whose `head`, `body`, `div` and `p` metadata are given.
  static func ttml(head: String = "", body: String = "", div: String = "", divs: String = "", cues: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ck="urn:captionkit:lint" xml:lang="en">
      <head>\(head.isEmpty ? "" : "<metadata>\(head)</metadata>")</head>
      <body>\(body.isEmpty ? "" : "<metadata>\(body)</metadata>")
        <div>\(div.isEmpty ? "" : "<metadata>\(div)</metadata>")
    \(cues)
        </div>\(divs)
      </body>
    </tt>

    """
  }

  static func p(_ begin: Int, _ end: Int, _ text: String, disable: String? = nil) -> String {
    let meta = disable.map { "<metadata><ck:disable>\($0)</ck:disable></metadata>" } ?? ""
    return "      <p begin=\"\(begin)s\" end=\"\(end)s\">\(meta)\(text)</p>"
  }

  func read(_ text: String) throws -> CaptionDocument {
    try TTMLFormat().read(Array(text.utf8), options: ReadOptions()).document
  }

  func codes(_ d: CaptionDocument) -> [String] {
    Linter.lint(d).map { "\($0.cueIndex.map(String.init) ?? "-") \($0.code)" }
  }

  @Test func pMetadataSuppressesThatCueOnly() throws {
    let d = try read(Self.ttml(cues: [
      Self.p(1, 6, Self.sign, disable: "text.line-length -- the sign is read in full"),
      Self.p(7, 12, Self.sign),
    ].joined(separator: "\n")))
    #expect(d.cues.count == 2)
    #expect(d.comments.map(\.text) == ["captionkit-disable text.line-length -- the sign is read in full"])
    #expect(d.comments.map(\.beforeCue) == [0])
    #expect(d.comments[0].source?.line == 6)
    // The metadata is not cue text.
    #expect(d.cues[0].plainText == Self.sign)
    #expect(codes(d) == ["1 lint.text.line-length"])
    #expect(Linter().lint(d).suppressedCount == 1)
  }

  @Test func severalRulesSpacesAndCommas() throws {
    // 58 characters (9 words) in 2 s: line length, reading speed and words per minute all fire
    // on the bare cue.
    let d = try read(Self.ttml(cues: [
      Self.p(1, 3, Self.sign, disable: "\n  lint.text.line-length,text.reading-speed text.words-per-minute\n"),
      Self.p(4, 6, Self.sign, disable: "text.reading-speed, text.words-per-minute"),
      Self.p(7, 9, Self.sign),
    ].joined(separator: "\n")))
    #expect(d.comments.map(\.text) == ["captionkit-disable lint.text.line-length,text.reading-speed text.words-per-minute", "captionkit-disable text.reading-speed, text.words-per-minute"])
    #expect(Set(codes(d)) == ["1 lint.text.line-length", "2 lint.text.reading-speed", "2 lint.text.line-length", "2 lint.text.words-per-minute"])
  }

  @Test func emptyDisableSuppressesEveryRule() throws {
    let d = try read(Self.ttml(cues: [Self.p(1, 2, Self.sign, disable: ""), Self.p(3, 4, Self.sign)].joined(separator: "\n")))
    #expect(d.comments.map(\.text) == ["captionkit-disable"])
    #expect(!codes(d).isEmpty)
    #expect(codes(d).allSatisfy { $0.hasPrefix("1 ") })
  }

  @Test func separatorsOnlyNameNoRuleAndSuppressNothing() throws {
    // "," collapses to no rule, but it is not the empty element that means "every rule".
    let d = try read(Self.ttml(cues: [Self.p(1, 2, Self.sign, disable: ","), Self.p(3, 4, Self.sign, disable: " -- ")].joined(separator: "\n")))
    #expect(d.comments.isEmpty)
    #expect(codes(d).contains { $0.hasPrefix("0 ") })
  }

  @Test func headAndBodyMetadataSuppressTheFile() throws {
    for (head, body) in [("<ck:disable>text.line-length</ck:disable>", ""), ("", "<ck:disable>text.line-length</ck:disable>")] {
      let d = try read(Self.ttml(head: head, body: body, cues: [Self.p(1, 6, Self.sign), Self.p(7, 12, Self.sign)].joined(separator: "\n")))
      #expect(d.comments.map(\.text) == ["captionkit-disable-file text.line-length"])
      #expect(codes(d).isEmpty)
      #expect(Linter().lint(d).suppressedCount == 2)
    }
    // Without it both cues fire.
    let bare = try read(Self.ttml(cues: [Self.p(1, 6, Self.sign), Self.p(7, 12, Self.sign)].joined(separator: "\n")))
    #expect(bare.comments.isEmpty)
    #expect(codes(bare) == ["0 lint.text.line-length", "1 lint.text.line-length"])
  }

  @Test func divMetadataSuppressesItsOwnCues() throws {
    let second = """

        <div>
    \(Self.p(13, 18, Self.sign))
        </div>
    """
    let d = try read(Self.ttml(
      div: "<ck:disable>text.line-length</ck:disable>", divs: second,
      cues: [Self.p(1, 6, Self.sign), Self.p(7, 12, Self.sign)].joined(separator: "\n")))
    #expect(d.cues.count == 3)
    #expect(d.comments.map(\.beforeCue) == [0, 1])
    #expect(codes(d) == ["2 lint.text.line-length"])
  }

  @Test func aPSplitIntoSeveralCuesSuppressesEach() throws {
    // A timed span splits the p into three cues; the p's suppression covers all of them.
    let p = """
          <p begin="1s" end="10s"><metadata><ck:disable>text.line-length</ck:disable></metadata>\(Self.sign) <span begin="3s" end="5s">and more</span></p>
      """
    let d = try read(Self.ttml(cues: p))
    #expect(d.cues.count == 3)
    #expect(d.comments.map(\.beforeCue) == [0, 1, 2])
    #expect(!codes(d).contains { $0.hasSuffix("lint.text.line-length") })
  }

  @Test func otherNamespacesAndElementsAreNotDirectives() throws {
    let d = try read(Self.ttml(cues: [
      "      <p begin=\"1s\" end=\"6s\"><metadata><ck:disable xmlns:ck=\"urn:example:other\">text.line-length</ck:disable></metadata>\(Self.sign)</p>",
      "      <p begin=\"7s\" end=\"12s\"><metadata><ck:enable>text.line-length</ck:enable></metadata>\(Self.sign)</p>",
      // Outside metadata: not the convention.
      "      <p begin=\"13s\" end=\"18s\"><ck:disable>text.line-length</ck:disable>\(Self.sign)</p>",
    ].joined(separator: "\n")))
    #expect(d.comments.isEmpty)
    #expect(codes(d) == ["0 lint.text.line-length", "1 lint.text.line-length", "2 lint.text.line-length"])
  }

  @Test func validateExitCodes() throws {
    let s = try Scratch()
    defer { s.remove() }
    // 5 s on screen: only the line length is a problem.
    let suppressed = try s.write("sign.ttml", Self.ttml(cues: Self.p(1, 6, Self.sign, disable: "text.line-length")))
    let bare = try s.write("bare.ttml", Self.ttml(cues: Self.p(1, 6, Self.sign)))
    let ok = tool(["validate", "--strict", suppressed])
    #expect(ok.code == 0)
    #expect(ok.out == "1 file checked: 0 errors, 0 warnings, 0 info (1 suppressed)\n")
    let fail = tool(["validate", "--strict", bare])
    #expect(fail.code == 1)
    #expect(fail.out.contains("bare.ttml:6:7: warning: [lint.text.line-length] line 1 of cue 1 has 58 characters, over 42"))
    // File-wide, in head.
    let file = try s.write("file.ttml", Self.ttml(head: "<ck:disable>text.line-length, text.reading-speed text.words-per-minute</ck:disable>", cues: Self.p(1, 3, Self.sign)))
    #expect(tool(["validate", "--strict", file]).code == 0)
  }

  @Test func convertKeepsSuppressions() throws {
    let s = try Scratch()
    defer { s.remove() }
    let src = try s.write("in.ttml", Self.ttml(
      head: "<ck:disable>text.reading-speed</ck:disable>",
      cues: [Self.p(1, 3, Self.sign, disable: "text.line-length text.words-per-minute -- the sign"), Self.p(4, 6, "Fine.")].joined(separator: "\n")))
    // TTML → TTML: written back as ck:disable metadata, read back the same.
    #expect(tool(["convert", src, s.path("out.ttml")]).code == 0)
    let out = try #require(s.read("out.ttml"))
    #expect(out.contains(" xmlns:ck=\"urn:captionkit:lint\""))
    #expect(out.contains("<metadata>\n      <ck:disable>text.reading-speed</ck:disable>\n    </metadata>"))
    #expect(out.contains("end=\"00:00:03.000\"><metadata><ck:disable>text.line-length text.words-per-minute -- the sign</ck:disable></metadata>THE GRAND"))
    let again = try read(out)
    #expect(again.comments.map(\.text) == ["captionkit-disable-file text.reading-speed", "captionkit-disable text.line-length text.words-per-minute -- the sign"])
    #expect(again.comments.map(\.beforeCue) == [0, 0])
    #expect(again.cues.map(\.plainText) == [Self.sign, "Fine."])
    #expect(tool(["validate", "--strict", s.path("out.ttml")]).code == 0)
    // TTML → WebVTT: the same directives as NOTE blocks.
    #expect(tool(["convert", src, s.path("out.vtt")]).code == 0)
    let vtt = try #require(s.read("out.vtt"))
    #expect(vtt.contains("NOTE captionkit-disable-file text.reading-speed\n\nNOTE captionkit-disable text.line-length text.words-per-minute -- the sign\n\n00:00:01.000 --> "))
    #expect(tool(["validate", "--strict", s.path("out.vtt")]).code == 0)
  }

  @Test func writerKeepsDirectivesAndReportsOtherComments() {
    let d = CaptionDocument(
      cues: [cue(1, 3, Self.sign), cue(4, 6, "Fine.")],
      comments: [
        Comment(text: "Reviewed by QA", beforeCue: 0),
        Comment(text: "captionkit-disable text.line-length\nkept for the sign", beforeCue: 0),
        Comment(text: "captionkit-disable-file", beforeCue: 2),
        Comment(text: "captionkit-disabled text.line-length", beforeCue: 1),
      ])
    let w = TTMLFormat().write(d, options: WriteOptions())
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.contains("<ck:disable></ck:disable>"))
    #expect(text.contains("><metadata><ck:disable>text.line-length</ck:disable></metadata>THE GRAND"))
    #expect(!text.contains("Reviewed"))
    #expect(!text.contains("disabled"))
    #expect(w.diagnostics.map(\.code).contains("ttml.write.comments-dropped"))
    #expect(w.diagnostics.first { $0.code == "ttml.write.comments-dropped" }?.message.hasPrefix("2 comment(s)") == true)
    let back = try? TTMLFormat().read(w.bytes, options: ReadOptions()).document
    #expect(back?.comments.map(\.text) == ["captionkit-disable-file", "captionkit-disable text.line-length"])
    // No directives: no ck namespace, no metadata.
    let plain = String(decoding: TTMLFormat().write(CaptionDocument(cues: [cue(1, 2, "Hi")]), options: WriteOptions()).bytes, as: UTF8.self)
    #expect(!plain.contains("ck:"))
    #expect(!plain.contains("<metadata>"))
  }
}
