import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionFormats

/// The SRT reader finds the usual block's lines by their bytes (`SubRipLineReader`'s
/// `usualHeader`, `nextUsualTextLine`, `skipUsualEmptyLine`) before its general path looks
/// at them. Reading with and without those must give the same cues, sources and diagnostics.
@Suite struct SubRipUsualLinesTests {
  static func bothWays(_ bytes: [UInt8], limits: ReadLimits = ReadLimits(), _ name: String) {
    var fast = SubRipReader(bytes: bytes, limits: limits)
    var general = SubRipReader(bytes: bytes, limits: limits)
    general.readsUsualLines = false
    let a = fast.read(), b = general.read()
    #expect(a == b, "\(name)")
    #expect(a.map(\.source) == b.map(\.source), "\(name)")
    #expect(fast.sink.finished == general.sink.finished, "\(name)")
  }

  @Test func usualLinesAreReadByTheirBytes() {
    let text = Array("12\r\n01:02:03,456 --> 01:02:04,000\nHello, é\r\n<i>x</i>\n\n7\n".utf8)
    text.withUnsafeBufferPointer { buf in
      var lines = SubRipLineReader(buf)
      #expect(lines.nextUsualTextLine(maxLineLength: 100) == nil)  // starts with a digit
      #expect(lines.usualHeader(maxLineLength: 28) == nil)  // the timing line would be too long
      #expect(lines.usualHeader(maxLineLength: 1) == nil)  // and so would the index line
      guard let h = lines.usualHeader(maxLineLength: 100) else {
        Issue.record("no header")
        return
      }
      #expect(h.index.range == 0..<2 && h.index.number == 1)
      #expect(h.timingLine.range == 4..<33 && h.timingLine.number == 2)
      #expect(lines.nextLineStart == 0)  // found, not consumed
      lines.take(h)
      #expect(lines.nextLineStart == 34 && lines.nextLineNumber == 3)
      #expect(lines.nextUsualTextLine(maxLineLength: 8) == nil)  // "Hello, é" is 9 bytes
      let hello = lines.nextUsualTextLine(maxLineLength: 9)
      #expect(hello?.range == 34..<43 && hello?.number == 3)
      var skipped = lines.skipUsualEmptyLine()
      #expect(!skipped)
      let tagged = lines.nextUsualTextLine(maxLineLength: 9)
      #expect(tagged?.number == 4)
      skipped = lines.skipUsualEmptyLine()
      #expect(skipped)
      #expect(lines.usualHeader(maxLineLength: 100) == nil)  // no line after "7"
      let last = lines.next()
      #expect(last?.range == 55..<56)
      #expect(lines.lineEnds.lf == 4 && lines.lineEnds.crlf == 2)
    }
    // Lines left to the general path, which tells them apart by more than their bytes.
    for header in [
      "1\r00:00:01,000 --> 00:00:02,000\n", "1\n00:00:01,000 --> 00:00:02,000\r", "1\n00:00:01,000 --> 00:00:02,000",
      "1\n00:00:01,000 --> 00:00:02,000\r\r\n", " 1\n00:00:01,000 --> 00:00:02,000\n", "1234567890\n00:00:01,000 --> 00:00:02,000\n",
      "\u{FEFF}1\n00:00:01,000 --> 00:00:02,000\n",
    ] {
      Array(header.utf8).withUnsafeBufferPointer { buf in
        #expect(SubRipLineReader(buf).usualHeader(maxLineLength: 100) == nil, "\(header.debugDescription)")
      }
    }
    for line in ["-- dash\n", " indented\n", "\u{FEFF}mark\n", "lone CR\r", "CR CR LF\r\r\n", "no end", "\r\n", "\n"] {
      Array(line.utf8).withUnsafeBufferPointer { buf in
        var lines = SubRipLineReader(buf)
        #expect(lines.nextUsualTextLine(maxLineLength: 100) == nil, "\(line.debugDescription)")
        #expect(lines.nextLineStart == 0)
      }
    }
  }

  /// The timing parser's shortcut for the usual line gives the times, and no issue.
  @Test func usualTimingLineIsReadWithoutIssues() {
    var rng = SplitMix64(seed: 29)
    for _ in 0..<2_000 {
      let a = Int(rng.next() % 360_000_000), b = Int(rng.next() % 360_000_000)
      func stamp(_ ms: Int) -> String {
        String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
      }
      let line = Array("\(stamp(a)) --> \(stamp(b))".utf8)
      let t = line.withUnsafeBufferPointer { SubRipTimingParser.parse($0, 0..<$0.count) }
      #expect(t?.start == CaptionTime(milliseconds: Int64(a)) && t?.end == CaptionTime(milliseconds: Int64(b)))
      #expect(t?.issues.list.isEmpty == true)
    }
  }

  /// The usual timing line, with two to nine hour digits, read at fixed places
  /// (`usualTiming`): the times and issues `timestamp` gives for its two times, the reading the
  /// general path makes. Checked on random lines with one to ten hour digits, and on every
  /// one-byte change it still answers for.
  @Test func usualTimingAgreesWithTheTimestampParser() {
    var rng = SplitMix64(seed: 99)
    let replacements: [UInt8] = Array("0 9:,.->\tX".utf8)
    var answered = 0, pastNinetyNine = 0
    for _ in 0..<6_000 {
      func stamp() -> String {
        let digits = 1 + Int(rng.next() % 10)
        let hours = String((0..<digits).map { _ in Character(String(rng.next() % 10)) })
        return hours + String(format: ":%02d:%02d,%03d", Int(rng.next() % 60), Int(rng.next() % 60), Int(rng.next() % 1000))
      }
      var line = Array("\(stamp()) --> \(stamp())".utf8)
      if rng.next() % 2 == 0 {
        line[Int(rng.next() % UInt64(line.count))] = replacements[Int(rng.next() % UInt64(replacements.count))]
      }
      line.withUnsafeBufferPointer { p in
        guard let usual = SubRipTimingParser.usualTiming(p, 0..<p.count) else { return }
        answered += 1
        let text = String(decoding: line, as: UTF8.self)
        var issues = SubRipTimingParser.Issues(messages: true)
        let a = SubRipTimingParser.timestamp(p, 0, p.count, &issues, "start")
        let arrowAt = a?.next ?? 0
        #expect(arrowAt + 5 < p.count && Array(p[arrowAt..<(arrowAt + 5)]) == Array(" --> ".utf8), "\(text)")
        let b = SubRipTimingParser.timestamp(p, arrowAt + 5, p.count, &issues, "end")
        let timing = usual.timing(messages: true)
        #expect(a?.time == timing.start && b?.time == timing.end && b?.next == p.count, "\(text)")
        #expect(issues.list.map { "\($0.code) \($0.offset) \($0.message)" } == timing.issues.list.map { "\($0.code) \($0.offset) \($0.message)" }, "\(text)")
        if !issues.list.isEmpty { pastNinetyNine += 1 }
      }
    }
    #expect(answered > 1_500 && pastNinetyNine > 500, "\(answered) \(pastNinetyNine)")
  }

  /// Generated files with one kind of damage each (the halves tests' generator), then damaged
  /// again byte by byte where the usual lines are told apart: a CR, a digit, a space, a `-`,
  /// a byte order mark or a line end put at the start or end of a line, or the file cut short.
  @Test func randomFilesReadTheSameBothWays() {
    var rng = SplitMix64(seed: 0x5E7)
    let inserts: [[UInt8]] = [[0x0D], [0x31], [0x20], [0x2D], [0xEF, 0xBB, 0xBF], [0x0A], [0x0D, 0x0A], [0x09], [0x3C, 0x69, 0x3E]]
    for k in 0..<1_500 {
      var limits = ReadLimits()
      limits.maxLineLength = rng.next() % 4 == 0 ? 20 : 200
      if rng.next() % 3 == 0 { limits.maxDiagnostics = 1 + Int(rng.next() % 12) }
      var bytes = Array(SubRipHalvesTests.file(&rng, count: 2 + Int(rng.next() % 30)).utf8)
      for _ in 0..<Int(rng.next() % 4) {
        let starts = bytes.indices.filter { $0 == 0 || bytes[$0 - 1] == 0x0A }
        let at = starts[Int(rng.next() % UInt64(starts.count))]
        let insert = inserts[Int(rng.next() % UInt64(inserts.count))]
        let before = rng.next() % 2 == 0 ? at : max(0, at - 1)  // a line's start, or just before its line end
        bytes.insert(contentsOf: insert, at: before)
      }
      if rng.next() % 5 == 0 { bytes.removeLast(Int(rng.next() % UInt64(min(bytes.count, 40)))) }
      // Cut short, the file may end inside a character: readers take what the decoder gives,
      // which is well-formed UTF-8 (`WellFormedUTF8`).
      bytes = SubRipFormat.decode(bytes, options: ReadOptions()).utf8
      Self.bothWays(bytes, limits: limits, "file \(k): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
  }

  /// Every SRT file of the corpus.
  @Test(.enabled(if: Corpus.root != nil)) func corpusReadsTheSameBothWays() throws {
    let files = Corpus.files(in: "", extensions: ["srt"])
    #expect(files.count > 20)
    for url in files {
      let decoded = SubRipFormat.decode(try Corpus.bytes(url), options: ReadOptions())
      Self.bothWays(decoded.utf8, url.lastPathComponent)
    }
  }
}
