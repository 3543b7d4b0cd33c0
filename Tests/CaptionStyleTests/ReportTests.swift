import CaptionCore
import Foundation
import Testing

@testable import CaptionStyle

@Suite struct ReportTests {
  @Test func textReportShowsVerdictNumbersAndSources() throws {
    let lib = ProfileLibrary.builtIn
    let results = try ["fcc-semitransparent-box", "webvtt-default", "cea608-classic"].map { ProfileChecker.result(try lib.profile($0)) }
    let text = ProfileReport.text(results)
    print(text)
    #expect(text.contains("fcc-semitransparent-box: FAIL"))
    #expect(text.contains("error   CS-C01 worst-case contrast 3.98:1 (sRGB blend), 1.91:1 (linear) < 4.5:1"))
    #expect(text.contains("webvtt-default: WARN"))
    #expect(text.contains("cea608-classic: PASS"))
    #expect(ProfileReport.exitStatus(results) == 1)
    #expect(ProfileReport.exitStatus([results[2]]) == 0)
    #expect(ProfileReport.exitStatus([results[1]], failOn: .warning) == 1)
  }

  @Test func jsonReportParses() throws {
    let r = ProfileChecker.result(try ProfileLibrary.builtIn.profile("drop-shadow-only"))
    let json = ProfileReport.json([r])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(document["schema"] as? String == "captionkit.profile-check")
    #expect(document["schemaVersion"] as? Int == 1)
    let parsed = try #require(document["profiles"] as? [[String: Any]])
    #expect(parsed.first?["verdict"] as? String == "fail")
    let findings = try #require(parsed.first?["findings"] as? [[String: Any]])
    let c01 = try #require(findings.first { $0["rule"] as? String == "CS-C01" })
    let values = try #require(c01["values"] as? [String: Any])
    #expect((values["srgb"] as? Double) == 1.0)
    #expect(c01["severity"] as? String == "error")
  }
}
