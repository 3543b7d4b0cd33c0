import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionStyle

/// Every profile in Profiles/ with its expected verdict and the worst-case numbers of the style
/// reference §4c (WCAG ratio sRGB blend / linear, APCA |Lc| sRGB / linear).
@Suite struct ShippedProfileTests {
  struct Expected: Sendable, CustomStringConvertible {
    let id: String
    let verdict: ProfileVerdict
    let srgb: String
    let linear: String
    let lcSRGB: String
    let lcLinear: String
    /// Rule ids that must be present at warning or error.
    let rules: [String]
    var description: String { id }
  }

  static let table: [Expected] = [
    Expected(id: "cea608-classic", verdict: .pass, srgb: "21.00", linear: "21.00", lcSRGB: "107.9", lcLinear: "107.9", rules: []),
    Expected(id: "webvtt-default", verdict: .warn, srgb: "12.63", linear: "4.20", lcSRGB: "102.0", lcLinear: "74.5", rules: ["CS-C04", "CS-C03"]),
    Expected(id: "high-contrast-yellow", verdict: .pass, srgb: "19.56", linear: "19.56", lcSRGB: "102.7", lcLinear: "102.7", rules: []),
    Expected(id: "large-print", verdict: .pass, srgb: "21.00", linear: "21.00", lcSRGB: "107.9", lcLinear: "107.9", rules: []),
    Expected(id: "uk-broadcast", verdict: .pass, srgb: "21.00", linear: "21.00", lcSRGB: "107.9", lcLinear: "107.9", rules: []),
    Expected(id: "outline-only", verdict: .pass, srgb: "21.00", linear: "21.00", lcSRGB: "107.9", lcLinear: "107.9", rules: []),
    Expected(id: "translucent-box-75", verdict: .warn, srgb: "10.41", linear: "3.50", lcSRGB: "98.2", lcLinear: "68.1", rules: ["CS-C04", "CS-C03"]),
    Expected(id: "translucent-box-50-outline", verdict: .pass, srgb: "21.00", linear: "21.00", lcSRGB: "107.9", lcLinear: "107.9", rules: []),
    Expected(id: "yellow-on-blue", verdict: .pass, srgb: "8.00", linear: "8.00", lcSRGB: "85.5", lcLinear: "85.5", rules: []),
    Expected(id: "black-on-white", verdict: .pass, srgb: "21.00", linear: "21.00", lcSRGB: "106.0", lcLinear: "106.0", rules: []),
    Expected(id: "low-glare-dark", verdict: .pass, srgb: "13.94", linear: "13.94", lcSRGB: "90.3", lcLinear: "90.3", rules: []),
    Expected(id: "drop-shadow-only", verdict: .fail, srgb: "1.00", linear: "1.00", lcSRGB: "0.0", lcLinear: "0.0", rules: ["CS-C01", "CS-C05", "CS-C08"]),
    Expected(id: "fcc-semitransparent-box", verdict: .fail, srgb: "3.98", linear: "1.91", lcSRGB: "72.6", lcLinear: "40.7", rules: ["CS-C01"]),
  ]

  @Test(arguments: table)
  func verdictAndNumbers(_ e: Expected) throws {
    let profile = try ProfileLibrary.builtIn.profile(e.id)
    let result = ProfileChecker.result(profile)
    #expect(result.verdict == e.verdict, "\(e.id): \(result.findings.map(\.description).joined(separator: "\n"))")
    #expect(profile.expectedVerdict == e.verdict)
    let a = ProfileAnalysis(profile)
    let srgb = try #require(a.worst.first { $0.blendSpace == .srgb })
    let linear = try #require(a.worst.first { $0.blendSpace == .linear })
    #expect(NumberFormat.fixed(srgb.ratio, 2) == e.srgb)
    #expect(NumberFormat.fixed(linear.ratio, 2) == e.linear)
    #expect(NumberFormat.lc(srgb.apca) == e.lcSRGB)
    #expect(NumberFormat.lc(linear.apca) == e.lcLinear)
    for r in e.rules {
      #expect(result.findings.contains { $0.ruleID == r && $0.severity >= .warning }, "\(e.id) should report \(r)")
    }
  }

  @Test func everyShippedFileIsInTheTable() throws {
    let lib = ProfileLibrary.builtIn
    #expect(lib.ids.sorted() == Self.table.map(\.id).sorted())
    #expect(lib.ids.count >= 12)
    // At least ten profiles users want that do not fail.
    #expect(Self.table.filter { $0.verdict != .fail }.count >= 10)
  }

  @Test func embeddedProfilesMatchTheProfilesFolder() throws {
    let folder = Corpus.repositoryRoot.appendingPathComponent("Profiles")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    #expect(names == BuiltInProfiles.files.map(\.0))
    for (name, text) in BuiltInProfiles.files {
      let disk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(disk.trimmingCharacters(in: .whitespacesAndNewlines) == text, "\(name) is stale: run Scripts/generate-builtin-profiles.py")
    }
  }

  @Test func failingMessageCarriesBothBlendSpaces() throws {
    let result = ProfileChecker.result(try ProfileLibrary.builtIn.profile("fcc-semitransparent-box"))
    let c01 = try #require(result.findings("CS-C01").first)
    #expect(c01.severity == .error)
    #expect(c01.message.hasPrefix("worst-case contrast 3.98:1 (sRGB blend), 1.91:1 (linear) < 4.5:1"))
    #expect(c01.threshold == 4.5)
    #expect(c01.source.contains("1.4.3"))
  }

  @Test func speakerColoursOfUKBroadcast() throws {
    let result = ProfileChecker.result(try ProfileLibrary.builtIn.profile("uk-broadcast"))
    let f = try #require(result.findings("CS-C12").first)
    #expect(f.severity == .info)
    #expect(NumberFormat.fixed(f.values["#FFFF00"] ?? 0, 2) == "19.56")
    #expect(NumberFormat.fixed(f.values["#00FFFF"] ?? 0, 2) == "16.75")
    #expect(NumberFormat.fixed(f.values["#00FF00"] ?? 0, 2) == "15.30")
  }

  @Test func outlineOnlyPassesByHalo() throws {
    let a = ProfileAnalysis(try ProfileLibrary.builtIn.profile("outline-only"))
    for w in a.worst {
      #expect(w.haloDecides)
      #expect(NumberFormat.fixed(w.plainRatio, 2) == "1.00")
    }
  }
}
