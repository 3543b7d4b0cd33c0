import CaptionCLI
import Foundation
import Testing

/// Runs the commands of the CI examples in docs/CI.md (GitHub Actions, GitLab CI, pre-commit)
/// in-process on a small repository of captions, in the order a team adopts them.
@Suite struct CIExampleTests {
  func repo() throws -> Scratch {
    let s = try Scratch()
    try s.write(".captionkit.json", """
      {
        "version": 1,
        "preset": "streaming",
        "failOn": "warning",
        "exclude": ["captions/drafts/**"],
        "rules": { "timing.min-gap": "off" },
        "languages": { "ja": { "thresholds": { "maxCharactersPerSecond": 4, "maxCharactersPerLine": 13 } } }
      }
      """)
    try s.write("captions/en/ep1.vtt", episodeVTT)
    try s.write("captions/en/ep2.srt", cleanSRT)
    try s.write("captions/drafts/wip.vtt", "WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nbackwards\n")
    return s
  }

  @Test func adoptionWithBaselineThenGitHubAndGitLabJobs() throws {
    let s = try repo()
    defer { s.remove() }
    let captions = s.path("captions")
    let baseline = s.path(".captionkit-baseline.json")

    // Day 0: record today's findings (docs/CI.md, "Adopting on an existing catalogue").
    let record = tool(["validate", "--write-baseline", baseline, captions])
    #expect(record.code == 0)
    #expect(FileManager.default.fileExists(atPath: baseline))

    // GitHub Actions job: annotations on stdout, SARIF and JUnit files from the same run.
    let gh = tool([
      "validate", "--format", "github", "--report", "sarif=\(s.path("captionkit.sarif"))",
      "--report", "junit=\(s.path("captionkit-junit.xml"))", "--baseline", baseline, captions,
    ])
    #expect(gh.code == 0, "\(gh.out)\(gh.err)")
    #expect(gh.out.isEmpty)  // everything is in the baseline
    #expect(s.read("captionkit.sarif")?.contains("\"version\" : \"2.1.0\"") == true)
    #expect(s.read("captionkit-junit.xml")?.contains("<testsuites") == true)

    // A new problem in a pull request fails the job and is annotated.
    try s.write("captions/en/ep3.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:01.300\nWay too quick.\n")
    let pr = tool(["validate", "--format", "github", "--baseline", baseline, captions])
    #expect(pr.code == 1)
    #expect(pr.out.contains("::warning file=\(s.path("captions/en/ep3.vtt")),line=3,col=1,title=lint.timing.min-duration::"))
    #expect(!pr.out.contains("ep1.vtt"))

    // GitLab CI job: JUnit report artifact, text log.
    let gl = tool(["validate", "--report", "junit=\(s.path("junit.xml"))", "--baseline", baseline, captions])
    #expect(gl.code == 1)
    #expect(gl.out.contains("ep3.vtt:3:1: warning: [lint.timing.min-duration]"))
    #expect(s.read("junit.xml")?.contains("<failure type=\"warning\"") == true)
  }

  @Test func preCommitHooks() throws {
    let s = try repo()
    defer { s.remove() }
    // pre-commit passes the staged files: the fix hook first, then the validate hook.
    let staged = try s.write("captions/en/new.vtt", "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:03.000\r\n  Hello there.  \r\n")
    let fix = tool(["fix", "--no-backup", staged])
    #expect(fix.code == 1)  // files changed: pre-commit stops the commit so they can be re-staged
    #expect(s.read("captions/en/new.vtt") == "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:03.000\r\nHello there.\r\n")
    let again = tool(["fix", "--no-backup", staged])
    #expect(again.code == 0)
    let validate = tool(["validate", "--strict", staged])
    #expect(validate.code == 0, "\(validate.out)")
    // Excluded drafts pass through untouched even when named.
    let draft = tool(["validate", "--strict", s.path("captions/drafts/wip.vtt")])
    #expect(draft.out == "0 files checked: 0 errors, 0 warnings, 0 info\n")
  }
}
