import CaptionCore
import CaptionLint
import Testing

@Suite struct RobustnessTests {
  /// Extreme times, extreme thresholds and odd text never trap.
  @Test func extremeValuesDoNotTrap() throws {
    let huge = Cue(start: .min, end: .max, content: [.text(String(repeating: "x ", count: 10_000))])
    let backwards = Cue(start: .max, end: .min, content: [])
    let tiny = Cue(start: CaptionTime(value: 1, timescale: Int64.max), end: CaptionTime(value: 2, timescale: Int64.max), content: [.text("\u{0}\u{200B}<i>")])
    let nested: CueNode = (0..<200).reduce(CueNode.text(" deep ")) { inner, _ in .element(CueElement(.italic, children: [inner, .lineBreak])) }
    var deep = Cue(start: .zero, end: CaptionTime(value: 1, timescale: 1), content: [nested])
    deep.sourceText = String(repeating: "<i>", count: 5000) + String(repeating: "</b>", count: 5000)
    let d = CaptionDocument(cues: [huge, backwards, tiny, deep, huge])
    let config = try ConfigurationFile.parse(Array(#"{"version":1,"thresholds":{"frameRate":"9223372036854775807/1","minGapFrames":1000000,"maxCharactersPerSecond":0.000001}}"#.utf8))
    let out = Linter(configuration: config).lint(d, context: LintContext(mediaDuration: .max, fullTrack: d)).diagnostics
    #expect(out.contains { $0.code == "lint.timing.end-before-start" && $0.cueIndex == 1 })
    #expect(FrameRate(parsing: "999999999999999999.12345") == nil)
    #expect(FrameRate(1, Int64.max)?.duration(ofFrames: 2) == .max)
    let fixed = SafeFixer.apply(d, options: SafeFixer.Options(trimOverlaps: true))
    #expect(fixed.document.cues.count == 4)  // the empty backwards cue is removed
    _ = CaptionDiff.compare(d, fixed.document, options: CaptionDiff.Options(tolerance: .max))
  }

  /// A forced track whose cues all overlap every cue of the full track, none with the same
  /// text: each forced cue's search looks at `maxSteps` full cues at most (it took
  /// a minute at 500 KB), and still reported.
  @Test(.timeLimit(.minutes(1))) func forcedSubsetOfOverlappingCuesIsBounded() throws {
    let n = 1_500
    let hours = CaptionTime(value: 36_000, timescale: 1)
    let full = CaptionDocument(cues: (0..<n).map { Cue(start: .zero, end: hours, content: [.text("full line \($0)")]) })
    let forced = CaptionDocument(cues: (0..<n).map { Cue(start: .zero, end: hours, content: [.text("forced \($0)")]) } + [
      Cue(start: .zero, end: hours, content: [.text("full line 1499")])
    ])
    let out = Linter().lint(forced, context: LintContext(fullTrack: full)).diagnostics.filter { $0.code.hasSuffix("package.forced-subset") }
    #expect(out.count == n)  // the last forced cue is the text of a full cue: found by its text
    #expect(out.first?.message.hasSuffix("the search stopped after 500 of its cues around that time, none holding the text") == true)
  }

  /// Many forced cues with the same text as many full cues at the same times ("♪"): each is
  /// found through the cues with that very text, by binary search, not by walking them.
  @Test(.timeLimit(.minutes(1))) func forcedSubsetOfRepeatedTextsIsLinear() {
    let n = 20_000
    let cues = (0..<n).map { k in Cue(start: CaptionTime(value: Int64(k), timescale: 1), end: CaptionTime(value: Int64(k) + 1, timescale: 1), content: [.text("♪")]) }
    let doc = CaptionDocument(cues: cues)
    let out = Linter().lint(doc, context: LintContext(fullTrack: doc)).diagnostics.filter { $0.code.hasSuffix("package.forced-subset") }
    #expect(out.isEmpty)
  }

  /// Two files of cues that all overlap, every text changed: pairing removed with added cues
  /// does not walk past the pairs already made (21 s at 1.7 MB).
  @Test(.timeLimit(.minutes(1))) func diffOfOverlappingCuesIsLinear() {
    let n = 20_000
    let hours = CaptionTime(value: 36_000, timescale: 1)
    let a = CaptionDocument(cues: (0..<n).map { Cue(start: .zero, end: hours, content: [.text("a\($0)")]) })
    let b = CaptionDocument(cues: (0..<n).map { Cue(start: .zero, end: hours, content: [.text("b\($0)")]) })
    let d = CaptionDiff.compare(a, b)
    #expect(d.count == n)
    #expect(d.allSatisfy { $0.indexA != nil && $0.indexB != nil })
  }
}
