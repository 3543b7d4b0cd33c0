import CaptionCore

/// CS-C04: the AA verdict depends on the renderer's blend space (passes in one, fails in
/// another), so the profile is only safe on renderers that blend the passing way.
public struct BlendSpaceDivergenceRule: ProfileRule {
  public init() {}
  public let id = "CS-C04"
  public let code = "style.contrast.blend-space-dependent"
  public let title = "Verdict depends on the blend space"
  public let severity = Severity.warning
  public let threshold = "any divergence of CS-C01 across blend spaces"
  public let source = "style reference §2.3 (compositing in encoded sRGB vs linear light)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let t = a.requiredAA
    let pass = a.worst.filter { $0.ratio >= t }
    let fail = a.worst.filter { $0.ratio < t }
    guard !pass.isEmpty, !fail.isEmpty else { return [] }
    func list(_ w: [WorstCase]) -> String {
      w.map { "\($0.blendSpace) (\(NumberFormat.ratio($0.ratio, threshold: t)))" }.joined(separator: ", ")
    }
    let msg =
      "passes \(NumberFormat.plain(t)):1 with \(list(pass)) but not with \(list(fail)) (\(a.sizeClassReason)); safe only on renderers that blend like \(pass.map { $0.blendSpace.description }.joined(separator: ", "))"
    return [finding(a, .warning, msg, threshold: t, values: ProfileAnalysis.values(a.worst))]
  }
}
