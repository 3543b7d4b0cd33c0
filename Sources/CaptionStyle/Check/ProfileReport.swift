import CaptionCore
import Foundation

/// Renders profile check results as text or JSON (for `captionkit profile check`). The
/// library never prints; the caller writes the returned string.
public enum ProfileReport {
  /// One block per profile:
  ///
  ///     fcc-semitransparent-box: FAIL
  ///       error   CS-C01 worst-case contrast 3.98:1 (sRGB blend), 1.91:1 (linear) < 4.5:1 (…)
  ///               threshold 4.5 — WCAG 2.2 SC 1.4.3; …
  ///
  /// `minimumSeverity` hides less serious findings (the verdict still counts them).
  public static func text(_ results: [ProfileCheckResult], minimumSeverity: Severity = .info, showSources: Bool = true)
    -> String
  {
    var out = ""
    for r in results {
      out += "\(r.profile.id): \(r.verdict.rawValue.uppercased())"
      if !r.profile.name.isEmpty { out += " — \(r.profile.name)" }
      out += "\n"
      if let expected = r.profile.expectedVerdict, expected != r.verdict {
        out += "  note: the profile says it is expected to \(expected.rawValue)\n"
      }
      for f in r.findings where f.severity >= minimumSeverity {
        let sev = f.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        out += "  \(sev) \(f.ruleID) \(f.message)\n"
        if showSources && f.severity >= .warning {
          var src = "                 "
          if let t = f.threshold { src += "threshold \(NumberFormat.plain(t)); " }
          out += src + "source: \(f.source)\n"
        }
      }
    }
    return out
  }

  /// A JSON document (`schema` `captionkit.profile-check`, `schemaVersion` 1) whose `profiles`
  /// array has one object per profile: `id`, `name`, `verdict`, `expectedVerdict`, and
  /// `findings` (`rule`, `code`, `severity`, `message`, `threshold`, `source`, `values`).
  /// Keys are sorted so the output is stable.
  public static func json(_ results: [ProfileCheckResult]) -> String {
    let objects: [[String: Any]] = results.map { r in
      var o: [String: Any] = ["id": r.profile.id, "name": r.profile.name, "verdict": r.verdict.rawValue]
      if let e = r.profile.expectedVerdict { o["expectedVerdict"] = e.rawValue }
      o["findings"] = r.findings.map { f -> [String: Any] in
        var d: [String: Any] = [
          "rule": f.ruleID, "code": f.code, "severity": f.severity.rawValue, "message": f.message, "source": f.source,
          "values": f.values.mapValues { $0.isFinite ? $0 : 0 },
        ]
        if let t = f.threshold { d["threshold"] = t }
        return d
      }
      return o
    }
    // Named like every other JSON document the CLI writes (docs/json-schema.md).
    let document: [String: Any] = ["schema": "captionkit.profile-check", "schemaVersion": 1, "profiles": objects]
    guard
      let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
      let s = String(data: data, encoding: .utf8)
    else { return "{}" }
    return s + "\n"
  }

  /// The exit status the CLI should use: 1 when any finding is at or above `failOn`
  /// (default error), else 0.
  public static func exitStatus(_ results: [ProfileCheckResult], failOn: Severity = .error) -> Int32 {
    results.contains { $0.findings.contains { $0.severity >= failOn } } ? 1 : 0
  }
}
