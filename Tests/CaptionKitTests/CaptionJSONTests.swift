import CaptionCore
import CaptionTestSupport
import Foundation
@testable import CaptionKit
import Testing

/// JSON is written cue by cue; the bytes must be those of encoding the whole document at once.
@Suite struct CaptionJSONTests {
  static func whole(_ document: CaptionDocument) throws -> [UInt8] {
    Array(try CaptionJSON.makeEncoder().encode(CaptionJSON.DocumentDTO(document)))
  }

  @Test func cueByCueEqualsWholeDocument() throws {
    var documents: [CaptionDocument] = [CaptionDocument()]
    let root = Corpus.repositoryRoot
    for name in ["basic.srt", "broken.srt", "imsc11-styled.ttml", "styled-regions.vtt"] {
      let bytes = Array(try Data(contentsOf: root.appendingPathComponent("Samples/" + name)))
      documents.append(try FormatRegistry.detect(bytes, fileExtension: URL(fileURLWithPath: name).pathExtension).read(bytes, options: ReadOptions()).document)
    }
    for seed in 0..<20 as Range<UInt64> {
      var generator = RandomCaptionDocument(seed: seed, features: .init(identifiers: true, settings: true, voicesAndClasses: true))
      documents.append(generator.document())
    }
    for url in Corpus.files(in: "imsc-tests", extensions: ["ttml"]).prefix(40) + Corpus.files(in: "wpt-webvtt", extensions: ["vtt"]).prefix(40) {
      let bytes = Array(try Data(contentsOf: url))
      if let format = try? FormatRegistry.detect(bytes, fileExtension: url.pathExtension), let r = try? format.read(bytes, options: ReadOptions()) {
        documents.append(r.document)
      }
    }
    #expect(documents.count >= 25)
    for d in documents {
      var streamed: [UInt8] = []
      try CaptionJSON.encodeCueByCue(d, CaptionJSON.makeEncoder()) { streamed += $0 }
      #expect(streamed == (try Self.whole(d)), "\(d.cues.count) cues")
      // In small pieces: the same bytes.
      var pieces: [[UInt8]] = []
      try CaptionJSON.encode(d, pieceSize: 512) { pieces.append($0) }
      #expect(Array(pieces.joined()) == streamed + [0x0A], "\(d.cues.count) cues")
    }
    #expect(CaptionJSON.encode(documents[1]).last == 0x0A)
  }

  /// JSON is handed over in pieces that end after a whole cue once they reach `pieceSize`, so a
  /// large output is never held whole (20,000 cues under a fully styled TTML `div`, 0.8 MB, were
  /// 31 MB of JSON, all in memory before it was written).
  @Test func piecesAreBounded() throws {
    var ttml = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:tts=\"http://www.w3.org/ns/ttml#styling\"><body>"
    ttml += "<div tts:color=\"#ff0000\" tts:fontStyle=\"italic\" tts:textShadow=\"1px 1px #000000\">"
    for i in 0..<2_000 { ttml += "<p begin=\"\(i)s\" end=\"\(i).5s\">x</p>" }
    ttml += "</div></body></tt>"
    let document = try TTMLFormat().read(Array(ttml.utf8), options: ReadOptions()).document
    #expect(document.cues.count == 2_000)
    var sizes: [Int] = []
    var joined: [UInt8] = []
    try CaptionJSON.encode(document, pieceSize: 16_384) { sizes.append($0.count); joined += $0 }
    let whole = CaptionJSON.write(document)
    #expect(joined == whole.bytes)
    #expect(whole.bytes.count > 1_000_000)
    #expect(sizes.count > 60)
    // A piece stops at the first cue boundary past 16 KiB; one cue here is under 1 KiB.
    #expect(sizes.max()! < 16_384 + 1_024)
    #expect(sizes.last == 1)  // the final line feed
  }

  /// A cue nested deeper than `prettyTreeDepth` is written on one line: indenting each level
  /// made its size grow with the square of its depth.
  @Test func deepCuesAreWrittenOnOneLine() throws {
    let deep = String(repeating: "<i>", count: 40) + "x"
    let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<b>shallow</b>\n\n00:00:03.000 --> 00:00:04.000\n\(deep)\n"
    let doc = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document
    let json = CaptionJSON.encode(doc)
    let lines = String(decoding: json, as: UTF8.self).split(separator: "\n")
    let deepLine = try #require(lines.first { $0.contains("\"startExact\":\"3\\/1\"") || $0.contains("\"startExact\":\"3/1\"") })
    #expect(deepLine.hasPrefix("    {\"align\":"))
    #expect(deepLine.count < 3_000)
    #expect(lines.contains { $0 == "      \"startExact\" : \"1/1\"," })  // the shallow cue stays pretty
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    #expect((parsed["cues"] as? [Any])?.count == 2)
  }

  /// `sourceText` is the cue text as written, there only when it differs from `text` (what a
  /// WebVTT `VTTCue.text` holds, which conformance runners compare).
  @Test func sourceTextIsTheCueTextAsWritten() throws {
    let vtt = Array("WEBVTT\n\n00:00.000 --> 00:01.000\n<b>x</b> &amp; y\n\n00:01.000 --> 00:02.000\nplain\n".utf8)
    let document = try WebVTTFormat().read(vtt, options: ReadOptions()).document
    let json = try JSONSerialization.jsonObject(with: Data(CaptionJSON.encode(document))) as? [String: Any]
    let cues = try #require(json?["cues"] as? [[String: Any]])
    #expect(cues.map { $0["text"] as? String } == ["x & y", "plain"])
    #expect(cues[0]["sourceText"] as? String == "<b>x</b> &amp; y")
    #expect(cues[1]["sourceText"] == nil)
  }
}
