import CaptionCLI
import Foundation
import Testing

@Suite struct ProfileCommandTests {
  @Test func checkPrintsNumbersAndExitCodes() {
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", "fcc-semitransparent-box"], io: io) == 1)
    #expect(io.capturedOut.contains("error   CS-C01 worst-case contrast 3.98:1 (sRGB blend), 1.91:1 (linear) < 4.5:1"))
    let ok = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", "cea608-classic", "outline-only"], io: ok) == 0)
    #expect(ok.capturedOut.contains("outline-only: PASS"))
    let strict = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", "--strict", "webvtt-default"], io: strict) == 1)
  }

  /// A profile file holding an empty array defines nothing: an error (exit 2), not a pass.
  @Test func emptyProfileFileIsAnError() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ck-empty-\(UUID().uuidString).json").path
    try Data("[]".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", path], io: io) == 2)
    #expect(io.capturedErr.contains("an empty array"), "\(io.capturedErr)")
  }

  @Test func checkJSON() throws {
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", "--format", "json", "drop-shadow-only"], io: io) == 1)
    let document = try JSONSerialization.jsonObject(with: Data(io.capturedOut.utf8)) as? [String: Any]
    #expect(document?["schema"] as? String == "captionkit.profile-check")
    let parsed = document?["profiles"] as? [[String: Any]]
    #expect(parsed?.first?["verdict"] as? String == "fail")
  }

  @Test func usageAndInvalidProfilesExitTwo() throws {
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", "no-such-profile"], io: io) == 2)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-bad-\(UInt32.random(in: 0...UInt32.max)).json")
    try Data(#"{"schema": "caption-style-profile/1", "id": "bad", "edge": {"width": 2}}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let bad = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", url.path], io: bad) == 2)
    #expect(bad.capturedErr.contains("$.edge.width: 2 is out of range 0…0.25"))
    // The file is named once, and a syntax error is located at file:line:column.
    #expect(bad.capturedErr.components(separatedBy: url.path).count == 2, "\(bad.capturedErr)")
    try Data("{\"schema\": \"caption-style-profile/1\",\n \"id\": bad}".utf8).write(to: url)
    let syntax = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", url.path], io: syntax) == 2)
    #expect(syntax.capturedErr.contains("\(url.path):2:8: not valid JSON: Invalid value"), "\(syntax.capturedErr)")
    #expect(syntax.capturedErr.components(separatedBy: url.path).count == 2)
    #expect(CaptionTool.run(["profile", "export", "cea608-classic", "--to", "pdf"], io: ToolIO.captured()) == 2)
    #expect(CaptionTool.run(["profile"], io: ToolIO.captured()) == 2)
  }

  /// Several issues in one profile: one line each, with the file (they were joined by a
  /// literal `\n`); a value quoted from the file is still escaped.
  @Test func profileIssuesAreOneLineEach() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-issues-\(UUID().uuidString).json")
    try Data(#"{"schema": "x\ny"}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "check", url.path], io: io) == 2)
    let lines = io.capturedErr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(io.capturedErr)")
    #expect(lines.first == "captionkit profile: error: \(url.path): $.schema: \"x\\ny\" is not valid; expected \"caption-style-profile/1\"")
    #expect(lines.dropFirst().first == "\(url.path): $.id: required field is missing")
  }

  @Test func exportAndPreview() throws {
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "export", "translucent-box-75", "--to", "cea708"], io: io) == 0)
    #expect(io.capturedOut.contains("bgOpacity    2 TRANSLUCENT"))
    #expect(io.capturedErr.contains("[style.export.cea708.quantised]"))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-preview-\(UInt32.random(in: 0...UInt32.max)).svg")
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(CaptionTool.run(["profile", "preview", "outline-only", "-o", url.path], io: ToolIO.captured()) == 0)
    let svg = try String(contentsOf: url, encoding: .utf8)
    #expect(svg.contains("White frame: contrast 21.00:1 (sRGB blend), 21.00:1 (linear)"))
    let list = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "list"], io: list) == 0)
    #expect(list.capturedOut.contains("drop-shadow-only"))
    let rules = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "rules"], io: rules) == 0)
    #expect(rules.capturedOut.contains("CS-C01  error    style.contrast.worst-case"))
  }

  /// `export -o` and `preview -o` naming the profile file read must refuse (exit 2) and leave it
  /// as it was, as `convert` refuses to overwrite its input.
  @Test func exportAndPreviewNeverOverwriteTheProfileFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-prof-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("my.json").path
    let json = #"{"schema": "caption-style-profile/1", "id": "mine", "basedOn": "outline-only"}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    for args in [["export", path, "--to", "ttml", "-o", path], ["preview", path, "-o", path]] {
      let io = ToolIO.captured()
      #expect(CaptionTool.run(["profile"] + args, io: io) == 2)
      #expect(io.capturedErr.hasPrefix("captionkit profile: error: refusing to overwrite the input file '\(path)'; choose another output path\n"))
      #expect(try String(contentsOfFile: path, encoding: .utf8) == json)
    }
    // A shipped id is not a file: writing a file of that name is fine.
    let named = dir.appendingPathComponent("outline-only").path
    #expect(CaptionTool.run(["profile", "preview", "outline-only", "-o", named], io: ToolIO.captured()) == 0)
    #expect(FileManager.default.fileExists(atPath: named))
  }

  /// A profile id may hold `--` (`a--b`), which an XML comment may not: the TTML export stays
  /// well-formed.
  @Test func ttmlExportCommentIsWellFormedForAnyID() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ck-dash-\(UUID().uuidString).json").path
    try Data(#"{"schema": "caption-style-profile/1", "id": "a--b---c-", "basedOn": "outline-only"}"#.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["profile", "export", path, "--to", "ttml"], io: io) == 0)
    let lines = io.capturedOut.split(separator: "\n")
    #expect(lines.contains("  <!-- caption style profile a- -b- - -c- -->"))
    #expect(lines.contains { $0.hasPrefix("  <style xml:id=\"a--b---c-\"") })
    for line in lines where line.contains("<!--") {
      let text = line.split(separator: "<!--", maxSplits: 1)[1].dropLast(3)
      #expect(!text.contains("--") && !text.hasSuffix("-"), "\(line)")
    }
  }
}
