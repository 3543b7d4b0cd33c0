import CaptionCore

/// CS-C03: worst-case APCA |Lc|, an advisory second signal. Warning below the profile's
/// minimum (75, body text), information below the preferred 90.
public struct APCAContrastRule: ProfileRule {
  public init() {}
  public let id = "CS-C03"
  public let code = "style.contrast.apca"
  public let title = "Worst-case APCA lightness contrast"
  public let severity = Severity.warning
  public let threshold = "|Lc| ≥ 75 (body text); information below 90"
  public let source = "APCA 0.0.98G-4g; SAPC-APCA use-case ranges"

  public func check(_ a: ProfileAnalysis) -> [ProfileFinding] {
    let minimum = a.profile.validation.apcaMinimumLc
    var values: [String: Double] = [:]
    for w in a.worst { values["apca." + w.blendSpace.rawValue] = w.apca }
    let list = ProfileAnalysis.lcs(a.worst)
    let failing = a.worst.filter { $0.apca < minimum }
    if !failing.isEmpty {
      return [
        finding(
          a, .warning, "worst-case APCA |Lc| \(list); below \(NumberFormat.plain(minimum)) in \(failing.map { $0.blendSpace.description }.joined(separator: " and "))",
          threshold: minimum, values: values)
      ]
    }
    if a.worst.contains(where: { $0.apca < 90 }) {
      return [finding(a, .info, "worst-case APCA |Lc| \(list) ≥ \(NumberFormat.plain(minimum)) but below the preferred 90", threshold: minimum, values: values)]
    }
    return [finding(a, .info, "worst-case APCA |Lc| \(list) ≥ 90", threshold: minimum, values: values)]
  }
}
