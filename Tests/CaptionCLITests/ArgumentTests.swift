import CaptionCLI
import Testing

@Suite struct ArgumentTests {
  @Test func scansOptionsFlagsAndPositionals() throws {
    var s = try ArgumentScanner(["a.vtt", "--to=srt", "--strict", "--format", "json", "-o", "x", "--", "--odd"], valued: ["to", "format", "output"], aliases: ["-o": "--output"])
    let to = s.value("to"), format = s.value("format"), output = s.value("output")
    let strict = s.flag("strict"), quiet = s.flag("quiet")
    #expect(to == "srt")
    #expect(format == "json")
    #expect(output == "x")
    #expect(strict)
    #expect(!quiet)
    #expect(s.positionals == ["a.vtt", "--odd"])
    try s.checkAllUnderstood()
  }

  @Test func rejectsUnknownAndMissingValues() {
    #expect(throws: ToolError.self) { _ = try ArgumentScanner(["--to"], valued: ["to"]) }
    #expect(throws: ToolError.self) { _ = try ArgumentScanner(["--strict=1"], valued: []) }
    #expect(throws: ToolError.self) {
      let s = try ArgumentScanner(["--bogus"], valued: [])
      try s.checkAllUnderstood()
    }
  }

  @Test func usageErrorsExitTwo() {
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["validate"], io: io) == 2)
    #expect(io.capturedErr.contains("validate needs at least one file"))
    let io2 = ToolIO.captured()
    #expect(CaptionTool.run(["frobnicate"], io: io2) == 2)
    #expect(io2.capturedErr.contains("unknown command 'frobnicate'\n"))
    let formats = ToolIO.captured()
    #expect(CaptionTool.run(["formats", "extra"], io: formats) == 2)
    #expect(formats.capturedErr.contains("formats takes no arguments (got 'extra')"))
    let lint = ToolIO.captured()
    #expect(CaptionTool.run(["lint", "x.vtt"], io: lint) == 2)
    #expect(lint.capturedErr.hasPrefix("captionkit: unknown command 'lint' (the lint rules run in 'captionkit validate'; --no-lint turns them off)\n"))
    let io3 = ToolIO.captured()
    #expect(CaptionTool.run(["validate", "--no-such-flag", "x.vtt"], io: io3) == 2)
    let io4 = ToolIO.captured()
    #expect(CaptionTool.run(["validate", "/nonexistent/file.vtt"], io: io4) == 2)
    #expect(io4.capturedErr.contains("/nonexistent/file.vtt"))
  }

  @Test func versionAndHelp() {
    let io = ToolIO.captured()
    #expect(CaptionTool.run(["--version"], io: io) == 0)
    #expect(io.capturedOut == "captionkit \(CaptionTool.version)\n")
    let io2 = ToolIO.captured()
    #expect(CaptionTool.run(["convert", "--help"], io: io2) == 0)
    #expect(io2.capturedOut.contains("--fail-on-loss"))
  }
}
