import CaptionCore
import CaptionLint
import Foundation
import Testing

@Suite struct ScaleTests {
  /// 10,000 cues, every one with findings, plus one reader diagnostic per cue: lint, reader
  /// de-duplication and fingerprinting stay near-linear (well under the time a quadratic pass
  /// would take).
  /// Many findings of one code about one long cue share one fingerprint, made once (copying
  /// and hashing the cue's text per finding made 100,000 of them take seconds): the recorded
  /// baseline has the fingerprints `Fingerprint.make` gives each finding alone.
  @Test func findingsOfOneCueShareTheirFingerprint() throws {
    let s = try Scratch()
    defer { s.remove() }
    let text = String(repeating: "a & ", count: 3_000)
    let path = try s.write("amp.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:09.000\n\(text)\n\n00:00:10.000 --> 00:00:11.000\nx & y\n")
    let r = tool(["validate", "--no-lint", "--write-baseline", s.path("b.json"), path])
    #expect(r.code == 0)
    let json = try JSONSerialization.jsonObject(with: Data((s.read("b.json") ?? "").utf8)) as? [String: Any]
    let findings = (json?["findings"] as? [[String: Any]]) ?? []
    let ampersands = findings.filter { $0["code"] as? String == "webvtt.cuetext.bare-ampersand" }
    let file = "amp.vtt"  // relative to the baseline's folder
    let first = Fingerprint.make(code: "webvtt.cuetext.bare-ampersand", file: file, cueText: text.trimmingCharacters(in: .whitespaces))
    let second = Fingerprint.make(code: "webvtt.cuetext.bare-ampersand", file: file, cueText: "x & y")
    #expect(Set(ampersands.compactMap { $0["fingerprint"] as? String }) == [first, second])
    #expect(ampersands.map { $0["count"] as? Int ?? 0 }.reduce(0, +) == 3_001)
  }

  /// Past `--max-diagnostics`, a baseline accepts exactly the unlisted findings it recorded: a
  /// new error that is only counted still fails.
  @Test func baselineSeesFindingsPastTheCap() throws {
    let s = try Scratch()
    defer { s.remove() }
    let cue = "00:00:01.000 --> 00:00:09.000\n" + String(repeating: "a & ", count: 20) + "\n"
    let path = try s.write("x.vtt", "WEBVTT\n\n" + cue)
    let base = s.path("x.base")
    #expect(tool(["validate", "--no-lint", "--max-diagnostics", "5", "--write-baseline", base, path]).code == 0)
    #expect(tool(["validate", "--no-lint", "--max-diagnostics", "5", "--baseline", base, path]).code == 0)
    try s.write("x.vtt", "WEBVTT\n\n" + cue + "\n00:00:05.000 --> 00:00:04.000\nbackwards\n")
    let after = tool(["validate", "--no-lint", "--max-diagnostics", "5", "--baseline", base, path])
    #expect(after.code == 1)
    #expect(after.out.contains("core.diagnostics.limit-reached"))
  }

  @Test func largeDocumentLintsQuickly() {
    var cues: [Cue] = []
    var reader: [Diagnostic] = []
    for i in 0..<10_000 {
      let start = Double(i) * 0.5
      cues.append(cue(start, start + 0.6, i % 2 == 0 ? "" : String(repeating: "w ", count: 30), line: 3 + i * 3))
      reader.append(Diagnostic(code: "webvtt.cue.empty", severity: .warning, message: "empty", location: SourceLocation(line: 4 + i * 3, column: 1)))
    }
    let d = doc(cues)
    let clock = ContinuousClock()
    var result: Linter.Result?
    let elapsed = clock.measure {
      var linter = Linter()
      linter.maxDiagnostics = 1_000_000
      result = linter.lint(d, context: LintContext(readerDiagnostics: reader))
    }
    let diags = result?.diagnostics ?? []
    #expect(!diags.contains { $0.code == "lint.text.empty-cue" })  // all covered by the reader
    #expect(diags.filter { $0.code == "lint.timing.overlap" }.count == 9_999)
    let locator = Fingerprint.CueLocator(d)
    let fpTime = clock.measure {
      _ = Baseline(recording: diags.map { Baseline.Item(diagnostic: $0, cueText: locator.cueText(for: $0)) })
    }
    // With the default cap, the first 10,000 in report order are listed and the rest counted.
    let capped = Linter().lint(d, context: LintContext(readerDiagnostics: reader)).diagnostics
    #expect(diags.count > 10_000)
    #expect(capped.count == 10_001)
    #expect(Array(capped.prefix(10_000)) == Array(diags.prefix(10_000)))
    #expect(capped.last?.code == "core.diagnostics.limit-reached")
    #expect(capped.last?.message == "\(diags.count - 10_000) more diagnostics were not listed (limit 10000; raise it with --max-diagnostics)")
    print("lint of 10,000 cues: \(diags.count) findings in \(elapsed); baseline in \(fpTime)")
    #expect(elapsed < .seconds(30))
    #expect(fpTime < .seconds(30))
  }

  /// 20,000 cues all on screen at once (each lasts to the end): the overlap sweep looks only at
  /// the first cues still on screen, so it stays linear, and each cue is paired with the first
  /// three before it.
  @Test func cuesAllOnScreenAtOnceStayLinear() {
    var cues: [Cue] = []
    for i in 0..<20_000 { cues.append(cue(Double(i) * 0.001, 36_000, "x", line: 3 + i * 3)) }
    let d = doc(cues)
    var linter = Linter()
    linter.maxDiagnostics = 1_000_000
    let clock = ContinuousClock()
    var result: Linter.Result?
    let elapsed = clock.measure { result = linter.lint(d) }
    let overlaps = (result?.diagnostics ?? []).filter { $0.code == "lint.timing.overlap" }
    #expect(overlaps.count == 3 * 20_000 - 6)  // cue 2 has one earlier cue, cue 3 two, the rest three
    #expect(overlaps.last?.message == "cue 20000 overlaps cue 3 in the same position from 0:00:19.999 to 10:00:00.000")
    print("lint of 20,000 cues on screen together: \(elapsed)")
    #expect(elapsed < .seconds(30))
  }
}
