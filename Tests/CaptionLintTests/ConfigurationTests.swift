import CaptionCore
import CaptionLint
import Foundation
import Testing

@Suite struct ConfigurationTests {
  func parse(_ json: String) throws(ConfigurationError) -> LintConfiguration {
    try ConfigurationFile.parse(Array(json.utf8), path: "/repo/.captionkit.json")
  }

  /// Every file of a scan is matched against every pattern: 90,000 patterns over 300 files took
  /// 78 s, so `include` and `exclude` hold at most 1,000 each.
  @Test func pathPatternsAreBounded() throws {
    func patterns(_ n: Int) -> String { "[" + (0..<n).map { "\"x\($0)\"" }.joined(separator: ",") + "]" }
    #expect(try parse(#"{"version": 1, "exclude": "# + patterns(1_000) + "}").exclude.count == 1_000)
    #expect(throws: ConfigurationError(file: "/repo/.captionkit.json", path: "$.include", message: "1001 patterns; at most 1000 are allowed")) {
      try parse(#"{"version": 1, "include": "# + patterns(1_001) + "}")
    }
  }

  /// A name given twice in one object hid the first value (JSONSerialization keeps the last);
  /// it is an error at its path, as in style profiles.
  @Test func repeatedNamesAreErrors() throws {
    #expect(throws: ConfigurationError(file: "/repo/.captionkit.json", path: "$.thresholds.maxCharactersPerLine", message: "this name is given more than once in its object; give it once")) {
      try parse(#"{"version": 1, "thresholds": {"maxCharactersPerLine": 32, "maxCharactersPerLine": 42}}"#)
    }
    // The same name in different objects is fine.
    let c = try parse(#"{"version": 1, "thresholds": {"maxCharactersPerLine": 32}, "languages": {"ja": {"thresholds": {"maxCharactersPerLine": 20}}}}"#)
    #expect(c.thresholds(for: "ja").maxCharactersPerLine == 20)
  }

  @Test func readsEverySection() throws {
    let c = try parse("""
      { "version": 1, "preset": "broadcast", "failOn": "warning", "profile": "imsc1.1",
        "include": ["captions/**/*.vtt"], "exclude": ["**/drafts/**"],
        "thresholds": { "maxCharactersPerLine": 40, "minDuration": "5/6", "maxDuration": null, "frameRate": "24000/1001", "allowChainedCues": false,
                        "counting": { "countSpaces": false, "fullWidthWeight": 2 } },
        "rules": { "timing.min-gap": "off", "lint.text.line-length": "error", "timing.overlap": { "severity": "info" } },
        "languages": { "ja": { "thresholds": { "maxCharactersPerSecond": 4 }, "rules": { "text.words-per-minute": "off" } } } }
      """)
    #expect(c.preset.id == "broadcast")
    #expect(c.failOn == .warning)
    #expect(c.styleProfile == "imsc1.1")
    #expect(c.include == ["captions/**/*.vtt"])
    #expect(c.baseDirectory == "/repo")
    let en = c.thresholds(for: "en-GB")
    #expect(en.maxCharactersPerLine == 40)
    #expect(en.minDuration == CaptionTime(value: 5, timescale: 6))
    #expect(en.maxDuration == nil)
    #expect(en.maxWordsPerMinute == 180)  // from the broadcast preset
    #expect(en.frameRate == FrameRate(24000, 1001))
    #expect(en.counting.countSpaces == false)
    #expect(en.counting.fullWidthWeight == 2)
    #expect(en.allowsChainedCues == false)  // the broadcast preset allows them; the file does not
    #expect(en.maxCharactersPerSecond == nil)
    #expect(c.thresholds(for: "ja-JP").maxCharactersPerSecond == 4)
    #expect(c.setting(for: MinGapRule(), language: nil) == .off)
    #expect(c.setting(for: LineLengthRule(), language: nil) == .on(.error))
    #expect(c.setting(for: OverlapRule(), language: nil) == .on(.info))
    #expect(c.setting(for: WordsPerMinuteRule(), language: "ja") == .off)
    #expect(c.setting(for: WordsPerMinuteRule(), language: "en") == .on(.warning))
  }

  @Test func errorsNameTheJSONPath() {
    func error(_ json: String) -> String {
      do {
        _ = try parse(json)
        return "no error"
      } catch {
        return "\(error.path): \(error.message)"
      }
    }
    #expect(error(#"{"version": 1, "colour": 1}"#).hasPrefix("$.colour: unknown key 'colour'"))
    #expect(error(#"{"version": 1, "thresholds": {"maxCharactersPerLine": "42"}}"#) == "$.thresholds.maxCharactersPerLine: expected a number")
    #expect(error(#"{"version": 1, "thresholds": {"maxCharactersPerLine": 0}}"#) == "$.thresholds.maxCharactersPerLine: expected a whole number from 1 to 1000000")
    #expect(error(#"{"version": 1, "thresholds": {"maxLinesPerCue": true}}"#).hasPrefix("$.thresholds.maxLinesPerCue:"))
    #expect(error(#"{"version": 1, "rules": {"text.nope": "off"}}"#).hasPrefix(#"$.rules["text.nope"]: unknown rule"#))
    #expect(error(#"{"version": 1, "rules": {"text.line-length": {"severity": "fatal"}}}"#) == #"$.rules["text.line-length"].severity: expected off, info, warning or error"#)
    #expect(error(#"{"version": 1, "languages": {"ja": {"thresholds": {"counting": {"spaces": true}}}}}"#).hasPrefix("$.languages.ja.thresholds.counting.spaces: unknown key"))
    #expect(error(#"{"version": 2}"#).hasPrefix("$.version: unsupported version 2"))
    // A fraction is bounded as a number is (an Int64.max one was shown as 9.223 s).
    #expect(error(#"{"version": 1, "thresholds": {"minDuration": "9223372036854775807/1"}}"#) == "$.thresholds.minDuration: expected fewer than 1,000,000,000 seconds")
    #expect(error(#"{"preset": "streaming"}"#).hasPrefix("$: missing \"version\""))
    #expect(error(#"{"version": 1, "preset": "netflix"}"#).hasPrefix("$.preset: unknown preset 'netflix'"))
    #expect(error("{not json").hasPrefix("$: not valid JSON at line 1, column 2: "))
    #expect(error("{\"version\": 1,\n  \"preset\": 1e400}").hasPrefix("$: not valid JSON at line 2, column "))
  }

  /// A minimum duration longer than the maximum in force, from any mix of preset, file and
  /// language block, is a configuration error naming the block, not a run that flags every cue.
  @Test func minDurationAboveMaxDurationIsAnError() throws {
    func check(_ json: String, preset: LintPreset? = nil) -> String {
      do {
        var c = try parse(json)
        if let preset { c.preset = preset }
        try c.checkThresholds()
        return "ok"
      } catch {
        return "\(error.path): \(error.message)"
      }
    }
    // The streaming preset's maximum is 7 s.
    #expect(check(#"{"version": 1, "thresholds": {"minDuration": 8}}"#) == "$.thresholds: minDuration (8 s) is longer than maxDuration (7 s), with preset 'streaming': every cue would break one of the two; lower minDuration or raise maxDuration")
    #expect(check(#"{"version": 1, "thresholds": {"minDuration": 8, "maxDuration": null}}"#) == "ok")
    #expect(check(#"{"version": 1, "thresholds": {"minDuration": 7}}"#) == "ok")
    #expect(check(#"{"version": 1, "thresholds": {"maxDuration": "1/2"}}"#).hasPrefix("$.thresholds: minDuration (0.833 s) is longer than maxDuration (0.5 s)"))
    #expect(check(#"{"version": 1, "languages": {"de": {"thresholds": {"maxDuration": 0.5}}}}"#).hasPrefix("$.languages.de.thresholds: minDuration (0.833 s) is longer than maxDuration (0.5 s) for language 'de'"))
    // With either rule off, the pair cannot flag every cue.
    #expect(check(#"{"version": 1, "thresholds": {"minDuration": 8}, "rules": {"timing.max-duration": "off"}}"#) == "ok")
    #expect(check(#"{"version": 1, "thresholds": {"minDuration": 8}, "rules": {"timing.min-duration": "off"}}"#) == "ok")
    // The cea608 preset has no maximum, so --preset cea608 makes the file consistent.
    #expect(check(#"{"version": 1, "thresholds": {"minDuration": 8}}"#, preset: LintPreset.builtIn.first { $0.id == "cea608" }) == "ok")
    for preset in LintPreset.builtIn {
      var c = LintConfiguration(preset: preset)
      c.languages = [:]
      #expect(throws: Never.self) { try c.checkThresholds() }
    }
  }

  /// Language blocks are found by BCP 47 lookup: the exact tag, then shorter prefixes.
  @Test func languageBlocksByLookup() throws {
    let c = try parse(#"{"version": 1, "languages": {"zh-hant": {"thresholds": {"maxCharactersPerSecond": 5}}, "zh": {"thresholds": {"maxCharactersPerSecond": 9}}}}"#)
    #expect(c.thresholds(for: "zh-Hant-TW").maxCharactersPerSecond == 5)
    #expect(c.thresholds(for: "zh-Hant").maxCharactersPerSecond == 5)
    #expect(c.thresholds(for: "zh-Hans-CN").maxCharactersPerSecond == 9)
    #expect(c.thresholds(for: "en").maxCharactersPerSecond == 17)
  }

  @Test func ruleEntriesCarryTheirOwnThresholds() throws {
    let c = try parse("""
      { "version": 1, "thresholds": { "maxCharactersPerLine": 40 },
        "rules": { "text.line-length": { "severity": "error", "maxCharactersPerLine": 37 },
                   "text.line-count": { "maxLinesPerCue": 3 } },
        "languages": { "ja": { "rules": { "text.reading-speed": { "maxCharactersPerSecond": 4, "counting": { "fullWidthWeight": 2 } } } } } }
      """)
    #expect(c.thresholds(for: nil).maxCharactersPerLine == 37)
    #expect(c.thresholds(for: nil).maxLinesPerCue == 3)
    #expect(c.setting(for: LineCountRule(), language: nil) == .on(.warning))  // no severity: default kept
    #expect(c.setting(for: LineLengthRule(), language: nil) == .on(.error))
    #expect(c.thresholds(for: "ja").maxCharactersPerSecond == 4)
    #expect(c.thresholds(for: "ja").counting.fullWidthWeight == 2)
    #expect(c.thresholds(for: "en").maxCharactersPerSecond == 17)
    do {
      _ = try parse(#"{ "version": 1, "rules": { "text.line-count": { "maxCharactersPerLine": 3 } } }"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == #"$.rules["text.line-count"].maxCharactersPerLine"#)
    }
  }

  @Test func findsTheFileWalkingUp() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ck-config-\(UInt32.random(in: 0...UInt32.max))")
    let deep = root.appendingPathComponent("a/b/c")
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data(#"{"version":1}"#.utf8).write(to: root.appendingPathComponent("a/.captionkit.json"))
    #expect(ConfigurationFile.find(from: deep.path) == root.appendingPathComponent("a/.captionkit.json").standardizedFileURL.path)
    #expect(ConfigurationFile.find(from: root.path) == nil || ConfigurationFile.find(from: root.path) != root.appendingPathComponent("a/.captionkit.json").path)
  }

  @Test func globs() {
    #expect(PathGlob.matches("*.srt", "deep/dir/x.srt"))
    #expect(!PathGlob.matches("*.srt", "deep/dir/x.vtt"))
    #expect(PathGlob.matches("captions/**/*.vtt", "captions/x.vtt"))
    #expect(PathGlob.matches("captions/**/*.vtt", "captions/s1/e2/x.vtt"))
    #expect(!PathGlob.matches("captions/**/*.vtt", "other/x.vtt"))
    #expect(PathGlob.matches("**/drafts/**", "a/drafts/b/c.vtt"))
    #expect(PathGlob.matches("drafts/", "drafts/c.vtt"))
    #expect(PathGlob.matches("ep?.vtt", "ep1.vtt"))
  }

  @Test func presetsCarrySourcedNumbers() {
    let s = LintPreset.named("streaming")!
    #expect(s.thresholds.maxCharactersPerLine == 42)
    #expect(s.thresholds.maxLinesPerCue == 2)
    #expect(s.thresholds.maxCharactersPerSecond == 17)
    #expect(s.thresholds.minDuration == CaptionTime(value: 5, timescale: 6))
    #expect(s.thresholds.maxDuration == CaptionTime(value: 7, timescale: 1))
    #expect(s.thresholds.minGapFrames == 2)
    #expect(LintPreset.named(LintPreset.defaultID)?.id == "streaming")
    #expect(LintPreset.broadcast.thresholds.maxWordsPerMinute == 180)
    #expect(LintPreset.cea608.thresholds.maxCharactersPerLine == 32)
    #expect(LintPreset.dcmpLevels.map { $0.thresholds.maxWordsPerMinute ?? 0 } == [130, 150, 160, 225])
    #expect(LintPreset.named("dcmp-cultural")?.thresholds.minDuration == CaptionTime(value: 2, timescale: 1))
    for p in LintPreset.builtIn {
      for key in ["maxCharactersPerLine", "maxLinesPerCue"] { #expect(p.sources[key] != nil, "\(p.id) lacks a source for \(key)") }
    }
  }

  @Test func frameRates() {
    #expect(FrameRate(parsing: "23.976") == FrameRate(24000, 1001))
    #expect(FrameRate(parsing: "25") == FrameRate(25))
    #expect(FrameRate(parsing: "12.5") == FrameRate(125, 10))
    #expect(FrameRate(parsing: "30000/1001")?.duration(ofFrames: 2) == CaptionTime(value: 2002, timescale: 30000))
    #expect(FrameRate(parsing: "0") == nil)
    #expect(FrameRate(parsing: "x") == nil)
  }
}
