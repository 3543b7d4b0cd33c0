import CaptionCore
import Testing
@testable import MediaInspector

@Suite struct ExtractionTests {
  static let expected: [(CaptionTime, CaptionTime, String)] = [
    (.init(milliseconds: 100), .init(milliseconds: 500), "[MUSIC PLAYING]"),
    (.init(milliseconds: 500), .init(milliseconds: 900), "Hello there."),
  ]

  /// The Matroska fixtures store every subtitle 64 ms later than the SRT said: the muxer shifted
  /// all streams by the AAC priming delay (1024 samples at 16 kHz); ffprobe shows pts 0.164.
  @Test(arguments: [("mp4_movtext_3lang.mp4", 2, 0), ("mkv_flags.mkv", 2, 64), ("mkv_flags.mkv", 3, 64), ("mkv_flags.mkv", 4, 64), ("webm_vtt.webm", 1, 0)])
  func englishTrack(_ file: String, _ index: Int, _ shiftMS: Int64) throws {
    let doc = try MediaInspector.extractTrack(path: Fixtures.path(file), index: index)
    let shift = CaptionTime(milliseconds: shiftMS)
    #expect(doc.cues.map(\.start) == Self.expected.map { $0.0 + shift })
    #expect(doc.cues.map(\.end) == Self.expected.map { $0.1 + shift })
    #expect(doc.cues.map(\.plainText) == Self.expected.map(\.2))
    #expect(doc.metadata.language == "en")
  }

  @Test func spanishTextAndTitle() throws {
    let doc = try MediaInspector.extractTrack(path: Fixtures.path("mkv_flags.mkv"), index: 5)
    #expect(doc.cues.map(\.plainText) == ["[MÚSICA]", "Hola."])
    #expect(doc.metadata.title == "Espanol")
    #expect(doc.metadata.language == "es")
  }

  @Test func c608TrackDecodes() throws {
    let doc = try MediaInspector.extractTrack(path: Fixtures.path("mov_c608.mov"), index: 2)
    #expect(doc.cues.map(\.plainText) == ["HELLO CAPTIONS"])
    // FFmpeg's MOV muxer put the whole SCC into one 1-frame sample at 33 ms.
    #expect(doc.cues.first?.start == CaptionTime(milliseconds: 33))
  }

  @Test func errors() {
    #expect(throws: MediaInspectorError.noSuchTrack(0, reason: "stream 0 is video, not a subtitle track")) {
      try MediaInspector.extractTrack(path: Fixtures.path("mp4_und.mp4"), index: 0)
    }
    #expect(throws: MediaInspectorError.noSuchTrack(9, reason: "the file has 3 streams")) {
      try MediaInspector.extractTrack(path: Fixtures.path("mp4_und.mp4"), index: 9)
    }
    #expect(throws: MediaInspectorError.self) { try MediaInspector.extractTrack(path: Fixtures.path("hostile/zero.mp4"), index: 0) }
  }

  @Test func assOverrides() {
    let nodes = ASSTextConverter.nodes(ASSTextConverter.textField("0,0,Default,,0,0,0,,{\\i1}Hi,{\\i0} there\\Nbold{\\b1}x"))
    #expect(nodes == [
      .element(CueElement(.italic, children: [.text("Hi,")])), .text(" there"), .lineBreak, .text("bold"),
      .element(CueElement(.bold, children: [.text("x")])),
    ])
  }

  /// Colours (`\c&HBBGGRR&`, reset by `{\c}`) become styled spans and `{\anN}` the cue's
  /// anchor, as FFmpeg's SubRip decoder writes `<font color>` and `{\an8}`; they were dropped.
  @Test func assColoursAndAnchors() {
    let line = "0,0,Default,,0,0,0,,{\\an8}Top {\\c&H0000FF&}red{\\c} text {\\1c&H00FF00&}green"
    var red = TextStyle()
    red.color = Color(red: 255, green: 0, blue: 0)
    var green = TextStyle()
    green.color = Color(red: 0, green: 255, blue: 0)
    #expect(ASSTextConverter.nodes(ASSTextConverter.textField(line)) == [
      .text("Top "), .element(CueElement(.span, style: red, children: [.text("red")])), .text(" text "),
      .element(CueElement(.span, style: green, children: [.text("green")])),
    ])
    #expect(ASSTextConverter.anchor(ASSTextConverter.textField(line)) == 8)
    #expect(ASSTextConverter.anchor("{\\a6}legacy top centre") == 8)
    #expect(ASSTextConverter.anchor("{\\a10}legacy middle centre") == 5)
    #expect(ASSTextConverter.anchor("no override") == nil)
    #expect(NumpadAnchor.settings(for: 8).line == .value(0))
  }
}

@Suite struct SidecarTests {
  @Test func matroskaTracksAsSidecars() throws {
    let tracks = try MediaInspector.sidecarTracks(path: Fixtures.path("mkv_flags.mkv"))
    #expect(tracks.map(\.index) == [2, 4, 5, 6])
    #expect(tracks.map(\.format) == ["srt", "webvtt", "srt", "srt"])
    let srt = String(decoding: tracks[0].bytes, as: UTF8.self)
    #expect(srt == "1\n00:00:00,164 --> 00:00:00,564\n[MUSIC PLAYING]\n\n2\n00:00:00,564 --> 00:00:00,964\nHello there.\n\n")
    #expect(tracks[0].cueLines == [2, 6])
    #expect(tracks[0].cueIndex(forLine: 7) == 1)
    #expect(tracks[0].cueIndex(forLine: 1) == nil)
    let vtt = String(decoding: tracks[1].bytes, as: UTF8.self)
    #expect(vtt.hasPrefix("WEBVTT\n\n00:00:00.164 --> 00:00:00.564\n[MUSIC PLAYING]\n\n"))
  }

  @Test func movTextAsSubRip() throws {
    let tracks = try MediaInspector.sidecarTracks(path: Fixtures.path("mp4_movtext_3lang.mp4"))
    #expect(tracks.map(\.codec) == ["mov_text", "mov_text", "mov_text"])
    // All three come from one pass over the file: each keeps its own packets.
    #expect(String(decoding: tracks[0].bytes, as: UTF8.self) == "1\n00:00:00,100 --> 00:00:00,500\n[MUSIC PLAYING]\n\n2\n00:00:00,500 --> 00:00:00,900\nHello there.\n\n")
    #expect(String(decoding: tracks[1].bytes, as: UTF8.self) == "1\n00:00:00,100 --> 00:00:00,500\n[MÚSICA]\n\n2\n00:00:00,500 --> 00:00:00,900\nHola.\n\n")
    #expect(String(decoding: tracks[2].bytes, as: UTF8.self) == "1\n00:00:00,200 --> 00:00:00,600\nPARIS, 1944\n\n")
  }

  /// An ASS text of many `{` and no `}` is text, found with one search for `}` (5.9 s at 160 KB).
  @Test(.timeLimit(.minutes(1))) func openBracesWithoutCloseAreText() {
    let text = String(repeating: "{", count: 200_000)
    #expect(ASSTextConverter.nodes(text[...]) == [.text(text)])
  }
}
