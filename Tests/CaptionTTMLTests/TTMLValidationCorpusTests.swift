import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

/// Valid/invalid verdicts against ttml2-tests and skynav-ttv expectations.
@Suite("TTML validation corpus")
struct TTMLValidationCorpusTests {
  struct Tally {
    var agree = 0
    var total = 0
    var misses: [String] = []
    /// Agreement over the cases the suite itself leaves out of its exit criteria (`exclude`):
    /// ttml2-tests marks those that need the external resource files (not in the corpus) or
    /// that the 2nd edition made valid.
    var excludedAgree = 0
    var excludedTotal = 0
  }

  static func expectations(_ folder: String) throws -> [String: [String: Any]] {
    guard let root = Corpus.root else { return [:] }
    let data = try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent("expectations.json"))
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return json?["tests"] as? [String: [String: Any]] ?? [:]
  }

  /// Whether the reader finds the document invalid (any error diagnostic).
  static func invalid(_ url: URL, profile: String?) throws -> (Bool, [Diagnostic]) {
    let r = try TTMLFormat().read(try Corpus.bytes(url), options: ReadOptions(profile: profile))
    let errors = r.diagnostics.filter { $0.severity == .error }
    return (!errors.isEmpty, errors)
  }

  static func run(_ folder: String, profileFor: (String) -> String?, groupFor: (String) -> String) throws -> [String: Tally] {
    var tallies: [String: Tally] = [:]
    guard let root = Corpus.root else { return [:] }
    for (path, info) in try expectations(folder).sorted(by: { $0.key < $1.key }) {
      guard let expected = info["expected"] as? String else { continue }
      if (info["pending"] as? Bool) == true { continue }
      let url = root.appendingPathComponent(folder).appendingPathComponent(path)
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      let group = groupFor(path)
      let (bad, errors) = try invalid(url, profile: profileFor(path))
      var t = tallies[group, default: Tally()]
      t.total += 1
      let excluded = (info["exclude"] as? Bool) == true
      if excluded { t.excludedTotal += 1 }
      if bad == (expected == "invalid") {
        t.agree += 1
        if excluded { t.excludedAgree += 1 }
      } else {
        t.misses.append("\(path) expected \(expected)" + (errors.first.map { ": \($0)" } ?? ""))
      }
      tallies[group] = t
    }
    return tallies
  }

  static func show(_ name: String, _ tallies: [String: Tally]) {
    for (g, t) in tallies.sorted(by: { $0.key < $1.key }) {
      print("\(name) [\(g)]: verdict agrees for \(t.agree)/\(t.total)")
      if ProcessInfo.processInfo.environment["TTML_SHOW_MISSES"] != nil {
        for m in t.misses { print("  miss", m.prefix(300)) }
      }
    }
  }

  @Test("ttml2-tests: valid/invalid verdicts agree with expectations", .enabled(if: Corpus.root != nil))
  func ttml2Verdicts() throws {
    let t = try Self.run("ttml2-tests", profileFor: { _ in "ttml2" }, groupFor: { $0.hasPrefix("presentation") ? "presentation" : "validation" })
    Self.show("ttml2-tests", t)
    let all = t.values.reduce(into: (0, 0)) { $0.0 += $1.agree; $0.1 += $1.total }
    let excluded = t.values.reduce(into: (0, 0)) { $0.0 += $1.excludedAgree; $0.1 += $1.excludedTotal }
    print("ttml2-tests overall: \(all.0)/\(all.1)")
    print("ttml2-tests without the \(excluded.1) cases the suite excludes: \(all.0 - excluded.0)/\(all.1 - excluded.1)")
    #expect(all.1 > 0)
    #expect(Double(all.0) >= 0.98 * Double(all.1))
  }

  @Test("skynav-ttv: valid/invalid verdicts agree with expectations", .enabled(if: Corpus.root != nil))
  func skynavVerdicts() throws {
    let profiles = ["ttml1": "ttml1", "imsc10": "imsc1.0", "imsc11": "imsc1.1", "ebuttd": "ebu-tt-d", "smpte": "smpte-tt"]
    let t = try Self.run("skynav-ttv", profileFor: { profiles[String($0.split(separator: "/")[0])] }, groupFor: { String($0.split(separator: "/")[0]) })
    Self.show("skynav-ttv", t)
    #expect(!t.isEmpty)
    // The profiles CaptionKit claims: IMSC 1.1, IMSC 1.0, TTML1 and EBU-TT-D (SMPTE-TT is
    // reported, not claimed).
    for claimed in ["imsc11", "ebuttd", "ttml1", "imsc10"] {
      let c = t[claimed, default: Tally()]
      #expect(Double(c.agree) >= 0.9 * Double(c.total), "\(claimed): \(c.agree)/\(c.total)")
    }
  }
}
