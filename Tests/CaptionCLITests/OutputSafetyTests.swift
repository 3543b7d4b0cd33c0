import CaptionCLI
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a run may write and what its exit code says: no output replaces any file the run read
/// (not only the captions), a failed write to standard output is an I/O error, and `diff` and
/// `fix` say what they could not read instead of passing over it.
@Suite struct OutputSafetyTests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  func file(_ name: String, _ text: String) throws -> String {
    let url = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func run(_ args: [String], failingStdout: Int32 = 0) -> (code: Int32, out: String, err: String) {
    let io = ToolIO.captured()
    if failingStdout != 0 { io.failStandardOutput(failingStdout) }
    let code = CaptionTool.run(args, io: io)
    return (code, io.capturedOut, io.capturedErr)
  }

  static let broken = "1\n00:00:02,000 --> 00:00:01,000\nbackwards\n"
  static let clean = "1\n00:00:01,000 --> 00:00:02,000\nhello\n"

  /// `--full-track`, `--baseline`, `--config`, a discovered `.captionkit.json` and a
  /// `--profile` file are inputs too: a report, baseline or conversion aimed at one is refused
  /// (exit 2) and the file keeps its bytes.
  @Test func filesReadBesideTheCaptionsAreNeverReplaced() throws {
    let captions = try file("in.srt", Self.broken)
    let full = try file("full.srt", Self.clean)
    let baseline = dir.appendingPathComponent("base.json").path
    #expect(run(["validate", "--write-baseline", baseline, captions]).code == 0)
    let config = try file("cfg.json", #"{"version": 1}"#)
    let discovered = try file("proj/.captionkit.json", #"{"version": 1}"#)
    _ = try file("proj/a.srt", Self.clean)
    let profile = try file("p.json", String(decoding: try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Profiles/high-contrast-yellow.json").standardizedFileURL), as: UTF8.self))
    // A profile file that a discovered configuration names, read only during the run.
    _ = try file("house/.captionkit.json", #"{"version": 1, "profile": "house.json"}"#)
    let house = try file("house/house.json", try String(contentsOfFile: profile, encoding: .utf8))
    _ = try file("house/a.srt", Self.clean)
    let runs: [(args: [String], protected: String)] = [
      (["validate", "--full-track", full, "--report", "json=" + full, captions], full),
      (["validate", "--baseline", baseline, "--report", "json=" + baseline, captions], baseline),
      (["validate", "--config", config, "--report", "sarif=" + config, captions], config),
      (["validate", "--report", "json=" + discovered, dir.appendingPathComponent("proj").path], discovered),
      (["validate", "--write-baseline", config, "--config", config, captions], config),
      (["convert", captions, "--profile", profile, "--to", "vtt", "-o", profile], profile),
      (["validate", "--report", "json=" + house, dir.appendingPathComponent("house").path], house),
    ]
    for (args, protected) in runs {
      let before = try Data(contentsOf: URL(fileURLWithPath: protected))
      let r = run(args)
      #expect(r.code == 2, "\(args)")
      #expect(r.out.isEmpty, "\(args): refused before the run: \(r.out)")
      #expect(r.err.contains("refusing to overwrite the input file '\(protected)'") || r.err.contains("refusing to overwrite the input file '\(URL(fileURLWithPath: protected).lastPathComponent)'"), "\(args): \(r.err)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: protected)) == before, "\(args)")
    }
  }

  /// An output path goes where the kernel takes it: links first, then `..` (`sub/up/../w`,
  /// `up` a link to `..`, is the input's folder, not `sub/w`).
  @Test func outputPathsResolveAsTheKernelDoes() throws {
    let captions = try file("w/a.srt", Self.clean)
    try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("w/sub").path, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("w/sub/up").path, withDestinationPath: "..")
    let base = dir.appendingPathComponent("w").path
    let clobber = run(["convert", captions, base + "/sub/up/../w/a.srt"])
    #expect(clobber.code == 2)
    #expect(clobber.err.contains("refusing to overwrite the input file"), "\(clobber.err)")
    #expect(try String(contentsOfFile: captions, encoding: .utf8) == Self.clean)
    #expect(run(["convert", captions, base + "/sub/up/../w/b.vtt"]).code == 0)
    #expect(FileManager.default.fileExists(atPath: base + "/b.vtt"))
  }

  /// Two outputs naming one file: the second would replace the first without a word.
  @Test func twoOutputsToOneFileAreRefused() throws {
    let captions = try file("in.srt", Self.broken)
    let report = dir.appendingPathComponent("r.json").path
    let link = dir.appendingPathComponent("link.json").path
    _ = FileManager.default.createFile(atPath: report, contents: Data())
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: report)
    for args in [
      ["validate", "--report", "json=" + report, "--report", "sarif=" + report, captions],
      ["validate", "--report", "json=" + report, "--write-baseline", link, captions],
    ] {
      let r = run(args)
      #expect(r.code == 2, "\(args)")
      #expect(r.err.contains("is given as two outputs; each output needs its own file"), "\(r.err)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: report)).isEmpty)
    // Two new files, one folder reached through a link.
    let folder = dir.appendingPathComponent("d").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("ld").path, withDestinationPath: folder)
    let viaLink = run(["validate", "--report", "json=" + folder + "/r.json", "--report", "sarif=" + dir.appendingPathComponent("ld/r.json").path, captions])
    #expect(viaLink.code == 2)
    #expect(!FileManager.default.fileExists(atPath: folder + "/r.json"))
  }

  /// Output that never reached standard output (a full disk) ends in exit code 2 with the
  /// reason, whatever the command found.
  @Test func failedStandardOutputIsAnIOError() throws {
    let captions = try file("in.srt", Self.clean)
    for args in [["convert", captions, "--to", "vtt"], ["validate", "--format", "json", captions], ["formats"], ["--help"]] {
      let r = run(args, failingStdout: ENOSPC)
      #expect(r.code == 2, "\(args)")
      #expect(r.err.hasSuffix("captionkit: error: cannot write to standard output: No space left on device\n"), "\(args): \(r.err)")
    }
    #expect(run(["convert", captions, "--to", "vtt"]).code == 0)
  }

  /// `diff` compares what was read: content a reader skipped is printed and fails the run
  /// even where the rest matches; a file not read as its format at all cannot be compared; a
  /// blank file is an empty document.
  @Test func diffReportsWhatItCouldNotRead() throws {
    let a = try file("a.srt", Self.clean)
    let b = try file("b.srt", Self.clean + "\n2\n00:00:0x,000 --> 00:00:04,000\nSECRET EXTRA LINE\n")
    let skipped = run(["diff", a, b])
    #expect(skipped.code == 1)
    #expect(skipped.err == "\(b):6:1: error: [srt.timing.invalid] \"00:00:0x,000 --> 00:00:04,000\" is not a valid timing line; the block is skipped\n", "\(skipped.err)")
    #expect(skipped.out == "\(a) and \(b) match (1 cue) as far as they could be read: 1 reading problem above\n", "\(skipped.out)")
    #expect(run(["diff", a, a]).code == 0)
    let json = run(["diff", "--format", "json", a, b])
    #expect(json.code == 1)
    #expect(json.out.contains("\"readingErrors\" : 1"), "\(json.out)")
    // Bytes the decoder replaced are unread: files differing only there do not match.
    let x1 = try file("x1.srt", "1\n00:00:01,000 --> 00:00:02,000\nab\u{FF}\n")
    try Data(Array("1\n00:00:01,000 --> 00:00:02,000\nab".utf8) + [0xFF, 0x0A]).write(to: URL(fileURLWithPath: x1))
    let x2 = dir.appendingPathComponent("x2.srt").path
    try Data(Array("1\n00:00:01,000 --> 00:00:02,000\nab".utf8) + [0xFE, 0x0A]).write(to: URL(fileURLWithPath: x2))
    let replaced = run(["diff", "--encoding", "utf-8", x1, x2])
    #expect(replaced.code == 1)
    #expect(replaced.err.contains("[text.encoding.invalid-utf8]"), "\(replaced.err)")
    let empty = try file("e.vtt", "")
    let page = try file("p.vtt", "<html>garbage</html>\n")
    let notVTT = run(["diff", empty, page])
    #expect(notVTT.code == 2)
    #expect(notVTT.err.hasSuffix("captionkit diff: error: \(page): could not be read as WebVTT (see the errors above); nothing to compare\n"), "\(notVTT.err)")
    let blank = run(["diff", empty, empty])
    #expect(blank.code == 0)
    #expect(blank.err.isEmpty)
    // Markup a reading limit flattened to its text is unread too: <i> and <b> below 256 levels
    // of <c> compared as the same text.
    let open = String(repeating: "<c>", count: 256), close = String(repeating: "</c>", count: 256)
    let italic = try file("i.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(open)<i>x</i>\(close)\n")
    let bold = try file("b.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(open)<b>x</b>\(close)\n")
    let flattened = run(["diff", italic, bold])
    #expect(flattened.code == 1)
    #expect(flattened.out == "\(italic) and \(bold) match (1 cue) as far as they could be read: 2 reading problems above\n", "\(flattened.out)")
    #expect(flattened.err.components(separatedBy: "[webvtt.cuetext.nesting-too-deep]").count == 3, "\(flattened.err)")
    // With the limit raised, the difference shows.
    let raised = run(["diff", "--max-nesting-depth", "1000", italic, bold])
    #expect(raised.code == 1)
    #expect(raised.out.hasPrefix("~ cue 1 → 1 style: \"x\" italic"), "\(raised.out)")
  }

  /// One file that cannot be read does not stop `fix`: the files after it are fixed and the
  /// run exits 2.
  @Test func fixGoesOnPastAFileItCannotRead() throws {
    let untidy = "1\n00:00:01,000 --> 00:00:02,000\nhi   \n"
    let first = try file("1.srt", untidy)
    let last = try file("3.srt", untidy)
    let missing = dir.appendingPathComponent("2.srt").path
    let r = run(["fix", "--no-backup", first, missing, last])
    #expect(r.code == 2)
    #expect(r.err.contains("captionkit fix: error: \(missing): no such file"), "\(r.err)")
    for p in [first, last] {
      #expect(try String(contentsOfFile: p, encoding: .utf8) == "1\n00:00:01,000 --> 00:00:02,000\nhi\n", "\(p)")
    }
  }

  /// A caption file the folder walk cannot open by name (not UTF-8) fails the run instead of
  /// being passed over; a folder named through a link is walked.
  @Test func folderWalksReportWhatTheyCannotRead() throws {
    let folder = dir.appendingPathComponent("subs").path
    _ = try file("subs/good.srt", Self.clean)
    let bad: [UInt8] = Array((folder + "/bad").utf8) + [0xFF] + Array(".srt".utf8) + [0]
    close(bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) })
    for command in ["validate", "fix"] {
      let r = run([command, "--no-lint", "--no-style", folder].filter { command == "validate" || !$0.hasPrefix("--no-") })
      #expect(r.code == 2, "\(command): \(r)")
      let line = command == "validate" ? "\(folder)/bad\u{FFFD}.srt: error: " : "captionkit fix: error: \(folder)/bad\u{FFFD}.srt: "
      #expect(r.err.contains(line + "the file name is not valid UTF-8, so it cannot be opened by name; rename it"), "\(command): \(r.err)")
    }
    let link = dir.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
    let viaLink = run(["validate", "--no-lint", "--no-style", "--format", "json", link])
    #expect(viaLink.code == 2)
    #expect(viaLink.out.contains("\"\(link)/good.srt\""), "\(viaLink.out)")
  }

  /// An output whose name is near the 255-byte limit is written: the temporary name beside it
  /// must not be too long itself.
  @Test func longOutputNamesAreWritable() throws {
    let captions = try file("in.srt", Self.clean)
    let out = dir.appendingPathComponent(String(repeating: "x", count: 251) + ".vtt").path
    #expect(run(["convert", captions, out]).code == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nhello\n\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  /// A file that cannot be read says why (the system's reason), here a socket, which `open`
  /// refuses even to root.
  @Test func unreadableFilesSayWhy() throws {
    let path = dir.appendingPathComponent("s.srt").path
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in
      for (k, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[k] = b }
    }
    let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
    try #require(bound == 0)
    let r = run(["validate", path])
    #expect(r.code == 2)
    #expect(r.err.contains("\(path): error: cannot read the file: No such device or address"), "\(r.err)")
  }

  /// What the command line asks for but cannot get is said: a second standard input and a
  /// flavor the target does not have are refused; a format other than the output's extension
  /// is warned about.
  @Test func contradictoryArgumentsAreReported() throws {
    let captions = try file("in.srt", Self.clean)
    for pair in [["-", "-"], ["-", "/dev/stdin"], ["/proc/self/fd/0", "/dev/fd/0"]] {
      let twice = run(["validate"] + pair)
      #expect(twice.code == 2)
      #expect(twice.err.hasPrefix("captionkit validate: error: standard input (-) can be named only once\n"), "\(twice.err)")
    }
    let flavor = run(["convert", captions, "--to", "vtt", "--flavor", "plain"])
    #expect(flavor.code == 2)
    #expect(flavor.err.hasPrefix("captionkit convert: error: --flavor 'plain': WebVTT output has no flavors\n"), "\(flavor.err)")
    let typo = run(["convert", captions, "--to", "ttml", "--flavor", "ebu-tt"])
    #expect(typo.code == 2)
    #expect(typo.err.hasPrefix("captionkit convert: error: unknown flavor 'ebu-tt' for TTML output; known: imsc1.1, ebu-tt-d, dfxp\n"), "\(typo.err)")
    // The SRT writer reads its flavor as written; JSON has none.
    for (to, flavor) in [("srt", "PLAIN"), ("json", "bogus")] {
      #expect(run(["convert", captions, "--to", to, "--flavor", flavor]).code == 2, "\(to) \(flavor)")
    }
    for (to, flavor) in [("ttml", "EBU-TT-D"), ("ttml", "imsc"), ("srt", "plain"), ("txt", "timestamps")] {
      #expect(run(["convert", captions, "--to", to, "--flavor", flavor]).code == 0, "\(to) \(flavor)")
    }
    let out = dir.appendingPathComponent("o.vtt").path
    let mismatch = run(["convert", captions, out, "--to", "srt"])
    #expect(mismatch.code == 0)
    #expect(mismatch.err.hasPrefix("captionkit convert: warning: writing SubRip (SRT) (--to srt) to \(out), whose extension says WebVTT\n"), "\(mismatch.err)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("1\n00:00:01,000"))
  }

  /// A fixed file that still has reader errors says so: "fixed" alone read as "clean".
  @Test func fixNamesTheErrorsItLeaves() throws {
    let path = try file("f.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi   \n\n00:00:03.000 --> 00:00:02.000\nbackwards\n")
    let r = run(["fix", "--no-backup", path])
    #expect(r.code == 1)
    #expect(r.err == """
      \(path): fixed: cue 1: trimmed whitespace
      \(path): 1 reader error left, which no safe fix can repair (fix by hand; see 'captionkit validate'):
        \(path):6:1: error: [webvtt.cue.end-not-after-start] cue 2: the end time is not after the start time

      """, "\(r.err)")
  }

  /// A read-only output is not replaced (rename(2) would, needing only the folder's
  /// permission). Root may write anything, so this runs only for other users.
  @Test(.enabled(if: getuid() != 0)) func readOnlyOutputsAreNotReplaced() throws {
    let captions = try file("in.srt", Self.clean)
    let out = try file("ro.vtt", "old")
    chmod(out, 0o444)
    let r = run(["convert", captions, out])
    #expect(r.code == 2)
    #expect(r.err.contains("\(out): cannot write: Permission denied (the file is read-only to you; refusing to replace it)"), "\(r.err)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "old")
  }

  /// An output whose folder the user may not write is refused before anything is written (a
  /// fix's backup included). Root may write anything, so this runs only for other users.
  @Test(.enabled(if: getuid() != 0)) func outputsInFoldersNotWritableAreRefusedFirst() throws {
    let folder = dir.appendingPathComponent("ro").path
    let path = try file("ro/a.srt", "1\n00:00:01,000 --> 00:00:02,000\nhi   \n")
    chmod(folder, 0o555)
    defer { chmod(folder, 0o755) }
    let r = run(["fix", path])
    #expect(r.code == 2)
    #expect(r.err.contains("is not writable"), "\(r.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.srt"])
  }

  /// `fix` reads a file twice (its bytes for the backup, then to load it): on a FIFO the second
  /// read waited for ever. Anything but a regular file is refused before it is read (exit 2).
  @Test func fixRefusesFIFOs() throws {
    let path = dir.appendingPathComponent("pipe.vtt").path
    #expect(mkfifo(path, 0o644) == 0)
    let r = run(["fix", path])
    #expect(r.code == 2)
    #expect(r.err.contains("pipe.vtt: is not a regular file (a FIFO, device or socket); fix rewrites files in place"), "\(r.err)")
  }

  /// A fix's summary names the first ten changes and counts the rest (one line of every
  /// change was 3 MB for 100k cues).
  @Test func fixSummariesStayShort() throws {
    var text = ""
    for k in 0..<25 { text += "\(k + 1)\n00:00:\(String(format: "%02d", k)),000 --> 00:00:\(String(format: "%02d", k)),500\nhi   \n\n" }
    let path = try file("many.srt", text)
    let r = run(["fix", "--no-backup", path])
    #expect(r.code == 1)
    #expect(r.err.hasSuffix("cue 10: trimmed whitespace; 15 more changes\n"), "\(r.err)")
    #expect(r.err.split(separator: "\n").count == 1)
  }

  /// After `--`, `-h` is a file name, not a request for help.
  @Test func helpIsAnOptionOnlyBeforeDoubleDash() throws {
    let r = run(["validate", "--no-lint", "--", "-h"])
    #expect(r.code == 2)
    #expect(!r.out.contains("Usage"))
    #expect((r.out + r.err).contains("-h: error: no such file"), "\(r)")
    #expect(run(["validate", "-h"]).out.contains("Usage"))
  }
}

/// What only the real process shows: its arguments as bytes, and signals. Runs the built
/// `captionkit` beside the test binary (skipped when it is not there).
@Suite struct ProcessLevelTests {
  static let tool: String? = {
    let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let exe = dir.appendingPathComponent("captionkit").path
    return FileManager.default.isExecutableFile(atPath: exe) ? exe : nil
  }()

  /// An argument that is not UTF-8 is refused with what is wrong, not reported as a missing
  /// file (a Swift string cannot hold its bytes).
  /// Runs `script` with `sh -c`, `$0` being the tool: its exit status and standard error.
  func shell(_ script: String) throws -> (status: Int32, err: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", script, Self.tool!]
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return (p.terminationStatus, text)
  }

  @Test(.enabled(if: tool != nil)) func argumentsThatAreNotUTF8AreRefused() throws {
    let (status, text) = try shell(#"exec "$0" validate "$(printf 'bad\377.srt')""#)
    #expect(status == 2)
    #expect(text == "captionkit: error: argument 2 ('bad\u{FFFD}.srt') is not valid UTF-8; a file of that name cannot be opened by this tool (rename it)\n", "\(text)")
  }

  /// Standard input that cannot be read (a folder, a closed descriptor) is an I/O error, not an
  /// empty file.
  @Test(.enabled(if: tool != nil)) func unreadableStandardInputIsAnError() throws {
    for (name, redirect) in [("-", "< /"), ("-", "<&-"), ("/dev/stdin", "<&-")] {
      let (status, text) = try shell(#"exec "$0" validate --from srt "# + name + " " + redirect)
      #expect(status == 2, "\(redirect)")
      #expect(text.contains(redirect == "<&-" ? "\(name): error: cannot read standard input: it is closed" : "-: error: cannot read standard input: Is a directory"), "\(redirect): \(text)")
    }
  }

  /// A conversion stopped by a signal leaves no temporary file behind, keeps the old output,
  /// and dies of the signal.
  @Test(.enabled(if: tool != nil)) func signalRemovesTheTemporaryFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ck-sig-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Large enough that the conversion is still writing when the signal comes.
    var srt: [UInt8] = []
    for k in 0..<300_000 {
      let s = k * 2
      srt += Array("\(k + 1)\n\(String(format: "%02d:%02d:%02d,000 --> %02d:%02d:%02d,500", s / 3600, s / 60 % 60, s % 60, s / 3600, s / 60 % 60, s % 60))\nline \(k)\n\n".utf8)
    }
    let input = dir.appendingPathComponent("in.srt")
    try Data(srt).write(to: input)
    let output = dir.appendingPathComponent("out.vtt").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: output))
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Self.tool!)
    p.arguments = ["convert", "--quiet", input.path, output]
    p.standardError = FileHandle.nullDevice
    try p.run()
    func temporaries() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }
    // Wait for the temporary file (at most 60 s); a run that finished first proves less.
    var seen = false
    for _ in 0..<60_000 where p.isRunning {
      if !temporaries().isEmpty {
        seen = true
        break
      }
      usleep(1000)
    }
    if seen { kill(p.processIdentifier, SIGTERM) }
    p.waitUntilExit()
    #expect(temporaries().isEmpty)
    if seen {
      #expect(p.terminationReason == .uncaughtSignal)
      #expect(p.terminationStatus == SIGTERM)
      #expect(try String(contentsOfFile: output, encoding: .utf8) == "old")
    }
  }
}
