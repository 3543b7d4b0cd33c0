import CaptionCore

/// `timing.min-gap`: consecutive cues (in presentation order) separated by a gap shorter than
/// N frames, which reads as a flicker (the screen blanks for a frame and the next cue pops in).
///
/// A gap of 0 passes unless `allowsChainedCues` is off: cues where one ends exactly when the next
/// starts are continuous (chained, or one line split into several cues), and nothing blanks
/// between them (BBC subtitle guidelines: chained subtitles are continuous, otherwise leave a
/// gap). Netflix TTSG asks for 2 frames between every two subtitles, so its (streaming) preset
/// reports a gap of 0 too. Overlapping cues are `timing.overlap`'s business.
///
/// Threshold: `minGapFrames` at `frameRate` (streaming preset 2 frames at 24000/1001, Netflix
/// TTSG). A gap of exactly N frames passes.
public struct MinGapRule: LintRule {
  public init() {}
  public var id: String { "timing.min-gap" }
  public var defaultSeverity: Severity { .info }
  public var summary: String { "Consecutive cues must be separated by at least the minimum gap in frames, or be continuous (no gap) where the preset allows chained cues (allowChainedCues; not in streaming)." }
  public var thresholdSource: String { "Netflix TTSG: 2 frames minimum gap between subtitles" }
  public var thresholdKeys: [String] { ["minGapFrames", "frameRate", "allowChainedCues"] }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    guard let frames = input.thresholds.minGapFrames, frames > 0 else { return }
    let minGap = input.thresholds.frameRate.duration(ofFrames: frames)
    let cues = input.document.cues
    let order = input.presentationOrder.filter { cues[$0].end > cues[$0].start }
    guard order.count > 1 else { return }
    // Two flickers: the cue before in presentation order ends just before this one starts, or
    // the screen blanks just before it (the earlier cue with the latest end ends: a short cue
    // nested in a long one ends first). The cue before is named when both apply.
    var latest = order[0]
    for k in 1..<order.count {
      let i = order[k], cue = cues[i]
      let before = order[k - 1], blanked = latest
      if cue.end > cues[latest].end { latest = i }
      // Zero: continuous, not a flicker (unless chaining is not allowed). Negative: an overlap.
      let chained = input.thresholds.allowsChainedCues
      func flickers(_ j: Int) -> Bool {
        let gap = cue.start - cues[j].end
        // Two cues read from one element (a TTML p cut by its timed spans) continue each other.
        let sameSource = cue.source != nil && cue.source == cues[j].source
        return (gap > .zero || (!chained && gap == .zero && !sameSource)) && gap < minGap
      }
      guard let p = flickers(before) ? before : flickers(blanked) ? blanked : nil else { continue }
      let gap = cue.start - cues[p].end
      findings.append(LintFinding(
        cueIndex: i,
        message: "\(input.cueName(i)) starts \(RuleSupport.pair(gap, minGap).value) s after \(input.cueName(p)) ends, under the \(frames)-frame gap (\(RuleSupport.pair(gap, minGap).limit) s at \(input.thresholds.frameRate) fps)"))
    }
  }
}
