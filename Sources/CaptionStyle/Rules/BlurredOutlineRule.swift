import CaptionCore

/// CS-C15: a uniform outline blurred more than it is wide is no solid surround, so it earns no
/// halo credit and the text is judged against what is behind the outline.
public struct BlurredOutlineRule: ProfileRule {
  public init() {}
  public let id = "CS-C15"
  public let code = "style.edge.outline-blurred"
  public let title = "Outline blurred more than it is wide"
  public let severity = Severity.info
  public let threshold = "blur ≤ width for halo credit"
  public let source = "WCAG 2.2 technique G18 (solid surround); IMSC 1.1 #textOutline-unblurred"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let e = a.profile.edge
    guard a.profile.layerStack.haloRefusal == .blurred else { return [] }
    return [
      finding(
        a, .info,
        "outline blur \(NumberFormat.plain(e.blur)) em is more than its width \(NumberFormat.plain(e.width)) em: not a solid surround, no halo credit, text is judged against the video",
        threshold: e.width, values: ["blur": e.blur, "width": e.width])
    ]
  }
}
