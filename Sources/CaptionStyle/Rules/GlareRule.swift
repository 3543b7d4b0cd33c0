import CaptionCore

/// CS-C14: glare. A large bright box can dazzle in a dark room, and APCA suggests Lc 90 as a
/// maximum for very large bold text (above 36 px). Information only.
public struct GlareRule: ProfileRule {
  public init() {}
  public let id = "CS-C14"
  public let code = "style.contrast.glare"
  public let title = "Glare from bright boxes or very high contrast on large bold text"
  public let severity = Severity.info
  public let threshold = "opaque box luminance > 0.5; |Lc| > 90 on bold text > 36 px"
  public let source = "SAPC-APCA use-case ranges (Lc 90 maximum for large bold text)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    var out: [ProfileFinding] = []
    let bg = a.stack.background
    if bg.opacity >= 0.9 {
      let l = ContrastMath.relativeLuminance(bg.color)
      if l > 0.5 {
        out.append(
          finding(a, .info, "bright background \(bg.color.hex) (luminance \(NumberFormat.fixed(l, 2))) can dazzle in dark rooms", threshold: 0.5, values: ["luminance": l]))
      }
    }
    if a.profile.text.fontWeight >= 700, let largest = a.contexts.max(by: { $0.pixels < $1.pixels }), largest.pixels > 36,
      let lc = a.worst.map(\.apca).max(), lc > 90
    {
      out.append(
        finding(
          a, .info,
          "APCA |Lc| \(NumberFormat.lc(lc)) on bold text of \(NumberFormat.fixed(largest.pixels, 0)) px (\(largest.context.id)) is above the suggested maximum of 90 for very large bold text",
          threshold: 90, values: ["apca": lc, "pixels": largest.pixels]))
    }
    return out
  }
}
