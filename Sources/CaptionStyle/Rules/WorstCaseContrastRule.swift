import CaptionCore

/// CS-C01: worst-case effective contrast over all SDR video meets WCAG AA in every configured
/// blend space. Fails (error) only when every blend space fails; when some pass, CS-C04 warns.
/// A passing profile gets an `info` finding with its numbers.
public struct WorstCaseContrastRule: ProfileRule {
  public init() {}
  public let id = "CS-C01"
  public let code = "style.contrast.worst-case"
  public let title = "Worst-case contrast over all video (WCAG AA)"
  public let severity = Severity.error
  public let threshold = "≥ 4.5:1 normal text, ≥ 3:1 large text; exact, not rounded"
  public let source = "WCAG 2.2 SC 1.4.3; technique G18; contrast-ratio term (halo)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let t = a.requiredAA
    let failing = a.worst.filter { $0.ratio < t }
    let list = ProfileAnalysis.ratios(a.worst, threshold: t)
    let values = ProfileAnalysis.values(a.worst)
    if !a.worst.isEmpty && failing.count == a.worst.count {
      var msg = "worst-case contrast \(list) < \(NumberFormat.plain(t)):1 (\(a.sizeClassReason))"
      if let w = failing.first(where: { $0.crossing }) {
        msg += "; some video matches the text's luminance (crossing, \(w.blendSpace))"
      } else if let w = failing.first {
        msg += "; worst over \(w.overWhite <= w.overBlack ? "a white" : "a black") frame"
      }
      var v = values
      let box = a.stack.background
      if box.opacity > 0, box.opacity < 1, a.stack.window.opacity == 0, a.stack.text.opacity == 1 {
        var needs: [String] = []
        for w in failing {
          if let o = MinimumOpacity.backgroundOpacity(text: a.stack.text.color, box: box.color, target: .ratio(t), space: w.blendSpace) {
            needs.append("\(NumberFormat.fixed(o, 3)) (\(w.blendSpace))")
            v["requiredOpacity." + w.blendSpace.rawValue] = o
          }
        }
        if !needs.isEmpty {
          msg += "; fix: background opacity ≥ \(needs.joined(separator: " / ")), or a uniform outline ≥ 0.05 em"
        }
      }
      return [finding(a, .error, msg, threshold: t, values: v)]
    }
    // Passing needs one blend space at or above the threshold; say which when not all are.
    let passing = a.worst.filter { $0.ratio >= t }.map(\.blendSpace.rawValue)
    let which = failing.isEmpty ? "" : " in \(passing.joined(separator: " and ")) blending (\(failing.map(\.blendSpace.rawValue).joined(separator: " and ")) is below it)"
    return [finding(a, .info, "worst-case contrast \(list) ≥ \(NumberFormat.plain(t)):1\(which) (\(a.sizeClassReason))", threshold: t, values: values)]
  }
}
