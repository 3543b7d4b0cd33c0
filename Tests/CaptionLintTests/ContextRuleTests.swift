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
    // The index is built when the full track is set later, too.
    var later = LintContext()
    later.fullTrack = full
    #expect(run(ForcedSubsetRule(), forcedBad, context: later).map(\.cueIndex) == [1])
  }

  /// The full track is searched by binary search on starts and on the latest end so far; the
  /// verdicts must be those of a scan of every full cue, with long cues, cues with no
  /// duration and cues that start together.
  @Test func forcedSubsetMatchesAFullScan() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<40 {
      let words = ["a", "b", "c"]
      var fullCues: [Cue] = []
      for _ in 0..<60 {
        let s = Double(Int.random(in: 0...100, using: &generator))
        let length = [0.0, 1, 2, 5, 40][Int.random(in: 0...4, using: &generator)]
        fullCues.append(cue(s, s + length, words[Int.random(in: 0...2, using: &generator)]))
      }
      var forcedCues: [Cue] = []
      for _ in 0..<60 {
        let s = Double(Int.random(in: 0...110, using: &generator))
        forcedCues.append(cue(s, s + [0.0, 1, 3][Int.random(in: 0...2, using: &generator)], words[Int.random(in: 0...2, using: &generator)]))
      }
      let full = doc(fullCues), forced = doc(forcedCues)
      let expected = forced.cues.indices.filter { i in
        let c = forced.cues[i]
        return !full.cues.contains { f in
          f.start < c.end || f.start <= c.start ? (f.end > c.start || f.start == c.start) && f.plainText.contains(c.plainText) : false
        }
      }
      #expect(run(ForcedSubsetRule(), forced, context: LintContext(fullTrack: full)).compactMap(\.cueIndex) == expected)
    }
  }
}
