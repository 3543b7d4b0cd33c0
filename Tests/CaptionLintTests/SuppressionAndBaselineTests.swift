import CaptionCore
import CaptionLint
import Testing

@Suite struct SuppressionAndBaselineTests {
  let long = String(repeating: "x", count: 50)

  @Test func noteBeforeCueSuppressesThatCueOnly() {
    let d = doc(
      [cue(0, 3, long, line: 4), cue(4, 7, long, line: 8)],
      comments: [Comment(text: "captionkit-disable text.line-length -- credits need it", beforeCue: 0)])
    let result = Linter().lint(d)
    #expect(result.diagnostics.map(\.code) == ["lint.text.line-length"])
    #expect(result.diagnostics[0].cueIndex == 1)
    #expect(result.diagnostics[0].location?.line == 8)
    #expect(result.suppressedCount == 1)
  }

  @Test func fileWideAndAllRules() {
    let d = doc([cue(0, 0.2, long), cue(4, 7, long)], comments: [Comment(text: "captionkit-disable-file lint.text.line-length, text.reading-speed", beforeCue: 2)])
    let codes = Linter.lint(d).map(\.code)
    #expect(!codes.contains("lint.text.line-length"))
    #expect(codes.contains("lint.timing.min-duration"))
    let all = doc([cue(0, 0.2, long)], comments: [Comment(text: "captionkit-disable", beforeCue: 0)])
    #expect(Linter.lint(all).isEmpty)
    // Not a directive: an ordinary note, and a look-alike word.
    let plain = doc([cue(0, 3, long)], comments: [Comment(text: "This is a note", beforeCue: 0), Comment(text: "captionkit-disabled text.line-length", beforeCue: 0)])
    #expect(Linter.lint(plain).map(\.code) == ["lint.text.line-length"])
  }

  @Test func misspeltRuleIdsAreReportedAndSuppressNothing() {
    let d = doc(
      [cue(0, 3, long, line: 4)],
      comments: [
        Comment(text: "captionkit-disable text.line-lenght, lint.timing.min-gap -- typo", beforeCue: 0, source: SourceLocation(line: 2, column: 1))
      ])
    let result = Linter().lint(d)
    // The misspelt id suppresses nothing, and says so where the directive is.
    #expect(result.diagnostics.map(\.code) == ["lint.text.line-length", "lint.suppression.unknown-rule"])
    let warning = result.diagnostics[1]
    #expect(warning.severity == .warning)
    #expect(warning.location?.line == 2)
    #expect(warning.message.hasPrefix("'text.line-lenght' in a captionkit-disable directive is not a lint rule"))
    // Known ids, with or without the `lint.` prefix, give no such warning.
    #expect(InlineSuppressions(d).unknownRules.map(\.id) == ["text.line-lenght"])
    let ok = doc([cue(0, 3, long)], comments: [Comment(text: "captionkit-disable-file lint.text.line-length timing.min-gap", beforeCue: 0)])
    #expect(InlineSuppressions(ok).unknownRules.isEmpty)
    #expect(Linter.lint(ok).isEmpty)
  }

  @Test func linterAppliesConfiguredSeverityAndOrder() {
    var config = LintConfiguration()
    config.rules["text.line-length"] = .on(.error)
    config.rules["timing.min-duration"] = .off
    let d = doc([cue(4, 7, long), cue(0, 0.5, "hi")])
    let ds = Linter.lint(d, configuration: config)
    #expect(ds.map(\.code) == ["lint.text.line-length"])
    #expect(ds[0].severity == .error)
  }

  @Test func baselineSurvivesUnrelatedEdits() {
    let before = doc([cue(0, 3, long, line: 3), cue(4, 7, "fine", line: 6)])
    let items = Linter.lint(before).map { d -> Baseline.Item in
      var d = d
      d.file = "./ep1.vtt"
      return Baseline.Item(diagnostic: d, cueText: Fingerprint.cueText(for: d, in: before))
    }
    let baseline = Baseline(recording: items)
    #expect(baseline.entries.count == 1)
    #expect(baseline.entries[0].file == "ep1.vtt")
    // A cue inserted before it moves its line and index; the fingerprint still matches.
    let after = doc([cue(20, 21, "new cue", line: 3), cue(0, 3, long, line: 6), cue(4, 7, "fine", line: 9), cue(8, 11, long + "y", line: 12)])
    let afterItems = Linter.lint(after).map { d -> Baseline.Item in
      var d = d
      d.file = "ep1.vtt"
      return Baseline.Item(diagnostic: d, cueText: Fingerprint.cueText(for: d, in: after))
    }
    let split = baseline.partition(afterItems)
    #expect(split.accepted.count == 1)
    #expect(split.new.count == 1)
    #expect(split.new[0].diagnostic.cueIndex == 3)
    // Round trip through the file format.
    let reread = try? Baseline.parse(baseline.encoded())
    #expect(reread == baseline)
    #expect(String(decoding: baseline.encoded(), as: UTF8.self).contains("\"schema\" : \"captionkit.baseline\""))
  }

  /// Two entries of one fingerprint whose counts add past `Int.max` (a hand-edited baseline):
  /// the sum saturates; it used to stop the process with an arithmetic overflow.
  @Test func baselineCountsSaturate() {
    let d = Diagnostic(code: "lint.x", severity: .warning, message: "m", file: "a.vtt", cueIndex: 0)
    let item = Baseline.Item(diagnostic: d, cueText: "same")
    let entry = Baseline.Entry(code: "lint.x", file: "a.vtt", fingerprint: item.fingerprint, count: .max, message: nil)
    let b = Baseline(entries: [entry, entry])
    #expect(b.acceptance([item, item]) == [true, true])
    #expect(b.partition([item]).accepted.count == 1)
  }

  @Test func baselineCountsDuplicates() {
    let d = Diagnostic(code: "lint.x", severity: .warning, message: "m", file: "a.vtt", cueIndex: 0)
    let item = Baseline.Item(diagnostic: d, cueText: "same")
    let b = Baseline(recording: [item, item])
    #expect(b.entries.first?.count == 2)
    #expect(b.partition([item, item, item]).new.count == 1)
    #expect(Fingerprint.make(code: "lint.x", file: "a.vtt", cueText: "same  text") == Fingerprint.make(code: "lint.x", file: "./a.vtt", cueText: "same\ntext"))
    #expect(Fingerprint.make(code: "lint.x", file: "a.vtt", cueText: "same") == "\(Fingerprint.make(code: "lint.x", file: "a.vtt", cueText: "same"))")
    #expect(Fingerprint.make(code: "lint.x", file: "a.vtt", cueText: "a").count == 16)
  }
}
