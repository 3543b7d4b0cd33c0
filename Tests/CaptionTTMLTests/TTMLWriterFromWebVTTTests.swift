import CaptionKit
import Testing

/// TTML written from WebVTT documents: the global `::cue` style and CSS pixel lengths.
@Suite struct TTMLWriterFromWebVTTTests {
  static let vtt = """
    WEBVTT

    STYLE
    ::cue { color: #ffffff; background-color: rgba(0, 0, 0, 0.9); }
    ::cue(.caller) { color: #80deea; text-shadow: 1px 1px 2px #000000; }

    00:00:01.000 --> 00:00:03.000
    <c.caller>Hello</c>

    """

  func written() throws -> (text: String, result: WriteResult) {
    let doc = try WebVTTFormat().read(Array(Self.vtt.utf8), options: ReadOptions()).document
    let result = TTMLFormat().write(doc, options: WriteOptions())
    return (String(decoding: result.bytes, as: UTF8.self), result)
  }

  @Test func globalCueStyleAppliesToBody() throws {
    let (text, result) = try written()
    #expect(text.contains(##"<style xml:id="cueText" tts:color="#ffffff" tts:backgroundColor="#000000e6"/>"##))
    #expect(text.contains(#"<body style="cueText">"#))
    #expect(!result.diagnostics.contains { $0.code == "ttml.write.style-dropped" })
    // Read back, the cue text inherits the global colour and box.
    let back = try TTMLFormat().read(result.bytes, options: ReadOptions())
    #expect(back.document.cues.count == 1)
    #expect(back.document.style(id: "cueText")?.style.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 230))
  }

  @Test func pixelLengthsGetARootExtent() throws {
    let (text, result) = try written()
    #expect(text.contains(#"tts:extent="1280px 720px""#))
    #expect(result.diagnostics.contains { $0.code == "ttml.write.root-extent-assumed" && $0.severity == .info })
    let back = try TTMLFormat().read(result.bytes, options: ReadOptions())
    #expect(!back.diagnostics.contains { $0.code == "ttml.profile.pixel-without-extent" })
  }
}
