import CaptionCore

/// CS-C07: an outline thicker than 0.10 em starts filling letter counters, and exceeds the
/// IMSC 1.1 text profile's limit for `tts:textOutline`.
public struct ThickOutlineRule: ProfileRule {
  public init() {}
  public let id = "CS-C07"
  public let code = "style.edge.outline-too-thick"
  public let title = "Outline too thick"
  public let severity = Severity.warning
  public let threshold = "≤ 0.10 em"
  public let source = "IMSC 1.1 #textOutline-unblurred (≤ 10% of font size)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let e = a.profile.edge
    guard e.type == .uniform, e.width > 0.10 else { return [] }
    return [
      finding(a, .warning, "outline \(NumberFormat.plain(e.width)) em is thicker than 0.10 em", threshold: 0.10, values: ["width": e.width])
    ]
  }
}
