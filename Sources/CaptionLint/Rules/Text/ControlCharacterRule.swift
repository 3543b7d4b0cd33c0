import CaptionCore

/// `text.control-characters`: C0 or C1 control characters (tab included), or invisible format
/// characters that render inconsistently (zero-width space, BOM inside text), in cue text.
///
/// Threshold: none.
public struct ControlCharacterRule: LintRule {
  public init() {}
  public var id: String { "text.control-characters" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Cue text must not contain control characters or stray invisible characters." }
  public var thresholdSource: String { "No threshold; control characters render as boxes or nothing" }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for (i, cue) in input.document.cues.enumerated() {
      for s in cue.plainText.unicodeScalars where s != "\n" && Self.isSuspect(s) {
        let hex = String(s.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
        findings.append(LintFinding(cueIndex: i, message: "\(RuleSupport.cueName(i, cue)) contains the control, invisible or replacement character \(code)"))
        break
      }
    }
  }

  static func isSuspect(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x200B || v == 0xFEFF || v == 0xFFFC || v == 0xFFFD
  }
}
