import CaptionCore

/// `text.control-characters`: C0 or C1 control characters (other than tab, which renders as
/// white space), invisible characters that render inconsistently (zero-width space, a BOM
/// inside text, the object replacement character) and U+FFFD (a sign of mis-decoded text).
///
/// Threshold: none.
public struct ControlCharacterRule: LintRule {
  public init() {}
  public var id: String { "text.control-characters" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Cue text must not contain control characters or stray invisible characters." }
  public var thresholdSource: String { "No threshold; control characters render as boxes or nothing" }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    for i in input.document.cues.indices {
      if let v = Self.firstSuspect(input.plainTexts[i]) {
        let code = CodePointName.of(v)
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) contains the control, invisible or replacement character \(code)"))
      }
    }
  }

  /// The first suspect scalar of `text` (line feeds are line breaks, not suspects).
  static func firstSuspect(_ text: String) -> UInt32? {
    var t = text
    return t.withUTF8 { p in
      var i = 0
      while i < p.count {
        // Only C0 controls and DEL are suspect among ASCII bytes.
        if p[i] >= 0x20, p[i] < 0x7F {
          i += 1
          continue
        }
        let (v, next) = UTF8Text.scalar(p, i)
        if v != 0x0A, isSuspect(v) { return v }
        i = next
      }
      return nil
    }
  }

  static func isSuspect(_ v: UInt32) -> Bool {
    return (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v) || v == 0x200B || v == 0xFEFF || v == 0xFFFC || v == 0xFFFD
  }
}
