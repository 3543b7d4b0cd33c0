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
}
