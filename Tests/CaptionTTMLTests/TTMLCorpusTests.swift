import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@Suite("TTML conformance corpus")
struct TTMLCorpusTests {
  static let imscFiles = Corpus.files(in: "imsc-tests", extensions: ["ttml"])

  /// Each imsc-tests document with ttconv's significant times from its `.expected.json`
  /// (`[{"time": seconds, "has_content": Bool}]`).
  static func ttconvSignificantTimes() throws -> [(URL, [[String: Any]])] {
    try imscFiles.compactMap { url in
      let expURL = url.deletingPathExtension().appendingPathExtension("expected.json")
      guard let data = try? Data(contentsOf: expURL),
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let sig = json["ttconv_significant_times"] as? [[String: Any]]
      else { return nil }
      return (url, sig)
    }
  }

  @Test("imsc-tests: significant times match ttconv for at least 95% of files", .enabled(if: Corpus.root != nil))
  func imscSignificantTimes() throws {
    var total = 0, pass = 0
    var failures: [String] = []
    for (url, sig) in try Self.ttconvSignificantTimes() {
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

  /// Whether something is shown at each significant time, against ttconv's ISDs: display none,
  /// timed regions and the like decide what a player shows, not only when it changes.
  @Test("imsc-tests: content shown at each significant time matches ttconv for at least 98% of files", .enabled(if: Corpus.root != nil))
  func imscContentAtSignificantTimes() throws {
    var total = 0, pass = 0
    var failures: [String] = []
    for (url, sig) in try Self.ttconvSignificantTimes() {
      total += 1
      let cues = try TTMLFormat().read(try Corpus.bytes(url), options: ReadOptions()).document.cues
      var wrong: [Double] = []
      for entry in sig {
        guard let t = (entry["time"] as? NSNumber)?.doubleValue, let has = entry["has_content"] as? Bool else { continue }
        let shown = cues.contains { $0.start.seconds <= t + 1e-9 && t + 1e-9 < $0.end.seconds && !$0.plainText.isEmpty }
        if shown != has { wrong.append(t) }
      }
      if wrong.isEmpty { pass += 1 } else { failures.append("\(url.lastPathComponent): differs at \(wrong.prefix(4))") }
    }
    print("imsc-tests content at significant times: \(pass)/\(total) match")
    for f in failures.prefix(20) { print("  mismatch", f) }
    #expect(total > 0)
    #expect(Double(pass) >= 0.98 * Double(total))
    #expect(!failures.contains { $0.hasPrefix("Display002.ttml") })
    // Indefinite ends (rolled-up spans that never end) stay shown at the last instant.
    #expect(!failures.contains { $0.hasPrefix("BasicTiming011.ttml") || $0.hasPrefix("FixedBeginEnd002.ttml") })
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

@Suite("TTML validation of valid documents")
struct TTMLValidDocumentTests {
  @Test("imsc-tests documents (all valid) validate against their own profile designators", .enabled(if: Corpus.root != nil))
  func imscTestsAreValid() throws {
    var clean = 0, total = 0
    var codes: [String: Int] = [:]
    for url in Corpus.files(in: "imsc-tests", extensions: ["ttml"]) {
      let r = try TTMLFormat().read(try Corpus.bytes(url), options: ReadOptions())
      total += 1
      let errors = r.diagnostics.filter { $0.severity == .error }
      if errors.isEmpty { clean += 1 }
      for e in errors { codes[e.code, default: 0] += 1 }
    }
    print("imsc-tests documents without validation errors: \(clean)/\(total); error codes: \(codes.sorted { $0.value > $1.value }.prefix(8))")
    #expect(Double(clean) >= 0.9 * Double(total))
  }
}
