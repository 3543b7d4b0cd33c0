import CaptionCore
import Foundation

/// Lints many files the way `captionkit validate` does: finds each file's `.captionkit.json`
/// (walking up from the file, cached per folder) unless one configuration is given, applies the
/// configuration's include and exclude globs, runs the linter, and splits findings against a
/// baseline.
///
/// Reads configuration files from disk; never prints.
public struct LintSession: Sendable {
  /// Whether lint rules run (`--no-lint` turns them off; reader diagnostics still count).
  public var lintEnabled: Bool
  /// A preset that overrides every configuration's (`--preset`).
  public var presetOverride: LintPreset?
  /// The baseline findings are checked against (`--baseline`), if any.
  public var baseline: Baseline?
  /// Facts from outside the files (media duration).
  public var context: LintContext
  /// The folder fingerprint paths are relative to (the baseline file's folder), so a baseline
  /// matches whatever absolute path the repository is checked out at. `nil`: paths as given.
  public var fingerprintRoot: String?
  /// The most lint findings listed per file (`Linter.maxDiagnostics`).
  public var maxDiagnostics = ReadLimits().maxDiagnostics
  private let explicit: LintConfiguration?
  private var cache: [String: LintConfiguration] = [:]
  /// Every configuration file read so far (the one given, and each `.captionkit.json` found),
  /// in the order read: inputs, which the CLI never lets an output replace.
  public private(set) var configurationFiles: [String] = []

  /// - Parameters:
  ///   - configPath: a configuration file to use for every input instead of discovery.
  ///   - presetOverride: a preset that replaces the configured one.
  /// - Throws: `ConfigurationError` when `configPath` cannot be read or is invalid.
  public init(configPath: String? = nil, presetOverride: LintPreset? = nil, lintEnabled: Bool = true, baseline: Baseline? = nil, context: LintContext = LintContext()) throws(ConfigurationError) {
    // Do the throwing work before any stored property is set (typed throws out of a partially
    // initialised struct miscompiles in Swift 6.3).
    var loaded: LintConfiguration?
    if let configPath { loaded = try Self.load(configPath) }
    explicit = loaded
    configurationFiles = configPath.map { [$0] } ?? []
    self.lintEnabled = lintEnabled
    self.presetOverride = presetOverride
    self.baseline = baseline
    self.context = context
  }

  /// Largest configuration file read, in bytes (1 MiB).
  public static let maxConfigurationSize = 1 << 20

  /// Reads and parses one configuration file.
  public static func load(_ path: String) throws(ConfigurationError) -> LintConfiguration {
    // Configurations are a few KB; a bigger file is not one (and is not read whole to find out).
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxConfigurationSize {
      throw ConfigurationError(file: path, path: "$", message: "the file is \(size) bytes, over the \(maxConfigurationSize)-byte limit for a configuration file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigurationError(file: path, path: "$", message: "cannot read the configuration file")
    }
    return try ConfigurationFile.parse(Array(data), path: path)
  }

  /// The configuration for an input file (`-` uses the working directory's).
  public mutating func configuration(forFile path: String) throws(ConfigurationError) -> LintConfiguration {
    var config: LintConfiguration
    if let explicit {
      config = explicit
    } else {
      let dir = path == "-" ? FileManager.default.currentDirectoryPath : PathText.deletingLastComponent(Self.absolute(path))
      if let cached = cache[dir] {
        config = cached
      } else {
        if let found = ConfigurationFile.find(from: dir) {
          configurationFiles.append(found)
          config = try Self.load(found)
        } else {
          config = LintConfiguration()
        }
        cache[dir] = config
      }
    }
    if let presetOverride { config.preset = presetOverride }
    try config.checkThresholds()
    return config
  }

  /// Whether the configuration's `include` / `exclude` globs keep `path`. Paths outside the
  /// configuration's folder, and standard input, are always kept.
  public mutating func isIncluded(_ path: String) throws(ConfigurationError) -> Bool {
    if path == "-" { return true }
    let config = try configuration(forFile: path)
    guard let base = config.baseDirectory, !(config.include.isEmpty && config.exclude.isEmpty) else { return true }
    let abs = Self.absolute(path)
    let root = Self.absolute(base.isEmpty ? "." : base)
    guard abs.hasPrefix(root + "/") else { return true }
    let rel = String(abs.dropFirst(root.count + 1))
    if !config.include.isEmpty && !config.include.contains(where: { PathGlob.matches($0, rel) }) { return false }
    return !config.exclude.contains { PathGlob.matches($0, rel) }
  }

  /// Lints one read file and applies the baseline.
  ///
  /// - Parameters:
  ///   - path: the path diagnostics name (set as their `file`).
  ///   - format: the format id it was read as.
  ///   - result: the reader's result (its diagnostics are kept and baselined too).
  ///   - recording: every finding before the baseline is applied is appended here (for
  ///     `--write-baseline`).
  public mutating func check(path: String, format: String, result: ReadResult, recording: inout [Baseline.Item]) throws(ConfigurationError) -> RunReport.File {
    let document = result.document
    var lint: Linter.Result?
    if lintEnabled {
      var ctx = context
      ctx.format = format
      ctx.readerDiagnostics = result.diagnostics
      lint = try linter(forFile: path).lint(document, context: ctx)
    }
    return try check(path: path, format: format, streamed: result, lint: lint, locator: Fingerprint.CueLocator(document), recording: &recording)
  }

  /// The linter for a file read cue by cue (`StreamingLinter`), with this session's
  /// configuration for `path` and context; `nil` when lint is off. Hand its result to
  /// `check(path:format:streamed:lint:locator:recording:)`.
  public mutating func streamingLinter(path: String, format: String, windowSize: Int = StreamingLinter.defaultWindowSize) throws(ConfigurationError) -> StreamingLinter? {
    guard lintEnabled else { return nil }
    var ctx = context
    ctx.format = format
    return StreamingLinter(linter: try linter(forFile: path), context: ctx, windowSize: windowSize)
  }

  /// The rules with `path`'s configuration and this session's cap.
  private mutating func linter(forFile path: String) throws(ConfigurationError) -> Linter {
    var linter = Linter(configuration: try configuration(forFile: path))
    linter.maxDiagnostics = maxDiagnostics
    return linter
  }

  /// As `check(path:format:result:recording:)` for a file read cue by cue: `result` is the
  /// reader's result without cues (its header and diagnostics), `lint` what the session's
  /// `streamingLinter` returned (`nil` when lint is off) and `locator` the file's cues. The
  /// whole-document `check` ends here too: the reader's and the linter's diagnostics are named,
  /// fingerprinted and filtered by the baseline.
  public mutating func check(
    path: String, format: String, streamed result: ReadResult, lint: Linter.Result?, locator: Fingerprint.CueLocator, recording: inout [Baseline.Item]
  ) throws(ConfigurationError) -> RunReport.File {
    var diagnostics = result.diagnostics.map { d -> Diagnostic in
      var d = d
      d.file = path
      return d
    }
    var rulesChecked: [String] = []
    if let lint {
      for var d in lint.diagnostics {
        d.file = path
        diagnostics.append(d)
      }
      let config = try configuration(forFile: path)
      var ctx = context
      ctx.format = format
      let language = result.document.metadata.language ?? ctx.language
      rulesChecked = Linter(configuration: config).rules.filter { $0.applies(to: ctx) && config.setting(for: $0, language: language) != .off }.map(\.id)
    }
    let fingerprintPath = fingerprintRoot.map { Self.relative(path, to: $0) } ?? path
    // One cue text and one fingerprint per cue and code: a hostile cue can carry thousands of
    // findings, and copying and hashing its text for each would be quadratic.
    var cueTexts: [Int: String] = [:]
    var fingerprintsByCodeAndCue: [String: [Int: String]] = [:]
    let items = diagnostics.map { d -> Baseline.Item in
      var named = d
      named.file = fingerprintPath
      if d.code == "core.diagnostics.limit-reached" {
        // The summary of findings past the cap: the baseline accepts exactly as many unlisted
        // findings of each severity, so one more (a new error past the cap) is new.
        let counts = (d.unlistedCounts ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
        return Baseline.Item(diagnostic: named, cueText: counts.joined(separator: " "))
      }
      guard let cue = locator.cueIndex(for: d) else { return Baseline.Item(diagnostic: named, cueText: "") }
      let text = cueTexts[cue] ?? locator.text(cue)
      cueTexts[cue] = text
      if let fp = fingerprintsByCodeAndCue[d.code]?[cue] { return Baseline.Item(diagnostic: named, cueText: text, fingerprint: fp) }
      let item = Baseline.Item(diagnostic: named, cueText: text)
      fingerprintsByCodeAndCue[d.code, default: [:]][cue] = item.fingerprint
      return item
    }
    recording.append(contentsOf: items)
    let accepted = baseline?.acceptance(items) ?? Array(repeating: false, count: items.count)
    var kept: [Diagnostic] = [], prints: [String] = []
    for (k, d) in diagnostics.enumerated() where !accepted[k] {
      kept.append(d)
      prints.append(items[k].fingerprint)
    }
    return RunReport.File(
      path: path, format: format, encoding: result.encoding.rawValue, cueCount: locator.count,
      diagnostics: kept, fingerprints: prints, baselinedCount: diagnostics.count - kept.count,
      suppressedCount: lint?.suppressedCount ?? 0, rulesChecked: rulesChecked)
  }

  /// `path` relative to the folder `root` when it is inside it, else `path` unchanged.
  static func relative(_ path: String, to root: String) -> String {
    if path == "-" || path == "<stdin>" { return path }
    let abs = absolute(path), base = absolute(root)
    return abs.hasPrefix(base + "/") ? String(abs.dropFirst(base.count + 1)) : path
  }

  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
