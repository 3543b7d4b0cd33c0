import CaptionCore
import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionFormats

/// `StreamingConversion` must give exactly what reading the whole document and writing it gives:
/// the same bytes, the same reading diagnostics and the same losses in the same order.
@Suite struct StreamingConversionTests {
  static let formats: [String: any CaptionFormat] = ["srt": SubRipFormat(), "webvtt": WebVTTFormat()]

  /// Checks one input against the whole-document path; returns whether they matched.
  @discardableResult
  static func check(
    _ bytes: [UInt8], from source: String, to target: String, crlf: Bool = false, maxDiagnostics: Int = 10_000, name: String
  ) -> Bool {
    guard let reader = formats[source], let writer = formats[target] else { return false }
    var writeOptions = WriteOptions(maxDiagnostics: maxDiagnostics)
    if crlf { writeOptions.lineEnding = .crlf }
    var readOptions = ReadOptions()
    readOptions.limits.maxDiagnostics = maxDiagnostics
    let whole: ReadResult
    do { whole = try reader.read(bytes, options: readOptions) } catch { return false }
    let written = writer.write(whole.document, options: writeOptions)
    final class Losses: @unchecked Sendable { var list: [Diagnostic] = []; var sources: [CaptionCore.SourceLocation?] = [] }
    let losses = Losses()
    let streamed: StreamingConversion.Output
    do {
      streamed = try StreamingConversion.convert(
        bytes, from: source, to: target, readOptions: readOptions, writeOptions: writeOptions,
        onLoss: {
          losses.list.append($0)
          losses.sources.append($1)
        }, pipelined: false)
    } catch {
      Issue.record("\(name): streaming threw \(error)")
      return false
    }
    var headerOnly = whole.document
    headerOnly.cues = []
    let output = Array(streamed.chunks.joined())
    let allLosses = streamed.leadingLosses + losses.list + streamed.trailingLosses
    #expect(output == written.bytes, "\(name) \(source)→\(target): output differs")
    #expect(streamed.read.diagnostics == whole.diagnostics, "\(name) \(source)→\(target): reading diagnostics differ")
    #expect(allLosses == written.diagnostics, "\(name) \(source)→\(target): losses differ")
    #expect(streamed.read.document == headerOnly, "\(name): document header differs")
    #expect(streamed.cueCount == whole.document.cues.count, "\(name): cue count differs")
    // Each streamed loss about a cue comes with that cue's source location.
    for (d, s) in zip(losses.list, losses.sources) {
      if let i = d.cueIndex { #expect(s == whole.document.cues[i].source, "\(name): loss location for cue \(i)") }
    }
    // With a body sink (64-byte pieces, so it flushes mid-file), the pieces before the sink's
    // bytes and the sink's bytes make the same file, with the same losses.
    final class Body: @unchecked Sendable { var bytes: [UInt8] = []; var pieces = 0; var sunk: [Diagnostic] = [] }
    let body = Body()
    let sunk = try? StreamingConversion.convert(
      bytes, from: source, to: target, readOptions: readOptions, writeOptions: writeOptions,
      onLoss: { d, _ in body.sunk.append(d) }, bodySink: { body.bytes += $0; body.pieces += 1 }, bodyChunkSize: 64)
    let sunkFile = (sunk?.chunks.joined()).map(Array.init) ?? []
    #expect(sunkFile + body.bytes == written.bytes, "\(name) \(source)→\(target): output with a body sink differs")
    #expect((sunk?.leadingLosses ?? []) + body.sunk + (sunk?.trailingLosses ?? []) == written.diagnostics, "\(name): losses with a body sink differ")
    if target == "srt" { #expect(sunk?.chunks.allSatisfy(\.isEmpty) ?? false, "\(name): SRT goes to the sink whole") }
    // With a head sink too, the header comes first and only the STYLE blocks are left for the
    // end: head + STYLE blocks + body is the same file.
    let headed = Body()
    var head: [UInt8] = []
    var headCalls = 0
    let late = try? StreamingConversion.convert(
      bytes, from: source, to: target, readOptions: readOptions, writeOptions: writeOptions,
      onLoss: { _, _ in }, bodySink: { headed.bytes += $0 }, headSink: { head = $0; headCalls += 1; #expect(headed.bytes.isEmpty) },
      bodyChunkSize: 64)
    let styles = (late?.chunks.joined()).map(Array.init) ?? []
    #expect(head + styles + headed.bytes == written.bytes, "\(name) \(source)→\(target): output with a head sink differs")
    #expect(headCalls == (target == "webvtt" ? 1 : 0), "\(name): the head sink is called once for WebVTT, never for SRT")
    // Pipelined, the writer on a second thread (as for large files on a machine with more than
    // one core): the same file, reading diagnostics and losses, in the same order.
    final class Piped: @unchecked Sendable { var head: [UInt8] = []; var body: [UInt8] = []; var losses: [Diagnostic] = [] }
    let piped = Piped()
    let viaPipe = try? StreamingConversion.convert(
      bytes, from: source, to: target, readOptions: readOptions, writeOptions: writeOptions,
      onLoss: { d, _ in piped.losses.append(d) }, bodySink: { piped.body += $0 }, headSink: { piped.head = $0 },
      bodyChunkSize: 64, pipelined: true)
    let pipedFile = piped.head + Array((viaPipe?.chunks ?? []).joined()) + piped.body
    #expect(pipedFile == written.bytes, "\(name) \(source)→\(target): pipelined output differs")
    #expect(viaPipe?.read.diagnostics == whole.diagnostics, "\(name): pipelined reading diagnostics differ")
    #expect((viaPipe?.leadingLosses ?? []) + piped.losses + (viaPipe?.trailingLosses ?? []) == written.diagnostics, "\(name): pipelined losses differ")
    #expect(viaPipe?.cueCount == whole.document.cues.count, "\(name): pipelined cue count differs")
    return output == written.bytes && streamed.read.diagnostics == whole.diagnostics && allLosses == written.diagnostics
      && sunkFile + body.bytes == written.bytes && head + styles + headed.bytes == written.bytes && pipedFile == written.bytes
  }

  @Test func webVTTWithCommentsRegionsStylesAndIDs() {
    let vtt = """
      WEBVTT Title
      Kind: captions

      NOTE before everything

      REGION
      id:r1 width:40% lines:2

      STYLE
      ::cue(.yellow) { color: yellow; }

      NOTE after the header

      a
      00:00:01.000 --> 00:00:02.000 region:r1 line:10%
      <c.yellow>Hello</c> &amp; <i>world</i>

      a
      00:00:00.500 --> 00:00:03.000 position:20%
      out of order, duplicate id

      NOTE between

      07
      00:00:04.000 --> 00:00:04.000
      <v Joe>zero length</v> <00:00:04.500>karaoke

      7
      00:00:05.000 --> 00:00:06.000
      line one

      line two continues? no, a new block

      NOTE at the end

      """
    for target in ["srt", "webvtt"] {
      #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: target, name: "inline"))
      #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: target, crlf: true, name: "inline crlf"))
    }
  }

  @Test func webVTTWithoutCues() {
    let vtt = "WEBVTT\n\nNOTE only a comment\n\nSTYLE\n::cue { color: red }\n"
    for target in ["srt", "webvtt"] { #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: target, name: "no cues")) }
    #expect(Self.check([], from: "webvtt", to: "srt", name: "empty"))
    #expect(Self.check([], from: "srt", to: "webvtt", name: "empty"))
  }

  @Test func subRipWithMarkupFontsAndAnchors() {
    let srt = """
      1
      00:00:01,000 --> 00:00:02,000
      <font color="#ff0000">red</font> and <font color="#00ff00" face="Arial">green</font>

      3
      00:00:02,500 --> 00:00:03,000
      {\\an8}top <b>bold</b>

      x
      100:00:04,000 --> 100:00:05,000
      <i>over 99 hours

      4
      00:00:06,000 --> 00:00:07,000
      a & b < c


      """
    for target in ["srt", "webvtt"] {
      #expect(Self.check(Array(srt.utf8), from: "srt", to: target, name: "inline srt"))
      #expect(Self.check(Array(srt.utf8), from: "srt", to: target, crlf: true, name: "inline srt crlf"))
    }
  }

  /// Every SRT and WebVTT file of the shared corpus and the repository's fixtures and samples,
  /// both ways.
  @Test func corpusAndFixtures() throws {
    var urls = Corpus.files(in: "", extensions: ["srt", "vtt"])
    for folder in ["Tests/Fixtures", "Samples"] {
      let base = Corpus.repositoryRoot.appendingPathComponent(folder)
      if let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) {
        for case let url as URL in e where ["srt", "vtt"].contains(url.pathExtension.lowercased()) { urls.append(url) }
      }
    }
    var passed = 0, total = 0
    for url in urls {
      let bytes = try Corpus.bytes(url)
      let source = url.pathExtension.lowercased() == "srt" ? "srt" : "webvtt"
      for target in ["srt", "webvtt"] {
        total += 1
        if Self.check(bytes, from: source, to: target, name: url.lastPathComponent) { passed += 1 }
      }
    }
    print("StreamingConversion equals read + write: \(passed)/\(total)")
    #expect(passed == total)
  }

  /// Plain cues take the byte-copy path (`VerbatimCue`); cues around them with markup, `&`,
  /// `>`, `{`, settings or odd ids take the model path. Both must give what read + write gives.
  @Test func plainCuesNextToEveryKindOfOtherCue() {
    let srt = """
      1
      00:00:01,000 --> 00:00:02,000
      plain line
      second plain line

      1
      00:00:03,000 --> 00:00:04,000
      duplicate index, plain

      x
      00:00:02,500 --> 00:00:02,500
      out of order, zero length, non-numeric id

      4
      100:00:00,000 --> 100:00:01,000
      12
      over 99 hours, a digits-only line above

      5
      00:00:05,000 --> 00:00:06,000
      a & b

      6
      00:00:06,000 --> 00:00:07,000
      a > b and {braces}

      7
      00:00:07,000 --> 00:00:08,000
      café 字幕 🎬


      """
    let vtt = """
      WEBVTT

      1
      00:00:01.000 --> 00:00:02.000
      plain line
      second plain line

      1
      00:00:03.000 --> 00:00:04.000
      duplicate id, plain

      00:00:02.500 --> 00:00:02.400
      out of order, end before start, no id

      a
      00:00:05.000 --> 00:00:06.000 line:10%
      has settings

      b
      00:00:06.000 --> 00:00:07.000
      \u{20}\u{20}\u{20}
      a whitespace-only line above

      00:00:07.000 --> 00:00:08.000
      12
      00:00:09,000 --> 00:00:10,000 (not a timing line in WebVTT)

      360001
      100:00:00.000 --> 100:00:01.000
      x > y {z}

      """
    for target in ["srt", "webvtt"] {
      #expect(Self.check(Array(srt.utf8), from: "srt", to: target, name: "plain srt"))
      #expect(Self.check(Array(srt.utf8), from: "srt", to: target, crlf: true, name: "plain srt crlf"))
      #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: target, name: "plain vtt"))
    }
  }

  /// Past `maxDiagnostics`, losses are counted, not built, in both paths alike, and the summary
  /// counts every one of them.
  @Test func lossesPastTheLimitAreCountedInOneSummary() throws {
    var vtt = "WEBVTT\n\n"
    for k in 0..<50 { vtt += "\(k + 1)\n100:00:\(10 + k).000 --> 100:00:\(10 + k).500 line:20%\nplain \(k)\n\n" }
    #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: "srt", maxDiagnostics: 5, name: "limit"))
    let read = try WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions())
    let written = SubRipFormat().write(read.document, options: WriteOptions(maxDiagnostics: 5))
    // Per cue: start and end above 99 h, and the line position dropped: 150 losses; then the
    // note on the {\an8} tags the cues got, and the summary.
    #expect(written.diagnostics.count == 7)
    #expect(written.diagnostics[5].code == "srt.write.position-tags")
    let summary = try #require(written.diagnostics.last)
    #expect(summary.code == "core.diagnostics.limit-reached")
    #expect(summary.severity == .warning)
    #expect(summary.message.hasPrefix("145 more diagnostics"))
    #expect(written.diagnostics[0].message == "cue 1: start time 100:00:10.000 is above 99:59:59,999; written with 3 hour digits")
  }

  /// When the writer thread cannot be started, every event is handled on the reader's thread,
  /// in order, and `finish` returns (it used to wait forever).
  @Test func pipelineWithoutAThreadHandlesEventsInOrder() {
    var seen: [String] = []
    let pipe = ConversionPipeline(start: { _, _ in false }) { event in
      if case .cue(let c) = event { seen.append(c.id) }
    }
    let count = ConversionPipeline.batchSize * ConversionPipeline.maxQueuedBatches * 2 + 3
    for k in 0..<count { pipe.push(.cue(Cue(id: "\(k)", start: .zero, end: CaptionTime(milliseconds: 1), content: []))) }
    pipe.finish()
    #expect(seen == (0..<count).map { "\($0)" })
  }

  /// Many batches through the pipeline (more cues than `batchSize` × `maxQueuedBatches`), with
  /// plain cues, cues with markup, comments and losses mixed, so the writer thread sees every
  /// kind of event in order.
  @Test func pipelineKeepsOrderOverManyBatches() {
    let cues = ConversionPipeline.batchSize * ConversionPipeline.maxQueuedBatches * 3 + 17
    var vtt = "WEBVTT\n\n"
    var srt = ""
    for k in 0..<cues {
      let t = "\(k / 3600):\(k / 60 % 60 < 10 ? "0" : "")\(k / 60 % 60):\(k % 60 < 10 ? "0" : "")\(k % 60)"
      let text = k % 3 == 0 ? "<i>cue \(k)</i> é字" : "plain cue \(k)"
      if k % 50 == 0 { vtt += "NOTE comment \(k)\n\n" }
      vtt += "c\(k)\n\(t).000 --> \(t).500\(k % 7 == 0 ? " line:10%" : "")\n\(text)\n\n"
      srt += "\(k + 1)\n\(t),000 --> \(t),500\n\(text)\n\n"
    }
    #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: "srt", name: "many webvtt"))
    #expect(Self.check(Array(srt.utf8), from: "srt", to: "webvtt", name: "many srt"))
    #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: "webvtt", crlf: true, name: "many webvtt crlf"))
  }

  /// A large input pipelined as the CLI chooses (`shouldPipeline`) gives the output of `read`
  /// and `write`; pipelining pays only from `pipelineThreshold` bytes, and is never the default.
  @Test func largeInputTakesTheCLIsPath() throws {
    var srt: [UInt8] = []
    var k = 0
    while srt.count <= StreamingConversion.pipelineThreshold {
      k += 1
      srt += Array("\(k)\n00:\(k / 60 % 60 < 10 ? "0" : "")\(k / 60 % 60):\(k % 60 < 10 ? "0" : "")\(k % 60),000 --> 00:00:00,500\nline \(k) of a long file\n\n".utf8)
    }
    let whole = try SubRipFormat().read(srt, options: ReadOptions())
    let written = WebVTTFormat().write(whole.document, options: WriteOptions())
    #expect(!StreamingConversion.shouldPipeline(byteCount: StreamingConversion.pipelineThreshold - 1))
    #expect(StreamingConversion.shouldPipeline(byteCount: srt.count) == (ProcessInfo.processInfo.activeProcessorCount > 1))
    let out = try StreamingConversion.convert(
      srt, from: "srt", to: "webvtt", readOptions: ReadOptions(), writeOptions: WriteOptions(), onLoss: { _, _ in },
      pipelined: StreamingConversion.shouldPipeline(byteCount: srt.count))
    #expect(out.cueCount == k)
    #expect(Array(out.chunks.joined()) == written.bytes)
    #expect(out.read.diagnostics == whole.diagnostics)
    // Every end before its start past the first minute: the same errors both ways.
    #expect(whole.diagnostics.count > 100)
  }

  /// Many pipelined conversions at once from Dispatch workers (as a library user converting a
  /// folder might run them) all finish, each with the output of reading and writing alone.
  @Test(.timeLimit(.minutes(1))) func concurrentPipelinedConversionsFinish() {
    var srt = ""
    for k in 0..<(ConversionPipeline.batchSize * 4) { srt += "\(k + 1)\n00:00:01,000 --> 00:00:02,000\nline \(k)\n\n" }
    let bytes = Array(srt.utf8)
    let expected = WebVTTFormat().write((try? SubRipFormat().read(bytes, options: ReadOptions()))?.document ?? CaptionDocument(), options: WriteOptions()).bytes
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var matching = 0
    }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      let out = try? StreamingConversion.convert(
        bytes, from: "srt", to: "webvtt", readOptions: ReadOptions(), writeOptions: WriteOptions(), onLoss: { _, _ in }, pipelined: true)
      let same = out.map { Array($0.chunks.joined()) == expected } ?? false
      results.lock.lock()
      if same { results.matching += 1 }
      results.lock.unlock()
    }
    #expect(results.matching == 16)
  }

  /// A file over the size limit is refused before the pipeline's thread starts waiting for cues,
  /// from either format, pipelined or not.
  @Test func fileTooLargeThrowsBeforeReading() {
    var options = ReadOptions()
    options.limits.maxFileSize = 10
    let srt = Array("1\n00:00:01,000 --> 00:00:02,000\nhello\n".utf8)
    for (source, bytes) in [("srt", srt), ("webvtt", Array("WEBVTT\n\n".utf8) + srt)] {
      for pipelined in [false, true] {
        #expect(throws: CaptionError.fileTooLarge(size: bytes.count, limit: 10)) {
          try StreamingConversion.convert(
            bytes, from: source, to: source == "srt" ? "webvtt" : "srt", readOptions: options, writeOptions: WriteOptions(),
            onLoss: { _, _ in }, pipelined: pipelined)
        }
      }
    }
  }

  @Test func verbatimByteTestFindsEachMarkupByteAtEveryOffset() {
    let plain = Array("abcdefghijklmnopqrstuvwxyz é字".utf8)
    plain.withUnsafeBufferPointer { #expect(VerbatimCue.isPlain($0, 0..<$0.count)) }
    for byte in "<>&{".utf8 {
      for i in 0..<plain.count {
        var b = plain
        b[i] = byte
        b.withUnsafeBufferPointer { buf in
          #expect(!VerbatimCue.isPlain(buf, 0..<buf.count), "\(byte) at \(i)")
          // Outside the range it does not count.
          if i > 0 { #expect(VerbatimCue.isPlain(buf, 0..<i)) }
        }
      }
    }
  }

  /// A cue with more simple tags than `maxCueElements` is not copied: the readers flatten the
  /// tags past the limit, and the streamed output must be what they read.
  @Test func cuesPastTheElementLimitStreamAsTheyRead() {
    let line = String(repeating: "<i>x</i>", count: 10_005)
    #expect(Self.check(Array("1\n00:00:00,000 --> 00:00:01,000\n\(line)\n".utf8), from: "srt", to: "webvtt", name: "srt tags"))
    #expect(Self.check(Array("WEBVTT\n\n00:00.000 --> 00:01.000\n\(line)\n".utf8), from: "webvtt", to: "srt", name: "vtt tags"))
  }

  /// Which SRT cue texts SRT→WebVTT copies with their tags: exactly the simple, well-formed ones.
  @Test func simpleTagTestAcceptsOnlyTagsWebVTTWritesBack() {
    func simple(_ lines: [String], maxDepth: Int = 64, maxElements: Int = 10_000) -> Bool {
      var bytes: [UInt8] = []
      var ranges: [Range<Int>] = []
      for l in lines {
        ranges.append(bytes.count..<bytes.count + l.utf8.count)
        bytes += Array(l.utf8) + [0x0A]
      }
      return bytes.withUnsafeBufferPointer { VerbatimCue.hasOnlySimpleTags($0, ranges, maxDepth: maxDepth, maxElements: maxElements) }
    }
    #expect(simple(["<i>one</i>"]))
    #expect(simple(["<b><i>x</i> y</b> <u>z</u>"]))
    #expect(simple(["<i>across", "lines</i>"]))
    #expect(simple(["<i>", "</i>"]))  // a line break is content
    #expect(simple(["plain", "<b>é字</b>"]))
    #expect(simple(["<b><i><u>x</u></i></b>"], maxDepth: 3))
    #expect(!simple(["<b><i><u>x</u></i></b>"], maxDepth: 2))  // the reader flattens from here
    #expect(simple(["<i>a</i> <b>b</b> <u>c</u>"], maxElements: 3))
    #expect(!simple(["<i>a</i> <b>b</b> <u>c</u>"], maxElements: 2))  // and from here
    #expect(!simple(["<i></i>"]))
    #expect(!simple(["<i><b></b>x</i>"]))
    #expect(!simple(["<I>x</I>"]))
    #expect(!simple(["<i >x</i>"]))
    #expect(!simple(["<i>x</i >"]))
    #expect(!simple(["<i>x"]))
    #expect(!simple(["x</i>"]))
    #expect(!simple(["<b><i>x</b></i>"]))
    #expect(!simple(["<i><i>x</i></i>"]))
    #expect(!simple(["<s>x</s>"]))
    #expect(!simple(["<font color=red>x</font>"]))
    #expect(!simple(["<i>a &amp; b</i>"]))
    #expect(!simple(["<i>a > b</i>"]))
    #expect(!simple(["{\\an8}<i>x</i>"]))
    #expect(!simple(["<i>x</i><"]))
    #expect(!simple(["<"]))
    #expect(!simple(["<i"]))
  }

  /// SRT cues with tags go to WebVTT byte for byte only where that is what the model gives.
  @Test func subRipTagCuesConvertAsTheModelWrites() {
    let cues = [
      "<i>one</i>", "<b><i>x</i> y</b> <u>z</u>", "<i>across\nlines</i>", "<i>\n</i>", "<i></i>", "<i><b></b>x</i>",
      "<I>x</I>", "<i >x</i>", "<i>x", "x</i>", "<b><i>x</b></i>", "<i><i>x</i></i>", "<s>x</s>", "<i>a &amp; b</i>",
      "<i>a > b</i>", "{\\an8}<i>x</i>", "<b><i><u>deep</u></i></b>", "<i>x</i> <", "-- <i>x</i> -->",
      // SubStation's \N break, a backslash that is not one, and a space after the slash.
      "Where?\\NHome.", "C:\\dir \\n", "<i>one</ i> two", "\u{FEFF}text with a mark",
    ]
    var srt = ""
    for (k, text) in cues.enumerated() {
      srt += "\(k + 1)\n00:00:\(String(format: "%02d", k)),000 --> 00:00:\(String(format: "%02d", k)),500\n\(text)\n\n"
    }
    #expect(Self.check(Array(srt.utf8), from: "srt", to: "webvtt", name: "srt tags"))
    #expect(Self.check(Array(srt.utf8), from: "srt", to: "webvtt", crlf: true, name: "srt tags crlf"))
    #expect(Self.check(Array(srt.replacingOccurrences(of: "\n", with: "\r\n").utf8), from: "srt", to: "webvtt", name: "srt tags crlf input"))
  }

  /// WebVTT cues with simple tags go to SRT byte for byte only where that is what the model gives.
  @Test func webVTTTagCuesConvertAsTheModelWrites() {
    let cues = [
      "<i>one</i>", "<b><i>x</i> y</b> <u>z</u>", "<i>across\nlines</i>", "<i>\n</i>", "<i></i>", "<i><b></b>x</i>",
      "<I>x</I>", "<i >x</i>", "<i>x", "x</i>", "<b><i>x</b></i>", "<i><i>x</i></i>", "<c>x</c>", "<i.loud>x</i>",
      "<i>a &amp; b</i>", "<i>a > b</i>", "<b><i><u>deep</u></i></b>", "<i>x</i> <", "<v Anna>x</v>", "12\n<i>34</i>",
      // Text holding SubStation's \N, which SRT readers take as a line break (reported).
      "Where?\\NHome.", "<i>One\\Ntwo</i>", "C:\\dir",
    ]
    var vtt = "WEBVTT\n\n"
    for (k, text) in cues.enumerated() {
      vtt += "\(k + 1)\n00:00:\(String(format: "%02d", k)).000 --> 00:00:\(String(format: "%02d", k)).500\n\(text)\n\n"
    }
    #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: "srt", name: "vtt tags"))
    let written = SRT.write(try! WebVTTFormat().read(Array(vtt.utf8), options: ReadOptions()).document)
    #expect(written.diagnostics.filter { $0.code == "srt.write.markup-in-text" }.map(\.cueIndex) == [20, 21])
    #expect(Self.check(Array(vtt.utf8), from: "webvtt", to: "srt", crlf: true, name: "vtt tags crlf"))
    // A STYLE block that styles the tags: SRT writes that style inline, so no copying.
    let styled = vtt.replacingOccurrences(of: "WEBVTT\n\n", with: "WEBVTT\n\nSTYLE\n::cue { color: papayawhip }\n::cue(b) { color: peachpuff }\n\n")
    #expect(Self.check(Array(styled.utf8), from: "webvtt", to: "srt", name: "vtt tags styled"))
  }

  /// Found by the stream-convert fuzz harness: a WebVTT file whose STYLE blocks colour every
  /// cue; its plain cues were copied as bytes, without the colour the model path writes.
  @Test func fuzzFoundWebVTTWithStylesAndBrokenTimings() throws {
    let bytes = try #require(Data(base64Encoded: "V0VCVlRUIEZpbGUgaF5lYWRlciBzaG91bGQgbm90IG4gdGhpaXRoIHdyb25nIGZqaXBzaWxlIGhlYWRlciBzaG91bGRyQmUgaXMgQ29taW4gWDE6MTAwIFgyOjIwMCBZMToxMCBZMjoyMDIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMzIyMjIyQmVhciBpcyBDb237aW5nv1dFQlZUVAoKTk9URSB0aGlzIGEgbmljZSBleGFtcGxlCk5PVEUgb2YgYSBWVFQKClNUWUxFCjo6Y3VlKGIpIHsKICBjb2xvcjogcGVhY2hwdWZmOwp9Cjo6Y3VlKGMpIHsKICBjb2xvcjogd2hpdGU7Cn0KClNUWUxFCjo6Y3VlLGEpIHsKICBjb2xvcjogcmVkOwp9Cjo6Y3VlKAUpIHsKICBjb2xvcjogcmVkOwoKICBiYWNrZ3JvdW5kLWltYWdlOiBsaW5lYXItZ3JhZGllbnQodG8gYm90dG9tLCBkaW1ncmF5LCAtbGVmdCBhbGlnbjpsZWZ0IHNpemU6NTclCk1BTjoKSG93IGRpZCB3ZSBlbmQgdXAgaJt0mskKCjAwOjAyOjEyLjE2IC0tPiAwMDowMjoxNS4yMApUaGlzIHBsYWNlIGlzIGhvcnJpYmxlLgoKCjQKMDA6MDI6MjAuMjQgLS0+IDAwOjAyOjIyLjIgLS0+IDAwOjAyOjMxLjM2CldlIGRvbid0IGJlbG9uZwppbiBjdWUoYykgewogIGNvbG9yOiB3aGl0ZTsKfQoKU1RZTEUKOjpjdWUoYSkgewogIGNvbG9yOiByZWQ7Cn0KOjpjdWUoZCkgeQogIGNvbG89OiByZWQ7CgpBICBiYWNrZ3JvdW5kLWltYWdlOiBsaW5lYXItZ3JhZGllbnQodG8gYm90dG9tZ2IxODAzMGF5LCBsaWdodGdyYXkpOwp9CgoKUmVnaW9uOiBpZD1mcmVkIHdpZHRoPTQwJSBsaW5lcz0zIHJlZ2lvbmFuY2hvcj0wJSwxMDAlIHZpZXdwb3J0YW5jaG9yPTEwJSw5MCUgc2Nyb2xsPXVwClJlZ2lvbjogaWQ9YmNob3I9OTAlLDkwJSBzY3JvbGw9dXAKCjEhISEhIQoKMgowMDowMDozMS4wMDAgLS0+IDAwOjIwOjAwLjUwMApJIHNhaWQgQmVhciBpcyBjb21pbmchISEh")).map { $0 }
    #expect(Self.check(bytes, from: "webvtt", to: "srt", name: "fuzz 77e923ec"))
    // The same bug found again, as different losses (a colour per cue the copy did not report).
    let again = try #require(Data(base64Encoded: "V0VCVlRUIEZpbGUgaF5lYWRlciBzaG91bGQgbm90IG4gdGhpaXRoIHdyb25nIGZqaXBzaWxlIGhlYWRlciBzaG91bGRyQmUgaXMgQ29yOiByZWQ7CgogIGJhY2tncm91bmQtaW1hZ2U6IGxpbmVhci1ncmFkaWVudCh0byBib3R0b20sIGRpbWdyYXksIC1sZWZ0IGFsLDM3JSBzY3JvbGzUiXAKUmVnaW9uOiBpZD1iY2hvcj05MCUsOTAlIHNjcm9sbGFyIGlzIENvbftpbme/V0VCVlRUCgpOT1RFIHRoaXMgYSBuaWNlIGV4YW1wbGUKTk9URSBvZiBhIFZUVAoKU1RZTEUKOjpjdWUoYikgewogIGNvbG9yOiBwZWFjaHB1ZmY7Cn0KOjpjdWUoYykgewogIGNvbG9yOiB3aGl0ZTsKfQoKU1RZTEUKOjpjdWUsYSkgewogIGPvu79yOiByZWQ79oL1xcWcipgoBSkge2NvbG9yOiByZWQ7CgogIGJhY2tncm91bmQtaW1hZ2U6IGxpbmVhci1ncmFkaWVudCh0byBib3R0b20sIGRpbWdyYXksIC1sZWZ0IGFsLDM3JSBzY3JvbGzUiXAKUmVnaW9uOiBpZD1iY2hvcj05MCUsOTAlIHNjcm9sbD11cAoKMSEhISHDw8PDw8PDw8PDw8PDw8PDw8PDw8PDw8PDw8PDw8MhCgoyCjAwOjAwOjMxLjAwMCAtLT4gMDA6MjA6MDAuNTAwCkkgc2FpZCBCZWFyIGlzIGNvbWluZyEhISE=")).map { $0 }
    #expect(Self.check(again, from: "webvtt", to: "srt", name: "fuzz 10b8335d"))
    // The kind of bug: a STYLE rule for every cue (here `::cue,a) { color: red }`, read as
    // `::cue`) reaches SRT as an inline colour, also for a plain cue.
    let styled = "WEBVTT\n\nSTYLE\n::cue { color: red }\n\n00:00:01.000 --> 00:00:02.000\nplain\n\n00:00:03.000 --> 00:00:04.000\n<b>bold</b>\n"
    #expect(Self.check(Array(styled.utf8), from: "webvtt", to: "srt", name: "::cue colour"))
    let srt = SubRipFormat().write(try WebVTTFormat().read(Array(styled.utf8), options: ReadOptions()).document, options: WriteOptions())
    #expect(String(decoding: srt.bytes, as: UTF8.self).contains(##"<font color="#ff0000">plain</font>"##))
  }

  @Test func unsupportedPairThrows() {
    #expect(throws: CaptionError.self) {
      try StreamingConversion.convert([], from: "ttml", to: "srt", readOptions: ReadOptions(), writeOptions: WriteOptions()) { _, _ in }
    }
    #expect(StreamingConversion.supports(from: "srt", to: "webvtt"))
    #expect(!StreamingConversion.supports(from: "webvtt", to: "ttml"))
  }
}
