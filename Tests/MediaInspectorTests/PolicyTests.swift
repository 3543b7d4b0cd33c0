import Testing
@testable import MediaInspector

@Suite struct PolicyTests {
  static let enSDHAppleAndroid = Requirement.track(TrackRequirement(language: "en", sdh: true, selectableOn: [.apple, .android]))

  @Test func sdhSelectableOnAppleAndAndroidPasses() {
    let r = Policy(requirements: [Self.enSDHAppleAndroid]).evaluate(Fixtures.inspect("mp4_apple_sdh.mp4"))
    #expect(r.passed)
  }

  @Test func alternateGroupZeroFailsWithRuleInReason() {
    let r = Policy(requirements: [Self.enSDHAppleAndroid]).evaluate(Fixtures.inspect("mp4_altgroup0.mp4"))
    #expect(!r.passed)
    #expect(r.failures.map(\.reason) == ["en SDH track found but not selectable on apple: alternate_group 0 (MP4-002)"])
    #expect(r.failures.first?.requirement == "a subtitle track with language en that is SDH and selectable on apple, android")
  }

  @Test func sdhWithoutTagcFailsForApple() {
    let r = Policy(requirements: [Self.enSDHAppleAndroid]).evaluate(Fixtures.inspect("mp4_movtext_3lang.mp4"))
    #expect(r.failures.first?.reason.hasSuffix("(MP4-006)") == true)
    // Without apple, the FFmpeg kind=caption signal is enough.
    let android = Policy(requirements: [.track(TrackRequirement(language: "eng", sdh: true, selectableOn: [.android]))])
    #expect(android.evaluate(Fixtures.inspect("mp4_movtext_3lang.mp4")).passed)
  }

  @Test func forcedForApple() {
    let req = Policy(requirements: [.track(TrackRequirement(language: "fr", forced: true, selectableOn: [.apple]))])
    #expect(req.evaluate(Fixtures.inspect("mp4_apple_sdh.mp4")).passed)
    let fail = req.evaluate(Fixtures.inspect("mp4_movtext_3lang.mp4"))
    #expect(fail.failures.first?.reason.hasSuffix("(MP4-009)") == true)
    // ExoPlayer too reads only the tx3g flag, not the ISO kind box.
    let android = Policy(requirements: [.track(TrackRequirement(language: "fr", forced: true, selectableOn: [.android]))])
    #expect(android.evaluate(Fixtures.inspect("mp4_apple_sdh.mp4")).passed)
    #expect(android.evaluate(Fixtures.inspect("mp4_movtext_3lang.mp4")).failures.first?.reason.contains("not forced for android") == true)
  }

  @Test func missingLanguage() {
    let r = Policy(requirements: [.track(TrackRequirement(language: "de"))]).evaluate(Fixtures.inspect("mp4_movtext_3lang.mp4"))
    #expect(r.failures.first?.reason == "no subtitle track with language de (found: en, es, fr) (SUB-002)")
  }

  @Test func cea608() {
    let p = Policy(requirements: [.cea608(channel: "CC1")])
    #expect(p.evaluate(Fixtures.inspect("ts_cc608.ts")).passed)
    #expect(p.evaluate(Fixtures.inspect("mov_c608.mov")).passed)
    let fail = p.evaluate(Fixtures.inspect("ts_nocc.ts"))
    #expect(fail.failures.first?.reason == "no CEA-608 caption data found in the first 5 s of video (TS-004)")
    #expect(!Policy(requirements: [.cea608(channel: "CC3")]).evaluate(Fixtures.inspect("ts_cc608.ts")).passed)
    #expect(!Policy(requirements: [.cea608(channel: "CC2")]).evaluate(Fixtures.inspect("mov_c608.mov")).passed)
  }

  @Test func untaggedAndDefaults() {
    let p = Policy(requirements: [.noUntaggedLanguages, .exactlyOneDefault])
    #expect(p.evaluate(Fixtures.inspect("mp4_movtext_3lang.mp4")).passed)
    let und = p.evaluate(Fixtures.inspect("mp4_und.mp4"))
    #expect(und.failures.map(\.requirement) == ["no untagged languages"])
    #expect(p.evaluate(Fixtures.inspect("mp4_nodefault.mp4")).failures.first?.reason == "no subtitle track is default-flagged (MP4-004)")
    #expect(p.evaluate(Fixtures.inspect("mp4_twodefault.mp4")).failures.first?.reason == "2 subtitle tracks are default-flagged: tracks 2, 3 (MP4-004)")
  }

  @Test func fileErrorsFailThePolicy() {
    let r = Policy(requirements: [.noErrors]).evaluate(Fixtures.inspect("hostile/zero.mp4"))
    #expect(!r.passed)
    #expect(r.failures.first?.requirement == "file can be inspected")
    let s = PolicySummary([r, Policy(requirements: []).evaluate(Fixtures.inspect("mp4_und.mp4"))])
    #expect(s.description == "1 of 2 files meet the policy")
  }

  @Test func requirementStrings() throws {
    #expect(try Policy.parse(requirement: "track lang=en sdh selectable=apple,android") == Self.enSDHAppleAndroid)
    #expect(try Policy.parse(requirement: "cea608 CC1") == .cea608(channel: "CC1"))
    #expect(try Policy.parse(requirement: "cea608=cc2") == .cea608(channel: "CC2"))
    #expect(try Policy.parse(requirement: "cea708 SERVICE3") == .cea708(service: 3))
    #expect(try Policy.parse(requirement: "no-untagged-languages") == .noUntaggedLanguages)
    #expect(try Policy.parse(requirement: "no-rule mp4-002") == .noRule("MP4-002"))
    #expect(try Policy.parse(requirement: "subtitle lang=fr forced !default") == .track(TrackRequirement(language: "fr", forced: true, isDefault: false)))
    #expect(throws: MediaInspectorError.invalidPolicy(path: "requirement", reason: "unknown player family 'roku' (apple, android, desktop, web)")) {
      try Policy.parse(requirement: "track selectable=roku")
    }
    #expect(throws: MediaInspectorError.self) { try Policy.parse(requirement: "cea608 CC9") }
  }

  /// An unknown rule id would never match a finding, so `no-rule` would always pass: it is an error.
  @Test func noRuleNeedsACatalogRule() throws {
    #expect(try Policy.parse(requirement: "no-rule MP4-002") == .noRule("MP4-002"))
    #expect(try Policy.parse(requirement: "no-rule=hls-010") == .noRule("HLS-010"))
    #expect(try Policy.parse(requirement: "no-rule sel-apple") == .noRule("SEL-APPLE"))
    #expect(try Policy.parse(requirement: "no-rule media.mp4-002") == .noRule("MP4-002"))
    #expect(throws: MediaInspectorError.invalidPolicy(path: "requirement", reason: "unknown rule 'MP4-02' (a rule id of MediaRuleCatalog such as MP4-002 or HLS-010)")) {
      try Policy.parse(requirement: "no-rule MP4-02")
    }
    #expect(throws: MediaInspectorError.invalidPolicy(path: "requirement", reason: "unknown rule 'media.hls.remote-uri' (a rule id of MediaRuleCatalog such as MP4-002 or HLS-010)")) {
      try Policy.parse(requirement: "no-rule media.hls.remote-uri")
    }
    let ok = try Policy.load(json: Array(#"{"requirements": [{"type": "no-rule", "rule": "mkv-004"}, "no-rule DASH-003"]}"#.utf8))
    #expect(ok.requirements == [.noRule("MKV-004"), .noRule("DASH-003")])
    #expect(throws: MediaInspectorError.invalidPolicy(path: "$.requirements[1].rule", reason: "unknown rule 'NOPE-999' (a rule id of MediaRuleCatalog such as MP4-002 or HLS-010)")) {
      try Policy.load(json: Array(#"{"requirements": [{"type": "no-errors"}, {"type": "no-rule", "rule": "NOPE-999"}]}"#.utf8))
    }
    #expect(throws: MediaInspectorError.invalidPolicy(path: "$.requirements[0]", reason: "unknown rule 'X' (a rule id of MediaRuleCatalog such as MP4-002 or HLS-010)")) {
      try Policy.load(json: Array(#"{"requirements": ["no-rule X"]}"#.utf8))
    }
  }

  @Test func jsonPolicy() throws {
    let json = """
      { "version": 1, "requirements": [
        { "type": "track", "language": "en", "sdh": true, "selectableOn": ["apple", "android"] },
        { "type": "cea608", "channel": "CC1" },
        "no-untagged-languages",
        { "type": "exactly-one-default" } ] }
      """
    let p = try Policy.load(json: Array(json.utf8))
    #expect(p.requirements == [Self.enSDHAppleAndroid, .cea608(channel: "CC1"), .noUntaggedLanguages, .exactlyOneDefault])
  }

  @Test(arguments: [
    (#"{"requirements": [{"type": "track", "selectableOn": ["apple", 3]}]}"#, "$.requirements[0].selectableOn[1]"),
    (#"{"requirements": [{"type": "track"}, {"type": "track", "sdh": "yes"}]}"#, "$.requirements[1].sdh"),
    (#"{"requirements": [{"type": "bogus"}]}"#, "$.requirements[0].type"),
    (#"{"requirements": [{"type": "no-rule", "rule": "NOPE-999"}]}"#, "$.requirements[0].rule"),
    (#"{"requirements": [{"type": "track", "lang": "en"}]}"#, "$.requirements[0].lang"),
    (#"{"version": 2, "requirements": []}"#, "$.version"),
    (#"{"requirements": {}}"#, "$.requirements"),
    (#"[1, 2"#, "$"),
  ])
  func jsonPolicyErrorsNameThePath(_ json: String, _ path: String) {
    do {
      _ = try Policy.load(json: Array(json.utf8))
      Issue.record("expected an error at \(path)")
    } catch {
      guard case .invalidPolicy(let p, _) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(p == path)
    }
  }
}
