import CaptionCore

/// One lint of one file, shared by `Linter` (the whole document at once) and `StreamingLinter`
/// (window by window): the rules in force and their severities, the findings collected so far,
/// and the last step that turns them into diagnostics.
struct LintRun {
  /// A finding with its cue index in the file and its location resolved.
  struct Collected {
    var ruleIndex: Int
    var cueIndex: Int?
    var seq: Int
    var message: String
    var location: SourceLocation?
    /// The rule's `readerAlwaysReports` for the cue: dropped when the document was read.
    var readerReports = false
  }

  let rules: [(index: Int, rule: any LintRule, severity: Severity)]
  let thresholds: LintThresholds
  private(set) var collected: [Collected] = []
  /// When set (by `StreamingLinter`, once far more findings are collected than can be listed),
  /// further findings keep only their rule and cue, to be counted: they belong to later cues
  /// than every collected one, so they come after them in the report.
  var spilling = false
  private var spilled: [(ruleIndex: Int32, cueIndex: Int?, readerReports: Bool)] = []
  private var seq = 0

  init(linter: Linter, context: LintContext, language: String?) {
    thresholds = linter.configuration.thresholds(for: language)
    var on: [(Int, any LintRule, Severity)] = []
    for (i, rule) in linter.rules.enumerated() where rule.applies(to: context) {
      if case .on(let severity) = linter.configuration.setting(for: rule, language: language) { on.append((i, rule, severity)) }
    }
    rules = on
  }

  /// Runs the rules of `scope` (every rule when `nil`) on `input` and keeps their findings about
  /// cues from `document.cues[firstKept...]` on (a window's earlier cues were checked with
  /// their own window), plus any about the whole file.
  mutating func check(_ input: LintRuleInput, scope: LintRuleScope?, firstKept: Int = 0) {
    let cues = input.document.cues
    for (ri, rule, _) in rules where scope == nil || rule.scope == scope {
      var findings: [LintFinding] = []
      rule.check(input, into: &findings)
      for f in findings {
        var location = f.location
        var index: Int?
        var readerReports = false
        if let i = f.cueIndex {
          if i >= 0 && i < firstKept { continue }
          if i >= 0, i < cues.count {
            if location == nil { location = cues[i].source }
            index = input.fileIndex(i)
            readerReports = rule.readerAlwaysReports(cues[i], format: input.context.format)
          } else {
            index = i
          }
        }
        if spilling {
          spilled.append((Int32(ri), index, readerReports))
          continue
        }
        collected.append(Collected(ruleIndex: ri, cueIndex: index, seq: seq, message: f.message, location: location, readerReports: readerReports))
        seq += 1
      }
    }
  }

  /// Drops findings suppressed inline or already reported by the reader, reports unknown rule
  /// ids in suppressions, and orders the rest by cue (file-level ones last), then rule order.
  /// `nil` only after spilling, when so many collected findings were dropped that spilled ones
  /// would have been listed: then only the whole document gives the report.
  func finish(linter: Linter, suppressions: InlineSuppressions, readerDiagnostics: [Diagnostic], locator: () -> Fingerprint.CueLocator) -> Linter.Result? {
    // Cues the reader already reported a rule's problem for.
    var covered: [Int: Set<Int>] = [:]
    if !readerDiagnostics.isEmpty {
      let ruleIndices = Set(collected.map(\.ruleIndex)).union(spilled.map { Int($0.ruleIndex) })
      var located: Fingerprint.CueLocator?
      for (ri, rule, _) in rules where ruleIndices.contains(ri) && !rule.readerEquivalents.isEmpty {
        if located == nil { located = locator() }
        var cues = Set<Int>()
        for d in readerDiagnostics where rule.readerEquivalents.contains(where: { d.code.hasSuffix("." + $0) }) {
          if let i = located!.cueIndex(for: d) { cues.insert(i) }
        }
        covered[ri] = cues
      }
    }
    // A document that was read has reader diagnostics for every cue a rule's
    // `readerAlwaysReports` holds for; those findings are dropped even past the reader's cap.
    let wasRead = !readerDiagnostics.isEmpty
    let severity = Dictionary(uniqueKeysWithValues: rules.map { ($0.index, $0.severity) })
    // What survives, as (order, rule, seq, index into `collected`): diagnostics are built only
    // for the ones listed.
    var out: [(order: Int, ruleIndex: Int, seq: Int, k: Int)] = []
    var suppressed = 0
    for (k, f) in collected.enumerated() {
      if suppressions.suppresses(ruleID: linter.rules[f.ruleIndex].id, cueIndex: f.cueIndex) {
        suppressed += 1
        continue
      }
      if wasRead && f.readerReports { continue }
      if let i = f.cueIndex, covered[f.ruleIndex]?.contains(i) == true { continue }
      out.append((f.cueIndex ?? Int.max, f.ruleIndex, f.seq, k))
    }
    var spilledKept: [Severity] = []
    for f in spilled {
      let ri = Int(f.ruleIndex)
      if suppressions.suppresses(ruleID: linter.rules[ri].id, cueIndex: f.cueIndex) {
        suppressed += 1
      } else if !(wasRead && f.readerReports), f.cueIndex.map({ covered[ri]?.contains($0) == true }) != true {
        spilledKept.append(severity[ri]!)
      }
    }
    if !spilledKept.isEmpty && out.count(where: { $0.order != Int.max }) < linter.maxDiagnostics { return nil }
    // A misspelt rule id in a suppression silently suppresses nothing: say so (negative `k`).
    for u in suppressions.unknownRules.indices { out.append((Int.max, -1, seq + u, -1 - u)) }
    out.sort { ($0.order, $0.ruleIndex, $0.seq) < ($1.order, $1.ruleIndex, $1.seq) }
    var listed = DiagnosticSink(limit: linter.maxDiagnostics)
    for o in out {
      if o.k < 0 {
        let u = suppressions.unknownRules[-1 - o.k]
        listed.report(
          Diagnostic(
            code: "lint.suppression.unknown-rule", severity: .warning,
            message: "'\(u.id.prefix(60))' in a captionkit-disable directive is not a lint rule, so it suppresses nothing; see 'captionkit validate --list-rules'",
            location: u.location))
        continue
      }
      let f = collected[o.k]
      let sev = severity[f.ruleIndex]!
      if listed.isFull {
        listed.countDropped(sev)
      } else {
        listed.report(Diagnostic(code: linter.rules[f.ruleIndex].code, severity: sev, message: f.message, location: f.location, cueIndex: f.cueIndex))
      }
    }
    // After every listed one (the list is full by now).
    for sev in spilledKept { listed.countDropped(sev) }
    return Linter.Result(diagnostics: listed.finished, suppressedCount: suppressed)
  }
}
