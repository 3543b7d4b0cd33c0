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
  /// The most findings one lint lists (after suppressions, in their final order); the rest are
  /// counted in one `core.diagnostics.limit-reached` summary, so a file with millions of
  /// problems cannot make the report unbounded. The CLI passes `--max-diagnostics`.
  public var maxDiagnostics = ReadLimits().maxDiagnostics

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
    var run = LintRun(linter: self, context: context, language: language)
    run.check(LintRuleInput(document: document, context: context, thresholds: run.thresholds), scope: nil)
    // Never `nil`: only a streamed lint spills.
    return run.finish(
      linter: self, suppressions: InlineSuppressions(document), readerDiagnostics: context.readerDiagnostics,
      locator: { Fingerprint.CueLocator(document) })!
  }

  /// Lints one document with a configuration: the diagnostics only.
  public static func lint(_ document: CaptionDocument, context: LintContext = LintContext(), configuration: LintConfiguration = .default) -> [Diagnostic] {
    Linter(configuration: configuration).lint(document, context: context).diagnostics
  }
}
