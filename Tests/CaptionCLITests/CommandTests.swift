import CaptionCLI
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// End-to-end tests of `captionkit validate` and `convert`, run in-process on real files in a
/// temporary folder.
@Suite struct CommandTests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  func file(_ name: String, _ text: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func run(_ args: [String], stdin: [UInt8] = [], env: [String: String] = [:], terminal: Bool = false) -> (Int32, String, String) {
    let io = ToolIO.captured(stdin: stdin, environment: env, terminal: terminal)
    let code = CaptionTool.run(args, io: io)
    return (code, io.capturedOut, io.capturedErr)
  }

  static let positioned = """
    WEBVTT

    intro
    00:00:01.000 --> 00:00:03.500 line:10% position:20% align:start
    <v Anna>Hello <i>there</i></v>

    00:00:04.000 --> 00:00:06.000
    Plain &amp; simple

    """

  /// SRT↔WebVTT conversions to a file are written as they are produced (WebVTT's cues through a
  /// spill file, since the STYLE blocks come first): the file must equal the standard-output
  /// conversion, and no temporary file may be left beside it.
  @Test func streamedFileOutputEqualsStandardOutput() throws {
    var srt = ""
    for k in 0..<3000 {
      let colour = k % 7 == 0 ? "<font color=\"#ffff00\">yellow</font> " : ""
      srt += "\(k + 1)\n00:\(String(format: "%02d", k / 60 % 60)):\(String(format: "%02d", k % 60)),000 --> 00:\(String(format: "%02d", k / 60 % 60)):\(String(format: "%02d", k % 60)),500\n\(colour)line \(k) & more\nsecond line\n\n"
    }
    let input = try file("long.srt", srt)
    for (to, ext, crlf) in [("webvtt", "vtt", false), ("webvtt", "vtt", true), ("srt", "srt", true)] {
      var args = ["convert", input, "--to", to, "--quiet"]
      if crlf { args += ["--line-ending", "crlf"] }
      let (code, out, _) = run(args)
      #expect(code == 0)
      let path = dir.appendingPathComponent("out-\(crlf).\(ext)").path
      #expect(run(args + ["-o", path]).0 == 0)
      let written = try String(contentsOfFile: path, encoding: .utf8)
      #expect(written == out, "\(to) crlf=\(crlf)")
      #expect(written.count > 150_000)
      if to == "webvtt" { #expect(written.hasPrefix(crlf ? "WEBVTT\r\n\r\nSTYLE\r\n" : "WEBVTT\n\nSTYLE\n")) }
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test func convertChecksTheOutputFolderBeforeConverting() throws {
    let input = try file("in.vtt", Self.positioned)
    let (code, out, err) = run(["convert", input, dir.appendingPathComponent("missing/out.srt").path])
    #expect(code == 2)
    #expect(out.isEmpty)
    // Only the error: no loss report for a conversion that was never written.
    #expect(err.split(separator: "\n").count == 1)
    #expect(err.contains("missing/out.srt: the folder") && err.contains("does not exist"))
  }

  @Test func validateCleanFileExitsZero() throws {
    let path = try file("ok.vtt", Self.positioned)
    let (code, out, _) = run(["validate", path])
    #expect(code == 0)
    #expect(out.hasSuffix("1 file checked: 0 errors, 0 warnings, 0 info\n"))
  }

  @Test func validateReportsLineAndColumnAndExitsOne() throws {
    let path = try file("bad.srt", "1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nbackwards\n")
    let (code, out, _) = run(["validate", path])
    #expect(code == 1)
    #expect(out.contains("\(path):6:1: error: [srt.timing.end-before-start]"))
  }

  /// A `.dfxp` output holds DFXP unless `--flavor` says otherwise; `.ttml` the default IMSC 1.1.
  @Test func dfxpExtensionWritesDFXP() throws {
    let src = try file("in.vtt", Self.positioned)
    let dfxp = dir.appendingPathComponent("out.dfxp").path, ttml = dir.appendingPathComponent("out.ttml").path
    #expect(run(["convert", src, dfxp]).0 == 0)
    #expect(run(["convert", src, ttml]).0 == 0)
    let d = try String(contentsOfFile: dfxp, encoding: .utf8), t = try String(contentsOfFile: ttml, encoding: .utf8)
    #expect(d.contains("ttp:profile=") && !d.contains("imsc1.1"))
    #expect(t.contains("imsc1.1/text"))
    let forced = dir.appendingPathComponent("imsc.dfxp").path
    #expect(run(["convert", src, forced, "--flavor", "imsc1.1"]).0 == 0)
    #expect(try String(contentsOfFile: forced, encoding: .utf8).contains("imsc1.1/text"))
  }

  /// `validate` checks IMSC Text Profile documents against the render model; `convert` does not.
  @Test func validateChecksTheIMSCRenderModel() throws {
    let kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆ"
    let path = try file("hrm.ttml", """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text" xml:lang="ja"><head><layout>\
      <region xml:id="r0" tts:origin="0% 0%" tts:extent="100% 100%"/></layout></head>\
      <body region="r0"><div><p begin="0s" end="5s" tts:fontSize="185%">\(kana)</p></div></body></tt>
      """)
    let (code, out, _) = run(["validate", "--no-lint", path])
    #expect(code == 1)
    #expect(out.contains("\(path):1:"))
    #expect(out.contains("error: [ttml.hrm.paint-time] IMSC-HRM: the presentation at 0.000 s takes 1.021 s to paint"))
    let (_, _, err) = run(["convert", path, "--to", "webvtt", "-o", "-"])
    #expect(!err.contains("ttml.hrm"))
  }

  @Test func strictCountsWarnings() throws {
    let path = try file("dot.srt", "1\n00:00:01.000 --> 00:00:02,000\ntext\n")
    let (plain, out, _) = run(["validate", path])
    #expect(plain == 0)
    #expect(out.contains("warning: [srt.timing.period-separator]"))
    #expect(run(["validate", "--strict", path]).0 == 1)
    #expect(run(["validate", "--fail-on", "warning", path]).0 == 1)
    #expect(run(["validate", "--fail-on", "bogus", path]).0 == 2)
  }

  @Test func validateJSONReport() throws {
    let path = try file("bad.srt", "1\n00:00:05,000 --> 00:00:04,000\nbackwards\n")
    let (code, out, _) = run(["validate", "--format", "json", path])
    #expect(code == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    #expect(json["schema"] as? String == "captionkit.validate")
    #expect(json["schemaVersion"] as? Int == 1)
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files[0]["format"] as? String == "srt")
    #expect(files[0]["cueCount"] as? Int == 1)
    let diags = try #require(files[0]["diagnostics"] as? [[String: Any]])
    let d = try #require(diags.first { $0["code"] as? String == "srt.timing.end-before-start" })
    #expect(d["severity"] as? String == "error")
    #expect(d["line"] as? Int == 2)
    #expect(d["column"] as? Int == 1)
    let summary = try #require(json["summary"] as? [String: Any])
    #expect(summary["passed"] as? Bool == false)
    #expect(summary["errors"] as? Int == 1)
  }

  @Test func validateWalksFoldersAndDetectsByContent() throws {
    _ = try file("a.vtt", Self.positioned)
    // An SRT file with a misleading extension is still read as SRT.
    _ = try file("b.txt.srt", "1\n00:00:01,000 --> 00:00:02,000\nok\n")
    _ = try file("c.vtt", "1\n00:00:01,000 --> 00:00:02,000\nSRT content in a .vtt file\n")
    let (code, out, _) = run(["validate", "--format", "json", dir.path])
    // The .vtt without the WEBVTT signature is read as SRT, but fails: browsers reject it.
    #expect(code == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.map { $0["format"] as? String } == ["webvtt", "srt", "srt"])
    let codes = files.map { (($0["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["severity"] as? String == "error" ? $0["code"] as? String : nil } }
    #expect(codes == [[], [], ["core.format.extension-mismatch"]])
  }

  @Test func convertReportsEveryLossPerCue() throws {
    let input = try file("in.vtt", Self.positioned)
    let output = dir.appendingPathComponent("out.srt").path
    let (code, _, err) = run(["convert", input, output])
    #expect(code == 0)
    #expect(err.contains("srt.write.position-dropped"))
    #expect(err.contains("cue 1"))
    #expect(err.contains("\(input):4:1:"))
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written.hasPrefix("1\n00:00:01,000 --> 00:00:03,500\n"))
    #expect(written.contains("Plain & simple"))
    #expect(run(["convert", "--fail-on-loss", input, output]).0 == 1)
    // Nothing is left behind but the output.
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["in.vtt", "out.srt"])
  }

  /// A cue the reader had to skip never reaches the output: with --fail-on-loss that is a loss
  /// (exit 1), on the streamed (SRT to WebVTT) and the whole-document (to TTML, JSON) paths.
  @Test func failOnLossCountsWhatTheReaderSkipped() throws {
    let input = try file("skip.srt", "1\n00:00:01,000 --> 00:00:02,000\nhi\n\n2\n00:00:03,000 --> 00:00:0x,000\nlost cue\n")
    for to in ["vtt", "srt", "ttml", "json"] {
      let (plain, out, err) = run(["convert", input, "--to", to])
      #expect(plain == 0, "\(to)")
      #expect(!out.contains("lost cue"))
      #expect(err.hasPrefix("\(input):6:1: error: [srt.timing.invalid] \"00:00:03,000 --> 00:00:0x,000\" is not a valid timing line; the block is skipped\n"), "\(to): \(err)")
      #expect(run(["convert", "--fail-on-loss", input, "--to", to]).0 == 1, "\(to)")
    }
    // A clean SRT file converted without loss still passes.
    let clean = try file("clean.srt", "1\n00:00:01,000 --> 00:00:02,000\nhi\n")
    #expect(run(["convert", "--fail-on-loss", clean, "--to", "vtt"]).0 == 0)
  }

  /// `convert - FILE < FILE`: standard input has no path, so the open file itself (device and
  /// inode) is compared with the output, a hard link to it included.
  @Test func convertNeverOverwritesStandardInput() throws {
    let text = "1\n00:00:01,000 --> 00:00:02,000\nkeep me\n"
    let input = try file("stdin.srt", text)
    let link = dir.appendingPathComponent("link.srt").path
    try FileManager.default.linkItem(atPath: input, toPath: link)
    for out in [input, link] {
      let io = ToolIO.captured(stdinFile: input)
      #expect(CaptionTool.run(["convert", "-", out, "--to", "srt"], io: io) == 2)
      #expect(io.capturedErr == """
        captionkit convert: error: refusing to overwrite '\(out)': it is the file standard input reads from; choose another output path
        Run 'captionkit convert --help' for usage.

        """)
      #expect(io.capturedOut.isEmpty)
      #expect(try String(contentsOfFile: input, encoding: .utf8) == text)
    }
    // Another file is written as usual.
    let other = dir.appendingPathComponent("other.vtt").path
    #expect(CaptionTool.run(["convert", "-", other], io: ToolIO.captured(stdinFile: input)) == 0)
    #expect(try String(contentsOfFile: other, encoding: .utf8) == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nkeep me\n\n")
  }

  @Test func convertNeverOverwritesItsInput() throws {
    let input = try file("same.srt", "1\n00:00:01,000 --> 00:00:02,000\nkeep me\n")
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let (code, _, err) = run(["convert", input, input])
    #expect(code == 2)
    #expect(err.contains("refusing to overwrite the input file"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    // Also through a different spelling of the same path.
    let other = dir.path + "/./same.srt"
    #expect(run(["convert", input, other, "--to", "srt"]).0 == 2)
  }

  /// `out.vtt/` names a folder: no file called `out.vtt` may appear.
  @Test func convertRefusesAFolderPathAsOutput() throws {
    let input = try file("in.srt", "1\n00:00:01,000 --> 00:00:02,000\nhi\n")
    let (code, _, err) = run(["convert", input, dir.path + "/out.vtt/"])
    #expect(code == 2)
    #expect(err.contains("out.vtt/: names a folder; give the output file's name"))
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/out.vtt"))
  }

  @Test func convertStdinToStdoutAndJSON() throws {
    let (code, out, _) = run(["convert", "-", "--to", "vtt"], stdin: Array("1\n00:00:01,500 --> 00:00:02,000\n<i>hi</i>\n".utf8))
    #expect(code == 0)
    #expect(out == "WEBVTT\n\n1\n00:00:01.500 --> 00:00:02.000\n<i>hi</i>\n\n")
    let (jcode, json, _) = run(["convert", "-", "--to", "json"], stdin: Array(Self.positioned.utf8))
    #expect(jcode == 0)
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(doc["schema"] as? String == "captionkit.document")
    let cues = try #require(doc["cues"] as? [[String: Any]])
    #expect(cues.count == 2)
    #expect(cues[0]["id"] as? String == "intro")
    #expect(cues[0]["start"] as? Double == 1.0)
    #expect(cues[0]["end"] as? Double == 3.5)
    #expect(cues[0]["line"] as? Double == 10)
    #expect(cues[0]["snapToLines"] as? Bool == false)
    #expect(cues[0]["position"] as? Double == 20)
    #expect(cues[0]["align"] as? String == "start")
    #expect(cues[0]["text"] as? String == "Hello there")
    #expect(cues[1]["line"] as? String == "auto")
    #expect(cues[1]["text"] as? String == "Plain & simple")
    let tree = try #require(cues[0]["tree"] as? [[String: Any]])
    #expect(tree.first?["type"] as? String == "voice")
    #expect(tree.first?["name"] as? String == "Anna")
  }

  @Test func colourOnlyOnTerminalsWithoutNoColor() throws {
    let path = try file("bad.srt", "1\n00:00:05,000 --> 00:00:04,000\nx\n")
    #expect(run(["validate", path], terminal: true).1.contains("\u{1B}[1;31merror"))
    #expect(!run(["validate", path], env: ["NO_COLOR": "1"], terminal: true).1.contains("\u{1B}["))
    #expect(!run(["validate", path]).1.contains("\u{1B}["))
  }

  @Test func unreadableInputsExitTwoButOthersAreStillChecked() throws {
    let good = try file("good.srt", "1\n00:00:01,000 --> 00:00:02,000\nok\n")
    let (code, out, err) = run(["validate", good, dir.appendingPathComponent("missing.srt").path])
    #expect(code == 2)
    #expect(err.contains("missing.srt: error: no such file"))
    #expect(!err.contains("captionkit validate: error"))
    // The unreadable file is not counted as checked.
    #expect(out.contains("1 file checked") && out.contains("; 1 file could not be read"))
  }

  @Test func limitsNameTheFlagThatRaisesThem() throws {
    let deep = String(repeating: "<b>", count: 40) + "x" + String(repeating: "</b>", count: 40)
    let path = try file("deep.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(deep)\n")
    let (code, out, _) = run(["validate", "--no-lint", "--max-nesting-depth", "8", path])
    #expect(code == 0)
    #expect(out.contains("\(path):4:"))
    #expect(out.contains("warning: [webvtt.cuetext.nesting-too-deep] "))
    #expect(out.contains("--max-nesting-depth"))
    #expect(run(["validate", "--no-lint", path]).1.contains("0 warnings"))

    var many = ""
    for k in 0..<30 { many += "\(k + 1)\n00:00:0\(k % 9 + 1).000 --> 00:00:00,000\nx\n\n" }
    let srt = try file("many.srt", many)
    let (_, out2, _) = run(["validate", "--no-lint", "--max-diagnostics", "5", srt])
    #expect(out2.contains("[core.diagnostics.limit-reached]"))
    #expect(out2.contains("--max-diagnostics"))
    #expect(run(["validate", "--max-diagnostics", "0", srt]).0 == 2)
    #expect(run(["validate", "--max-nesting-depth", "x", srt]).0 == 2)
  }

  /// A line over `--max-line-length` is reported once, with its line, and still read whole
  /// (also on the timing line, and in a WebVTT header line).
  @Test func longLinesAreReportedAndKept() throws {
    let long = String(repeating: "é", count: 100)  // 200 bytes
    let srt = try file("long.srt", "1\n00:00:01,000 --> 00:00:02,000\n\(long)\nshort\n\n2\n00:00:03,000 --> 00:00:04,000 \(long)\nx\n")
    let (code, out, _) = run(["validate", "--no-lint", "--max-line-length", "150", srt])
    #expect(code == 0)
    #expect(out.contains("\(srt):3:1: warning: [srt.line.too-long] line is 200 bytes long, over the 150-byte line limit; it is read whole (raise the limit with --max-line-length)"))
    #expect(out.contains("\(srt):7:1: warning: [srt.line.too-long] line is 230 bytes long"))
    #expect(out.components(separatedBy: "srt.line.too-long").count == 3)
    #expect(!run(["validate", "--no-lint", srt]).1.contains("too-long"))
    let converted = run(["convert", "--to", "vtt", "-o", "-", "--max-line-length", "150", srt])
    #expect(converted.1.contains("\(long)\nshort"))

    let vtt = try file("long.vtt", "WEBVTT \(long)\n\n00:00:01.000 --> 00:00:02.000\n\(long)\n")
    let out2 = run(["validate", "--no-lint", "--max-line-length", "150", vtt]).1
    #expect(out2.contains("\(vtt):1:1: warning: [webvtt.line.too-long] line is 207 bytes long"))
    #expect(out2.contains("\(vtt):4:1: warning: [webvtt.line.too-long] line is 200 bytes long"))
    #expect(out2.components(separatedBy: "webvtt.line.too-long").count == 3)
    #expect(run(["validate", "--max-line-length", "-1", vtt]).0 == 2)
  }

  /// A `.txt` file that is not captions is "cannot tell the format", not "transcripts are
  /// write only" (the extension names the transcript writer).
  @Test func unknownTextFileSaysTheFormatIsUnknown() throws {
    let path = try file("notes.txt", "hello\n")
    let (code, _, err) = run(["validate", path])
    #expect(code == 2)
    #expect(err.contains("\(path): error: cannot tell the caption format from the content (name it with --from)"))
  }

  /// Style profile and configuration files over 1 MiB are refused with the limit named, not
  /// read whole.
  @Test func oversizedProfileAndConfigurationAreRefused() throws {
    let big = String(repeating: " ", count: (1 << 20) + 1)
    let profile = try file("big-profile.json", "[" + big + "]")
    let vtt = try file("ok.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi\n")
    let (code, _, err) = run(["validate", "--profile", profile, vtt])
    #expect(code == 2)
    #expect(err.contains("error: \(profile): cannot read: the file is 1048579 bytes, over the 1048576-byte limit for a style profile file"), "\(err)")
    let config = try file("big.json", "{" + big + "}")
    let (code2, _, err2) = run(["validate", "--config", config, vtt])
    #expect(code2 == 2)
    #expect(err2.contains("$: the file is 1048579 bytes, over the 1048576-byte limit for a configuration file"), "\(err2)")
  }

  /// TTML's XML parser limits each have a flag, and their diagnostics name it.
  @Test func xmlLimitsHaveFlags() throws {
    let tt = #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>"#
    var ps = ""
    for k in 0..<30 { ps += #"<p begin="\#(k)s" end="\#(k + 1)s">x</p>"# }
    let many = try file("many.ttml", tt + ps + "</div></body></tt>")
    let (code, out, _) = run(["validate", "--no-lint", "--max-xml-elements", "10", many])
    #expect(code == 1)
    #expect(out.contains("[ttml.xml.too-many-elements] the document has more than 10 elements"))
    #expect(out.contains("(raise it with --max-xml-elements)"))
    #expect(!run(["validate", "--no-lint", many]).1.contains("too-many-elements"))

    let long = try file("long.ttml", tt + #"<p begin="0s" end="1s" xml:id="\#(String(repeating: "a", count: 300))">x</p></div></body></tt>"#)
    let out2 = run(["convert", "--to", "vtt", "-o", "-", "--max-attribute-length", "100", long])
    #expect(out2.2.contains("attribute value longer than 100 bytes; the rest is ignored (raise it with --max-attribute-length)"))

    let entities = "<?xml version=\"1.0\"?>\n<!DOCTYPE tt [<!ENTITY a \"\(String(repeating: "x", count: 1000))\">]>\n"
    let ent = try file("ent.ttml", entities + tt + #"<p begin="0s" end="1s">\#(String(repeating: "&a;", count: 30))</p></div></body></tt>"#)
    let out3 = run(["validate", "--no-lint", "--max-entity-expansion", "5000", ent]).1
    #expect(out3.contains("[ttml.xml.entity-expansion-limit]") && out3.contains("(raise it with --max-entity-expansion)"))
    #expect(!run(["validate", "--no-lint", ent]).1.contains("entity-expansion-limit"))

    var attrs = ""
    for k in 0..<20 { attrs += #" a\#(k)="1""# }
    let crowded = try file("crowded.ttml", tt + #"<p begin="0s" end="1s"\#(attrs)>x</p></div></body></tt>"#)
    let out4 = run(["validate", "--no-lint", "--max-xml-attributes", "10", crowded]).1
    #expect(out4.contains("[ttml.xml.too-many-attributes]") && out4.contains("(raise it with --max-xml-attributes)"))
    // A div's long ttm:role is not repeated in each of its 30 cues unless the limit is raised.
    let role = String(repeating: "r", count: 5_000)
    let roleTT = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xml:lang="en"><body><div ttm:role="x-\#(role)">"#
    let roled = try file("role.ttml", roleTT + ps + "</div></body></tt>")
    let out5 = run(["convert", "--to", "json", "-o", "-", roled])
    #expect(out5.0 == 0)
    #expect(out5.2.contains("role.ttml:1:106: error: [ttml.content.cue-attributes-too-long] ttm:role (5010 bytes) is dropped"), "\(out5.2)")
    #expect(out5.2.contains("(raise the limit with --max-cue-attribute-text)"))
    #expect(!out5.1.contains("rrrr"))
    let out6 = run(["convert", "--to", "json", "-o", "-", "--max-cue-attribute-text", "8192", roled])
    #expect(out6.1.components(separatedBy: role).count == 31)
    #expect(!out6.2.contains("cue-attributes-too-long"))
    for flag in ["--max-xml-elements", "--max-xml-attributes", "--max-attribute-length", "--max-entity-expansion", "--max-cue-attribute-text"] {
      #expect(run(["validate", flag, "0", many]).0 == 2, "\(flag) 0")
    }
    // Int.max means no limit and must not trap; entity expansion is capped at 256 MiB.
    for flag in ["--max-xml-elements", "--max-xml-attributes", "--max-attribute-length"] {
      #expect(run(["validate", "--no-lint", flag, "9223372036854775807", many]).0 == 0, "\(flag) max")
    }
    #expect(run(["validate", "--no-lint", "--max-entity-expansion", "268435456", ent]).0 == 0)
    let tooMuch = run(["validate", "--max-entity-expansion", "9223372036854775807", ent])
    #expect(tooMuch.0 == 2)
    #expect(tooMuch.2.contains("--max-entity-expansion takes at most 268435456 bytes"))
  }

  /// `--max-diagnostics` changes what is listed, never the findings behind the exit code: a
  /// lint finding the reader already reported stays dropped when the reader's diagnostic was
  /// cut by the cap (20 zero-duration and 20 text-less cues; the lint rules are an error and a
  /// warning, the reader's diagnostics a warning and an info). And any cap is accepted, up to
  /// `Int.max` (the streamed lint once doubled it and overflowed).
  @Test func diagnosticsCapDoesNotChangeFindings() throws {
    var srt = "", vtt = "WEBVTT\n\n"
    for k in 0..<40 {
      let t = String(format: "00:00:%02d", k)
      let text = k < 20 ? "hello\n" : ""
      srt += "\(k + 1)\n\(t),000 --> \(t),\(k < 20 ? "000" : "500")\n\(text)\n"
      vtt += "\(t).000 --> \(t).\(k < 20 ? "000" : "500")\n\(text)\n"
    }
    for (name, text) in [("cap.srt", srt), ("cap.vtt", vtt)] {
      let path = try file(name, text)
      for failOn in ["error", "warning", "info"] {
        let whole = run(["validate", "--fail-on", failOn, path])
        for cap in ["1", "5", "39", "9223372036854775807"] {
          let capped = run(["validate", "--fail-on", failOn, "--max-diagnostics", cap, path])
          #expect(capped.0 == whole.0, "\(name) --fail-on \(failOn) --max-diagnostics \(cap): \(capped.1)")
          #expect(!capped.1.contains("lint.timing.end-before-start") && !capped.1.contains("lint.text.empty-cue"), "\(name) \(cap)")
        }
      }
      #expect(run(["validate", "--fail-on", "warning", path]).0 == 1)
      #expect(run(["validate", path]).0 == (name.hasSuffix(".vtt") ? 1 : 0))  // WebVTT: end-not-after-start is an error
    }
  }

  /// --no-lint checks the format's rules only: the legibility of the file's own styles (a
  /// quality check, an error for TTML text with no background) is left out too, unless a style
  /// profile is named. A spec-valid IMSC document failed `validate --no-lint` on its colours.
  @Test func noLintLeavesOutStyleLegibility() throws {
    let ttml = try file("yellow.ttml", """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
      <body><div><p begin="1s" end="2s" tts:color="yellow">Hi</p></div></body></tt>
      """)
    let plain = run(["validate", ttml])
    #expect(plain.0 == 1 && plain.1.contains("[style.contrast.worst-case-video]"))
    let formatOnly = run(["validate", "--no-lint", ttml])
    #expect(formatOnly.0 == 0 && !formatOnly.1.contains("style."), "\(formatOnly.1)")
    #expect(run(["validate", "--no-lint", "--profile", "drop-shadow-only", ttml]).1.contains("style."))
  }

  /// A `core.diagnostics.limit-reached` line stands for the findings it did not list: the
  /// totals (text summary, JSON summary) are the same whatever the cap, by severity.
  @Test func capCountsTheFindingsItDidNotList() throws {
    let broken = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Samples/broken.srt").path
    var long = "WEBVTT\n\n"
    for k in 0..<9 { long += String(format: "00:00:%02d.000 --> 00:00:%02d.000\n", k * 6, k * 6 + 5) + (k % 2 == 0 ? String(repeating: "x", count: 50) : "short") + "\n\n" }
    let lint = try file("lint.vtt", long)
    for (args, expected) in [
      (["--no-lint", broken], "1 file checked: 3 errors, 11 warnings, 8 info"),
      ([lint], "1 file checked: 0 errors, 5 warnings, 0 info"),
    ] {
      #expect(run(["validate", "--max-diagnostics", "100000"] + args).1.hasSuffix(expected + "\n"))
      for cap in ["1", "2", "4"] {
        let (code, out, _) = run(["validate", "--max-diagnostics", cap] + args)
        #expect(out.hasSuffix("\n" + expected + "\n"), "\(args) cap \(cap): \(out)")
        #expect(out.contains("[core.diagnostics.limit-reached]"))
        #expect(code == (args[0] == "--no-lint" ? 1 : 0))
        let json = try JSONSerialization.jsonObject(with: Data(run(["validate", "--format", "json", "--max-diagnostics", cap] + args).1.utf8)) as? [String: Any]
        let summary = json?["summary"] as? [String: Any]
        let counts = [summary?["errors"], summary?["warnings"], summary?["infos"]].map { $0 as? Int }
        #expect("1 file checked: \(counts[0] ?? -1) errors, \(counts[1] ?? -1) warnings, \(counts[2] ?? -1) info" == expected)
      }
    }
  }

  /// Files that could not be read are files with errors in the JSON summary.
  @Test func unreadableFilesCountAsFilesWithErrors() throws {
    let missing = dir.appendingPathComponent("missing.vtt").path
    let (code, out, _) = run(["validate", "--format", "json", missing, dir.appendingPathComponent("gone.srt").path])
    #expect(code == 2)
    let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
    let summary = json?["summary"] as? [String: Any]
    #expect(summary?["files"] as? Int == 2)
    #expect(summary?["filesWithErrors"] as? Int == 2)
    #expect(summary?["errors"] as? Int == 0)
    #expect(summary?["passed"] as? Bool == false)
  }

  /// `--report FORMAT=-` writes to standard output (no file named `-`); a report path that
  /// cannot be written fails before the run (exit 2, nothing checked or printed).
  @Test func reportToStandardOutputAndBadReportPaths() throws {
    let clean = try file("r.vtt", Self.positioned)
    let cwd = FileManager.default.currentDirectoryPath
    let (code, out, err) = run(["validate", "--report", "json=-", clean])
    #expect(code == 0)
    // The report alone is on standard output (it parses); the listing moves to standard error.
    #expect(out.hasPrefix("{\n"))
    #expect(out.contains("\"schema\" : \"captionkit.validate\""))
    #expect(err == "1 file checked: 0 errors, 0 warnings, 0 info\n")
    #expect(!FileManager.default.fileExists(atPath: cwd + "/-"))
    // So does a baseline written to `-`; two documents cannot share standard output.
    let baseline = run(["validate", "--write-baseline", "-", clean])
    #expect(baseline.0 == 0)
    #expect((try? JSONSerialization.jsonObject(with: Data(baseline.1.utf8))) != nil, "\(baseline.1)")
    #expect(!FileManager.default.fileExists(atPath: cwd + "/-"))
    #expect(run(["validate", "--format", "json", "--report", "sarif=-", clean]).0 == 2)
    #expect(run(["validate", "--report", "json=-", "--write-baseline", "-", clean]).0 == 2)
    let missingFolder = dir.appendingPathComponent("nope/report.json").path
    for (report, message) in [
      ("json=" + missingFolder, "captionkit validate: error: \(missingFolder): the folder \(dir.appendingPathComponent("nope").path) does not exist\n"),
      ("sarif=" + clean, "captionkit validate: error: refusing to overwrite the input file '\(clean)'; choose another output path\nRun 'captionkit validate --help' for usage.\n"),
    ] {
      let (code, out, err) = run(["validate", "--report", report, clean])
      #expect(code == 2, "\(report)")
      #expect(out.isEmpty, "\(report)")
      #expect(err == message, "\(report)")
    }
    #expect(try String(contentsOfFile: clean, encoding: .utf8) == Self.positioned)
  }

  /// A path with control characters cannot forge an error line: I/O errors, `--report text=`
  /// and fix's messages escape it as diagnostics do.
  @Test func controlCharactersInPathsAreEscapedInErrorLines() throws {
    let forged = dir.appendingPathComponent("nl/x\ny.vtt: error: fake\nz.vtt").path
    let shown = forged.replacingOccurrences(of: "\n", with: "\\n")
    let (code, out, err) = run(["validate", forged])
    #expect(code == 2)
    #expect(err == "\(shown): error: no such file\n")
    #expect(out == "0 files checked: 0 errors, 0 warnings, 0 info; 1 file could not be read\n")
    // A real file with an escape character in its name, with a finding, in a text report.
    let name = dir.appendingPathComponent("e\u{1B}[2Jx.srt").path
    try Data("1\n00:00:02,000 --> 00:00:01,000\nhi\n".utf8).write(to: URL(fileURLWithPath: name))
    let report = dir.appendingPathComponent("report.txt").path
    #expect(run(["validate", "--report", "text=" + report, name, forged]).0 == 2)
    let text = try String(contentsOfFile: report, encoding: .utf8)
    let escapedName = name.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
      "\(escapedName):2:1: error: [srt.timing.end-before-start] the end time 0:00:01.000 is before the start time 0:00:02.000",
      "\(shown): error: no such file",
      "1 file checked: 1 error, 0 warnings, 0 info; 1 file could not be read", "",
    ])
    #expect(!text.contains("\u{1B}"))
    let fix = run(["fix", "--dry-run", name])
    #expect(!fix.2.contains("\u{1B}"), "\(fix.2)")
    #expect(fix.2.hasPrefix(escapedName + ": "), "\(fix.2)")
    // The dry run's diff headers name the file escaped too.
    let fixable = dir.appendingPathComponent("f\u{1B}[2Jx.srt").path
    try Data("1\n00:00:01,000 --> 00:00:02,000\nhi   \n".utf8).write(to: URL(fileURLWithPath: fixable))
    let dry = run(["fix", "--dry-run", fixable])
    let escapedFixable = fixable.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
    #expect(dry.1.hasPrefix("--- a/\(escapedFixable)\n+++ b/\(escapedFixable)\n"), "\(dry)")
    #expect(!dry.1.contains("\u{1B}"), "\(dry)")
  }

  /// Input whose size is not announced (a device, standard input) is read only up to the
  /// limit: `/dev/zero` used to be read until memory ran out.
  @Test func unannouncedInputStopsAtTheLimit() {
    let zero = run(["validate", "--max-file-size", "1000", "/dev/zero"])
    #expect(zero.0 == 2)
    #expect((zero.1 + zero.2).contains("/dev/zero: error: input is over the 1000-byte limit; reading stopped there (raise it with --max-file-size)"), "\(zero)")
    let stdin = run(["validate", "--max-file-size", "1000", "-"], stdin: [UInt8](repeating: 0x41, count: 5000))
    #expect(stdin.0 == 2)
    #expect(run(["validate", "--max-file-size", "1000", "-"], stdin: Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8)).0 == 0)
  }

  /// Text quoted from a file cannot start a report line of its own (a forged finding, or a
  /// GitHub workflow command in a CI log): line breaks and escape characters are escaped.
  @Test func quotedTextStaysOnItsLine() throws {
    let path = try file("nl.ttml", """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en"><body><div>\
      <p begin="0s" end="1s" tts:color="red&#10;::error file=x::injected&#10;&#27;[31m">hi</p></div></body></tt>
      """)
    let (_, out, err) = run(["validate", path])
    let lines = (out + err).split(separator: "\n")
    #expect(!lines.contains { $0.hasPrefix("::error") }, "\(out)")
    #expect(!(out + err).contains("\u{1B}"))
    #expect((out + err).contains("\\n::error file=x::injected\\n"), "\(out)")
  }

  /// A named folder with nothing to check fails the run when nothing else is found.
  @Test func emptyFolderIsAnErrorNotAPass() throws {
    let empty = dir.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let (code, _, err) = run(["validate", empty.path])
    #expect(code == 2)
    #expect(err == "captionkit validate: error: \(empty.path): no caption or media files found\n")
    #expect(run(["fix", empty.path]).0 == 2)
    // Beside files that are found (a shell glob `subs/*` names a fonts folder too), an empty
    // folder is a warning and the files are checked.
    let clean = try file("clean.vtt", Self.positioned)
    for args in [["validate", empty.path, clean], ["validate", clean, empty.path], ["fix", "--dry-run", clean, empty.path]] {
      let (code, _, err) = run(args)
      #expect(code == 0, "\(args)")
      #expect(err.hasPrefix("captionkit \(args[0]): warning: \(empty.path): no \(args[0] == "fix" ? "caption files" : "caption or media files") found\n"), "\(args) \(err)")
    }
    #expect(try String(contentsOfFile: clean, encoding: .utf8) == Self.positioned)
  }

  /// A folder walk skips hidden folders as it skips hidden files; one named on the command line
  /// is walked.
  @Test func folderWalkSkipsHiddenFolders() throws {
    let walk = dir.appendingPathComponent("walk")
    try FileManager.default.createDirectory(at: walk.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    let seen = walk.appendingPathComponent("a.vtt").path
    let hidden = walk.appendingPathComponent(".hidden/h.vtt").path
    try Data(Self.positioned.utf8).write(to: URL(fileURLWithPath: seen))
    try Data(Self.positioned.utf8).write(to: URL(fileURLWithPath: hidden))
    try Data(Self.positioned.utf8).write(to: walk.appendingPathComponent(".dot.vtt"))
    let (code, out, _) = run(["validate", "--format", "json", walk.path])
    #expect(code == 0)
    let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
    #expect((json?["files"] as? [[String: Any]])?.map { $0["path"] as? String } == [seen])
    let named = run(["validate", "--format", "json", walk.appendingPathComponent(".hidden").path])
    #expect(named.0 == 0)
    let namedJSON = try JSONSerialization.jsonObject(with: Data(named.1.utf8)) as? [String: Any]
    #expect((namedJSON?["files"] as? [[String: Any]])?.map { $0["path"] as? String } == [hidden])
  }

  /// A folder walk keeps regular files only: a FIFO named `b.srt` used to block `validate` and
  /// `fix` until something wrote to it.
  @Test func folderWalkSkipsFIFOs() throws {
    let walk = dir.appendingPathComponent("fifo")
    try FileManager.default.createDirectory(at: walk, withIntermediateDirectories: true)
    let seen = walk.appendingPathComponent("a.vtt").path
    try Data(Self.positioned.utf8).write(to: URL(fileURLWithPath: seen))
    #expect(mkfifo(walk.appendingPathComponent("b.srt").path, 0o600) == 0)
    let (code, out, _) = run(["validate", "--format", "json", walk.path])
    #expect(code == 0)
    let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
    #expect((json?["files"] as? [[String: Any]])?.map { $0["path"] as? String } == [seen])
    #expect(run(["fix", "--dry-run", walk.path]).0 == 0)
  }

  /// Reading errors and not one cue: the output is not written (an existing one stays as it
  /// was) and the run exits 2, on the streaming path (WebVTT→SRT) and the other (TTML→SRT).
  @Test func convertRefusesWhenNothingCouldBeRead() throws {
    let good = "1\n00:00:01,000 --> 00:00:02,000\nkeep\n"
    let out = try file("existing.srt", good)
    let garbage = try file("bad.vtt", "garbage\n")
    let html = try file("page.ttml", "<html><body>not found</body></html>")
    for input in [garbage, html] {
      let (code, _, err) = run(["convert", input, out])
      #expect(code == 2, "\(input) \(err)")
      #expect(err.contains("no cue could be read (see the errors above); \(out) was not written"), "\(err)")
      #expect(try String(contentsOfFile: out, encoding: .utf8) == good)
      #expect(run(["convert", input, "--to", "srt"]).1 == "")
    }
    // An empty SRT reads cleanly: it still converts, to an empty WebVTT file. So does a TTML
    // document with no p, whatever conformance errors it has (here no xml:lang).
    let empty = try file("empty.srt", "")
    let (code, stdout, _) = run(["convert", empty, "--to", "webvtt"])
    #expect(code == 0)
    #expect(stdout == "WEBVTT\n\n")
    let bare = try file("bare.ttml", #"<tt xmlns="http://www.w3.org/ns/ttml"><body/></tt>"#)
    let (bareCode, bareOut, bareErr) = run(["convert", bare, "--to", "webvtt"])
    #expect(bareCode == 0)
    #expect(bareOut == "WEBVTT\n\n")
    #expect(bareErr.contains("[ttml.validate.missing-lang]"))
    // SRT text with no cue at all is not SRT; TTML cut off before its first p is refused too.
    let prose = try file("prose.srt", "This is a letter, not captions.\n")
    #expect(run(["convert", prose, "--to", "webvtt"]).0 == 2)
    let cut = try file("cut.ttml", #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>"#)
    #expect(run(["convert", cut, "--to", "srt"]).0 == 2)
    // An empty WebVTT file (no signature: an error) has nothing to lose: it converts to an empty
    // SRT. So does an empty DFXP whose XML declaration follows a blank line (not well-formed,
    // but libxml2 reads on: an empty document).
    let none = try file("none.vtt", "")
    let (noneCode, noneOut, _) = run(["convert", none, "--to", "srt"])
    #expect(noneCode == 0)
    #expect(noneOut == "")
    let late = try file("late.dfxp", "\n<?xml version=\"1.0\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"en\"><body/></tt>\n")
    #expect(run(["convert", late, "--to", "srt"]).0 == 0)
  }

  /// Errors quote what the user or a file gave (an option, a profile's id): their control
  /// characters are escaped, so none can start a forged `::error` line in a CI log.
  @Test func errorsStayOnOneLine() throws {
    let (code, _, err) = run(["validate", "--preset", "x\n::error::forged", try file("a.vtt", Self.positioned)])
    #expect(code == 2)
    #expect(!err.split(separator: "\n").contains { $0.hasPrefix("::error") }, "\(err)")
    #expect(err.contains("x\\n::error::forged"), "\(err)")
  }

  /// `diff`'s text output: a cue with a CRLF and a file name with a line break stay on their lines.
  @Test func diffTextOutputStaysOnItsLines() throws {
    let a = try file("a\n::error::x.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\none\n")
    let b = try file("b.ttml", #"<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div><p begin="1s" end="2s" xml:space="preserve">x&#13;&#10;::error file=a.vtt,line=1::forged</p></div></body></tt>"#)
    let (code, out, _) = run(["diff", a, b])
    #expect(code == 1)
    #expect(!out.split(separator: "\n").contains { $0.hasPrefix("::error") }, "\(out)")
    #expect(out.contains(" / ::error file=a.vtt"), "\(out)")
  }

  @Test func deepMarkupKeepsItsTextInJSON() throws {
    let deep = String(repeating: "<b>", count: 255) + "deep text" + String(repeating: "</b>", count: 255)
    let path = try file("deep.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(deep)\n")
    let (code, out, err) = run(["convert", path, "--to", "json"])
    #expect(code == 0)
    #expect(err.contains("[json.write.tree-flattened] cue 1:"))
    let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let cues = try #require(doc["cues"] as? [[String: Any]])
    #expect(cues.first?["text"] as? String == "deep text")
  }

  @Test func neverReplacesSpecialFiles() throws {
    let input = try file("in.srt", "1\n00:00:01,000 --> 00:00:02,000\nx\n")
    let fifo = dir.appendingPathComponent("pipe.vtt").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let (code, _, err) = run(["convert", input, fifo])
    #expect(code == 2)
    #expect(err.contains("is not a regular file"))
    let type = try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType
    #expect(type != nil && type != .typeRegular)
  }

  /// A link to nothing is named as such (it used to be "not a regular file"), nothing is
  /// created at its target, and a link to a regular file is written through.
  @Test func danglingSymlinkOutputIsNamed() throws {
    let input = try file("in.srt", "1\n00:00:01,000 --> 00:00:02,000\nx\n")
    let link = dir.appendingPathComponent("link.vtt").path
    let missing = dir.appendingPathComponent("missing.vtt").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
    let (code, _, err) = run(["convert", input, link])
    #expect(code == 2)
    #expect(err.contains("link.vtt: is a symbolic link to '\(missing)' whose target cannot be reached"))
    #expect(!FileManager.default.fileExists(atPath: missing))
    let real = try file("real.vtt", "old")
    let good = dir.appendingPathComponent("good.vtt").path
    try FileManager.default.createSymbolicLink(atPath: good, withDestinationPath: real)
    #expect(run(["convert", input, good]).0 == 0)
    #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("WEBVTT"))
  }

  @Test func selfReferencingPlaylistDoesNotRecurse() throws {
    _ = try file("self.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nself.m3u8\n")
    let (code, out, _) = run(["inspect", dir.appendingPathComponent("self.m3u8").path])
    #expect(code == 0 || code == 1)
    #expect(out.contains("self.m3u8"))
  }
}
