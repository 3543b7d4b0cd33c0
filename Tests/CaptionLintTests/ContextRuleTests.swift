import CaptionCore
import CaptionLint
import Testing

@Suite struct ContextRuleTests {
  @Test func cuesPastMediaEnd() {
    let d = doc([cue(0, 5, "in"), cue(8, 12, "runs over"), cue(10, 11, "after")])
    let media = LintContext(mediaDuration: CaptionTime(value: 10, timescale: 1))
    let fired = run(CueAfterMediaEndRule(), d, context: media)
    #expect(fired.map(\.cueIndex) == [1, 2])
    #expect(fired[1].message.contains("never shown"))
    #expect(run(CueAfterMediaEndRule(), d).isEmpty)  // no media duration: rule idle
    #expect(run(CueAfterMediaEndRule(), doc([cue(0, 10, "x")]), context: media).isEmpty)
  }

  @Test func coverage() {
    let d = doc([cue(0, 5, "a"), cue(30, 35, "b")])
    let long = LintContext(mediaDuration: CaptionTime(value: 120, timescale: 1))
    let fired = run(MediaCoverageRule(), d, context: long)
    #expect(fired.count == 1)
    #expect(fired[0].cueIndex == nil)
    #expect(fired[0].message.contains("85 s uncaptioned, over 60 s"))
    #expect(run(MediaCoverageRule(), d, context: LintContext(mediaDuration: CaptionTime(value: 90, timescale: 1))).isEmpty)
    #expect(run(MediaCoverageRule(), doc([]), context: long)[0].message.contains("no cues"))
  }

  @Test func forcedSubset() {
    let full = doc([cue(0, 2, "Hello there."), cue(10, 12, "[in French]\nOù est la gare ?")])
    let forcedGood = doc([cue(10, 12, "Où est la gare ?")])
    let forcedBad = doc([cue(10, 12, "Où est la gare ?"), cue(20, 22, "Not in the full track")])
    #expect(run(ForcedSubsetRule(), forcedGood, context: LintContext(fullTrack: full)).isEmpty)
    let fired = run(ForcedSubsetRule(), forcedBad, context: LintContext(fullTrack: full))
    #expect(fired.map(\.cueIndex) == [1])
    #expect(run(ForcedSubsetRule(), forcedBad).isEmpty)
  }
}
