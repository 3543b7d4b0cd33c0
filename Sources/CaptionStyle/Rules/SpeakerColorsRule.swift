import CaptionCore

/// CS-C12: each alternate speaker colour must pass CS-C01 on its own; and colour alone
/// should not be the only cue to who is speaking.
public struct SpeakerColorsRule: ProfileRule {
  public init() {}
  public let id = "CS-C12"
  public let code = "style.contrast.speaker-colors"
  public let title = "Speaker colours"
  public let severity = Severity.error
  public let threshold = "each colour passes CS-C01"
  public let source = "WCAG 2.2 SC 1.4.1 and 1.4.3; BBC/Ofcom speaker colour sets"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let colors = a.profile.text.speakerColors
    guard !colors.isEmpty else { return [] }
    let t = a.requiredAA
    var parts: [String] = []
    var failing: [String] = []
    var values: [String: Double] = [:]
    // Each distinct colour once, and no more than a profile file may list (the API takes any array).
    var seen = Set<String>()
    for c in colors where seen.insert(c.hex).inserted {
      guard seen.count <= StyleProfile.Text.maxSpeakerColors else { break }
      let w = WorstCaseEngine.evaluate(a.stack.withText(c), spaces: a.profile.validation.compositing)
      let worst = w.map(\.ratio).min() ?? 0
      values[c.hex] = worst
      for x in w { values[c.hex + "." + x.blendSpace.rawValue] = x.ratio }
      parts.append("\(c.hex) \(NumberFormat.ratio(worst, threshold: t))")
      if w.allSatisfy({ $0.ratio < t }) { failing.append(c.hex) }
    }
    if !failing.isEmpty {
      return [
        finding(
          a, .error, "speaker colours \(failing.joined(separator: ", ")) fail \(NumberFormat.plain(t)):1 (worst cases: \(parts.joined(separator: ", ")))",
          threshold: t, values: values)
      ]
    }
    return [
      finding(
        a, .info, "speaker colours pass (worst cases: \(parts.joined(separator: ", "))); identify speakers by more than colour too",
        threshold: t, values: values)
    ]
  }
}
