/// Every built-in rule, in the order findings for one cue are listed.
public enum RuleCatalog {
  /// All rules.
  public static let all: [any LintRule] = [
    EndBeforeStartRule(), MinDurationRule(), MaxDurationRule(), MinGapRule(), OverlapRule(), PositionedOverlapRule(),
    ReadingSpeedRule(), WordsPerMinuteRule(), LineLengthRule(), LineCountRule(), EmptyCueRule(), WhitespaceRule(),
    ControlCharacterRule(), UnbalancedMarkupRule(), UnknownMarkupRule(), Cea608ColumnsRule(), Cea608RowsRule(),
    CueAfterMediaEndRule(), MediaCoverageRule(), ForcedSubsetRule(),
  ]

  /// The rule with this id (`text.line-length`) or code (`lint.text.line-length`).
  public static func rule(_ idOrCode: String) -> (any LintRule)? {
    let id = canonicalID(idOrCode)
    return all.first { $0.id == id }
  }

  /// The id without a leading `lint.`.
  public static func canonicalID(_ idOrCode: String) -> String {
    idOrCode.hasPrefix("lint.") ? String(idOrCode.dropFirst(5)) : idOrCode
  }
}
