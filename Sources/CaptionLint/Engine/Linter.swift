import CaptionCore

/// Runs the lint rules over a document and turns their findings into diagnostics.
///
/// Each finding becomes a `Diagnostic` with code `lint.<rule id>`, the severity the
/// configuration gives the rule, the cue's `source` location (or the rule's own) and
/// `cueIndex`. Findings suppressed inline (`InlineSuppressions`) are dropped and counted.
/// Diagnostics are ordered by cue (document-level ones last), then by rule order.
public struct Linter: Sendable {
  /// What a lint run produced.
  public struct Result: Sendable {
    /// The findings, as diagnostics.
    public var diagnostics: [Diagnostic]
    /// How many findings inline suppressions removed.
    public var suppressedCount: Int
  }

  /// The configuration in force.
  public var configuration: LintConfiguration
  /// The rules to run (default: every built-in rule).
  public var rules: [any LintRule]

  public init(configuration: LintConfiguration = .default, rules: [any LintRule] = RuleCatalog.all) {
    self.configuration = configuration
    self.rules = rules
  }

  /// Lints one document.
  ///
  /// - Parameters:
  ///   - document: the document (from any reader, or built in code).
  ///   - context: facts from outside the file.
  /// - Returns: the diagnostics and the count of suppressed findings. Never throws.
  public func lint(_ document: CaptionDocument, context: LintContext = LintContext()) -> Result {
    let language = document.metadata.language ?? context.language
    let input = LintRuleInput(document: document, context: context, thresholds: configuration.thresholds(for: language))
    let suppressions = InlineSuppressions(document)
    var out: [(order: Int, ruleIndex: Int, seq: Int, d: Diagnostic)] = []
    var suppressed = 0
    var seq = 0
    let locator = context.readerDiagnostics.isEmpty ? nil : Fingerprint.CueLocator(document)
    for (ri, rule) in rules.enumerated() where rule.applies(to: context) {
      guard case .on(let severity) = configuration.setting(for: rule, language: language) else { continue }
      var findings: [LintFinding] = []
      rule.check(input, into: &findings)
      // Cues the reader already reported this rule's problem for.
      var coveredCues = Set<Int>()
      if let locator, !rule.readerEquivalents.isEmpty {
        for d in context.readerDiagnostics where rule.readerEquivalents.contains(where: { d.code.hasSuffix("." + $0) }) {
          if let i = locator.cueIndex(for: d) { coveredCues.insert(i) }
        }
      }
      for f in findings {
        if suppressions.suppresses(ruleID: rule.id, cueIndex: f.cueIndex) {
          suppressed += 1
          continue
        }
        if let i = f.cueIndex, coveredCues.contains(i) { continue }
        var location = f.location
        if location == nil, let i = f.cueIndex, i >= 0, i < document.cues.count { location = document.cues[i].source }
        let d = Diagnostic(code: rule.code, severity: severity, message: f.message, location: location, cueIndex: f.cueIndex)
        out.append((f.cueIndex ?? Int.max, ri, seq, d))
        seq += 1
      }
    }
    // A misspelt rule id in a suppression silently suppresses nothing: say so.
    for u in suppressions.unknownRules {
      let d = Diagnostic(
        code: "lint.suppression.unknown-rule", severity: .warning,
        message: "'\(u.id.prefix(60))' in a captionkit-disable directive is not a lint rule, so it suppresses nothing; see 'captionkit validate --list-rules'",
        location: u.location)
      out.append((Int.max, -1, seq, d))
      seq += 1
    }
    out.sort { ($0.order, $0.ruleIndex, $0.seq) < ($1.order, $1.ruleIndex, $1.seq) }
    return Result(diagnostics: out.map(\.d), suppressedCount: suppressed)
  }

  /// Lints one document with a configuration: the diagnostics only.
  public static func lint(_ document: CaptionDocument, context: LintContext = LintContext(), configuration: LintConfiguration = .default) -> [Diagnostic] {
    Linter(configuration: configuration).lint(document, context: context).diagnostics
  }
}
