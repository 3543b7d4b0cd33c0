import CaptionCore

/// CS-C13: contrast after CTA-708 quantisation (2-bit colour levels, four opacities). Warning
/// when quantisation makes a passing profile fail; information when it changes the numbers.
public struct QuantisationRule: ProfileRule {
  public init() {}
  public let id = "CS-C13"
  public let code = "style.contrast.quantised"
  public let title = "Contrast after CTA-708 quantisation"
  public let severity = Severity.warning
  public let threshold = "CS-C01 on the quantised style"
  public let source = "CTA-708 SetPenColor / SetWindowAttributes colour and opacity model"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let q = CEA708Quantizer.quantize(a.stack)
    guard q != a.stack else { return [] }
    let w = WorstCaseEngine.evaluate(q, spaces: a.profile.validation.compositing)
    let t = a.requiredAA
    var values = ProfileAnalysis.values(w, prefix: "cea708.")
    values.merge(ProfileAnalysis.values(a.worst)) { x, _ in x }
    let changed = zip(w, a.worst).contains { abs($0.ratio - $1.ratio) > 0.005 }
    guard changed else { return [] }
    let before = a.worst.contains { $0.ratio >= t }
    let after = w.contains { $0.ratio >= t }
    let msg = "on CTA-708 (text \(q.text), background \(q.background), window \(q.window)) worst-case contrast becomes \(ProfileAnalysis.ratios(w, threshold: t)), was \(ProfileAnalysis.ratios(a.worst, threshold: t))"
    if before && !after {
      return [finding(a, .warning, msg + " < \(NumberFormat.plain(t)):1", threshold: t, values: values)]
    }
    return [finding(a, .info, msg, threshold: t, values: values)]
  }
}
