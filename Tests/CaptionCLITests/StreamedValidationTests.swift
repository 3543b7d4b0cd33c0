import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionCLI

/// `validate` reads SRT and WebVTT cue by cue (`CaptionFileCheck`, `StreamingLinter`,
/// `StreamingStyleChecker`); its report must be exactly the whole-document one: the same
/// diagnostics in the same order, fingerprints, counts and rules.
@Suite struct StreamedValidationTests {
  /// One file checked whole and streamed with the given windows; returns whether all matched.
  @discardableResult
  static func agree(
    _ path: String, windows: [Int] = [1, 3, 4096], profiles: [StyleProfile] = [], context: LintContext = LintContext(),
    baseline: Baseline? = nil, maxDiagnostics: Int? = nil
  ) throws -> Bool {
    var args = try ArgumentScanner([], valued: [])
    var loader = try CaptionLoader(&args)
    loader.styleProfiles = profiles
    let io = ToolIO.captured()
    func run(_ mode: CaptionFileCheck.Mode) throws -> (RunReport.File, [Baseline.Item]) {
      var session = try LintSession(baseline: baseline, context: context)
      if let maxDiagnostics { session.maxDiagnostics = maxDiagnostics }
      var recorded: [Baseline.Item] = []
      let file = try CaptionFileCheck.check(path, loader: loader, checkStyles: true, lint: &session, recording: &recorded, io: io, mode: mode)
      return (file, recorded)
    }
    let (whole, wholeRecorded) = try run(.whole)
    var ok = true
    for w in windows {
      let (streamed, recorded) = try run(.streamed(windowSize: w))
      let same =
        streamed.diagnostics == whole.diagnostics && streamed.fingerprints == whole.fingerprints
        && streamed.cueCount == whole.cueCount && streamed.suppressedCount == whole.suppressedCount
        && streamed.baselinedCount == whole.baselinedCount && streamed.rulesChecked == whole.rulesChecked
        && streamed.encoding == whole.encoding && streamed.format == whole.format
        && recorded.map(\.fingerprint) == wholeRecorded.map(\.fingerprint)
      if !same {
        ok = false
        let a = whole.diagnostics.map(\.description), b = streamed.diagnostics.map(\.description)
        let firstDiff = Array(zip(a, b)).firstIndex { $0.0 != $0.1 }
        Issue.record(
          "\(path), window \(w): \(b.count) diagnostics streamed, \(a.count) whole; first difference at \(firstDiff.map(String.init) ?? "the end"): \(firstDiff.map { "\(b[$0]) ≠ \(a[$0])" } ?? "")"
        )
      }
    }
    return ok
  }

  static func write(_ text: String, ext: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ck-streamed-\(UUID().uuidString).\(ext)").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Streamed and whole lint agree on overlaps in several places at once and on gaps after
  /// nested cues, whatever the window: a seeded random file of cues in four placements, some
  /// long, some nested, some touching.
  @Test func placementsAndNestedGapsAgree() throws {
    var rng = SplitMix64(seed: 7)
    var text = "WEBVTT\n\n"
    var t = 0
    func stamp(_ ms: Int) -> String { String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000) }
    for _ in 0..<400 {
      t += Int(rng.next() % 700)
      let length = [40, 300, 1200, 5000][Int(rng.next() % 4)]
      let place = ["", " line:10%", " line:20%", " position:30%"][Int(rng.next() % 4)]
      text += "\(stamp(t)) --> \(stamp(t + length))\(place)\nx\n\n"
    }
    let path = try Self.write(text, ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 2, 3, 7, 4096]))
  }

  /// Every SRT and WebVTT file of the shared corpus and the repository's fixtures and samples,
  /// with windows of 1, 3 and 4,096 cues.
  @Test func corpusFixturesAndSamples() throws {
    let paths = Self.allFiles()
    var passed = 0
    for p in paths where try Self.agree(p) { passed += 1 }
    print("StreamedValidation equals whole-document validate: \(passed)/\(paths.count)")
    #expect(paths.count > 0)
    #expect(passed == paths.count)
  }

  /// Every SRT and WebVTT file of the corpus, fixtures and samples.
  static func allFiles() -> [String] {
    var urls = Corpus.files(in: "", extensions: ["srt", "vtt"])
    for folder in ["Tests/Fixtures", "Samples"] {
      let base = Corpus.repositoryRoot.appendingPathComponent(folder)
      if let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) {
        for case let url as URL in e where ["srt", "vtt"].contains(url.pathExtension.lowercased()) { urls.append(url) }
      }
    }
    return urls.map(\.path)
  }

  /// The same with a display profile (its per-cue layout and timing checks), a media duration
  /// (the whole-file `media.coverage` rule and the per-cue `media.cue-after-end`) and a baseline
  /// holding half of each file's findings.
  @Test func withProfileMediaDurationAndBaseline() throws {
    let profile = try ProfileLoader.load("large-print")
    let context = LintContext(mediaDuration: CaptionTime(value: 90, timescale: 1))
    let paths = Self.allFiles()
    #expect(paths.count >= 10)
    var args = try ArgumentScanner([], valued: [])
    let loader = try CaptionLoader(&args)
    var baselined = 0
    for p in paths {
      var session = try LintSession(context: context)
      var recorded: [Baseline.Item] = []
      _ = try CaptionFileCheck.check(p, loader: loader, checkStyles: true, lint: &session, recording: &recorded, io: ToolIO.captured(), mode: .whole)
      baselined += recorded.count / 2
      try Self.agree(p, windows: [1, 2], profiles: profile, context: context, baseline: Baseline(recording: Array(recorded.prefix(recorded.count / 2))))
    }
    #expect(baselined > 0)
  }

  /// A cue on screen across many windows overlaps later cues; gaps fall across window edges.
  /// Windows of one cue must still name the right cues, by their number in the file.
  @Test func overlapsAndGapsAcrossWindows() throws {
    let path = try Self.write(
      """
      WEBVTT

      00:00:00.000 --> 00:00:20.000
      A long cue that stays on screen.

      00:00:01.000 --> 00:00:02.000
      Second.

      00:00:02.020 --> 00:00:03.000
      Third, 20 ms after the second.

      a
      00:00:05.000 --> 00:00:06.000
      Fourth.

      00:00:21.000 --> 00:00:22.000
      Fifth, after the long cue.

      """, ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 2, 3]))
    var args = try ArgumentScanner([], valued: [])
    let loader = try CaptionLoader(&args)
    var session = try LintSession()
    var recorded: [Baseline.Item] = []
    let file = try CaptionFileCheck.check(path, loader: loader, checkStyles: true, lint: &session, recording: &recorded, io: ToolIO.captured(), mode: .streamed(windowSize: 1))
    let messages = file.diagnostics.filter { $0.code == "lint.timing.overlap" || $0.code == "lint.timing.min-gap" }.map(\.message)
    #expect(
      messages == [
        "cue 2 overlaps cue 1 in the same position from 0:00:01.000 to 0:00:02.000",
        "cue 3 starts 0.02 s after cue 2 ends, under the 2-frame gap (0.083 s at 24000/1001 fps)",
        "cue 3 overlaps cue 1 in the same position from 0:00:02.020 to 0:00:03.000",
        "cue 4 (\"a\") overlaps cue 1 in the same position from 0:00:05.000 to 0:00:06.000",
      ])
    #expect(file.cueCount == 5)
  }

  /// The cue before a gap can be two windows back when a cue with no duration comes between
  /// (it takes no part in gaps): the carried cues must include the last one shown.
  @Test func gapAcrossACueWithNoDuration() throws {
    let path = try Self.write(
      """
      WEBVTT

      00:00:00.000 --> 00:00:01.000
      First.

      00:00:01.020 --> 00:00:01.020
      No duration.

      00:00:01.040 --> 00:00:03.000
      Third, 40 ms after the first ends.

      """, ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 2]))
    var args = try ArgumentScanner([], valued: [])
    var session = try LintSession()
    var recorded: [Baseline.Item] = []
    let file = try CaptionFileCheck.check(path, loader: try CaptionLoader(&args), checkStyles: true, lint: &session, recording: &recorded, io: ToolIO.captured(), mode: .streamed(windowSize: 1))
    #expect(file.diagnostics.filter { $0.code == "lint.timing.min-gap" }.map(\.message) == ["cue 3 starts 0.04 s after cue 1 ends, under the 2-frame gap (0.083 s at 24000/1001 fps)"])
  }

  /// Cues out of presentation order: the windows could not see what the whole document sees,
  /// so the linter says so and the file is checked whole.
  @Test func cuesOutOfOrderAreCheckedWhole() throws {
    let path = try Self.write(
      """
      1
      00:00:05,000 --> 00:00:06,000
      Later cue first.

      2
      00:00:01,000 --> 00:00:05,500
      Earlier cue second, overlapping the first.

      """, ext: "srt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 4096]))
    var linter = StreamingLinter(linter: Linter(), windowSize: 1)
    linter.begin(CaptionDocument())
    linter.add(Cue(start: CaptionTime(value: 5, timescale: 1), end: CaptionTime(value: 6, timescale: 1), content: [.text("a")]))
    #expect(linter.isInPresentationOrder)
    linter.add(Cue(start: CaptionTime(value: 1, timescale: 1), end: CaptionTime(value: 2, timescale: 1), content: [.text("b")]))
    #expect(!linter.isInPresentationOrder)
    #expect(linter.finish(readerDiagnostics: [], locator: Fingerprint.CueLocator()) == nil)
  }

  /// Suppressions in NOTE blocks after the first cue, for one cue and for the whole file, apply
  /// to findings made before the directive was read.
  @Test func suppressionsAfterTheFirstCue() throws {
    let path = try Self.write(
      """
      WEBVTT

      00:00:00.000 --> 00:00:00.200
      Too short.

      NOTE captionkit-disable timing.min-duration

      00:00:01.000 --> 00:00:01.200
      Also too short, suppressed.

      00:00:02.000 --> 00:00:02.200
      Short again.

      NOTE captionkit-disable-file text.no-such-rule

      """, ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 2]))
    var args = try ArgumentScanner([], valued: [])
    let loader = try CaptionLoader(&args)
    var session = try LintSession()
    var recorded: [Baseline.Item] = []
    let file = try CaptionFileCheck.check(path, loader: loader, checkStyles: true, lint: &session, recording: &recorded, io: ToolIO.captured(), mode: .streamed(windowSize: 1))
    #expect(file.diagnostics.filter { $0.code == "lint.timing.min-duration" }.map { $0.cueIndex } == [0, 2])
    #expect(file.suppressedCount == 1)
    #expect(file.diagnostics.contains { $0.code == "lint.suppression.unknown-rule" && $0.location?.line == 14 })
  }
}

extension StreamedValidationTests {
  /// `--max-diagnostics` caps lint findings too: the first N in report order are listed and the
  /// rest counted in one summary, on the streamed path as on the whole one.
  @Test func maxDiagnosticsCapsLintFindings() throws {
    var text = "WEBVTT\n\n"
    for i in 0..<6 { text += "00:00:0\(i).000 --> 00:00:0\(i).100\nShort \(i).\n\n" }
    let path = try Self.write(text, ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let io = ToolIO.captured()
    let code = CaptionTool.run(["validate", "--max-diagnostics", "4", "--format", "json", path], io: io)
    #expect(code == 0)
    let json = try JSONSerialization.jsonObject(with: Data(io.capturedOutBytes)) as? [String: Any]
    let files = json?["files"] as? [[String: Any]]
    let diags = (files?.first?["diagnostics"] as? [[String: Any]]) ?? []
    #expect(diags.count == 5)
    #expect(
      diags.prefix(4).map { $0["code"] as? String } == [
        "lint.timing.min-duration", "lint.text.reading-speed", "lint.text.words-per-minute", "lint.timing.min-duration",
      ])
    #expect(diags.prefix(4).map { $0["line"] as? Int } == [3, 3, 3, 6])
    #expect(diags.last?["code"] as? String == "core.diagnostics.limit-reached")
    #expect((diags.last?["message"] as? String)?.hasPrefix("14 more diagnostics were not listed (limit 4") == true)
  }
}

extension StreamedValidationTests {
  static func shortAndLongCues(fileWideSuppression: Bool) -> String {
    var text = "WEBVTT\n\n"
    // Six cues too short to read (min-duration, reading-speed, words-per-minute each), then four
    // with a line over 42 characters (line-length only).
    for i in 0..<6 { text += "00:00:0\(i).000 --> 00:00:0\(i).100\nShort \(i).\n\n" }
    for i in 0..<4 { text += "00:00:\(10 + 6 * i).000 --> 00:00:\(15 + 6 * i).000\nThis line is a good deal longer than forty-two.\n\n" }
    if fileWideSuppression { text += "NOTE captionkit-disable-file timing.min-duration text.reading-speed text.words-per-minute\n" }
    return text
  }

  /// Far more findings than `--max-diagnostics`: later windows' findings are only counted, and
  /// the report (listed findings and the count in the summary) is still the whole document's.
  @Test func findingsPastTheCapAreCountedWhileStreaming() throws {
    let path = try Self.write(Self.shortAndLongCues(fileWideSuppression: false), ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 2, 3], maxDiagnostics: 2))
    var args = try ArgumentScanner([], valued: [])
    let loader = try CaptionLoader(&args)
    var session = try LintSession()
    session.maxDiagnostics = 2
    var recorded: [Baseline.Item] = []
    let file = try CaptionFileCheck.check(path, loader: loader, checkStyles: true, lint: &session, recording: &recorded, io: ToolIO.captured(), mode: .streamed(windowSize: 1))
    let lint = file.diagnostics.filter { $0.code.hasPrefix("lint.") || $0.code == "core.diagnostics.limit-reached" }
    #expect(lint.map(\.code) == ["lint.timing.min-duration", "lint.text.reading-speed", "core.diagnostics.limit-reached"])
    // 6 × 3 + 4 findings, 2 listed.
    #expect(lint.last?.message.hasPrefix("20 more diagnostics were not listed (limit 2;") == true)
  }

  /// A file-wide suppression at the end drops every kept finding; the counted ones (line length,
  /// in later windows) would be listed, so the streamed lint gives up and the file is checked
  /// whole, with the same report.
  @Test func suppressionThatEmptiesTheKeptFindingsFallsBackToTheWholeDocument() throws {
    let path = try Self.write(Self.shortAndLongCues(fileWideSuppression: true), ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 2], maxDiagnostics: 2))
    var linter = Linter()
    linter.maxDiagnostics = 2
    var streaming = StreamingLinter(linter: linter, windowSize: 1)
    var locator = Fingerprint.CueLocator()
    _ = try StreamingRead.read(
      Array(Self.shortAndLongCues(fileWideSuppression: true).utf8), format: "webvtt", options: ReadOptions(),
      onHeader: { streaming.begin($0) }, onComment: { streaming.add($0) },
      onCue: {
        streaming.add($0)
        locator.append($0)
      })
    #expect(streaming.isInPresentationOrder)
    #expect(streaming.finish(readerDiagnostics: [], locator: locator) == nil)
    var session = try LintSession()
    session.maxDiagnostics = 2
    var recorded: [Baseline.Item] = []
    var args = try ArgumentScanner([], valued: [])
    let file = try CaptionFileCheck.check(path, loader: try CaptionLoader(&args), checkStyles: true, lint: &session, recording: &recorded, io: ToolIO.captured(), mode: .streamed(windowSize: 1))
    #expect(file.diagnostics.filter { $0.code.hasPrefix("lint.") }.map(\.cueIndex) == [6, 7])
    #expect(file.suppressedCount == 18)
  }
}

extension StreamedValidationTests {
  /// A random WebVTT or SRT file built to exercise every cross-cue case: overlaps (some cues stay
  /// on screen long), tiny gaps, equal starts, zero and negative durations, cues out of order,
  /// positioned cues, markup, styles, duplicate ids, and suppressions before, between and after
  /// cues (some naming unknown rules).
  static func randomFile(_ rng: inout SplitMix64, vtt: Bool) -> String {
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    func stamp(_ ms: Int) -> String {
      let m = max(0, ms)
      let s = String(format: "%02d:%02d:%02d", m / 3_600_000, m / 60_000 % 60, m / 1000 % 60)
      return s + (vtt ? "." : ",") + String(format: "%03d", m % 1000)
    }
    let rules = ["timing.min-duration", "text.reading-speed", "timing.overlap", "text.line-length", "timing.min-gap", "text.no-such-rule"]
    let texts = [
      "Hi.", "A line of ordinary length for a caption.", "This line is a good deal longer than the forty-two allowed.",
      "Two lines\nof text.", "<i>Italic</i> and <b>bold</b>.", "<c.yellow>Yellow</c> text.", "<i>Unclosed", "   ", "",
      "日本語の字幕です。", "Emoji 🎬 here.", "One\nTwo\nThree\nFour lines.",
    ]
    var out = vtt ? "WEBVTT\n\n" : ""
    if vtt && pick(3) == 0 { out += "STYLE\n::cue(.yellow) { color: yellow; background-color: rgba(255,255,0,0.8) }\n\n" }
    if vtt && pick(4) == 0 { out += "NOTE captionkit-disable-file \(rules[pick(rules.count)])\n\n" }
    let count = 1 + pick(40)
    let shuffled = pick(8) == 0
    var t = pick(2000), lastEnd = t
    for i in 0..<count {
      if vtt && pick(6) == 0 { out += "NOTE captionkit-disable \(pick(3) == 0 ? "" : rules[pick(rules.count)])\n\n" }
      var start = t
      switch pick(10) {
      case 0: start = t  // same start as the last
      case 1, 2: start = lastEnd + 10 + pick(70)  // a gap under two frames after the last end
      default: start = t + pick(3000)
      }
      if shuffled && pick(3) == 0 { start = max(0, start - 5000 - pick(5000)) }
      var end = start + [0, -200, 100, 900, 2500, 6000, 30_000][pick(7)] + pick(500)
      if pick(8) == 0 { end = start }
      t = max(t, start)
      if end > start { lastEnd = end }
      let id = vtt ? (pick(3) == 0 ? "id\(pick(5))\n" : "") : "\(i + 1)\n"
      var settings = ""
      if vtt && pick(4) == 0 { settings = [" line:0", " position:10% align:start", " line:50%", " region:r"][pick(4)] }
      out += "\(id)\(stamp(start)) --> \(stamp(end))\(settings)\n\(texts[pick(texts.count)])\n\n"
    }
    if vtt && pick(4) == 0 { out += "NOTE captionkit-disable-file \(rules[pick(rules.count)])\n" }
    return out
  }

  /// 400 random files, each checked whole and streamed with windows of 1, 2, 3 and 7 cues, with
  /// the default cap or a small one (so findings spill and, now and then, the file falls back).
  @Test func randomFilesAgree() throws {
    var rng = SplitMix64(seed: 0x5EED_CA97)
    var failures: [UInt64] = []
    for _ in 0..<400 {
      let seed = rng.next()
      var local = SplitMix64(seed: seed)
      let vtt = local.next() % 3 != 0
      let text = Self.randomFile(&local, vtt: vtt)
      let path = try Self.write(text, ext: vtt ? "vtt" : "srt")
      defer { try? FileManager.default.removeItem(atPath: path) }
      let cap: Int? = local.next() % 2 == 0 ? nil : Int(2 + local.next() % 12)
      if !(try Self.agree(path, windows: [1, 2, 3, 7], maxDiagnostics: cap)) { failures.append(seed) }
    }
    #expect(failures.isEmpty, "seeds: \(failures.map { String($0, radix: 16) })")
  }
}

extension StreamedValidationTests {
  /// 3,000 cues all on screen together: every window carries all earlier cues, so windows grow
  /// to at least what they carry; the report is still the whole document's.
  @Test func cuesAllOnScreenTogether() throws {
    var text = "WEBVTT\n\n"
    for i in 0..<3000 { text += "00:00:\(String(format: "%02d.%03d", i / 1000, i % 1000)) --> 01:00:00.000\nx\n\n" }
    let path = try Self.write(text, ext: "vtt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.agree(path, windows: [1, 7, 4096], maxDiagnostics: 100_000))
  }
}
