import CaptionCore

/// CS-C11: in HDR mode, the worst case with caption white at reference white and video up to
/// its peak, blended in linear light.
public struct HDRContrastRule: ProfileRule {
  public init() {}
  public let id = "CS-C11"
  public let code = "style.contrast.hdr"
  public let title = "Worst-case contrast over HDR video"
  public let severity = Severity.error
  public let threshold = "CS-C01 thresholds with video up to peak ÷ reference white"
  public let source = "ITU-R BT.2408 (203 cd/m² graphics white); WCAG 2.2 SC 1.4.3"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    guard case .hdr(let peak, let ref) = a.profile.validation.video else { return [] }
    let w = WorstCaseEngine.evaluate(a.stack, space: .linear, video: a.profile.validation.video)
    let t = a.requiredAA
    let what = "over \(NumberFormat.plain(peak)) cd/m² video with captions at \(NumberFormat.plain(ref)) cd/m²"
    var values = ProfileAnalysis.values([w], prefix: "hdr.")
    values["peakRelative"] = a.profile.validation.video.peakRelative
    if w.ratio < t {
      var msg = "worst-case contrast \(NumberFormat.ratio(w.ratio, threshold: t)) (linear) \(what) < \(NumberFormat.plain(t)):1"
      if a.stack.background.opacity > 0 && a.stack.background.opacity < 1,
        let need = MinimumOpacity.backgroundOpacity(
          text: a.stack.text.color, box: a.stack.background.color, target: .ratio(t), space: .linear,
          video: a.profile.validation.video)
      {
        msg += "; the box needs opacity ≥ \(NumberFormat.fixed(need, 3))"
        values["requiredOpacity"] = need
      }
      return [finding(a, .error, msg, threshold: t, values: values)]
    }
    return [finding(a, .info, "worst-case contrast \(NumberFormat.ratio(w.ratio)) (linear) \(what)", threshold: t, values: values)]
  }
}
