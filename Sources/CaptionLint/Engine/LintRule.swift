import CaptionCore

/// One caption quality rule: a documented check with a stable id, a default severity and the
/// source of its default threshold.
///
/// Rule ids are dotted and lower-case, `area.check` (`timing.min-duration`,
/// `text.line-length`); the diagnostics a rule reports carry the code `lint.` + id
/// (`lint.timing.min-duration`). Configuration files, suppressions and baselines name rules by
/// id (the `lint.` prefix is accepted too). An id never changes meaning once released.
///
/// Rules are small immutable values listed in `RuleCatalog.all`; each lives in its own file
/// under `Rules/<area>/`. A rule reads its thresholds from `LintRuleInput.thresholds` (already
/// resolved for the preset, the configuration and the document language) and skips itself when
/// its threshold is `nil`.
public protocol LintRule: Sendable {
  /// The stable rule id, `area.check`.
  var id: String { get }
  /// The severity findings get unless the configuration says otherwise.
  var defaultSeverity: Severity { get }
  /// One sentence: what the rule checks.
  var summary: String { get }
  /// Where the default threshold comes from (guideline and section), for docs and `--explain`.
  var thresholdSource: String { get }
  /// Whether the rule runs when the configuration does not mention it. Rules for special
  /// targets (CEA-608) are off unless a preset or the configuration turns them on.
  var enabledByDefault: Bool { get }
  /// Reader diagnostic codes (matched by suffix: `cue.empty` matches `webvtt.cue.empty`) that
  /// already say what this rule would say; a finding on a cue the reader reported such a
  /// diagnostic for is not repeated (see `LintContext.readerDiagnostics`).
  var readerEquivalents: [String] { get }
  /// Whether the reader of `format` (`srt`, `webvtt`…) reports one of `readerEquivalents` for
  /// every cue that has this rule's problem, so `cue`'s finding is dropped whether or not the
  /// reader's diagnostic was kept under `--max-diagnostics`. Without it, a finding on a cue past
  /// the reader's cap would be listed, and could change the exit code. Default: false.
  func readerAlwaysReports(_ cue: Cue, format: String?) -> Bool

  /// The `.captionkit.json` threshold keys this rule reads (`maxCharactersPerLine`); they may be
  /// set inside the rule's entry in `rules` as well as in `thresholds`.
  var thresholdKeys: [String] { get }

  /// What the rule's findings are about: single cues (the default) or the whole file.
  var scope: LintRuleScope { get }

  /// Whether the rule can run with this context (media rules need a media duration).
  func applies(to context: LintContext) -> Bool

  /// Checks one document and appends findings.
  func check(_ input: LintRuleInput, into findings: inout [LintFinding])
}

extension LintRule {
  public var enabledByDefault: Bool { true }
  public var readerEquivalents: [String] { [] }
  public func readerAlwaysReports(_ cue: Cue, format: String?) -> Bool { false }
  public var thresholdKeys: [String] { [] }
  public var scope: LintRuleScope { .cues }
  public func applies(to context: LintContext) -> Bool { true }
  /// The diagnostic code this rule reports: `lint.` + `id`.
  public var code: String { "lint." + id }
}

/// What a rule's findings are about, which decides how a file linted in windows
/// (`StreamingLinter`) runs it.
public enum LintRuleScope: Sendable {
  /// Each finding is about one cue, judged from that cue and the cues before it in presentation
  /// order that are still on screen or the one just before it (overlaps, gaps). Run on each
  /// window; `LintRuleInput.cueName(_:)` names cues by their index in the file.
  case cues
  /// Findings about the whole file from its summary facts only (`LintRuleInput.latestEnd`,
  /// the context, the thresholds), never from `document.cues`. Run once, at the end.
  case document
}

/// What a rule found: a message, the cue it is about (if any) and, optionally, a more precise
/// location than the cue's timing line.
public struct LintFinding: Sendable, Hashable {
  /// The 0-based index of the cue in `CaptionDocument.cues`, or `nil` for a document-level finding.
  public var cueIndex: Int?
  /// A one-sentence message without location or code.
  public var message: String
  /// A location, when the rule knows one better than `Cue.source`.
  public var location: SourceLocation?

  public init(cueIndex: Int?, message: String, location: SourceLocation? = nil) {
    self.cueIndex = cueIndex
    self.message = message
    self.location = location
  }
}
