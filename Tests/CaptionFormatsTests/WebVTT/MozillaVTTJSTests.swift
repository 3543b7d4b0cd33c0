import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// mozilla/vtt.js parser fixtures, compared only where vtt.js (a 2014-era draft parser) agrees
/// with the current spec: cue count, id, times, text, line, snapToLines, size, vertical,
/// position. Its `align: "middle"` is today's `center`; `positionAlign` and regions use
/// the old draft's rules and are not compared.
@Suite struct MozillaVTTJSTests {
  /// Fixtures where vtt.js follows an older draft and the current spec (and wpt) says otherwise.
  static let specWins: [String: String] = [
    "tests/cue-settings/line/bad-line-align.vtt": "an invalid line alignment drops the whole line setting (§6.5)",
    "tests/cue-settings/position/bad-position-align.vtt": "an invalid position alignment drops the whole position setting (§6.5)",
    "tests/cue-settings/position/position-end-align.vtt": "position alignment is line-left|center|line-right now; 'end' drops the setting",
    "tests/cue-settings/position/position-start-align.vtt": "position alignment is line-left|center|line-right now; 'start' drops the setting",
    "tests/cue-times/min-top-digits.vtt": "'000:00.000' is hours with no seconds: not a timestamp (wpt timings-too-long)",
    "tests/cue-times/minimum-spots-over-sixty.vtt": "'120:00.000' is hours with no seconds: not a timestamp",
    "tests/file-layout/header-no-new-line.vtt": "a timing line right after WEBVTT ends the header and is a cue (wpt header-timings)",
    "tests/integration/id.vtt": "a '-->' line followed by a timing line: the second line starts a new cue (§6.2)",
  ]

  @Test(.enabled(if: Corpus.root != nil)) func fixturesAgreeWhereTheSpecAgrees() throws {
    guard let root = Corpus.root else { return }
    let base = root.appendingPathComponent("mozilla-vtt.js")
    let index = try WebVTTJSON.load(base.appendingPathComponent("tests/index.json"))
    var files = 0, filesPassed = 0, checks = 0, passed = 0, skipped = 0
    var mismatches: [String] = []
    for pair in index["pairs"]?.array ?? [] {
      guard let input = pair["input"]?.string, let expectedPath = pair["expected"]?.string else { continue }
      let inURL = base.appendingPathComponent(input), expURL = base.appendingPathComponent(expectedPath)
      guard FileManager.default.fileExists(atPath: inURL.path), FileManager.default.fileExists(atPath: expURL.path) else { continue }
      if Self.specWins[input] != nil {
        skipped += 1
        continue
      }
      let result = try WebVTTTestSupport.read(inURL)
      let expected = try WebVTTJSON.load(expURL)
      files += 1
      var ok = true
      func check(_ what: String, _ good: Bool) {
        checks += 1
        if good { passed += 1 } else {
          ok = false
          mismatches.append("\(input): \(what)")
        }
      }
      let cues = expected["cues"]?.array ?? []
      check("cues.length \(cues.count) vs \(result.document.cues.count)", cues.count == result.document.cues.count)
      for (k, c) in cues.enumerated() where k < result.document.cues.count {
        for key in ["id", "startTime", "endTime", "text", "line", "snapToLines", "size", "vertical", "position", "align"] {
          guard var want = c[key] else { continue }
          if key == "align", want == .string("middle") { want = .string("center") }
          let got = WebVTTTestSupport.apiValue("cues[\(k)].\(key)", result, fileOrder: true)
          check("cues[\(k)].\(key) \(want) vs \(String(describing: got))", got == want)
        }
      }
      if ok { filesPassed += 1 }
    }
    print("mozilla vtt.js: \(filesPassed)/\(files) fixtures, \(passed)/\(checks) checks agree; \(skipped) fixtures skipped where the current spec wins")
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    #expect(files > 200)
  }
}
