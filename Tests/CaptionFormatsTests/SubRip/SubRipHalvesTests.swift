import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionFormats

/// Large SRT files are read in two halves at once (`SubRipReader+Halves`): whether the second
/// half's reading is kept or the first half's reader reads on, the cues and the diagnostics
/// (in order) are what one reader gives.
@Suite struct SubRipHalvesTests {
  /// Both ways; `halves` says which way the split reading went.
  static func bothWays(_ bytes: [UInt8], limits: ReadLimits = ReadLimits()) -> (one: ([Cue], [Diagnostic]), two: ([Cue], [Diagnostic]), halves: SubRipReader.Halves) {
    var one = SubRipReader(bytes: bytes, limits: limits)
    let a = one.read()
    var two = SubRipReader(bytes: bytes, limits: limits)
    let b = two.readInHalves(minimumSize: 0)
    return ((a, one.sink.finished), (b, two.sink.finished), two.halves)
  }

  /// A file of `count` cues in sequence, with one kind of damage (or none) at a random place.
  static func file(_ rng: inout SplitMix64, count: Int) -> String {
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    func stamp(_ ms: Int) -> String {
      String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }
    let texts = ["Hello there.", "<i>Italic</i> text", "Two lines\nof text", "Tom &amp; Jerry", "{\\an8}Top", "é 日本語 🎬", "<b>unclosed"]
    let damage = pick(18)
    let at = pick(count)
    let eol = pick(4) == 0 ? "\r\n" : "\n"
    var out = pick(10) == 0 ? "\u{FEFF}" : ""
    var t = 1_000
    for i in 0..<count {
      var index = "\(i + 1)"
      var start = t
      // Damage 14: a character reference in every cue from here on (in both halves, and in
      // the cue just above the cut, where the fuzzer found the once-per-file report doubled).
      var text = damage == 14 && i >= at ? texts[3] : texts[pick(3)]
      var blank = eol
      if i == at {
        switch damage {
        case 0: index = "\(max(1, i - 3))"  // a duplicate index
        case 1: index = "\(i + 7)"  // out of sequence
        case 2: start = max(0, t - 50_000)  // a start that goes back
        case 3: text = texts[3 + pick(4)]  // a character reference, an anchor, markup
        case 4: blank = ""  // a missing blank line
        case 5: out += "stray words" + eol + eol  // text outside a cue
        case 6: index = ""  // no index line
        case 7: index = "12345678901234567890"  // an index too long for a number
        case 8: out += "\r"  // a lone CR line end
        case 9: text = String(repeating: "x", count: 300)  // a long line (with a small limit)
        case 10: text = "2" + eol + eol + "more text"  // a number alone, then text after a blank line
        case 12: t += 360_000_000  // hours past 99 from here on: a diagnostic on every cue
        case 13:  // an index separated from its timing line by a blank line
          index += eol
        case 11:  // an extra cue that repeats an earlier index, the sequence going on after it
          out += "\(max(1, i - 3))" + eol + "\(stamp(t)) --> \(stamp(t + 500))" + eol + "extra" + eol + eol
        default: break  // no damage
        }
      }
      if !index.isEmpty { out += index + eol }
      out += "\(stamp(start)) --> \(stamp(start + 1_500))" + eol + text.replacingOccurrences(of: "\n", with: eol) + eol + blank
      t += 2_000 + pick(500)
    }
    return out
  }

  @Test func randomFilesReadTheSameInHalves() {
    var rng = SplitMix64(seed: 0xA1F)
    var outcomes: [SubRipReader.Halves: Int] = [:]
    var keptWithDiagnostics = 0, keptOverLimit = 0
    for _ in 0..<1_000 {
      var limits = ReadLimits()
      limits.maxLineLength = rng.next() % 4 == 0 ? 20 : 200
      if rng.next() % 3 == 0 { limits.maxDiagnostics = 1 + Int(rng.next() % 12) }
      let text = Self.file(&rng, count: 2 + Int(rng.next() % 60))
      let r = Self.bothWays(Array(text.utf8), limits: limits)
      #expect(r.one.0 == r.two.0, "\(text)")
      #expect(r.one.1 == r.two.1, "\(text)")
      outcomes[r.halves, default: 0] += 1
      if r.halves == .kept, !r.two.1.isEmpty { keptWithDiagnostics += 1 }
      if r.halves == .kept, r.two.1.last?.code == "core.diagnostics.limit-reached" { keptOverLimit += 1 }
    }
    // Both ways are taken often, the guess also when the second half has findings and when
    // they pass the limit: the test checks the guess, the joining and the reading on.
    #expect(outcomes[.kept, default: 0] > 200, "\(outcomes)")
    #expect(outcomes[.readOn, default: 0] > 100, "\(outcomes)")
    #expect(keptWithDiagnostics > 100, "\(keptWithDiagnostics)")
    #expect(keptOverLimit > 10, "\(keptOverLimit)")
  }

  /// Found by the `srt` fuzz harness: a character reference in the cue just above the cut and
  /// another in the second half. The cue above the cut was finished after the checks, so its
  /// reference was not yet said and the second half's was kept too (two where one reader says
  /// one per file).
  @Test func referenceInTheCueAboveTheCut() {
    let text = "\u{FEFF}1\n00:00:03lowed.\n\n2\n00:00:04,101 --> 00:00:05,430\nG&nbsp;teen,\n\n3\n00:00:06,330 --> 00:00:75\nthther &lt; worlds than these.\n"
    let r = Self.bothWays(Array(text.utf8))
    #expect(r.one.0 == r.two.0)
    #expect(r.one.1 == r.two.1)
    #expect(r.two.1.filter { $0.code == "srt.text.character-reference" }.count == 1)
  }

  /// Source lines of the second half's cues are the file's, not counted from the cut.
  @Test func secondHalfKeepsFileLineNumbers() {
    var text = ""
    for i in 0..<10 { text += "\(i + 1)\n00:00:0\(i),000 --> 00:00:0\(i),500\nline \(i)\n\n" }
    let r = Self.bothWays(Array(text.utf8))
    #expect(r.halves == .kept)
    #expect(r.two.0.map { $0.source?.line } == (0..<10).map { 4 * $0 + 2 })
    #expect(r.two.0[9].plainText == "line 9")
  }

  /// A file whose blocks are numbered from `first`, each `text` long. With `text` nil the
  /// blocks are as short as SRT allows (about 25 bytes: `7\n0:00:5,0 --> 0:00:5,5\nx\n\n`).
  static func numbered(from first: Int, count: Int, text: String?) -> [UInt8] {
    var out = ""
    for i in 0..<count {
      guard let text else {
        out += "\(first + i)\n0:\(String(format: "%02d:%d", i / 60 % 60, i % 60)),0 --> 0:\(String(format: "%02d:%d", i / 60 % 60, i % 60)),5\nx\n\n"
        continue
      }
      let ms = 1_000 + i * 2_000
      out += "\(first + i)\n00:\(String(format: "%02d:%02d", ms / 60_000 % 60, ms / 1000 % 60)),\(String(format: "%03d", ms % 1000)) --> "
      out += "00:\(String(format: "%02d:%02d", (ms + 1500) / 60_000 % 60, (ms + 1500) / 1000 % 60)),500\n\(text) \(i)\n\n"
    }
    return Array(out.utf8)
  }

  /// Each half moves its cues straight into the room of the array returned; the second half's
  /// start there is the count the cut's index says come before it. Numbered from 1 that count
  /// is exact; from 0 the first half has one cue more than its room (it spills, and the second
  /// half's cues move up past the spill); from 10 nine fewer (the second half's cues move
  /// down); tiny blocks overflow the second half's room (it spills too; from 0 as well, the
  /// second half's cues have no room to move up and are moved out). Whichever way, the cues
  /// and their order are one reader's.
  @Test(arguments: [(1, "a text of some length"), (0, "a text of some length"), (10, "a text of some length"), (1, nil), (7, nil), (0, nil)])
  func eachHalfFillsItsRoomOfTheResult(first: Int, text: String?) {
    let bytes = Self.numbered(from: first, count: 600, text: text)
    let r = Self.bothWays(bytes)
    #expect(r.halves == .kept)
    #expect(r.two.0.count == 600)
    #expect(r.one.0 == r.two.0)
    #expect(r.one.1 == r.two.1)
    #expect(r.two.0.map(\.id) == (0..<600).map { "\(first + $0)" })
    #expect(r.two.0.map { $0.source?.line } == (0..<600).map { 4 * $0 + 2 })
    #expect(r.two.0.map(\.start) == r.one.0.map(\.start))
    #expect(r.two.0[599].plainText == (text.map { "\($0) 599" } ?? "x"))
  }

  /// Found by the `srt` fuzz harness: the cut's index is 0, and "index − 1 cues before the
  /// cut" put the second half's room one place before the array's (a heap overflow).
  @Test func indexZeroAtTheCut() {
    let bytes = Self.numbered(from: 0, count: 1, text: "first") + Array(String(repeating: "0\n00:00:05,000 --> 00:00:06,000\nsame index\n\n", count: 300).utf8)
    let r = Self.bothWays(bytes)
    #expect(r.halves != .notCut)
    #expect(r.two.0.count == 301)
    #expect(r.one.0 == r.two.0)
    #expect(r.one.1 == r.two.1)
    #expect(r.two.0[300].plainText == "same index")
  }

  /// The second half's reading is dropped (an index repeats across the cut): its cues are
  /// destroyed and the first half's reader reads on into the room they had.
  @Test func readingOnFillsTheSecondHalfsRoom() {
    var bytes = Self.numbered(from: 1, count: 400, text: "a text of some length")
    bytes += Array("5\n01:00:00,000 --> 01:00:01,000\nlate\n\n".utf8)
    let r = Self.bothWays(bytes)
    #expect(r.halves == .readOn)
    #expect(r.two.0.count == 401)
    #expect(r.one.0 == r.two.0)
    #expect(r.one.1 == r.two.1)
    #expect(r.two.0[400].plainText == "late")
  }

  /// Every SRT file of the corpus.
  @Test(.enabled(if: Corpus.root != nil)) func corpusReadsTheSameInHalves() throws {
    let files = Corpus.files(in: "", extensions: ["srt"])
    #expect(files.count > 20)
    for url in files {
      let decoded = SubRipFormat.decode(try Corpus.bytes(url), options: ReadOptions())
      let r = Self.bothWays(decoded.utf8)
      #expect(r.one.0 == r.two.0, "\(url.lastPathComponent)")
      #expect(r.one.1 == r.two.1, "\(url.lastPathComponent)")
    }
  }
}
