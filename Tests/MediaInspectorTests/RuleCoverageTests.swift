import Foundation
import Testing
@testable import MediaInspector

/// Every rule in `MediaRuleCatalog.all` has a checked-in fixture that fires it and a fixture of
/// a container it applies to that does not.
@Suite struct RuleCoverageTests {
  /// A fixture, and the policy requirements (command-line form) a policy rule is probed with.
  struct Probe: Sendable, CustomStringConvertible {
    var fixture: String
    var require: [String] = []
    init(_ fixture: String, _ require: String...) {
      self.fixture = fixture
      self.require = require
    }
    var description: String { require.isEmpty ? fixture : "\(fixture) [\(require.joined(separator: "; "))]" }
  }

  static let hlsGood = "hls_good/master.m3u8"
  static let hlsBad = "hls_bad/master.m3u8"

  /// rule id → (passes, fails).
  static let probes: [String: (pass: Probe, fail: Probe)] = [
    "SUB-001": (Probe("mp4_movtext_3lang.mp4"), Probe("ts_nocc.ts")),
    "SUB-002": (Probe("mp4_movtext_3lang.mp4", "track lang=en"), Probe("mp4_movtext_3lang.mp4", "track lang=de")),
    "SUB-003": (Probe("mp4_movtext_3lang.mp4"), Probe("mp4_und.mp4")),
    "SUB-004": (Probe("mp4_apple_sdh.mp4"), Probe("mov_text.mov")),
    "SUB-005": (Probe("mkv_flags.mkv", "track lang=en sdh"), Probe("mkv_flags.mkv", "track lang=es sdh")),
    "SUB-006": (Probe("mp4_forced_pair.mp4"), Probe("mp4_movtext_3lang.mp4")),
    "SUB-007": (Probe("mp4_movtext_3lang.mp4"), Probe("mkv_edited.mkv")),
    "SUB-008": (Probe("mkv_flags.mkv"), Probe("webm_vtt.webm")),
    "MP4-001": (Probe("mp4_movtext_3lang.mp4"), Probe("mov_text.mov")),
    "MP4-002": (Probe("mp4_apple_sdh.mp4"), Probe("mp4_altgroup0.mp4")),
    "MP4-003": (Probe("mp4_movtext_3lang.mp4"), Probe("mp4_twodefault.mp4")),
    "MP4-004": (Probe("mp4_movtext_3lang.mp4"), Probe("mp4_nodefault.mp4")),
    "MP4-005": (Probe("mp4_apple_sdh.mp4"), Probe("mp4_und.mp4")),
    "MP4-006": (Probe("mp4_apple_sdh.mp4"), Probe("mp4_movtext_3lang.mp4")),
    "MP4-007": (Probe("mp4_apple_sdh.mp4"), Probe("mp4_tagc_nokind.mp4")),
    "MP4-008": (Probe("mp4_forced_pair.mp4"), Probe("mp4_forced_pair_bad.mp4")),
    "MP4-009": (Probe("mp4_apple_sdh.mp4"), Probe("mp4_movtext_3lang.mp4")),
    "MP4-010": (Probe("mp4_movtext_3lang.mp4"), Probe("mp4_stpp.mp4")),
    "MP4-011": (Probe("mov_c608.mov"), Probe("mp4_sei608.mp4")),
    "MP4-012": (Probe("mov_c608.mov"), Probe("mov_c608_group0.mov")),
    "MKV-001": (Probe("mkv_flags.mkv"), Probe("mkv_edited.mkv")),
    "MKV-002": (Probe("mkv_srt_ass.mkv"), Probe("mkv_flags.mkv")),
    "MKV-003": (Probe("mkv_flags.mkv"), Probe("mkv_edited.mkv")),
    "MKV-004": (Probe("mkv_flags.mkv"), Probe("mkv_edited.mkv")),
    "MKV-005": (Probe("mkv_flags.mkv", "track lang=en sdh"), Probe("mkv_flags.mkv", "track lang=es sdh")),
    "MKV-006": (Probe("mkv_flags.mkv", "track lang=fr forced"), Probe("mkv_flags.mkv", "track lang=es forced")),
    "WEBM-001": (Probe("webm_vtt.webm"), Probe("webm_badcodec.webm")),
    "WEBM-002": (Probe("webm_vtt.webm", "track lang=en sdh"), Probe("webm_subs.webm", "track lang=en sdh")),
    "TS-001": (Probe("ts_teletext.ts"), Probe("ts_dvbsub.ts")),
    "TS-002": (Probe("ts_dvbsub.ts", "track lang=en sdh"), Probe("ts_dvbsub.ts", "track lang=de sdh")),
    "TS-003": (Probe("ts_teletext.ts", "track lang=en sdh"), Probe("ts_teletext.ts", "track lang=de sdh")),
    "TS-004": (Probe("ts_cc608.ts", "cea608 CC1"), Probe("ts_nocc.ts", "cea608 CC1")),
    "TS-005": (Probe("ts_cc608_desc.ts"), Probe("ts_cc608_desc_bad.ts")),
    "TS-006": (Probe("ts_teletext_dvbsub.ts"), Probe("ts_teletext.ts")),
    "HLS-001": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-002": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-003": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-004": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-005": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-006": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-007": (Probe(hlsGood), Probe("hls_autoselect/master.m3u8")),
    "HLS-008": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-009": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-010": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-011": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-012": (Probe(hlsGood), Probe("hls_ccmismatch/master.m3u8")),
    "HLS-013": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-014": (Probe("hls_imsc/master.m3u8"), Probe("hls_imsc/master_nocodecs.m3u8")),
    "HLS-015": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-016": (Probe(hlsGood), Probe(hlsBad)),
    "HLS-017": (Probe(hlsGood), Probe("hls_syntax/master.m3u8")),
    "DASH-001": (Probe("dash_good.mpd"), Probe("dash_bad.mpd")),
    "DASH-002": (Probe("dash_good.mpd"), Probe("dash_bad.mpd")),
    "DASH-003": (Probe("dash_good.mpd"), Probe("dash_bad.mpd")),
    "DASH-004": (Probe("dash_good.mpd"), Probe("dash_bad.mpd")),
    "SEL-APPLE": (Probe("mp4_apple_sdh.mp4"), Probe("mkv_flags.mkv")),
    "SEL-ANDROID": (Probe("mp4_apple_sdh.mp4"), Probe("webm_vtt.webm")),
    "SEL-WEB": (Probe(hlsGood), Probe("mp4_apple_sdh.mp4")),
  ]

  /// Reports are inspected once per fixture.
  static let reports: [String: MediaReport] = {
    var out: [String: MediaReport] = [:]
    for p in probes.values.flatMap({ [$0.pass, $0.fail] }) where out[p.fixture] == nil {
      out[p.fixture] = Fixtures.inspect(p.fixture)
    }
    return out
  }()

  /// What a probe shows about a rule: the evidence that it fired (empty when it did not), and
  /// the container the fixture was read as.
  static func evidence(_ rule: MediaRule, _ probe: Probe) throws -> (fired: [String], container: String?) {
    let report = try #require(reports[probe.fixture])
    #expect(report.error == nil, "\(probe.fixture): \(report.error ?? "")")
    var fired: [String] = []
    let tag = "(\(rule.id))"
    // Policy rules are decided by their requirement (TS-004 also reports what it found, as info).
    if rule.kind != .policy {
      fired += report.diagnostics.filter { $0.code == rule.code }.map { "diagnostic: \($0.message)" }
    }
    if !probe.require.isEmpty {
      let requirements = try probe.require.map { try Policy.parse(requirement: $0) }
      let result = Policy(requirements: requirements).evaluate(report)
      // A policy rule fires when its requirement fails naming it; SUB-005 (SDH, any container)
      // fires when an `sdh` requirement fails, whichever per-container rule decided it.
      fired += result.failures.filter { $0.reason.contains(tag) || (rule.id == "SUB-005" && $0.requirement.contains("SDH")) }.map { "policy: \($0.reason)" }
    }
    for t in report.textTracks {
      for v in t.verdicts where !v.selectable {
        let rollup = rule.id == "SEL-" + v.player.rawValue.uppercased()
        if rollup || v.reasons.contains(where: { $0.contains(tag) }) {
          fired.append("verdict \(v.player.rawValue) track \(t.index): \(v.reasons.joined(separator: "; "))")
        }
      }
    }
    return (fired, report.container)
  }

  @Test(arguments: MediaRuleCatalog.all.map(\.id))
  func ruleHasPassingAndFailingFixture(_ id: String) throws {
    let rule = try #require(MediaRuleCatalog.rule(id))
    let probe = try #require(Self.probes[id], "no fixtures for \(id)")
    let pass = try Self.evidence(rule, probe.pass)
    #expect(pass.fired.isEmpty, "\(id) fires on its passing fixture \(probe.pass): \(pass.fired)")
    #expect(pass.container.map(rule.containers.contains) == true, "\(id) does not apply to \(probe.pass) (\(pass.container ?? "?"))")
    let fail = try Self.evidence(rule, probe.fail)
    #expect(!fail.fired.isEmpty, "\(id) does not fire on its failing fixture \(probe.fail)")
    #expect(fail.container.map(rule.containers.contains) == true, "\(id) does not apply to \(probe.fail) (\(fail.container ?? "?"))")
  }

  @Test func catalogAndProbesAgree() {
    let ids = MediaRuleCatalog.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(Set(Self.probes.keys) == Set(ids))
    // Every rule code any fixture produced is in the catalog.
    let ruleCodes = Set(Self.reports.values.flatMap(\.diagnostics).map(\.code).filter { $0.range(of: #"^media\.[a-z0-9]+-[0-9a-z]+$"#, options: .regularExpression) != nil })
    #expect(ruleCodes.subtracting(ids.map { "media." + $0.lowercased() }).sorted() == [])
    print("media rules with a passing and a failing fixture: \(Self.probes.count) of \(ids.count)")
  }

  /// Fixtures stay tiny: none over 20 KB.
  @Test func fixturesAreTiny() throws {
    let files = FileManager.default.enumerator(atPath: Fixtures.root.path)?.compactMap { $0 as? String } ?? []
    var sizes: [String: Int] = [:]
    for f in files {
      let attrs = try FileManager.default.attributesOfItem(atPath: Fixtures.path(f))
      if attrs[.type] as? FileAttributeType == .typeRegular { sizes[f] = (attrs[.size] as? Int) ?? 0 }
    }
    #expect(sizes.count > 30)
    #expect(sizes.filter { $0.value > 20_000 }.keys.sorted() == [])
  }
}
