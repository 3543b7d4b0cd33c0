import CaptionCore

/// Builds rule diagnostics: code `media.<rule id lower-cased>` (e.g. `media.mp4-002`), message
/// ending with the rule id as the reference doc spells it (`… (MP4-002)`).
enum RuleFinding {
  static func make(_ rule: String, _ severity: Severity, _ message: String) -> Diagnostic {
    Diagnostic(code: "media." + rule.lowercased(), severity: severity, message: "\(message) (\(rule))")
  }

  /// `track 2 (mov_text, eng, "English SDH")`.
  static func describe(_ t: TrackReport) -> String {
    var parts = [t.codec]
    if let l = t.bestLanguage { parts.append(l) }
    if let n = t.title { parts.append("\"\(n)\"") }
    return "track \(t.index) (\(parts.joined(separator: ", ")))"
  }
}
