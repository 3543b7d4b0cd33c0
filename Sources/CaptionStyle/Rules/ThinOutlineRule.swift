import CaptionCore

/// CS-C06: a uniform outline too thin to count as a halo (< 0.05 em), or thinner than one
/// CSS pixel in the smallest viewing context.
public struct ThinOutlineRule: ProfileRule {
  public init() {}
  public let id = "CS-C06"
  public let code = "style.edge.outline-too-thin"
  public let title = "Outline too thin for halo credit"
  public let severity = Severity.warning
  public let threshold = "≥ 0.05 em and ≥ 1 px in the smallest viewing context"
  public let source = "WCAG 2.2 technique G18 (≥ 1 px); toolkit policy (0.05 em)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let e = a.profile.edge
    guard e.type == .uniform, e.opacity > 0 else { return [] }
    if e.width < LayerStack.haloMinimumWidth {
      return [
        finding(
          a, .warning,
          "outline \(NumberFormat.plain(e.width)) em is thinner than \(NumberFormat.plain(LayerStack.haloMinimumWidth)) em: no halo credit, text is judged against the video",
          threshold: LayerStack.haloMinimumWidth, values: ["width": e.width])
      ]
    }
    if let smallest = a.contexts.min(by: { $0.pixels < $1.pixels }) {
      let px = e.width * smallest.pixels
      if px < 1 {
        return [
          finding(
            a, .warning,
            "outline is \(NumberFormat.fixed(px, 2)) px in \(smallest.context.id), under 1 px: no halo credit, text is judged against the video",
            threshold: 1, values: ["pixels": px])
        ]
      }
    }
    return []
  }
}
