import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@Suite("TTML conformance corpus")
struct TTMLCorpusTests {
  static let imscFiles = Corpus.files(in: "imsc-tests", extensions: ["ttml"])

  @Test("imsc-tests: significant times match ttconv for at least 95% of files", .enabled(if: Corpus.root != nil))
  func imscSignificantTimes() throws {
    var total = 0, pass = 0
    var failures: [String] = []
    for url in Self.imscFiles {
      let expURL = url.deletingPathExtension().appendingPathExtension("expected.json")
      guard let data = try? Data(contentsOf: expURL),
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let sig = json["ttconv_significant_times"] as? [[String: Any]]
      else { continue }
      let expected = sig.compactMap { ($0["time"] as? NSNumber)?.doubleValue }
      total += 1
      let details = try TTMLFormat().readDetails(try Corpus.bytes(url))
      let got = details.significantTimes.map(\.seconds)
      if got.count == expected.count, zip(got, expected).allSatisfy({ abs($0 - $1) < 1e-6 }) {
        pass += 1
      } else {
        failures.append("\(url.lastPathComponent): got \(got.prefix(8)) expected \(expected.prefix(8))")
      }
    }
    print("imsc-tests significant times: \(pass)/\(total) match")
    for f in failures.prefix(40) { print("  mismatch", f) }
    #expect(total > 0)
    #expect(Double(pass) >= 0.95 * Double(total))
  }

  @Test("Every .ttml/.xml in the corpus reads without a crash", .enabled(if: Corpus.root != nil))
  func everyFileReads() throws {
    var n = 0
    for folder in ["imsc-tests", "ttml2-tests", "skynav-ttv", "imsc-hrm-tests", "ttconv", "w3c-imsc-dece", "pycaption", "pysubs2", "go-astisub"] {
      for url in Corpus.files(in: folder, extensions: ["ttml", "xml", "dfxp"]) {
        _ = try TTMLFormat().read(try Corpus.bytes(url), options: ReadOptions())
        n += 1
      }
    }
    print("TTML corpus files read: \(n)")
    #expect(n > 1000)
  }
}
