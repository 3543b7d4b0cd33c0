import CaptionCore

/// CS-C05: nothing separates the text from the video: the background and window give a worst
/// case below 3:1 in every blend space and no outline qualifies as a halo.
public struct NoSeparationRule: ProfileRule {
  public init() {}
  public let id = "CS-C05"
  public let code = "style.contrast.no-separation"
  public let title = "No background or outline separates text from video"
  public let severity = Severity.error
  public let threshold = "box/window worst case < 3:1 and no outline ≥ 0.05 em"
  public let source = "WCAG 2.2 technique G18"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    guard !a.stack.outlineQualifies, !a.worst.isEmpty, a.worst.allSatisfy({ $0.plainRatio < 3 }) else { return [] }
    let list = a.worst.map { "\(NumberFormat.ratio($0.plainRatio)) (\($0.blendSpace))" }.joined(separator: ", ")
    let box = a.stack.background.opacity > 0 ? "background \(a.stack.background)" : "no background"
    let win = a.stack.window.opacity > 0 ? ", window \(a.stack.window)" : ""
    return [
      finding(
        a, .error, "\(box)\(win) and no qualifying outline: text over video can fall to \(list)",
        threshold: 3, values: ProfileAnalysis.values(a.worst))
    ]
  }
}
