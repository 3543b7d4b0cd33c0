import Foundation
import CaptionKit
import CaptionTestSupport
import Testing

@Suite("TTML timing")
struct TTMLTimingTests {
  func time(_ expr: String, _ configure: (inout TTMLTimingParameters) -> Void = { _ in }) throws -> CaptionTime {
    var p = TTMLTimingParameters()
    configure(&p)
    return try TTMLTimeExpression.parse(expr, parameters: p).get()
  }

  /// The docs said the clock time base was reported; nothing was said.
  @Test("The clock time base is read as media time, and said")
  func clockTimeBaseIsSaid() throws {
    let doc = TTMLTest.doc(#"ttp:timeBase="clock" ttp:clockMode="local""#, body: #"<div><p begin="00:00:01.000" end="00:00:02.000">x</p></div>"#)
    let r = try TTMLTest.read(doc)
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(1, 1)])
    #expect(r.diagnostics.filter { $0.code == "ttml.timing.clock-time-base" }.map(\.severity) == [.info])
    #expect(try !TTMLTest.read(TTMLTest.doc(#"ttp:timeBase="media""#, body: "<div/>")).diagnostics.contains { $0.code == "ttml.timing.clock-time-base" })
  }

  @Test("dropNTSC at a frame rate other than 30 is reported and read as non-drop")
  func dropModeNeedsThirtyFPS() throws {
    let doc = TTMLTest.doc(
      #"ttp:timeBase="smpte" ttp:frameRate="1" ttp:frameRateMultiplier="1000 1001" ttp:dropMode="dropNTSC""#,
      body: #"<div><p begin="00:01:00:00" end="00:02:00:00">x</p></div>"#)
    let r = try TTMLTest.read(doc)
    // Non-drop at 1000/1001 fps: 60 frames of 1.001 s, 120 frames of 1.001 s.
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(60_060, 1000)])
    #expect(r.document.cues.map(\.end) == [TTMLTest.t(120_120, 1000)])
    let d = r.diagnostics.filter { $0.code == "ttml.parameter.invalid" }
    #expect(d.count == 1)
    #expect(d.first?.message.contains("needs a nominal frame rate of 30") == true)
    #expect(!r.diagnostics.contains { $0.code == "ttml.timing.invalid-expression" })
  }

  @Test("Cues are in order of start time (a div per region interleaves in time); per-cue directives and styled runs follow their cue")
  func cuesAreSortedByStart() throws {
    let head = #"<layout><region xml:id="top" tts:origin="10% 10%" tts:extent="80% 20%"/><region xml:id="bottom" tts:origin="10% 70%" tts:extent="80% 20%"/></layout>"#
    let body = #"<metadata><ck:disable xmlns:ck="urn:captionkit:lint">text.line-length</ck:disable></metadata><div region="top"><p begin="0s" end="5s">T1</p><p begin="10s" end="15s">T2</p></div><div region="bottom"><p begin="2s" end="7s">B1<metadata><ck:disable xmlns:ck="urn:captionkit:lint">text.cps</ck:disable></metadata></p><p begin="10s" end="17s">B2</p></div>"#
    let text = TTMLTest.doc(head: head, body: body)
    let r = try TTMLTest.read(text)
    #expect(r.document.cues.map(\.plainText) == ["T1", "B1", "T2", "B2"])
    #expect(r.document.cues.map(\.settings.region) == ["top", "bottom", "top", "bottom"])
    #expect(r.document.comments.map(\.text) == ["captionkit-disable-file text.line-length", "captionkit-disable text.cps"])
    #expect(r.document.comments.map(\.beforeCue) == [0, 1])
    let details = try TTMLTest.details(text)
    #expect(Set(details.styledRuns.map { "\($0.cueIndex):\($0.text)" }) == ["0:T1", "1:B1", "2:T2", "3:B2"])
  }

  @Test("Content shows only while its region is active: cues are cut to a timed region's interval")
  func regionTimingClipsCues() throws {
    let head = #"<layout><region xml:id="r" begin="1s" end="2s" tts:origin="10% 10%" tts:extent="80% 80%"/><region xml:id="d" dur="3s" tts:origin="0% 0%" tts:extent="50% 50%"/><region xml:id="u" tts:origin="0% 50%" tts:extent="50% 50%"/></layout>"#
    let body = #"<div><p begin="0s" end="4s" region="r">A</p><p begin="5s" end="6s" region="r">B</p><p begin="2s" end="9s" region="d">C</p><p begin="0s" end="4s" region="u">D</p></div>"#
    let r = try TTMLTest.read(TTMLTest.doc(head: head, body: body))
    #expect(r.document.cues.map(\.plainText) == ["D", "A", "C"])
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(0), TTMLTest.t(1), TTMLTest.t(2)])
    #expect(r.document.cues.map(\.end) == [TTMLTest.t(4), TTMLTest.t(2), TTMLTest.t(3)])
    let note = r.diagnostics.filter { $0.code == "ttml.region.inactive" }
    #expect(note.count == 1)
    #expect(note.first?.message.contains("2 cue(s) were cut") == true)
    #expect(note.first?.message.contains("1 fall wholly outside") == true)
    // Untimed regions change nothing and say nothing.
    let plain = try TTMLTest.read(TTMLTest.doc(head: #"<layout><region xml:id="u" tts:origin="0% 50%" tts:extent="50% 50%"/></layout>"#, body: #"<div><p begin="0s" end="4s" region="u">D</p></div>"#))
    #expect(plain.document.cues.map(\.end) == [TTMLTest.t(4)])
    #expect(!plain.diagnostics.contains { $0.code == "ttml.region.inactive" })
  }

  @Test("Times written on the media timeline (Apple iTunes TTML) are read as such when relative times would hide the content")
  func absoluteTimesAreDetected() throws {
    // Relative to their p (TTML), both spans would begin after the p ends and never show.
    let apple = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="00:00:17.861" end="00:00:21.793"><span begin="00:00:17.861" end="00:00:18.184">You </span><span begin="00:00:18.184" end="00:00:21.793">were</span></p></div>"#))
    #expect(apple.document.cues.map(\.plainText) == ["You", "were"])
    #expect(apple.document.cues.map(\.start) == [TTMLTest.t(17_861, 1000), TTMLTest.t(18_184, 1000)])
    #expect(apple.document.cues.map(\.end) == [TTMLTest.t(18_184, 1000), TTMLTest.t(21_793, 1000)])
    #expect(apple.diagnostics.filter { $0.code == "ttml.timing.absolute-times" }.map(\.severity) == [.warning])
    // Relative times that fit their parent stay relative, and say nothing.
    let relative = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="10s" end="20s"><span begin="1s" end="2s">a</span> b</p><p begin="30s" end="40s"><span begin="31s">c</span></p></div>"#))
    #expect(relative.document.cues.first.map { [$0.start, $0.end] } == [TTMLTest.t(10), TTMLTest.t(11)])
    #expect(!relative.diagnostics.contains { $0.code == "ttml.timing.absolute-times" })
    // A p that begins at 0 tells nothing either way.
    let zero = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="0s" end="4s"><span begin="1s" end="2s">a</span></p></div>"#))
    #expect(zero.document.cues.map(\.start) == [TTMLTest.t(1)])
    #expect(!zero.diagnostics.contains { $0.code == "ttml.timing.absolute-times" })
    // With itunes:timing, times are media times even where they would fit read relatively.
    let lyrics = try TTMLTest.read(TTMLTest.doc(
      #"xmlns:itunes="http://music.apple.com/lyric-ttml-internal" itunes:timing="Word""#,
      body: #"<div begin="5s" end="60s"><p begin="5s" end="9s"><span begin="5s" end="6s">Hello</span> <span begin="6s" end="9s">world</span></p></div>"#))
    #expect(lyrics.document.cues.map(\.plainText) == ["Hello world"])
    #expect(lyrics.document.cues.first.map { [$0.start, $0.end] } == [TTMLTest.t(5), TTMLTest.t(9)])
  }

  @Test("An untimed p with timed spans (EBU-TT-D, Tech 3380) is a cue per span: no cue while only a br or spaces are active, no trailing empty line")
  func spanTimedParagraphHasNoEmptyCues() throws {
    let r = try TTMLTest.read(TTMLTest.doc(
      body: #"<div><p xml:id="p1"><span begin="00:00:01.000" end="00:00:02.000">Hello</span><br/><span begin="00:00:02.000" end="00:00:03.000">world</span></p></div>"#))
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(1), TTMLTest.t(2)])
    #expect(r.document.cues.map(\.end) == [TTMLTest.t(2), TTMLTest.t(3)])
    // The first keeps no line break after its text; the second keeps its line (below the first).
    #expect(r.document.cues.map(\.content) == [[.element(CueElement(.span, children: [.text("Hello")]))], [.lineBreak, .element(CueElement(.span, children: [.text("world")]))]])
    #expect(r.document.cues.map(\.id) == ["p1", "p1-2"])
    // Preserved indentation between timed spans shows nothing either.
    let preserved = try TTMLTest.read(TTMLTest.doc(
      body: "<div><p xml:space=\"preserve\">\n  <span begin=\"1s\" end=\"2s\">A</span>\n  <span begin=\"3s\" end=\"4s\">B</span>\n</p></div>"))
    #expect(preserved.document.cues.map(\.start) == [TTMLTest.t(1), TTMLTest.t(3)])
    #expect(preserved.document.cues.map(\.end) == [TTMLTest.t(2), TTMLTest.t(4)])
    #expect(preserved.document.cues.map { $0.plainText.trimmingCharacters(in: .whitespacesAndNewlines) } == ["A", "B"])
    // A line break two spans deep is dropped as well.
    let nested = try TTMLTest.read(TTMLTest.doc(
      body: #"<div><p begin="5s" end="9s"><span begin="0s" end="1s">a</span><span><span begin="2s" end="3s">b<br/></span></span></p></div>"#))
    #expect(nested.document.cues.map(\.plainText) == ["a", "b"])
    // A p of only a line break, untimed content and one interval, is still a cue.
    #expect(try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="3s" end="4s"><br/></p></div>"#)).document.cues.count == 1)
  }

  @Test("Apple Music word timing (itunes:timing) shows each line whole for its p", .enabled(if: Corpus.root != nil))
  func appleWordTimingShowsWholeLines() throws {
    let url = try #require(Corpus.files(in: "pysubs2", extensions: ["ttml"]).first { $0.lastPathComponent == "ttml_example_apple.ttml" })
    let r = try TTMLFormat().read(try Corpus.bytes(url), options: ReadOptions())
    let cues = r.document.cues
    #expect(cues.count == 38)  // one per p, as pysubs2's reference conversion has
    #expect(cues.first?.plainText == "When you were here be fore")
    #expect(cues.first.map { [$0.start, $0.end] } == [TTMLTest.t(19_764, 1000), TTMLTest.t(21_900, 1000)])
    #expect(cues.dropFirst().first?.plainText == "Couldn't look you in the eye")
    #expect(r.diagnostics.contains { $0.code == "ttml.timing.word-highlights" })
  }

  @Test("Discontinuous SMPTE markers are read as continuous time, and said so")
  func discontinuousMarkers() throws {
    let r = try TTMLTest.read(TTMLTest.doc(#"ttp:timeBase="smpte" ttp:frameRate="25" ttp:markerMode="discontinuous""#, body: #"<div><p begin="00:00:01:00" end="00:00:02:00">x</p></div>"#))
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(1)])
    #expect(r.diagnostics.filter { $0.code == "ttml.timing.discontinuous-markers" }.map(\.severity) == [.info])
    let continuous = try TTMLTest.read(TTMLTest.doc(#"ttp:timeBase="smpte" ttp:frameRate="25""#, body: #"<div><p begin="00:00:01:00" end="00:00:02:00">x</p></div>"#))
    #expect(!continuous.diagnostics.contains { $0.code == "ttml.timing.discontinuous-markers" })
  }

  @Test("A p whose content changes too often is one cue with all its content, reported, never dropped")
  func tooManyChangesAreMergedAndReported() throws {
    // 5,001 timed spans: 10,001 intervals (over the 10,000 cap). Before, the p yielded no cue.
    let spans = (0...5000).map { #"<span begin="\#($0 * 2)ms" end="\#($0 * 2 + 1)ms">w</span>"# }.joined()
    let many = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="0s" end="100s">"# + spans + "</p></div>"))
    #expect(many.document.cues.count == 1)
    #expect(many.document.cues.first?.plainText == String(repeating: "w", count: 5001))
    #expect(many.document.cues.first.map { ($0.start, $0.end) } ?? (.zero, .zero) == (TTMLTest.t(0), TTMLTest.t(100)))
    #expect(many.diagnostics.filter { $0.code == "ttml.timing.too-many-changes" }.map { $0.location?.line } == [4])  // the p

    // Under the budget, a p with timed spans is split at each change.
    let few = TTMLTest.doc(body: #"<div><p begin="0s" end="3s">a <span begin="1s" end="2s">b</span> c</p></div>"#)
    let split = try TTMLTest.read(few)
    #expect(split.document.cues.map(\.plainText) == ["a c", "a b c", "a c"])
    #expect(!split.diagnostics.contains { $0.code == "ttml.timing.too-many-changes" })
    // Past a lowered budget (3 intervals x 5 nodes = 15 > 10), the same p is one cue with everything.
    var options = ReadOptions()
    options.limits.maxTimedContentNodes = 10
    let merged = try TTMLFormat().read(Array(few.utf8), options: options)
    #expect(merged.document.cues.map(\.plainText) == ["a b c"])
    #expect(merged.diagnostics.first { $0.code == "ttml.timing.too-many-changes" }?.message.contains("--max-timed-content") == true)
  }

  @Test("dropPAL drops frames 00-03 at even minutes except 00, 20 and 40 (TTML1 10.3.1)")
  func dropPALLabels() throws {
    let pal: (inout TTMLTimingParameters) -> Void = {
      $0.timeBase = .smpte
      $0.frameRate = 30
      $0.multiplierNumerator = 1000
      $0.multiplierDenominator = 1001
      $0.dropMode = .dropPAL
    }
    // 00:10:00:04: 18,004 labels less 4 x 5 dropped = 17,984 frames of 1001/30000 s.
    #expect(try time("00:10:00:04", pal) == TTMLTest.t(17_984 * 1001, 30_000))
    // One hour: 108,000 labels less 4 x 27 = 107,892 frames.
    #expect(try time("01:00:00:00", pal) == TTMLTest.t(107_892 * 1001, 30_000))
    // Minute 20 keeps its first frames; minute 10 (even) does not.
    #expect(try time("00:20:00:00", pal) == TTMLTest.t((36_000 - 4 * 9) * 1001, 30_000))
    #expect(throws: (any Error).self) { try time("00:10:00:00", pal) }
    #expect(throws: (any Error).self) { try time("00:02:00:03", pal) }
  }

  @Test("The timed-content budget weighs text; merged p's never show elements with an empty interval")
  func timedContentBudgetWeighsTextAndSkipsDeadElements() throws {
    // 200 timed spans beside 64 KB of text: 201 intervals x (401 nodes + 4,096) > 400,000.
    let spans = (0..<200).map { #"<span begin="\#($0)s" end="\#($0 + 1)s">x</span>"# }.joined()
    let text = String(repeating: "word ", count: 13_108)
    var options = ReadOptions()
    options.limits.maxTimedContentNodes = 400_000
    let big = try TTMLFormat().read(Array(TTMLTest.doc(body: #"<div><p begin="0s" end="300s">"# + text + spans + "</p></div>").utf8), options: options)
    #expect(big.document.cues.count == 1)
    #expect(big.diagnostics.contains { $0.code == "ttml.timing.too-many-changes" })
    // In a seq, spans after one with an unresolved end never begin: merged or not, they are not
    // shown, and their times are no changes.
    let seq = TTMLTest.doc(body: #"<div><p begin="0s" end="10s" timeContainer="seq"><span>A</span><span begin="1s" dur="1s">B</span><span dur="1s">C</span></p></div>"#)
    #expect(try TTMLTest.read(seq).document.cues.map(\.plainText) == ["A"])
    options.limits.maxTimedContentNodes = 1
    #expect(try TTMLFormat().read(Array(seq.utf8), options: options).document.cues.map(\.plainText) == ["A"])
  }

  @Test("Karaoke lines (p's of 40 words, each shown from its own begin) are charged by what each interval shows")
  func karaokeIsChargedByWhatIsShown() throws {
    var lines: [String] = []
    for i in 0..<300 {
      let t = Double(i) * 5
      let words = (0..<40).map { w in #"<span begin="\#(String(format: "%.1f", Double(w) * 0.1))s">word\#(w)</span>"# }.joined(separator: " ")
      lines.append(#"<p begin="\#(t)s" end="\#(t + 4.5)s">"# + words + "</p>")
    }
    // 300 p's x 40 intervals x the whole p (about 120 nodes) would pass 1,000,000; what the
    // intervals show (word k in 40 - k of them) is about half a million.
    var options = ReadOptions()
    options.limits.maxTimedContentNodes = 1_000_000
    let r = try TTMLFormat().read(Array(TTMLTest.doc(body: "<div>" + lines.joined() + "</div>").utf8), options: options)
    #expect(!r.diagnostics.contains { $0.code == "ttml.timing.too-many-changes" })
    #expect(r.document.cues.count == 300 * 40)
  }

  @Test("seq: bare text has no duration, and a child with an unresolved end keeps later siblings from beginning")
  func sequentialContainers() throws {
    // TTML2 12.1.2: the anonymous spans holding "A" and "C" get zero duration in a seq p.
    let text = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="0s" end="10s" timeContainer="seq">A<span dur="2s">B</span>C</p></div>"#))
    #expect(text.document.cues.map(\.plainText) == ["B"])
    #expect(text.document.cues.map(\.start) == [TTMLTest.t(0)])
    #expect(text.document.cues.map(\.end) == [TTMLTest.t(2)])
    // "A" has no resolved end (mixed content), so "B" never begins; "A" lasts to the div's end.
    let unresolved = try TTMLTest.read(TTMLTest.doc(body: #"<div timeContainer="seq" dur="10s"><p>A</p><p dur="1s">B</p></div>"#))
    #expect(unresolved.document.cues.map(\.plainText) == ["A"])
    #expect(unresolved.document.cues.map(\.end) == [TTMLTest.t(10)])
    // Resolved ends chain as before.
    let chained = try TTMLTest.read(TTMLTest.doc(body: #"<div timeContainer="seq"><p dur="2s">A</p><p dur="1s">B</p></div>"#))
    #expect(chained.document.cues.map { [$0.start, $0.end] } == [[TTMLTest.t(0), TTMLTest.t(2)], [TTMLTest.t(2), TTMLTest.t(3)]])
  }

  @Test("An indefinite end lasts past every timed instant (24 h after the last), as TTML shows it until the media ends")
  func indefiniteEndMessageMatchesModel() throws {
    // "a" and "b" have no end; the last timed instant is 5 s (c's end, b's begin). Both stay
    // shown at 5 s, where ttconv's last ISD (with no end) still holds them.
    let r = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="1s">a</p><p begin="5s">b</p><p begin="2s" end="5s">c</p></div>"#))
    // In order of start time: a (1 s), c (2 s), b (5 s).
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(1), TTMLTest.t(2), TTMLTest.t(5)])
    #expect(r.document.cues.map(\.end) == [TTMLTest.t(86_405), TTMLTest.t(5), TTMLTest.t(86_405)])
    let d = try #require(r.diagnostics.first { $0.code == "ttml.timing.indefinite-end" })
    #expect(d.message.contains("2 cue(s)"))
    #expect(d.message.contains("end 24 h after the document's last timed instant (0:00:05.000)"))
  }

  @Test("Clock times with fractions, frames and sub-frames")
  func clockTimes() throws {
    #expect(try time("00:00:01.500") == TTMLTest.t(3, 2))
    #expect(try time("01:02:03") == TTMLTest.t(3723))
    #expect(try time("100:00:00.25") == TTMLTest.t(360_000 * 4 + 1, 4))
    #expect(try time("00:00:01:15") == TTMLTest.t(3, 2))  // 30 fps default
    #expect(try time("00:00:00:01.1") { $0.subFrameRate = 2 } == TTMLTest.t(1, 20))
    #expect(try time("00:00:00:12") { $0.frameRate = 25; $0.frameRateSpecified = true } == TTMLTest.t(12, 25))
  }

  @Test("Fractions of any length are valid: digits past a picosecond are dropped, not rejected")
  func longFractions() throws {
    #expect(try time("0.000000000000000000000000000001s") == TTMLTest.t(0))
    #expect(try time("1.5000000000000000000001s") == TTMLTest.t(3, 2))
    #expect(try time("00:00:02.1234567890123456789") == TTMLTest.t(2_123_456_789_012, 1_000_000_000_000))
    #expect(try time("2.25h") == TTMLTest.t(8100))
    // A whole part too large for 64 bits is still out of range.
    #expect((try? time("9999999999999999h")) == nil)
    let r = try TTMLTest.read(TTMLTest.doc(body: #"<div><p begin="0.000000000000000000000000000001s" end="1.5000000000000000000001s">A</p></div>"#))
    #expect(r.document.cues.map(\.end) == [TTMLTest.t(3, 2)])
    #expect(!r.diagnostics.contains { $0.severity == .error })
  }

  @Test("Offset times in every metric")
  func offsetTimes() throws {
    #expect(try time("1.5s") == TTMLTest.t(3, 2))
    #expect(try time("2h") == TTMLTest.t(7200))
    #expect(try time("1.25m") == TTMLTest.t(75))
    #expect(try time("250ms") == TTMLTest.t(1, 4))
    #expect(try time("90f") == TTMLTest.t(3))
    #expect(try time("10t") { $0.tickRate = 10 } == TTMLTest.t(1))
    #expect(try time("10000000t") { $0.tickRate = 10_000_000 } == TTMLTest.t(1))
  }

  @Test("Invalid time expressions are errors")
  func invalid() {
    var p = TTMLTimingParameters()
    p.frameRate = 25
    for bad in ["", "1", "1x", "0:00:01", "00:60:00", "00:00:01:25", "00:00:01.5.5", "-1s", "s", "00:00:00:01.3"] {
      if case .success(let t) = TTMLTimeExpression.parse(bad, parameters: p) {
        Issue.record("'\(bad)' parsed as \(t)")
      }
    }
  }

  @Test("29.97 drop-frame and non-drop give the right seconds")
  func dropFrame() throws {
    func ntsc(_ p: inout TTMLTimingParameters, drop: Bool) {
      p.frameRate = 30
      p.multiplierNumerator = 1000
      p.multiplierDenominator = 1001
      p.timeBase = .smpte
      p.dropMode = drop ? .dropNTSC : .nonDrop
    }
    // 00:01:00;02 is frame 1800 in drop-frame: 1800 × 1001/30000 s = 60.06 s.
    #expect(try time("00:01:00:02") { ntsc(&$0, drop: true) } == TTMLTest.t(3003, 50))
    // 00:10:00;00 is frame 17982: 599.9994 s.
    #expect(try time("00:10:00:00") { ntsc(&$0, drop: true) } == TTMLTest.t(17982 * 1001, 30000))
    // One hour of drop-frame labels is 107892 frames: 3599.9964 s.
    #expect(try time("01:00:00:00") { ntsc(&$0, drop: true) } == TTMLTest.t(107_892 * 1001, 30000))
    // Non-drop at 29.97: the label 00:01:00:02 is frame 1802.
    #expect(try time("00:01:00:02") { ntsc(&$0, drop: false) } == TTMLTest.t(1802 * 1001, 30000))
    // Labels that drop-frame skips are invalid.
    var p = TTMLTimingParameters()
    ntsc(&p, drop: true)
    #expect((try? TTMLTimeExpression.parse("00:01:00:00", parameters: p).get()) == nil)
  }

  @Test("Parameters from the root element, with defaults")
  func parametersFromDocument() throws {
    let d = TTMLTest.doc(
      "ttp:frameRate=\"25\" ttp:frameRateMultiplier=\"1000 1001\" ttp:tickRate=\"90000\"",
      body: "<div><p begin=\"25f\" end=\"180000t\">a</p><p begin=\"00:00:03:00\" end=\"00:00:04:12\">b</p></div>")
    let r = try TTMLTest.read(d)
    #expect(r.document.cues.map(\.start) == [TTMLTest.t(1001, 1000), TTMLTest.t(3)])
    #expect(r.document.cues.map(\.end) == [TTMLTest.t(2), TTMLTest.t(4) + TTMLTest.t(12 * 1001, 25000)])
    #expect(r.document.metadata.parameters["ttp:frameRate"] == "25")
    // Tick rate defaults to the frame rate when only ttp:frameRate is given.
    let d2 = TTMLTest.doc("ttp:frameRate=\"25\"", body: "<div><p begin=\"25t\" end=\"50t\">a</p></div>")
    #expect(try TTMLTest.read(d2).document.cues.first?.start == TTMLTest.t(1))
    // TTML2 §7.2.13: ticks are sub-frames, so ttp:subFrameRate multiplies the default.
    let d3 = TTMLTest.doc("ttp:frameRate=\"25\" ttp:subFrameRate=\"2\"", body: "<div><p begin=\"50t\" end=\"75t\">a</p></div>")
    let c3 = try TTMLTest.read(d3).document.cues.first
    #expect(c3?.start == TTMLTest.t(1))
    #expect(c3?.end == TTMLTest.t(3, 2))
    // A fractional effective frame rate stays exact: 30000 ticks at 29.97 fps are 1001 s,
    // not the 1000 s a rate rounded up to 30 would give.
    let d4 = TTMLTest.doc(
      "ttp:frameRate=\"30\" ttp:frameRateMultiplier=\"1000 1001\"", body: "<div><p begin=\"30000t\" end=\"60000t\">a</p></div>")
    let c4 = try TTMLTest.read(d4).document.cues.first
    #expect(c4?.start == TTMLTest.t(1001))
    #expect(c4?.end == TTMLTest.t(2002))
  }

  @Test("par and seq containment, begin/end/dur on body, div, p and span")
  func containment() throws {
    let d = TTMLTest.doc(body: """
      <div begin="10s">
        <p begin="1s" dur="2s">par child</p>
        <p begin="1s" end="5s" dur="3s">min of end and dur</p>
      </div>
      <div timeContainer="seq" begin="20s">
        <p dur="2s">first</p>
        <p begin="1s" dur="2s">second</p>
      </div>
      <div begin="30s" end="31s"><p begin="0.5s" end="5s">clipped by parent</p></div>
      """)
    let cues = try TTMLTest.read(d).document.cues
    #expect(cues.map(\.plainText) == ["par child", "min of end and dur", "first", "second", "clipped by parent"])
    #expect(cues.map(\.start) == [11, 11, 20, 23, 30.5].map { TTMLTest.t(Int64($0 * 2), 2) })
    #expect(cues.map(\.end) == [13, 14, 22, 25, 31].map { TTMLTest.t(Int64($0)) })
  }

  @Test("Timed spans split a p into cues")
  func timedSpans() throws {
    let d = TTMLTest.doc(body: "<div><p begin=\"0s\" end=\"4s\">Hello <span begin=\"2s\">world</span></p></div>")
    let cues = try TTMLTest.read(d).document.cues
    #expect(cues.count == 2)
    #expect(cues.map(\.plainText) == ["Hello", "Hello world"])
    #expect(cues.map(\.start) == [TTMLTest.t(0), TTMLTest.t(2)])
    #expect(cues.map(\.end) == [TTMLTest.t(2), TTMLTest.t(4)])
  }

  @Test("Significant times follow TTML2 time containment")
  func significantTimes() throws {
    let d = TTMLTest.doc(body: "<div timeContainer=\"seq\" dur=\"20s\"><p dur=\"5s\">a</p><p dur=\"10s\">b</p></div>")
    let s = try TTMLTest.details(d).significantTimes
    #expect(s == [0, 5, 15, 20].map { TTMLTest.t($0) })
  }

  @Test("tt:begin is not a timing attribute")
  func prefixedBeginIsNotTiming() throws {
    let d = TTMLTest.doc(body: "<div><p xmlns:tt=\"http://www.w3.org/ns/ttml\" tt:begin=\"5s\" begin=\"1s\" end=\"2s\">a</p></div>")
    let r = try TTMLTest.read(d)
    #expect(r.document.cues.first?.start == TTMLTest.t(1))
    #expect(TTMLTest.codes(r).contains("ttml.validate.unknown-attribute"))
  }

  @Test("Frame and tick times round-trip exactly through the writer")
  func exactRoundTrip() throws {
    let d = TTMLTest.doc(
      "ttp:frameRate=\"30\" ttp:frameRateMultiplier=\"1000 1001\"",
      body: "<div><p begin=\"1001f\" end=\"1802f\">a</p><p begin=\"3600f\" end=\"3601f\">b</p></div>")
    let a = try TTMLTest.read(d).document
    let out = TTMLFormat().write(a, options: WriteOptions())
    let text = String(decoding: out.bytes, as: UTF8.self)
    #expect(text.contains("begin=\"1001f\""))
    #expect(text.contains("ttp:frameRateMultiplier=\"1000 1001\""))
    let b = try TTMLFormat().read(out.bytes, options: ReadOptions()).document
    #expect(a.cues.map(\.start) == b.cues.map(\.start))
    #expect(a.cues.map(\.end) == b.cues.map(\.end))
    #expect(!out.diagnostics.contains { $0.code == "ttml.write.time-rounded" })
    // A clock time with frames at 29.97 in media time is not a whole frame: written as exact ticks.
    let m = TTMLTest.doc("ttp:frameRate=\"30\" ttp:frameRateMultiplier=\"1000 1001\"", body: "<div><p begin=\"00:01:00:02\" end=\"00:01:01:00\">a</p></div>")
    let ma = try TTMLTest.read(m).document
    let mw = TTMLFormat().write(ma, options: WriteOptions())
    #expect(String(decoding: mw.bytes, as: UTF8.self).contains("ttp:tickRate=\"15000\""))
    #expect(try TTMLFormat().read(mw.bytes, options: ReadOptions()).document.cues.first?.start == ma.cues.first?.start)
    // Ticks too.
    let t = TTMLTest.doc("ttp:tickRate=\"10000000\"", body: "<div><p begin=\"12345678t\" end=\"22345679t\">a</p></div>")
    let ta = try TTMLTest.read(t).document
    let tw = TTMLFormat().write(ta, options: WriteOptions())
    #expect(String(decoding: tw.bytes, as: UTF8.self).contains("begin=\"12345678t\""))
    #expect(try TTMLFormat().read(tw.bytes, options: ReadOptions()).document.cues.first?.end == TTMLTest.t(22_345_679, 10_000_000))
  }
}

@Suite("TTML animation")
struct TTMLAnimationTests {
  @Test("A set element changes the style for its interval, splitting the cue")
  func setSplitsCue() throws {
    let d = TTMLTest.doc(body: """
      <div><p begin="0s" end="10s" tts:color="white"><set begin="4s" end="6s" tts:color="red"/>Alert \
      <span>now<set begin="5s" tts:fontWeight="bold"/></span></p></div>
      """)
    let cues = try TTMLTest.read(d).document.cues
    #expect(cues.map(\.start) == [0, 4, 5, 6].map { TTMLTest.t($0) })
    #expect(cues.map(\.end) == [4, 5, 6, 10].map { TTMLTest.t($0) })
    #expect(cues.map { $0.style?.color } == [.white, Color(red: 255, green: 0, blue: 0), Color(red: 255, green: 0, blue: 0), .white])
    #expect(cues.allSatisfy { $0.plainText == "Alert now" })
    guard case .element(let span) = cues[3].content.last else {
      Issue.record("no span")
      return
    }
    #expect(span.style?.fontWeight == .bold)
  }
}

@Suite("TTML leniency")
struct TTMLLeniencyTests {
  @Test("Non-conforming times from real files are read, and reported as errors")
  func lenientTimes() throws {
    let d = TTMLTest.doc(body: "<div><p begin=\"19.764\" end=\"3:58.640\">x</p></div>")
    let r = try TTMLTest.read(d)
    #expect(r.document.cues.first?.start == TTMLTest.t(19764, 1000))
    #expect(r.document.cues.first?.end == TTMLTest.t(238_640, 1000))
    #expect(r.diagnostics.filter { $0.code == "ttml.timing.invalid-expression" && $0.severity == .error }.count == 2)
  }

  @Test("A tt root without the TTML namespace is read and reported")
  func noNamespace() throws {
    let r = try TTMLTest.read("<tt><body><div><p begin=\"00:00:01.000\" end=\"00:00:02.000\">a<br/>b</p></div></body></tt>")
    #expect(r.document.cues.first?.plainText == "a\nb")
    #expect(r.diagnostics.contains { $0.code == "ttml.structure.root" && $0.severity == .error })
  }
}
