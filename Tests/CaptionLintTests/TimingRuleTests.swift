import CaptionCore
import CaptionLint
import Testing

@Suite struct TimingRuleTests {
  @Test func endBeforeStart() {
    let r = EndBeforeStartRule()
    let fired = run(r, doc([cue(1, 2, "ok"), cue(3, 3, "zero"), cue(5, 4, "backwards")]))
    #expect(fired.map(\.cueIndex) == [1, 2])
    #expect(fired[1].message.contains("ends before it starts"))
    #expect(run(r, doc([cue(1, 1.001, "a")])).isEmpty)
  }

  @Test func minDuration() {
    let r = MinDurationRule()
    // 5/6 s = 0.8333… : 0.833 s is under, 0.834 s passes.
    let fired = run(r, doc([cue(0, 0.833, "short"), cue(2, 2.834, "fine")]))
    #expect(fired.map(\.cueIndex) == [0])
    // Printed with enough digits to show the difference (it read "0.833 s, under the 0.833 s").
    #expect(fired[0].message.contains("0.833 s, under the 0.8333 s minimum"))
    var t = LintPreset.streaming.thresholds
    t.minDuration = nil
    #expect(run(r, doc([cue(0, 0.1, "x")]), thresholds: t).isEmpty)
  }

  @Test func maxDuration() {
    let r = MaxDurationRule()
    let fired = run(r, doc([cue(0, 7, "exactly seven"), cue(10, 17.001, "over")]))
    #expect(fired.map(\.cueIndex) == [1])
    #expect(fired[0].message.contains("7.001 s, over the 7 s maximum"))
  }

  @Test func minGapInFrames() {
    let r = MinGapRule()
    var t = LintPreset.streaming.thresholds
    t.frameRate = FrameRate(25)!  // 2 frames = 80 ms
    // Gap 40 ms (1 frame) fires; 80 ms (2 frames) passes; overlap is not this rule's business.
    let d = doc([cue(0, 1, "a"), cue(1.04, 2, "b"), cue(2.08, 3, "c"), cue(2.5, 4, "overlap")])
    let fired = run(r, d, thresholds: t)
    #expect(fired.map(\.cueIndex) == [1])
    #expect(fired[0].message.contains("2-frame gap (0.08 s at 25 fps)"))
    // A gap of 0 is continuous (a line split over two cues, or chained cues): no flicker where
    // chaining is allowed (BBC); Netflix (the streaming preset) wants the 2 frames there too.
    let chained = doc([cue(0, 1, "This line is split"), cue(1, 2, "over two cues."), cue(2.02, 3, "then a flicker")])
    #expect(run(r, chained, thresholds: t).map(\.cueIndex) == [1, 2])
    #expect(run(r, chained, thresholds: t)[0].message.contains("starts 0 s after cue 1 ends"))
    t.allowsChainedCues = true
    #expect(run(r, chained, thresholds: t).map(\.cueIndex) == [2])
    #expect(run(r, chained, thresholds: t)[0].message.contains("starts 0.02 s after cue 2 ends"))
    #expect(LintPreset.broadcast.thresholds.allowsChainedCues && !LintPreset.streaming.thresholds.allowsChainedCues)
    // Two cues read from one element (a TTML p cut by a timed span) continue each other.
    t.allowsChainedCues = false
    #expect(run(r, doc([cue(0, 1, "one half", line: 7), cue(1, 2, "the other", line: 7)]), thresholds: t).isEmpty)
    // Presentation order, not source order: cue listed first but starting later.
    let swapped = doc([cue(1.01, 2, "later"), cue(0, 1, "earlier")])
    #expect(run(r, swapped, thresholds: t).map(\.cueIndex) == [0])
  }

  /// Cues elsewhere on screen do not use up a cue's overlap pairs: three positioned cues and
  /// then two overlapping in the default place still give the same-place warning.
  @Test func samePlaceOverlapBehindOtherPlacedCues() {
    let placed = [10.0, 20, 30].map { v -> CueSettings in
      var s = CueSettings()
      s.line = .value(v)
      s.snapToLines = false
      return s
    }
    let d = doc([cue(0, 6, "top", settings: placed[0]), cue(0, 6, "second", settings: placed[1]), cue(0, 6, "third", settings: placed[2]), cue(0, 6, "bottom one"), cue(1, 5, "bottom two")])
    let fired = run(OverlapRule(), d)
    #expect(fired.map(\.cueIndex) == [4])
    #expect(fired.first?.message.contains("overlaps cue 4") == true)
    #expect(run(PositionedOverlapRule(), d).count == 9)
  }

  /// The gap is measured from when the screen blanks: the latest end so far, not the end of
  /// the cue that started last (a short cue nested in a long one).
  @Test func minGapAfterANestedCue() {
    let d = doc([cue(0, 5, "long"), cue(1, 2, "nested"), cue(5.05, 6.5, "after a 50 ms gap")])
    let fired = run(MinGapRule(), d)
    #expect(fired.map(\.cueIndex) == [2])
    #expect(fired.first?.message.contains("starts 0.05 s after cue 1 ends") == true)
  }

  @Test func overlapSamePlacementVersusPositionedSpeakers() {
    var left = CueSettings(), right = CueSettings()
    left.position = 20
    right.position = 80
    let sameRegion = doc([cue(0, 3, "one"), cue(2, 4, "two")])
    let speakers = doc([cue(0, 3, "left", settings: left), cue(0, 3, "right", settings: right)])
    let apart = doc([cue(0, 2, "one"), cue(2, 4, "two")])  // touching is not overlapping
    #expect(run(OverlapRule(), sameRegion).map(\.cueIndex) == [1])
    #expect(run(OverlapRule(), sameRegion)[0].message.contains("from 0:00:02.000 to 0:00:03.000"))
    #expect(run(OverlapRule(), speakers).isEmpty)
    #expect(run(OverlapRule(), apart).isEmpty)
    #expect(run(PositionedOverlapRule(), speakers).map(\.cueIndex) == [1])
    #expect(run(PositionedOverlapRule(), sameRegion).isEmpty)
  }
}
