import CaptionCore

/// CS-S04: line height outside 1.1–1.5 × the font size.
public struct LineHeightRule: ProfileRule {
  public init() {}
  public let id = "CS-S04"
  public let code = "style.size.line-height"
  public let title = "Line height"
  public let severity = Severity.warning
  public let threshold = "1.1–1.5 × font size"
  public let source = "BBC ttml-validator; BBC Subtitle Guidelines (120%)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let h = a.profile.text.lineHeight
    guard h < 1.1 || h > 1.5 else { return [] }
    return [finding(a, .warning, "line height \(NumberFormat.plain(h)) is outside 1.1–1.5", values: ["lineHeight": h])]
  }
}
