import CaptionKit
import Testing

/// Round-trip properties (issue #7): a random valid document, written in a format and read
/// back, equals the original within what that format can hold. Each case is rebuilt from its
/// seed, which a failure names.
@Suite("Round-trip properties")
struct RoundTripPropertyTests {
  static let seeds: [UInt64] = Array(1...150)

  /// Writes `doc`, reads the bytes back, and fails on any error diagnostic in either step.
  static func roundTrip(_ doc: CaptionDocument, _ format: any CaptionFormat, flavor: String? = nil, seed: UInt64) throws -> CaptionDocument {
    try roundTripWithText(doc, format, flavor: flavor, seed: seed).0
  }

  static func roundTripWithText(_ doc: CaptionDocument, _ format: any CaptionFormat, flavor: String? = nil, seed: UInt64) throws -> (CaptionDocument, String) {
    let written = format.write(doc, options: WriteOptions(flavor: flavor))
    let losses = written.diagnostics.filter { $0.severity != .info }
    #expect(losses.isEmpty, "seed \(seed), \(format.id): the writer reported \(losses.map(\.message))")
    let back = try format.read(written.bytes, options: ReadOptions())
    let errors = back.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "seed \(seed), \(format.id): \(errors.map(\.message))\n\(String(decoding: written.bytes, as: UTF8.self))")
    return (back.document, String(decoding: written.bytes, as: UTF8.self))
  }

  static func expectSameTimingAndText(_ a: CaptionDocument, _ b: CaptionDocument, _ what: String) {
    #expect(b.cues.count == a.cues.count, "\(what): cue count")
    for (x, y) in zip(a.cues, b.cues) {
      #expect(y.start == x.start && y.end == x.end, "\(what): \(x.start)–\(x.end) came back as \(y.start)–\(y.end)")
      let before = StyledText.runs(x.content, styles: a.styles), after = StyledText.runs(y.content, styles: b.styles)
      #expect(after == before, "\(what): \(before) came back as \(after)")
    }
  }

  @Test("WebVTT keeps every cue exactly: identifier, timing, settings and the markup tree", arguments: seeds)
  func webVTT(seed: UInt64) throws {
    var g = RandomCaptionDocument(seed: seed, features: .init(identifiers: true, settings: true, voicesAndClasses: true))
    let doc = g.document()
    let back = try Self.roundTrip(doc, WebVTTFormat(), seed: seed)
    #expect(back.cues.count == doc.cues.count)
    for (x, y) in zip(doc.cues, back.cues) {
      #expect(y.id == x.id, "seed \(seed)")
      #expect(y.start == x.start && y.end == x.end, "seed \(seed)")
      #expect(y.settings == x.settings, "seed \(seed): \(x.settings) came back as \(y.settings)")
      #expect(y.content == x.content, "seed \(seed): \(x.content) came back as \(y.content)")
    }
  }

  @Test("SRT keeps timing, text, line breaks and bold, italic and underline", arguments: seeds)
  func subRip(seed: UInt64) throws {
    var g = RandomCaptionDocument(seed: seed, features: .init())
    let doc = g.document()
    let back = try Self.roundTrip(doc, SubRipFormat(), seed: seed)
    Self.expectSameTimingAndText(doc, back, "seed \(seed), srt")
  }

  @Test("TTML (IMSC 1.1, EBU-TT-D, DFXP) keeps timing, text, line breaks and bold, italic and underline", arguments: seeds)
  func ttml(seed: UInt64) throws {
    var g = RandomCaptionDocument(seed: seed, features: .init())
    let doc = g.document()
    for flavor in ["imsc1.1", "ebu-tt-d", "dfxp"] {
      let (back, text) = try Self.roundTripWithText(doc, TTMLFormat(), flavor: flavor, seed: seed)
      Self.expectSameTimingAndText(doc, back, "seed \(seed), \(flavor)\n\(text)")
    }
  }

  @Test("WebVTT to SRT to WebVTT keeps what SRT can hold", arguments: seeds.prefix(50))
  func webVTTThroughSRT(seed: UInt64) throws {
    var g = RandomCaptionDocument(seed: seed, features: .init())
    let doc = g.document()
    let srt = try Self.roundTrip(doc, SubRipFormat(), seed: seed)
    let back = try Self.roundTrip(srt, WebVTTFormat(), seed: seed)
    Self.expectSameTimingAndText(doc, back, "seed \(seed), vtt→srt→vtt")
  }
}
