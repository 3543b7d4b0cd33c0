import CaptionCore

/// Everything a rule sees: the document, the caller's context, and the thresholds resolved for
/// this document (preset, then configuration, then the per-language override).
///
/// When a file is linted in windows (`StreamingLinter`), `document` holds one window of cues
/// (plus the earlier cues still on screen) and `cueNumbers` maps each to its index in the file;
/// rules name cues with `cueName(_:)` so messages are the same either way.
public struct LintRuleInput: Sendable {
  /// The document under check (for a window: its header and the window's cues).
  public let document: CaptionDocument
  /// Facts from outside the file (media duration, companion tracks).
  public let context: LintContext
  /// The thresholds in force.
  public let thresholds: LintThresholds
  /// Cue indices in presentation order (by start, then end, then source order). Rules that
  /// compare neighbours use this, because readers keep source order.
  public let presentationOrder: [Int]
  /// Each cue's plain text (`Cue.plainText`) without ruby annotations, computed once for all
  /// rules: ruby text sits above its base and takes no room on the line.
  public let plainTexts: [String]
  /// For a window, the 0-based index in the whole file of each cue in `document.cues`; `nil`
  /// when `document` is the whole file.
  public let cueNumbers: [Int]?
  /// The latest cue end in the whole file (`nil` when it has no cues). Rules of
  /// `LintRuleScope.document` read this rather than `document.cues`.
  public let latestEnd: CaptionTime?

  public init(document: CaptionDocument, context: LintContext, thresholds: LintThresholds) {
    self.init(document: document, context: context, thresholds: thresholds, cueNumbers: nil, latestEnd: document.cues.lazy.map(\.end).max())
  }

  /// A window of a file (`cueNumbers` as above), or the summary a `.document` rule gets at the
  /// end of a streamed file (no cues, `latestEnd` of the whole file).
  public init(document: CaptionDocument, context: LintContext, thresholds: LintThresholds, cueNumbers: [Int]?, latestEnd: CaptionTime?) {
    self.document = document
    self.context = context
    self.thresholds = thresholds
    self.cueNumbers = cueNumbers
    self.latestEnd = latestEnd
    let cues = document.cues
    plainTexts = cues.map(\.plainTextWithoutRuby)
    presentationOrder = cues.indices.sorted { a, b in
      if cues[a].start != cues[b].start { return cues[a].start < cues[b].start }
      if cues[a].end != cues[b].end { return cues[a].end < cues[b].end }
      return a < b
    }
  }

  /// The index in the whole file of `document.cues[i]`.
  public func fileIndex(_ i: Int) -> Int { cueNumbers?[i] ?? i }

  /// How messages name `document.cues[i]`: `cue 12`, or `cue 12 ("id")` when it has an id
  /// (1-based, counted in the whole file).
  public func cueName(_ i: Int) -> String {
    let cue = document.cues[i]
    let n = fileIndex(i) + 1
    return cue.id.isEmpty ? "cue \(n)" : "cue \(n) (\"\(cue.id)\")"
  }
}
