import CaptionCore

/// The resolved lint configuration for a run: a preset plus what `.captionkit.json` (or the
/// command line) changes.
///
/// Precedence, lowest first: the preset's thresholds, `thresholds`, then the block in
/// `languages` that matches the document language (BCP 47 lookup: the exact tag, then the
/// tag with its last subtag removed, and so on: `zh-Hant-TW`, `zh-Hant`, `zh`). Rule settings follow the same order.
public struct LintConfiguration: Sendable, Hashable {
  /// Per-language overrides.
  public struct LanguageOverride: Sendable, Hashable {
    public var thresholds: ThresholdOverrides
    public var rules: [String: RuleSetting]
    public init(thresholds: ThresholdOverrides = ThresholdOverrides(), rules: [String: RuleSetting] = [:]) {
      self.thresholds = thresholds
      self.rules = rules
    }
  }

  /// The preset.
  public var preset: LintPreset
  /// Threshold overrides for every language.
  public var thresholds: ThresholdOverrides
  /// Rule settings by rule id (without the `lint.` prefix).
  public var rules: [String: RuleSetting]
  /// Overrides by BCP 47 language tag (keys lower-cased).
  public var languages: [String: LanguageOverride]
  /// Path globs (relative to `baseDirectory`) a folder scan includes; empty means every caption file.
  public var include: [String]
  /// Path globs excluded from every scan.
  public var exclude: [String]
  /// The style profile files are checked against (for the style checker), if set.
  public var styleProfile: String?
  /// The severity that fails a run (`--fail-on`), if the configuration sets it.
  public var failOn: Severity?
  /// The folder the configuration file is in (globs are relative to it), if read from a file.
  public var baseDirectory: String?
  /// The configuration file's path, if read from one.
  public var sourcePath: String?

  public init(preset: LintPreset = .streaming) {
    self.preset = preset
    thresholds = ThresholdOverrides()
    rules = [:]
    languages = [:]
    include = []
    exclude = []
  }

  /// The default configuration: the `streaming` preset, every rule at its default severity.
  public static let `default` = LintConfiguration()

  /// The language block for a BCP 47 tag, if any.
  public func languageOverride(for language: String?) -> LanguageOverride? {
    guard var tag = language?.lowercased(), !tag.isEmpty else { return nil }
    // BCP 47 lookup (RFC 4647 §3.4): zh-hant-tw, then zh-hant, then zh.
    while true {
      if let o = languages[tag] { return o }
      guard let dash = tag.lastIndex(of: "-") else { return nil }
      tag = String(tag[..<dash])
    }
  }

  /// The thresholds in force for a document in `language`.
  public func thresholds(for language: String?) -> LintThresholds {
    var t = thresholds.applied(to: preset.thresholds)
    if let o = languageOverride(for: language) { t = o.thresholds.applied(to: t) }
    return t
  }

  /// Checks that the thresholds in force agree with each other, for documents in any language
  /// and in each language block: a `minDuration` longer than the `maxDuration` would flag every
  /// cue as too short or too long.
  /// - Throws: `ConfigurationError` at the JSON path of the block that sets the pair (the
  ///   language block, `$.thresholds`, or `$.preset` when the preset alone does).
  public func checkThresholds() throws(ConfigurationError) {
    for tag in [nil] + languages.keys.sorted() {
      let t = thresholds(for: tag)
      guard let lo = t.minDuration, let hi = t.maxDuration, lo > hi else { continue }
      // With either rule off, the pair cannot flag every cue.
      guard setting(for: MinDurationRule(), language: tag) != .off, setting(for: MaxDurationRule(), language: tag) != .off else { continue }
      var path = "$.preset"
      if thresholds.minDuration != nil || thresholds.maxDuration != nil { path = "$.thresholds" }
      if let tag, let o = languages[tag], o.thresholds.minDuration != nil || o.thresholds.maxDuration != nil {
        path = ConfigurationFile.Parser.key("$.languages", tag) + ".thresholds"
      }
      let which = tag.map { " for language '\($0)'" } ?? ""
      throw ConfigurationError(
        file: sourcePath, path: path,
        message:
          "minDuration (\(RuleSupport.number(lo.seconds, decimals: 3)) s) is longer than maxDuration (\(RuleSupport.number(hi.seconds, decimals: 3)) s)\(which), with preset '\(preset.id)': every cue would break one of the two; lower minDuration or raise maxDuration"
      )
    }
  }

  /// Whether `rule` runs for a document in `language`, and at which severity.
  public func setting(for rule: any LintRule, language: String?) -> RuleSetting {
    if let o = languageOverride(for: language), let s = o.rules[rule.id] { return s }
    if let s = rules[rule.id] { return s }
    if rule.enabledByDefault || preset.enabledRules.contains(rule.id) { return .on(rule.defaultSeverity) }
    return .off
  }
}
