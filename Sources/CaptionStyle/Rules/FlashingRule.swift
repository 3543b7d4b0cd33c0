import CaptionCore

/// CS-C10: a flashing layer (CTA-708 FLASH opacity). Its transparent phase is the one judged
/// (the analysis already removes flashing background, window and edge layers).
public struct FlashingRule: ProfileRule {
  public init() {}
  public let id = "CS-C10"
  public let code = "style.effects.flashing"
  public let title = "Flashing layer"
  public let severity = Severity.warning
  public let threshold = "any flashing layer; transparent phase evaluated"
  public let source = "WCAG 2.2 SC 2.3.1; CTA-708 FLASH opacity"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let f = a.profile.effects.flash
    guard !f.isEmpty else { return [] }
    let layers = f.sorted().joined(separator: ", ")
    var msg = "flashing \(layers): keep it under three flashes a second"
    if f.contains("text") { msg += "; the text is unreadable in its transparent phase" }
    if f.contains("background") || f.contains("window") || f.contains("edge") {
      msg += "; transparent-phase worst case \(ProfileAnalysis.ratios(a.worst))"
    }
    return [finding(a, .warning, msg, values: ProfileAnalysis.values(a.worst))]
  }
}
