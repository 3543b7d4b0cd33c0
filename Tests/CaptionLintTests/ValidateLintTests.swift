import CaptionCLI
import CaptionLint
import Foundation
import Testing

@Suite struct ValidateLintTests {
  @Test func lintFindingsJoinReaderDiagnosticsWithSuppressions() throws {
    let s = try Scratch()
    defer { s.remove() }
    let ep = try s.write("ep1.vtt", episodeVTT)
    let r = tool(["validate", ep])
    #expect(r.code == 0)  // only warnings and info; fail-on error by default
    #expect(r.out.contains("ep1.vtt:12:1: warning: [lint.timing.min-duration] cue 3 is on screen for 0.4 s, under the 0.833 s minimum"))
    #expect(r.out.contains("ep1.vtt:12:1: info: [lint.timing.min-gap] cue 3 starts 0.04 s after cue 2 ends, under the 2-frame gap (0.083 s at 24000/1001 fps)"))
    #expect(r.out.contains("ep1.vtt:15:1: warning: [lint.text.line-length] line 1 of cue 4 has 62 characters, over 42"))
    #expect(r.out.contains("ep1.vtt:6:1: warning: [lint.text.reading-speed] cue 1 (\"sign\") needs 19.3 characters per second (58 in 3 s), over 17"))
    #expect(!r.out.contains("[lint.text.line-length] line 1 of cue 1"))  // suppressed by the NOTE
    #expect(r.out.hasSuffix("1 file checked: 0 errors, 5 warnings, 1 info (1 suppressed)\n"))
    #expect(tool(["validate", "--strict", ep]).code == 1)
    let noLint = tool(["validate", "--no-lint", "--strict", ep])
    #expect(noLint.code == 0)
    #expect(noLint.out == "1 file checked: 0 errors, 0 warnings, 0 info\n")
  }

  @Test func presetsAndMediaDuration() throws {
    let s = try Scratch()
    defer { s.remove() }
    let ep = try s.write("ep1.vtt", episodeVTT)
    let r = tool(["validate", "--preset", "cea608", "--media-duration", "0:00:12", ep])
    #expect(r.out.contains("[lint.cea608.columns] line 1 of cue 4 has 62 characters; a 608 row holds 32"))
    #expect(r.out.contains("[lint.media.cue-after-end] cue 5 ends at 0:00:13.000, after the media ends (0:00:12.000)"))
    #expect(r.code == 1)  // 608 and media findings are errors
    #expect(tool(["validate", "--preset", "netflix", ep]).code == 2)
    let missingMedia = tool(["validate", "--media", "x.mp4", ep])
    #expect(missingMedia.code == 2)
    #expect(missingMedia.err.contains("x.mp4: no such file"))
    #expect(!missingMedia.err.contains("x.mp4: x.mp4"))
    #expect(tool(["validate", "--media-duration", "soon", ep]).code == 2)
  }

  @Test func configurationIsFoundWalkingUpAndErrorsNameTheJSONPath() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write(".captionkit.json", """
      { "version": 1, "preset": "streaming", "failOn": "warning",
        "exclude": ["drafts/**"],
        "thresholds": { "maxCharactersPerLine": 70 },
        "rules": { "timing.min-gap": "off", "timing.min-duration": "error" } }
      """)
    try s.write("season1/ep1.vtt", episodeVTT)
    try s.write("drafts/bad.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:00.500\nbackwards\n")
    let r = tool(["validate", s.url.path])
    #expect(r.out.contains("error: [lint.timing.min-duration]"))
    #expect(!r.out.contains("lint.text.line-length"))  // 62 < 70
    #expect(!r.out.contains("lint.timing.min-gap"))
    #expect(!r.out.contains("bad.vtt"))  // excluded
    #expect(r.out.contains("1 file checked"))
    #expect(r.code == 1)

    try s.write(".captionkit.json", #"{ "version": 1, "rules": { "text.line-length": { "severity": "loud" } } }"#)
    let bad = tool(["validate", s.path("season1/ep1.vtt")])
    #expect(bad.code == 2)
    #expect(bad.err.contains(#".captionkit.json: $.rules["text.line-length"].severity: expected off, info, warning or error"#))

    // --config overrides discovery.
    let other = try s.write("other.json", #"{ "version": 1, "preset": "broadcast" }"#)
    let withConfig = tool(["validate", "--config", other, s.path("season1/ep1.vtt")])
    #expect(withConfig.code == 0)
    #expect(withConfig.out.contains("over 37"))
  }

  @Test func baselineRecordsAndFailsOnlyOnNewFindings() throws {
    let s = try Scratch()
    defer { s.remove() }
    let ep = try s.write("ep1.vtt", episodeVTT)
    let base = s.path("baseline.json")
    let w = tool(["validate", "--strict", "--write-baseline", base, ep])
    #expect(w.code == 0)
    #expect(w.err.contains("recorded 6 findings"))
    let b = try Baseline.parse(Array(s.read("baseline.json")!.utf8))
    #expect(b.entries.count == 6)
    // Unchanged file: nothing new.
    let same = tool(["validate", "--strict", "--baseline", base, ep])
    #expect(same.code == 0)
    #expect(same.out == "1 file checked: 0 errors, 0 warnings, 0 info (6 in baseline, 1 suppressed)\n")
    // A cue inserted at the top moves every line; only the genuinely new finding fails.
    let edited = episodeVTT.replacingOccurrences(of: "WEBVTT\n\n", with: "WEBVTT\n\n00:00:00.000 --> 00:00:00.900\nIntro with a line that is much longer than forty-two characters\n\n")
    try s.write("ep1.vtt", edited)
    let after = tool(["validate", "--strict", "--baseline", base, ep])
    #expect(after.code == 1)
    let lintLines = after.out.split(separator: "\n").filter { $0.contains("[lint.") }
    #expect(lintLines.count == 3)  // line length, reading speed and words per minute of the new cue
    #expect(lintLines.allSatisfy { $0.contains("ep1.vtt:3:1:") })
  }
}

@Suite struct ForcedTrackTests {
  @Test func forcedTrackMustBeSubsetOfFullTrack() throws {
    let s = try Scratch()
    defer { s.remove() }
    let full = try s.write("full.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello.\n\n00:00:10.000 --> 00:00:12.000\n[in French] Où est la gare ?\n")
    let good = try s.write("forced.vtt", "WEBVTT\n\n00:00:10.000 --> 00:00:12.000\nOù est la gare ?\n")
    let bad = try s.write("forced-bad.vtt", "WEBVTT\n\n00:00:10.000 --> 00:00:12.000\nOù est la gare ?\n\n00:00:20.000 --> 00:00:22.000\nMerci.\n")
    #expect(tool(["validate", "--full-track", full, good]).code == 0)
    let r = tool(["validate", "--full-track", full, bad])
    #expect(r.code == 1)
    #expect(r.out.contains("forced-bad.vtt:6:1: error: [lint.package.forced-subset] cue 2 (0:00:20.000) is not in the full track"))
    // Without --full-track the rule does not run, and JUnit does not list it.
    let junit = tool(["validate", "--format", "junit", bad])
    #expect(!junit.out.contains("lint.package.forced-subset"))
    #expect(!junit.out.contains("lint.media.coverage"))
  }

  @Test func listRules() {
    let r = tool(["validate", "--list-rules"])
    #expect(r.code == 0)
    #expect(r.out.contains("lint.text.line-length"))
    #expect(r.out.contains("streaming          Netflix TTSG: 42 chars, 2 lines, 17 cps / 200 wpm, 5/6–7 s, 2-frame gaps"))
  }
}

@Suite struct BaselinePortabilityTests {
  @Test func baselineMatchesOnAnotherCheckout() throws {
    let s = try Scratch()
    defer { s.remove() }
    try s.write("one/captions/ep1.vtt", episodeVTT)
    try s.write("two/captions/ep1.vtt", episodeVTT)
    #expect(tool(["validate", "--write-baseline", s.path("one/baseline.json"), s.path("one/captions")]).code == 0)
    let text = try #require(s.read("one/baseline.json"))
    #expect(text.contains("\"file\" : \"captions/ep1.vtt\""))
    try s.write("two/baseline.json", text)
    let r = tool(["validate", "--strict", "--baseline", s.path("two/baseline.json"), s.path("two/captions")])
    #expect(r.code == 0, "\(r.out)")
  }
}
