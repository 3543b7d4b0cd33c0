import CaptionCore

/// CS-S03: the size class per viewing context (information): CSS reference pixels from the
/// picture-height visual angle, large text at ≥ 24 px or ≥ 18.67 px bold.
public struct SizeClassRule: ProfileRule {
  public init() {}
  public let id = "CS-S03"
  public let code = "style.size.class"
  public let title = "Size class per viewing context"
  public let severity = Severity.info
  public let threshold = "large text ≥ 24 px (18 pt) or ≥ 18.67 px (14 pt) bold"
  public let source = "WCAG 2.2 large-scale text; CSS reference pixel (0.0213°)"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    var values: [String: Double] = ["rh": a.fontSize]
    let parts = a.contexts.map { c -> String in
      values[c.context.id] = c.pixels
      return "\(c.context.id) \(NumberFormat.fixed(c.pixels, 0)) px \(c.sizeClass.rawValue)"
    }
    return [
      finding(
        a, .info, "\(NumberFormat.fixed(a.fontSize, 2)) rh: \(parts.joined(separator: ", ")); thresholds from \(a.sizeClassReason)",
        values: values)
    ]
  }
}
