import CaptionCLI
import Foundation

/// A scratch folder for CLI tests, removed by `remove()`.
struct Scratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("ck-lint-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ rel: String) -> String { url.appendingPathComponent(rel).path }

  @discardableResult
  func write(_ rel: String, _ text: String) throws -> String {
    let p = url.appendingPathComponent(rel)
    try FileManager.default.createDirectory(at: p.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: p)
    return p.path
  }

  func read(_ rel: String) -> String? {
    FileManager.default.contents(atPath: path(rel)).map { String(decoding: $0, as: UTF8.self) }
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs the tool in-process.
func tool(_ args: [String]) -> (code: Int32, out: String, err: String) {
  let io = ToolIO.captured()
  let code = CaptionTool.run(args, io: io)
  return (code, io.capturedOut, io.capturedErr)
}

/// Runs `python3 -c script args…`; `nil` when Python or one of `modules` is not installed, so
/// tests that use a real consumer skip cleanly.
func python(_ script: String, _ args: [String], modules: [String]) -> (code: Int32, out: String)? {
  func exec(_ arguments: [String]) -> (Int32, String)? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3"] + arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    do { try p.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }
  guard let probe = exec(["-c", "import " + modules.joined(separator: ", ")]), probe.0 == 0 else { return nil }
  return exec(["-c", script] + args)
}

/// A realistic episode with problems of several kinds (WebVTT).
let episodeVTT = """
  WEBVTT

  NOTE captionkit-disable text.line-length -- the sign is read in full

  sign
  00:00:01.000 --> 00:00:04.000
  THE GRAND BUDAPEST HOTEL, EST. 1932, PROPRIETOR M. GUSTAVE

  00:00:04.500 --> 00:00:06.500
  <v Zero>Good morning, sir.

  00:00:06.540 --> 00:00:06.940
  <v Gustave>Quick!

  00:00:08.000 --> 00:00:10.000
  <v Gustave>This sentence is far too long to fit on a single caption line.

  00:00:11.000 --> 00:00:13.000
  Fine.

  """

/// A clean SRT file.
let cleanSRT = """
  1
  00:00:01,000 --> 00:00:03,000
  Hello there.

  2
  00:00:04,000 --> 00:00:06,000
  General Kenobi.

  """
