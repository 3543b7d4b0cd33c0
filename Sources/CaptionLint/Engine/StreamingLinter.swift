import CaptionCore

/// Lints a file whose cues arrive one at a time in source order (a streaming reader), holding
/// only a window of them: the diagnostics equal `Linter.lint` of the whole document.
///
/// Cues are checked `windowSize` at a time (more when many cues stay on screen together). Rules
/// of `LintRuleScope.cues` see each window together with the earlier cues it can interact with:
/// those still on screen that can be among the first `OverlapScanner.maxPairsPerCue` a later
/// cue overlaps, and the last cue shown before it (gaps); findings about those earlier cues were
/// made with their own window and are not repeated. Rules of `LintRuleScope.document` run
/// once, in `finish`, on the file's summary (`LintRuleInput.latestEnd`). Comments are kept (for
/// inline suppressions) and applied at the end, like everything that needs the reader's
/// diagnostics.
///
/// The windows match the whole-document lint only when the file's cues are already in
/// presentation order (by start, then end), as nearly every real file is. When a cue arrives
/// out of that order, `isInPresentationOrder` turns false, the rest is not checked and
/// `finish` returns `nil`: lint the whole document instead.
///
/// Memory: one window of cues, the earlier cues it carries (times, id and settings only), the
/// comments and the findings up to twice `Linter.maxDiagnostics` (a window more at most); past
/// that, a finding keeps only its rule and cue, to be counted in the limit summary. In the rare
/// file where suppressions or the reader's own diagnostics then drop so many of the kept
/// findings that counted ones would have been listed, `finish` returns `nil` too.
public struct StreamingLinter {
  /// Cues per window unless told otherwise.
  public static let defaultWindowSize = 4096

  /// Whether every cue so far came in presentation order (see above).
  public private(set) var isInPresentationOrder = true
  /// How many cues were added.
  public private(set) var cueCount = 0

  private let linter: Linter
  private let context: LintContext
  private let windowSize: Int
  private var run: LintRun?
  private var header = CaptionDocument()
  private var comments: [Comment] = []
  private var pending: [Cue] = []
  /// Earlier cues a window still needs, with their index in the file, in presentation order.
  private var carry: [(cue: Cue, index: Int)] = []
  private var latestEnd: CaptionTime?
  private var last: (start: CaptionTime, end: CaptionTime)?

  /// - Parameters:
  ///   - linter: the configuration and rules, as for `Linter.lint`.
  ///   - context: facts from outside the file; its `readerDiagnostics` are ignored (pass them to
  ///     `finish`, once the reader is done).
  ///   - windowSize: cues per window (at least 1).
  public init(linter: Linter, context: LintContext = LintContext(), windowSize: Int = defaultWindowSize) {
    self.linter = linter
    self.context = context
    self.windowSize = max(1, windowSize)
  }

  /// The document's header: metadata (its language picks the thresholds), style sheets,
  /// styles, regions, and the comments before the first cue. Call before the first cue.
  public mutating func begin(_ header: CaptionDocument) {
    var h = header
    h.cues = []
    comments += h.comments
    h.comments = []
    self.header = h
    run = LintRun(linter: linter, context: context, language: h.metadata.language ?? context.language)
  }

  /// A comment after the first cue (`Comment.beforeCue` counts cues in the file).
  public mutating func add(_ comment: Comment) {
    comments.append(comment)
  }

  /// The next cue in source order.
  public mutating func add(_ cue: Cue) {
    cueCount += 1
    latestEnd = max(latestEnd ?? cue.end, cue.end)
    guard isInPresentationOrder else { return }
    if let last, (cue.start, cue.end) < (last.start, last.end) {
      isInPresentationOrder = false
      pending = []
      carry = []
      return
    }
    last = (cue.start, cue.end)
    pending.append(cue)
    // A window is at least as large as what it carries, so carried cues (many, when many cues
    // stay on screen together) are copied O(1) times each on average, not once per window.
    if pending.count >= max(windowSize, carry.count) { checkWindow() }
  }

  /// Checks the last window and the whole-file rules and returns the diagnostics, or `nil`
  /// when the cues were not in presentation order.
  ///
  /// - Parameters:
  ///   - readerDiagnostics: what the reader reported (findings it already covers are dropped,
  ///     see `LintRule.readerEquivalents`).
  ///   - locator: the file's cues as a `Fingerprint.CueLocator` (built with `append` as they
  ///     came), to place reader diagnostics on cues.
  public mutating func finish(readerDiagnostics: [Diagnostic], locator: Fingerprint.CueLocator) -> Linter.Result? {
    guard isInPresentationOrder else { return nil }
    if run == nil { begin(CaptionDocument()) }
    checkWindow()
    let summary = LintRuleInput(document: header, context: context, thresholds: run!.thresholds, cueNumbers: [], latestEnd: latestEnd)
    run!.spilling = false  // whole-file findings come last in the report: always kept
    run!.check(summary, scope: .document)
    return run!.finish(linter: linter, suppressions: InlineSuppressions(comments: comments), readerDiagnostics: readerDiagnostics, locator: { locator })
  }

  private mutating func checkWindow() {
    guard !pending.isEmpty else { return }
    if run == nil { begin(CaptionDocument()) }
    var doc = header
    doc.cues = carry.map(\.cue) + pending
    let first = cueCount - pending.count
    let numbers = carry.map(\.index) + Array(first..<cueCount)
    let input = LintRuleInput(document: doc, context: context, thresholds: run!.thresholds, cueNumbers: numbers, latestEnd: latestEnd)
    run!.check(input, scope: .cues, firstKept: carry.count)
    // Far more findings than can be listed: later windows' findings are only counted.
    // (Saturating: the cap may be any positive Int, `Int.max` included.)
    let (twice, overflow) = linter.maxDiagnostics.multipliedReportingOverflow(by: 2)
    if run!.collected.count >= (overflow ? Int.max : twice) { run!.spilling = true }
    // Cues come in presentation order, so every later cue starts at or after the last one
    // here. The next window needs what the overlap and gap rules can still pair a later cue
    // with: the last cue shown at all (cues with no duration take no part in overlaps and
    // gaps), and, of the cues shown until after that start, those that can be among the first
    // `OverlapScanner.maxPairsPerCue` still on screen when some later cue starts. A cue with
    // that many earlier ones lasting at least as long never is. Carried cues keep only their
    // times, id and settings: nothing else of them is looked at again.
    // The gap rule measures from the shown cue with the latest end (the first one, on a tie),
    // and the overlap rule pairs cues in one place among themselves: both are carried too.
    let lastStart = pending[pending.count - 1].start
    let lastShown = doc.cues.lastIndex { $0.end > $0.start }
    var latestEnd: Int?
    for (k, c) in doc.cues.enumerated() where c.end > c.start && (latestEnd.map { c.end > doc.cues[$0].end } ?? true) { latestEnd = k }
    let limit = OverlapScanner.maxPairsPerCue
    var longest: [CaptionTime] = []  // the `limit` latest ends so far, latest first
    var longestHere: [CueSettings: [CaptionTime]] = [:]  // the same for each place
    func mayPair(_ end: CaptionTime, _ list: [CaptionTime]) -> Bool { list.count < limit || list[limit - 1] < end }
    func insert(_ end: CaptionTime, into list: inout [CaptionTime]) {
      let at = list.firstIndex { $0 < end } ?? list.count
      if at < limit {
        list.insert(end, at: at)
        if list.count > limit { list.removeLast() }
      }
    }
    var next: [(cue: Cue, index: Int)] = []
    for (k, c) in doc.cues.enumerated() where c.end > c.start && (c.end > lastStart || k == lastShown || k == latestEnd) {
      let onScreen = c.end > lastStart
      let keep = onScreen && (mayPair(c.end, longest) || mayPair(c.end, longestHere[c.settings] ?? []))
      if keep || k == lastShown || k == latestEnd {
        next.append((Cue(id: c.id, start: c.start, end: c.end, settings: c.settings, content: [], source: c.source), numbers[k]))
      }
      guard onScreen else { continue }
      insert(c.end, into: &longest)
      insert(c.end, into: &longestHere[c.settings, default: []])
    }
    carry = next
    pending.removeAll(keepingCapacity: true)
  }
}
