import CaptionCore

/// CS-S08: a thin weight at a small size.
public struct FontWeightRule: ProfileRule {
  public init() {}
  public let id = "CS-S08"
  public let code = "style.font.thin"
  public let title = "Thin weight at small size"
  public let severity = Severity.warning
  public let threshold = "weight < 400 below 24 px"
  public let source = "APCA font size and weight table"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let w = a.profile.text.fontWeight
    guard w < 400, let smallest = a.contexts.min(by: { $0.pixels < $1.pixels }), smallest.pixels < 24 else { return [] }
    return [
      finding(
        a, .warning, "weight \(w) at \(NumberFormat.fixed(smallest.pixels, 0)) px in \(smallest.context.id)", threshold: 400,
        values: ["weight": Double(w), "pixels": smallest.pixels])
    ]
  }
}
