import CaptionCore
import CaptionLint
import Foundation
import Testing

@Suite struct ScaleTests {
  /// 10,000 cues, every one with findings, plus one reader diagnostic per cue: lint, reader
  /// de-duplication and fingerprinting stay near-linear (well under the time a quadratic pass
  /// would take).
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
}
