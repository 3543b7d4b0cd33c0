import CaptionCore
import Foundation

/// Reads `.captionkit.json`, the repository lint configuration (schema `captionkit.config`,
/// `"version": 1`), and finds it by walking up from an input file.
///
/// ```json
/// {
///   "version": 1,
///   "preset": "streaming",
///   "failOn": "warning",
///   "profile": "imsc1.1",
///   "include": ["captions/**/*.vtt"],
///   "exclude": ["**/drafts/**"],
///   "thresholds": { "maxCharactersPerLine": 40, "minDuration": "5/6", "frameRate": "25",
///                   "counting": { "countSpaces": true, "fullWidthWeight": 2 } },
///   "rules": { "timing.min-gap": "off", "text.line-length": "error",
///              "timing.overlap": { "severity": "error" },
///              "text.line-count": { "severity": "error", "maxLinesPerCue": 3 } },
///   "languages": { "ja": { "thresholds": { "maxCharactersPerSecond": 4 } } }
/// }
/// ```
/// Every key is checked: an unknown key, a wrong type or an out-of-range value throws a
/// `ConfigurationError` naming its JSON path. Durations are seconds as a number or an exact
/// rational string (`"5/6"`); `null` turns a threshold off. A rule's entry in `rules` may carry
/// that rule's own thresholds (`LintRule.thresholdKeys`); they override `thresholds`.
public enum ConfigurationFile {
  /// The most patterns `include` or `exclude` may list.
  public static let maxPathPatterns = 1_000
  /// The file name searched for.
  public static let fileName = ".captionkit.json"
  /// The only version this build reads.
  public static let version = 1

  /// Parses a configuration file's bytes.
  ///
  /// - Parameters:
  ///   - bytes: the file's UTF-8 JSON.
  ///   - path: the file's path (for errors and the base directory of globs).
  /// - Throws: `ConfigurationError` for invalid JSON, unknown keys and bad values.
  public static func parse(_ bytes: [UInt8], path: String? = nil) throws(ConfigurationError) -> LintConfiguration {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      // Where, as an editor shows it: Foundation's message names only a byte offset.
      let ns = error as NSError
      let reason = ns.userInfo[NSDebugDescriptionErrorKey] as? String ?? ns.localizedDescription
      let (text, line, column) = JSONErrorPosition.locate(reason, in: bytes)
      throw ConfigurationError(file: path, path: "$", message: "not valid JSON at line \(line), column \(column): \(text)")
    }
    // JSONSerialization keeps the last of a repeated name silently: a hidden setting.
    if let repeated = JSONDuplicateKeys.find(in: bytes, limit: 1).paths.first {
      throw ConfigurationError(file: path, path: repeated, message: "this name is given more than once in its object; give it once")
    }
    var parser = Parser(file: path)
    var config = try parser.parseRoot(root)
    config.sourcePath = path
    if let path { config.baseDirectory = PathText.deletingLastComponent(path) }
    return config
  }

  /// Finds the nearest `.captionkit.json` in `directory` or any parent folder.
  ///
  /// - Returns: the file's path, or `nil` when there is none up to the file-system root.
  public static func find(from directory: String) -> String? {
    var dir = URL(fileURLWithPath: directory).standardizedFileURL
    for _ in 0..<256 {
      let candidate = dir.appendingPathComponent(fileName).path
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      let parent = dir.deletingLastPathComponent()
      if parent.path == dir.path { return nil }
      dir = parent
    }
    return nil
  }

  struct Parser {
    let file: String?

    func fail(_ path: String, _ message: String) -> ConfigurationError {
      ConfigurationError(file: file, path: path, message: message)
    }

    static func key(_ base: String, _ k: String) -> String {
      let simple = !k.isEmpty && k.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_" }
      return simple ? "\(base).\(k)" : "\(base)[\"\(k)\"]"
    }

    func object(_ v: Any, _ path: String) throws(ConfigurationError) -> [String: Any] {
      guard let o = v as? [String: Any] else { throw fail(path, "expected an object") }
      return o
    }

    func checkKeys(_ o: [String: Any], _ allowed: Set<String>, _ path: String) throws(ConfigurationError) {
      for k in o.keys.sorted() where !allowed.contains(k) {
        throw fail(Self.key(path, k), "unknown key '\(k)'; expected one of: \(allowed.sorted().joined(separator: ", "))")
      }
    }

    func string(_ v: Any, _ path: String) throws(ConfigurationError) -> String {
      guard let s = v as? String else { throw fail(path, "expected a string") }
      return s
    }

    func isBool(_ v: Any) -> Bool {
      // JSON booleans come back as NSNumber of ObjC type `c` (char) on every platform;
      // JSON numbers never do.
      guard let n = v as? NSNumber else { return false }
      return String(cString: n.objCType) == "c"
    }

    func number(_ v: Any, _ path: String) throws(ConfigurationError) -> Double {
      guard let n = v as? NSNumber, !isBool(v), n.doubleValue.isFinite else { throw fail(path, "expected a number") }
      return n.doubleValue
    }

    func bool(_ v: Any, _ path: String) throws(ConfigurationError) -> Bool {
      guard isBool(v), let n = v as? NSNumber else { throw fail(path, "expected true or false") }
      return n.boolValue
    }

    func positiveInt(_ v: Any, _ path: String) throws(ConfigurationError) -> Int {
      let d = try number(v, path)
      guard d >= 1, d <= 1_000_000, d == d.rounded() else { throw fail(path, "expected a whole number from 1 to 1000000") }
      return Int(d)
    }

    func positive(_ v: Any, _ path: String) throws(ConfigurationError) -> Double {
      let d = try number(v, path)
      guard d > 0 else { throw fail(path, "expected a number above 0") }
      return d
    }

    func strings(_ v: Any, _ path: String) throws(ConfigurationError) -> [String] {
      guard let a = v as? [Any] else { throw fail(path, "expected an array of strings") }
      var out: [String] = []
      for (i, e) in a.enumerated() { out.append(try string(e, "\(path)[\(i)]")) }
      return out
    }

    /// Seconds as a number, or an exact rational string `"5/6"` / decimal string `"0.833"`.
    func duration(_ v: Any, _ path: String) throws(ConfigurationError) -> CaptionTime {
      if let s = v as? String {
        if let slash = s.firstIndex(of: "/"), let n = Int64(String(s[..<slash]).trimmingSpaces), let d = Int64(String(s[s.index(after: slash)...]).trimmingSpaces), d > 0, n >= 0 {
          // Bounded as numbers are: a time past 10^9 s would overflow the rules' arithmetic
          // (9223372036854775807/1 was shown as 9.223 s).
          guard Double(n) / Double(d) < 1e9 else { throw fail(path, "expected fewer than 1,000,000,000 seconds") }
          return CaptionTime(value: n, timescale: d)
        }
        if let d = Double(s), d >= 0, d < 1e9 { return CaptionTime(value: Int64((d * 1_000_000).rounded()), timescale: 1_000_000) }
        throw fail(path, "expected seconds as a number or a fraction such as \"5/6\"")
      }
      let d = try number(v, path)
      guard d >= 0, d < 1e9 else { throw fail(path, "expected a non-negative number of seconds") }
      return CaptionTime(value: Int64((d * 1_000_000).rounded()), timescale: 1_000_000)
    }

    func optional<T>(_ v: Any, _ body: (Any) throws(ConfigurationError) -> T) throws(ConfigurationError) -> T? {
      if v is NSNull { return nil }
      return try body(v)
    }

    static let rootKeys: Set<String> = ["$schema", "version", "preset", "failOn", "profile", "include", "exclude", "thresholds", "rules", "languages"]
    static let thresholdKeys: Set<String> = [
      "minDuration", "maxDuration", "minGapFrames", "frameRate", "maxCharactersPerSecond", "maxWordsPerMinute",
      "maxCharactersPerLine", "maxLinesPerCue", "counting", "cea608Columns", "cea608Rows", "maxUncaptionedTail",
      "allowChainedCues",
    ]

    mutating func parseRoot(_ root: Any) throws(ConfigurationError) -> LintConfiguration {
      let o = try object(root, "$")
      try checkKeys(o, Self.rootKeys, "$")
      guard let v = o["version"] else { throw fail("$", "missing \"version\" (this build reads version \(ConfigurationFile.version))") }
      let version = try number(v, "$.version")
      guard version == Double(ConfigurationFile.version) else {
        throw fail("$.version", "unsupported version \(RuleSupport.number(version)); this build reads version \(ConfigurationFile.version)")
      }
      var config = LintConfiguration()
      if let v = o["preset"] {
        let id = try string(v, "$.preset")
        guard let p = LintPreset.named(id) else {
          throw fail("$.preset", "unknown preset '\(id)'; known: \(LintPreset.builtIn.map(\.id).joined(separator: ", "))")
        }
        config.preset = p
      }
      if let v = o["failOn"] {
        let s = try string(v, "$.failOn")
        guard let sev = Severity(rawValue: s) else { throw fail("$.failOn", "expected error, warning or info") }
        config.failOn = sev
      }
      if let v = o["profile"] { config.styleProfile = try string(v, "$.profile") }
      for (key, path) in [("include", "$.include"), ("exclude", "$.exclude")] {
        // Every file of a scan is matched against every pattern: 90,000 patterns over 300 files
        // took 78 s. Real configurations list a handful.
        guard let v = o[key] else { continue }
        let patterns = try strings(v, path)
        if patterns.count > ConfigurationFile.maxPathPatterns {
          throw fail(path, "\(patterns.count) patterns; at most \(ConfigurationFile.maxPathPatterns) are allowed")
        }
        if key == "include" { config.include = patterns } else { config.exclude = patterns }
      }
      if let v = o["thresholds"] { config.thresholds = try thresholds(v, "$.thresholds") }
      if let v = o["rules"] {
        let r = try rules(v, "$.rules")
        config.rules = r.settings
        config.thresholds = config.thresholds.merged(with: r.thresholds)
      }
      if let v = o["languages"] {
        let langs = try object(v, "$.languages")
        for (tag, block) in langs.sorted(by: { $0.key < $1.key }) {
          let p = Self.key("$.languages", tag)
          guard !tag.isEmpty, tag.utf8.allSatisfy({ MarkupScanner.isNameByte($0) }) else { throw fail(p, "expected a BCP 47 language tag") }
          let b = try object(block, p)
          try checkKeys(b, ["thresholds", "rules"], p)
          var lo = LintConfiguration.LanguageOverride()
          if let t = b["thresholds"] { lo.thresholds = try thresholds(t, p + ".thresholds") }
          if let r = b["rules"] {
            let parsed = try rules(r, p + ".rules")
            lo.rules = parsed.settings
            lo.thresholds = lo.thresholds.merged(with: parsed.thresholds)
          }
          config.languages[tag.lowercased()] = lo
        }
      }
      return config
    }

    func thresholds(_ v: Any, _ path: String) throws(ConfigurationError) -> ThresholdOverrides {
      let o = try object(v, path)
      try checkKeys(o, Self.thresholdKeys, path)
      var t = ThresholdOverrides()
      for (k, v) in o {
        let p = Self.key(path, k)
        switch k {
        case "minDuration": t.minDuration = .some(try optional(v) { (x) throws(ConfigurationError) in try duration(x, p) })
        case "maxDuration": t.maxDuration = .some(try optional(v) { (x) throws(ConfigurationError) in try duration(x, p) })
        case "maxUncaptionedTail": t.maxUncaptionedTail = .some(try optional(v) { (x) throws(ConfigurationError) in try duration(x, p) })
        case "minGapFrames": t.minGapFrames = .some(try optional(v) { (x) throws(ConfigurationError) in try positiveInt(x, p) })
        case "maxCharactersPerSecond": t.maxCharactersPerSecond = .some(try optional(v) { (x) throws(ConfigurationError) in try positive(x, p) })
        case "maxWordsPerMinute": t.maxWordsPerMinute = .some(try optional(v) { (x) throws(ConfigurationError) in try positive(x, p) })
        case "maxCharactersPerLine": t.maxCharactersPerLine = .some(try optional(v) { (x) throws(ConfigurationError) in try positiveInt(x, p) })
        case "maxLinesPerCue": t.maxLinesPerCue = .some(try optional(v) { (x) throws(ConfigurationError) in try positiveInt(x, p) })
        case "cea608Columns": t.cea608Columns = try positiveInt(v, p)
        case "cea608Rows": t.cea608Rows = try positiveInt(v, p)
        case "allowChainedCues": t.allowChainedCues = try bool(v, p)
        case "frameRate":
          let text: String
          if let s = v as? String { text = s } else { text = RuleSupport.number(try positive(v, p), decimals: 6) }
          guard let fr = FrameRate(parsing: text) else { throw fail(p, "expected a frame rate such as 25, 23.976 or \"24000/1001\"") }
          t.frameRate = fr
        case "counting":
          let c = try object(v, p)
          try checkKeys(c, ["countSpaces", "countPunctuation", "fullWidthWeight"], p)
          if let x = c["countSpaces"] { t.countSpaces = try bool(x, p + ".countSpaces") }
          if let x = c["countPunctuation"] { t.countPunctuation = try bool(x, p + ".countPunctuation") }
          if let x = c["fullWidthWeight"] {
            let w = try positive(x, p + ".fullWidthWeight")
            guard w <= 10 else { throw fail(p + ".fullWidthWeight", "expected a weight from 0 to 10") }
            t.fullWidthWeight = w
          }
        default: break
        }
      }
      return t
    }

    /// Rule settings, and the thresholds given inside rule entries
    /// (`"text.line-length": { "severity": "error", "maxCharactersPerLine": 37 }`).
    func rules(_ v: Any, _ path: String) throws(ConfigurationError) -> (settings: [String: RuleSetting], thresholds: ThresholdOverrides) {
      let o = try object(v, path)
      var out: [String: RuleSetting] = [:]
      var thresholds = ThresholdOverrides()
      for (k, v) in o.sorted(by: { $0.key < $1.key }) {
        let p = Self.key(path, k)
        guard let rule = RuleCatalog.rule(k) else {
          throw fail(p, "unknown rule '\(k)'; see 'captionkit validate --list-rules'")
        }
        var setting: Any? = v
        var settingPath = p
        if let obj = v as? [String: Any] {
          try checkKeys(obj, Set(["severity"] + rule.thresholdKeys), p)
          setting = obj["severity"]
          settingPath = p + ".severity"
          var own = obj
          own["severity"] = nil
          if !own.isEmpty { thresholds = thresholds.merged(with: try self.thresholds(own, p)) }
        }
        guard let setting else { continue }
        let s = try string(setting, settingPath)
        if s == "off" {
          out[rule.id] = .off
        } else if let sev = Severity(rawValue: s) {
          out[rule.id] = .on(sev)
        } else {
          throw fail(settingPath, "expected off, info, warning or error")
        }
      }
      return (out, thresholds)
    }
  }
}
