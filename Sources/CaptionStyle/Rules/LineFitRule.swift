import CaptionCore

/// CS-L03 and CS-S09: does a full line (`layout.maxCharsPerLine` characters, estimated at an
/// average advance of 0.5 em, 0.6 em for monospaced faces) fit the safe width at the profile's
/// size (warning), and at the FCC's 200% size (information)?
public struct LineFitRule: ProfileRule {
  public init() {}
  public let id = "CS-L03"
  public let code = "style.layout.line-too-wide"
  public let title = "Estimated line width within the safe area"
  public let severity = Severity.warning
  public let threshold = "≤ min(layout.safeArea, layout.maxLineWidth) of the video width"
  public let source = "EBU R 95 graphics-safe area; FCC 47 CFR 79.103(c)(4) (50–200% size)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let limit = min(a.profile.layout.safeArea, a.profile.layout.maxLineWidth)
    let n = a.profile.layout.maxCharsPerLine
    let width = a.estimatedLineWidth(rh: a.fontSize)
    if width > limit {
      return [
        finding(
          a, .warning,
          "a \(n)-character line at \(NumberFormat.fixed(a.fontSize, 2)) rh is about \(NumberFormat.percent(width)) of the video width, over \(NumberFormat.percent(limit)); lower layout.maxCharsPerLine",
          threshold: limit, values: ["width": width])
      ]
    }
    let doubled = a.estimatedLineWidth(rh: a.profile.text.fontSize.rootHeight * 2)
    if doubled > limit {
      return [
        ProfileFinding(
          profileID: a.profile.id, ruleID: "CS-S09", code: "style.layout.scaled-line-too-wide", severity: .info,
          message:
            "at the FCC 200% size a \(n)-character line is about \(NumberFormat.percent(doubled)) of the video width; renderers must rewrap",
          threshold: limit, source: source, values: ["width": doubled])
      ]
    }
    return []
  }
}
