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
    let spans = context.readerDiagnostics.isEmpty ? [] : Self.cueLineSpans(document)
    for (ri, rule) in rules.enumerated() where rule.applies(to: context) {
      guard case .on(let severity) = configuration.setting(for: rule, language: language) else { continue }
      var findings: [LintFinding] = []
      rule.check(input, into: &findings)
      let equivalents = rule.readerEquivalents.isEmpty ? [] : context.readerDiagnostics.filter { d in
        rule.readerEquivalents.contains { d.code.hasSuffix("." + $0) }
      }
      for f in findings {
        if suppressions.suppresses(ruleID: rule.id, cueIndex: f.cueIndex) {
          suppressed += 1
          continue
        }
        if let i = f.cueIndex, equivalents.contains(where: { Self.isAbout(cue: i, $0, spans) }) { continue }
        var location = f.location
        if location == nil, let i = f.cueIndex, i >= 0, i < document.cues.count { location = document.cues[i].source }
        let d = Diagnostic(code: rule.code, severity: severity, message: f.message, location: location, cueIndex: f.cueIndex)
        out.append((f.cueIndex ?? Int.max, ri, seq, d))
        seq += 1
      }
    }
    out.sort { ($0.order, $0.ruleIndex, $0.seq) < ($1.order, $1.ruleIndex, $1.seq) }
    return Result(diagnostics: out.map(\.d), suppressedCount: suppressed)
  }

  /// The source line range of each cue: from its timing line up to the next cue's (by line).
  static func cueLineSpans(_ document: CaptionDocument) -> [Range<Int>?] {
    let lines = document.cues.map { $0.source?.line }
    let sorted = lines.compactMap { $0 }.sorted()
    return lines.map { l in
      guard let l else { return nil }
      var lo = 0, hi = sorted.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if sorted[mid] <= l { lo = mid + 1 } else { hi = mid }
      }
      return l..<(lo < sorted.count ? sorted[lo] : Int.max)
    }
  }

  static func isAbout(cue i: Int, _ d: Diagnostic, _ spans: [Range<Int>?]) -> Bool {
    if let c = d.cueIndex { return c == i }
    guard let line = d.location?.line, i < spans.count, let span = spans[i] else { return false }
    return span.contains(line)
  }

  /// Lints one document with a configuration: the diagnostics only.
  public static func lint(_ document: CaptionDocument, context: LintContext = LintContext(), configuration: LintConfiguration = .default) -> [Diagnostic] {
    Linter(configuration: configuration).lint(document, context: context).diagnostics
  }
}
