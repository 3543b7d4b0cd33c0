import CaptionCLI
import Foundation
import Testing

/// `validate` with `.captionkit.json` files: each input is judged by the configuration found by
/// walking up from it, whatever the order the inputs are named in.
@Suite struct ConfigurationCommandTests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-cfg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  /// Writes `text` at `name` (folders made as needed) and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func run(_ args: [String]) -> (Int32, String, String) {
    let io = ToolIO.captured()
    let code = CaptionTool.run(args, io: io)
    return (code, io.capturedOut, io.capturedErr)
  }

  /// One cue whose line is 61 characters: a `text.line-length` warning, nothing at error.
  static let longLine = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n" + String(repeating: "a", count: 61) + "\n"

  @Test func eachFileIsJudgedByItsOwnFailOn() throws {
    try file("a/.captionkit.json", #"{"version":1,"failOn":"warning"}"#)
    try file("b/.captionkit.json", #"{"version":1}"#)
    let x = try file("a/x.vtt", Self.longLine)
    let y = try file("b/y.vtt", Self.longLine)
    for order in [[x, y], [y, x]] {
      let (code, out, _) = run(["validate"] + order)
      #expect(code == 1, "\(order)")
      #expect(out.hasSuffix("2 files checked: 0 errors, 4 warnings, 0 info\n"))
    }
    // The failing file carries its own failOn in JSON; the run's is the default.
    let (code, out, _) = run(["validate", "--format", "json", y, x])
    #expect(code == 1)
    let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
    let files = json?["files"] as? [[String: Any]]
    #expect(files?.map { $0["failOn"] as? String } == [nil, "warning"])
    let summary = json?["summary"] as? [String: Any]
    #expect(summary?["failOn"] as? String == "error")
    #expect(summary?["passed"] as? Bool == false)
    // The command line still wins over every configuration.
    #expect(run(["validate", "--fail-on", "error", x, y]).0 == 0)
    #expect(run(["validate", "--strict", y]).0 == 1)
    #expect(run(["validate", y]).0 == 0)
  }

  @Test func eachFileGetsItsOwnProfile() throws {
    try file("p/.captionkit.json", #"{"version":1,"profile":"fcc-semitransparent-box"}"#)
    try file("q/.captionkit.json", #"{"version":1}"#)
    let clean = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nhello\n"
    let p = try file("p/x.vtt", clean)
    let q = try file("q/y.vtt", clean)
    // Whichever comes first, only p's file is checked under p's profile.
    for order in [[q, p], [p, q]] {
      let (code, out, _) = run(["validate"] + order)
      #expect(code == 1, "\(order)")
      let lines = out.split(separator: "\n").map(String.init)
      #expect(lines.filter { $0.hasPrefix(q) }.isEmpty, "\(order)")
      #expect(lines.filter { $0.hasPrefix(p) }.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
        "\(p): error: [style.contrast.worst-case]", "\(p): warning: [style.contrast.apca]",
      ])
      #expect(lines.last == "2 files checked: 1 error, 1 warning, 0 info")
    }
  }

  @Test func misspeltProfileInConfigurationIsAnError() throws {
    let config = try file("m/.captionkit.json", #"{"version":1,"profile":"high-contrast-yelow"}"#)
    let x = try file("m/x.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nhello\n")
    let (code, out, err) = run(["validate", x])
    #expect(code == 2)
    #expect(out.isEmpty)
    #expect(err.hasPrefix("captionkit validate: error: invalid configuration: \(config): $.profile: 'high-contrast-yelow' is neither a TTML profile"))
    // Even when --profile names another one.
    #expect(run(["validate", "--profile", "outline-only", x]).0 == 2)
    // A shipped id and a TTML profile are both accepted.
    try file("m/.captionkit.json", #"{"version":1,"profile":"high-contrast-yellow"}"#)
    #expect(run(["validate", x]).0 == 0)
    try file("m/.captionkit.json", #"{"version":1,"profile":"imsc1.1"}"#)
    #expect(run(["validate", x]).0 == 0)
  }

  /// A path named on the command line that does not exist is an I/O error (exit 2), even when
  /// the configuration's include would leave it out.
  @Test func missingNamedFileIsAnErrorWhateverInclude() throws {
    try file(".captionkit.json", #"{"version":1,"include":["captions/**/*.vtt"]}"#)
    let good = try file("captions/a.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nhello\n")
    let typo = dir.appendingPathComponent("captons/a.vtt").path
    let (code, out, err) = run(["validate", typo])
    #expect(code == 2)
    #expect(err == "\(typo): error: no such file\n")
    #expect(out == "0 files checked: 0 errors, 0 warnings, 0 info; 1 file could not be read\n")
    #expect(run(["validate", typo, good]).0 == 2)
    // An existing file outside include is still left out, as configured.
    let other = try file("notes/b.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nhello\n")
    let (ok, okOut, _) = run(["validate", other, good])
    #expect(ok == 0)
    #expect(okOut == "1 file checked: 0 errors, 0 warnings, 0 info\n")
  }
}
