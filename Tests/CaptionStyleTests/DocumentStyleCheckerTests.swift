import CaptionCore
import Testing

@testable import CaptionStyle

/// Documents built in code, as the WebVTT and TTML readers would produce them.
@Suite struct DocumentStyleCheckerTests {
  func cue(_ content: [CueNode], line: Int, start: Int64 = 0, end: Int64 = 3000, style: TextStyle? = nil, region: String? = nil) -> Cue {
    var settings = CueSettings()
    settings.region = region
    return Cue(
      start: CaptionTime(milliseconds: start), end: CaptionTime(milliseconds: end), settings: settings, style: style,
      content: content, source: SourceLocation(line: line, column: 1))
  }

  func span(_ classes: [String], _ text: String, style: TextStyle? = nil) -> CueNode {
    .element(CueElement(.span, classes: classes, style: style, children: [.text(text)]))
  }

  /// Under a profile, an authored colour with no box of its own sits on the profile's box (the
  /// player draws it behind every caption): yellow SRT text passes on high-contrast-yellow's
  /// opaque black, fails on black-on-white's white, and stays a worst case over video under a
  /// profile without a box. Checked whole and streamed.
  @Test func authoredColourSitsOnTheProfilesBox() throws {
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    let doc = CaptionDocument(cues: [cue([span([], "Passengers", style: yellow)], line: 15)])
    func findings(_ id: String) throws -> [String] {
      let profile = try ProfileLibrary.builtIn.profile(id)
      let whole = DocumentStyleChecker.check(doc, profile: profile, defaults: .plain).filter { $0.code.hasPrefix("style.contrast") }
      var streamed = StreamingStyleChecker(header: CaptionDocument(), profile: profile, defaults: .plain)
      for c in doc.cues { streamed.add(c) }
      #expect(streamed.finish().filter { $0.code.hasPrefix("style.contrast") } == whole)
      return whole.map { "\($0.code): \($0.message)" }
    }
    #expect(try findings("high-contrast-yellow").isEmpty)
    #expect(try findings("black-on-white").first?.hasPrefix("style.contrast.text-over-background: text #FFFF00 on background #FFFFFF: contrast 1.07:1") == true)
    #expect(try findings("outline-only").first?.hasPrefix("style.contrast.worst-case-video: text #FFFF00 on no background") == true)
  }

  @Test func yellowClassOnWhiteBackgroundInWebVTT() {
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    yellow.backgroundColor = .white
    let doc = CaptionDocument(
      styleSheets: ["::cue(.yellow) { color: yellow; background-color: white }"],
      styles: [NamedStyle(id: "yellow", style: yellow, source: SourceLocation(line: 4, column: 1))],
      cues: [
        cue([span(["yellow"], "Hello")], line: 7),
        cue([.text("plain "), span(["yellow"], "again")], line: 10, start: 3000, end: 6000),
      ])
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.count == 1, "\(d)")
    let first = d.first
    #expect(first?.code == "style.contrast.text-over-background")
    #expect(first?.severity == .error)
    #expect(first?.location == SourceLocation(line: 4, column: 1))
    #expect(first?.message == "style \"yellow\": text #FFFF00 on background #000000 @ 80% under #FFFFFF: contrast 1.07:1 < 4.5:1 (WCAG AA, normal text in phone-portrait-inline)")
  }

  /// A cue of thousands of lines with two looks is checked as two runs (one copy of each, not
  /// one per line): the same findings, in the same order, as a cue with one line of each.
  @Test func repeatedRunsAreCheckedOnce() {
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    yellow.backgroundColor = .white
    var low = TextStyle()
    low.color = .white
    low.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0x40)
    func document(lines: Int) -> CaptionDocument {
      var content: [CueNode] = []
      for k in 0..<lines {
        if k > 0 { content.append(.lineBreak) }
        content.append(k % 2 == 0 ? span(["yellow"], "line \(k)") : span([], "line \(k)", style: low))
      }
      return CaptionDocument(
        styleSheets: ["::cue(.yellow) { color: yellow; background-color: white }"],
        styles: [NamedStyle(id: "yellow", style: yellow, source: SourceLocation(line: 4, column: 1))],
        cues: [cue(content, line: 7)])
    }
    let short = DocumentStyleChecker.check(document(lines: 2), profile: nil)
    #expect(short.map(\.code) == ["style.contrast.text-over-background"])
    #expect(DocumentStyleChecker.check(document(lines: 5000), profile: nil) == short)
  }

  @Test func ttmlSpanWithLowAlphaBackground() {
    var s = TextStyle()
    s.color = .white
    s.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0x40)
    let doc = CaptionDocument(
      metadata: { var m = DocumentMetadata(); m.parameters["ttp:cellResolution"] = "32 15"; return m }(),
      cues: [cue([span([], "Low alpha", style: s)], line: 12)])
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.count == 1, "\(d)")
    #expect(d.first?.code == "style.contrast.worst-case-video")
    #expect(d.first?.location == SourceLocation(line: 12, column: 1))
    #expect(d.first?.cueIndex == 0)
    // 0x40/255 = 25.1% black box over a white frame.
    let stack = LayerStack(text: Paint(.white), background: Paint(.black, opacity: 64.0 / 255))
    let w = WorstCaseEngine.evaluate(stack, spaces: [.srgb, .linear])
    #expect(d.first?.message == "text #FFFFFF on background #000000 @ 25.1%: worst-case contrast over video \(ProfileAnalysis.ratios(w, threshold: 4.5)) < 4.5:1 (WCAG AA, normal text in phone-portrait-inline)")
    #expect(NumberFormat.fixed(w[0].ratio, 2) == "1.84")
    #expect(NumberFormat.fixed(w[1].ratio, 2) == "1.31")
  }

  @Test func unstyledDocumentIsLeftToThePlayer() {
    let doc = CaptionDocument(cues: [cue([.text("Hello")], line: 1)])
    #expect(DocumentStyleChecker.check(doc, profile: nil).isEmpty)
  }

  @Test func opaqueRegionBackgroundMakesYellowReadable() {
    var region = Region(id: "r1")
    region.style.backgroundColor = .black
    region.source = SourceLocation(line: 3, column: 5)
    var yellow = TextStyle()
    yellow.color = Color(named: "yellow")
    let doc = CaptionDocument(
      styles: [NamedStyle(id: "y", style: yellow, source: SourceLocation(line: 2, column: 5))], regions: [region],
      cues: [cue([span(["y"], "Readable")], line: 9, region: "r1")])
    #expect(DocumentStyleChecker.check(doc, profile: nil, defaults: .ttml).isEmpty)
    // Without the region the same yellow text sits on the video.
    let bare = CaptionDocument(styles: doc.styles, cues: [cue([span(["y"], "Unreadable")], line: 9)])
    let d = DocumentStyleChecker.check(bare, profile: nil, defaults: .ttml)
    #expect(d.map(\.code) == ["style.contrast.worst-case-video"])
    #expect(d.first?.message.contains("1.00:1 (sRGB blend), 1.00:1 (linear)") == true)
  }

  @Test func outlineEmulatedWithShadowsEarnsHalo() {
    var s = TextStyle()
    s.color = .white
    s.backgroundColor = .transparent
    let w = Length(0.06, .em)
    let n = Length(-0.06, .em)
    s.textShadow = [(w, w), (n, n), (w, n), (n, w)].map { TextStyle.TextShadow(offsetX: $0.0, offsetY: $0.1, color: .black) }
    let doc = CaptionDocument(styles: [NamedStyle(id: "o", style: s)], cues: [cue([span(["o"], "Outlined")], line: 5)])
    #expect(DocumentStyleChecker.check(doc, profile: nil, defaults: .plain).isEmpty)
    // One drop shadow earns nothing.
    s.textShadow = [TextStyle.TextShadow(offsetX: w, offsetY: w, color: .black)]
    let shadow = CaptionDocument(styles: [NamedStyle(id: "o", style: s)], cues: [cue([span(["o"], "Shadowed")], line: 5)])
    #expect(DocumentStyleChecker.check(shadow, profile: nil, defaults: .plain).map(\.code) == ["style.contrast.worst-case-video"])
  }

  @Test func translucentCueBoxWarnsOnBlendSpace() {
    var g = TextStyle()
    g.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 191)  // 75%
    let doc = CaptionDocument(
      styleSheets: ["::cue { background-color: rgba(0,0,0,0.75) }"],
      styles: [NamedStyle(id: "", style: g, source: SourceLocation(line: 3, column: 1))],
      cues: [cue([.text("Hi")], line: 6)])
    let d = DocumentStyleChecker.check(doc, profile: nil)
    #expect(d.map(\.code) == ["style.contrast.blend-space-dependent"])
    #expect(d.first?.location == SourceLocation(line: 3, column: 1))
  }

  @Test func srtFontColourOnVideo() {
    var s = TextStyle()
    s.color = Color(hex: "#808080")
    let doc = CaptionDocument(cues: [cue([span([], "Grey", style: s)], line: 2)])
    let d = DocumentStyleChecker.check(doc, profile: nil, defaults: .plain)
    #expect(d.map(\.code) == ["style.contrast.worst-case-video"])
    #expect(d.first?.location?.line == 2)
    #expect(d.first?.severity == .warning)
    #expect(DocumentStyleChecker.check(doc, profile: nil, defaults: .ttml).first?.severity == .error)
  }

  @Test func displayUnderProfileChecksLayoutAndTiming() throws {
    let profile = try ProfileLibrary.builtIn.profile("large-print")
    let doc = CaptionDocument(cues: [
      cue([.text("one"), .lineBreak, .text("two"), .lineBreak, .text("three")], line: 3, end: 2000),
      cue([.text("This line is far too long for large print captions at all")], line: 7, start: 2000, end: 2500),
    ])
    let d = DocumentStyleChecker.check(doc, profile: profile)
    let codes = d.map(\.code)
    #expect(codes.contains("style.layout.too-many-lines"))
    #expect(codes.contains("style.layout.line-too-long"))
    #expect(codes.contains("style.timing.reading-rate"))
    #expect(codes.contains("style.timing.too-short"))
    #expect(d.first { $0.code == "style.timing.too-short" }?.location?.line == 7)
    // A failing profile reports its own contrast problem once.
    let failing = DocumentStyleChecker.check(CaptionDocument(), profile: try ProfileLibrary.builtIn.profile("drop-shadow-only"))
    #expect(failing.contains { $0.code == "style.contrast.worst-case" && $0.severity == .error && $0.message.contains("1.00:1") })
  }

  /// The profile's words-per-minute and gap limits are checked too (they were read and never
  /// used): 8 words in 2 s is 240 words/min, and a 100 ms gap is under 10 frames at 23.976.
  @Test func displayUnderProfileChecksWordsPerMinuteAndGaps() throws {
    let profile = try ProfileLoader.parse(#"{"schema":"caption-style-profile/1","id":"pw","timing":{"maxWordsPerMinute":60,"maxCharsPerSecond":60,"minGapFrames":10}}"#)
    let doc = CaptionDocument(cues: [
      cue([.text("a b c d e f g h")], line: 3, start: 1000, end: 3000),
      cue([.text("next")], line: 6, start: 3100, end: 5000),
      cue([.text("touching")], line: 9, start: 5000, end: 7000),
    ])
    let d = DocumentStyleChecker.check(doc, profile: profile).filter { $0.code.hasPrefix("style.timing") }
    #expect(d.map(\.code) == ["style.timing.reading-rate", "style.timing.gap-too-short"])
    #expect(d.first?.message == "reading rate 7.5 characters/s (240 words/min) > 60 words/min under profile pw (CS-T01)")
    #expect(d.last?.cueIndex == 1)
    #expect(d.last?.message.hasPrefix("starts 0.100 s after the cue before it ends, under 10 frames (0.417 s at 23.976 fps)") == true)
    // Streamed, cue by cue, the same.
    var streamed = StreamingStyleChecker(header: CaptionDocument(), profile: profile, defaults: .webvtt)
    for c in doc.cues { streamed.add(c) }
    #expect(streamed.finish().filter { $0.code.hasPrefix("style.timing") } == d)
  }

  @Test func defaultsByFormat() {
    let doc = CaptionDocument()
    #expect(RendererDefaults.forFormat("vtt", document: doc) == .webvtt)
    #expect(RendererDefaults.forFormat("ttml", document: doc) == .ttml)
    #expect(RendererDefaults.forFormat("srt", document: doc) == .plain)
    #expect(RendererDefaults.forFormat(nil, document: CaptionDocument(styleSheets: ["::cue {}"])) == .webvtt)
  }

  @Test func cyclicNamedStylesTerminate() {
    var a = TextStyle()
    a.color = .black
    let doc = CaptionDocument(
      styles: [NamedStyle(id: "a", basedOn: ["b"], style: a), NamedStyle(id: "b", basedOn: ["a"], style: TextStyle())],
      cues: [cue([span(["a"], "x")], line: 1)])
    let d = DocumentStyleChecker.check(doc, profile: nil, defaults: .plain)
    #expect(d.map(\.code) == ["style.contrast.worst-case-video"])
  }
}
