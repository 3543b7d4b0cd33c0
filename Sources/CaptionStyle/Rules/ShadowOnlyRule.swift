import CaptionCore

/// CS-C08: a drop shadow, raised or depressed edge is the only separation. These edges cover
/// only some sides of each stroke, so they guarantee no contrast.
public struct ShadowOnlyRule: ProfileRule {
  public init() {}
  public let id = "CS-C08"
  public let code = "style.edge.shadow-only"
  public let title = "Shadow, raised or depressed edge is the only separation"
  public let severity = Severity.warning
  public let threshold = "box/window worst case < 3:1 with a shadow-like edge"
  public let source = "style reference §2.3 (edge analysis)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let e = a.profile.edge
    guard e.type.isShadow || e.type == .raised || e.type == .depressed, e.opacity > 0 else { return [] }
    guard !a.worst.isEmpty, a.worst.allSatisfy({ $0.plainRatio < 3 }) else { return [] }
    let list = a.worst.map { "\(NumberFormat.ratio($0.plainRatio)) (\($0.blendSpace))" }.joined(separator: ", ")
    return [
      finding(
        a, .warning,
        "\(e.type.rawValue) edge is the only separation and earns no contrast credit: worst case \(list)",
        threshold: 3, values: ProfileAnalysis.values(a.worst))
    ]
  }
}
