import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// web-platform-tests `webvtt/parsing/file-parsing`: every assertion of every `.expected.json`,
/// evaluated against the model mapped to the `VTTCue` / `VTTRegion` API.
@Suite struct WPTFileParsingTests {
  @Test(.enabled(if: Corpus.root != nil)) func everyAssertionPasses() throws {
    let expectations = Corpus.files(in: "wpt-webvtt/parsing/file-parsing", extensions: ["json"])
      .filter { $0.lastPathComponent.hasSuffix(".expected.json") }
    #expect(expectations.count >= 30)
    var files = 0, filesPassed = 0, assertions = 0, passed = 0
    for url in expectations {
      let exp = try JSONValue.load(url)
      guard let input = exp["input"]?.string else { continue }
      let result = try WebVTTTestSupport.read(url.deletingLastPathComponent().appendingPathComponent(input))
      files += 1
      var fileOK = true
      if exp["expect_load_error"]?.bool == true {
        #expect(result.document.cues.isEmpty, "\(input): a rejected file yields no cues")
        #expect(result.diagnostics.contains { $0.code == "webvtt.signature.invalid" && $0.severity == .error }, "\(input)")
      }
      for a in exp["assertions"]?.array ?? [] {
        guard let path = a["actual"]?.string, let op = a["op"]?.string, let expected = a["expected"] else { continue }
        assertions += 1
        let actual = WebVTTTestSupport.apiValue(path, result)
        var want = expected
        if let ref = expected["$ref"]?.string { want = WebVTTTestSupport.apiValue(ref, result) ?? .null }
        let ok = op == "equals" ? actual == want : actual != want
        if ok { passed += 1 } else { fileOK = false }
        #expect(ok, "\(input): \(path) \(op) \(want), got \(String(describing: actual))")
      }
      if fileOK { filesPassed += 1 }
    }
    print("wpt file-parsing: \(filesPassed)/\(files) files, \(passed)/\(assertions) assertions passed")
    #expect(passed == assertions)
  }
}
