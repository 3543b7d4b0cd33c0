import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionFormats

/// Large WebVTT files are read in two halves at once (`WebVTTReader+Halves`): whether the
/// second half's reading is kept or the first half's reader reads on, the document and the
/// diagnostics (in order, cue numbers and all) are what one reader gives.
@Suite struct WebVTTHalvesTests {
  static func read(_ bytes: [UInt8], _ options: ReadOptions, halvesFrom size: Int) -> ReadResult? {
    try? WebVTTReader.read(bytes, options: options, hooks: nil, halvesMinimumSize: size)
  }

  /// How a forced split read went.
  static func outcome(_ bytes: [UInt8], _ options: ReadOptions) -> WebVTTReader.Halves {
    bytes.withUnsafeBufferPointer { p in
      var reader = WebVTTReader(p, limits: options.limits, sink: DiagnosticSink(limit: options.limits.maxDiagnostics))
      return reader.runInHalves(minimumSize: 0)
    }
  }

  /// A file of `count` cues, some with identifiers, settings, markup and comments, and one kind
  /// of damage (or none) at a random place.
  static func file(_ rng: inout SplitMix64, count: Int) -> String {
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    func stamp(_ ms: Int) -> String {
      String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }
    let texts = ["Hello there.", "<i>Italic</i> text", "Two lines\nof text", "<c.yellow>Yellow</c> &amp; more", "<b>unclosed", "é 日本語 🎬", "<v Bob>Hi</v>", "a <00:00:01.000> b"]
    let damage = pick(16)
    let at = pick(count)
    let eol = pick(4) == 0 ? "\r\n" : "\n"
    var out = "WEBVTT" + eol
    if pick(3) == 0 { out += "Kind: captions" + eol }
    out += eol
    if pick(2) == 0 { out += "REGION" + eol + "id:r width:40% lines:3" + eol + eol }
    if pick(2) == 0 { out += "STYLE" + eol + "::cue(.yellow) { color: yellow }" + eol + eol }
    var t = 1_000
    for i in 0..<count {
      var id = pick(3) == 0 ? "id\(i)" + eol : (pick(2) == 0 ? "\(i + 1)" + eol : "")
      var start = t
      var settings = ["", "", " line:10%", " position:20% align:start", " region:r", " region:missing", " size:50% vertical:rl"][pick(7)]
      var text = texts[pick(texts.count)]
      var blank = eol
      if pick(8) == 0 { out += "NOTE comment \(i)" + eol + eol }
      if i == at {
        switch damage {
        case 0: id = "id\(max(0, i - 3))" + eol  // an identifier used before
        case 1: start = max(0, t - 50_000)  // a start that goes back
        case 2: out += "STYLE" + eol + "::cue { color: red }" + eol + eol  // a STYLE block after cues
        case 3: out += "REGION" + eol + "id:late" + eol + eol  // a REGION block after cues
        case 4: blank = ""  // a missing blank line
        case 5: settings = " line:abc position:200%"  // bad settings
        case 6: text = "<i><b>deep</i> & <ruby>x<rt>y</ruby> \u{0}"  // markup problems and a NUL
        case 7: text = String(repeating: "x", count: 300)  // a long line (with a small limit)
        case 8: out += "stray text" + eol + eol  // a block that is not a cue
        case 9: out += "   " + eol  // a whitespace line between blocks
        case 10: text = "ends" + eol + "00:99:00.000 --> 01:00:00.000"  // a broken timing line in the text
        case 11, 12: start = 0  // a start before every other
        default: break
        }
      }
      out += id + "\(stamp(start)) --> \(stamp(start + 1_500))\(settings)" + eol + text.replacingOccurrences(of: "\n", with: eol) + eol + blank
      t += 2_000 + pick(500)
    }
    return out
  }

  @Test func randomFilesReadTheSameInHalves() {
    var rng = SplitMix64(seed: 0xB2E)
    var outcomes: [WebVTTReader.Halves: Int] = [:]
    var keptWithDiagnostics = 0, keptOverLimit = 0
    for _ in 0..<1_000 {
      var options = ReadOptions()
      options.limits.maxLineLength = rng.next() % 4 == 0 ? 20 : 200
      if rng.next() % 3 == 0 { options.limits.maxDiagnostics = 1 + Int(rng.next() % 12) }
      let bytes = Array(Self.file(&rng, count: 2 + Int(rng.next() % 60)).utf8)
      let one = Self.read(bytes, options, halvesFrom: .max), two = Self.read(bytes, options, halvesFrom: 0)
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(one?.document == two?.document, "\(text)")
      #expect(one?.diagnostics == two?.diagnostics, "\(text)")
      let how = Self.outcome(bytes, options)
      outcomes[how, default: 0] += 1
      if how == .kept, two?.diagnostics.isEmpty == false { keptWithDiagnostics += 1 }
      if how == .kept, two?.diagnostics.last?.code == "core.diagnostics.limit-reached" { keptOverLimit += 1 }
    }
    #expect(outcomes[.kept, default: 0] > 200, "\(outcomes)")
    #expect(outcomes[.readOn, default: 0] > 50, "\(outcomes)")
    #expect(keptWithDiagnostics > 100, "\(keptWithDiagnostics)")
    #expect(keptOverLimit > 10, "\(keptOverLimit)")
  }

  /// The second half's cues, comments and diagnostics keep the file's line and cue numbers.
  @Test func secondHalfKeepsFileNumbers() throws {
    var text = "WEBVTT\n\n"
    for i in 0..<10 { text += "00:00:0\(i).000 --> 00:00:0\(i).500\n\(i == 8 ? "<i>open" : "line \(i)")\n\n\(i == 6 ? "NOTE six\n\n" : "")" }
    let bytes = Array(text.utf8)
    #expect(Self.outcome(bytes, ReadOptions()) == .kept)
    let r = try #require(Self.read(bytes, ReadOptions(), halvesFrom: 0))
    #expect(r.document.cues.map { $0.source?.line } == [3, 6, 9, 12, 15, 18, 21, 26, 29, 32])
    #expect(r.document.comments.map(\.beforeCue) == [7])
    #expect(r.document.comments.first?.source?.line == 24)
    let unclosed = r.diagnostics.filter { $0.cueIndex == 8 }
    #expect(!unclosed.isEmpty)
    #expect(unclosed.allSatisfy { $0.message.hasPrefix("cue 9: ") && $0.location?.line == 30 })
  }

  /// One reader's result and the split read's, checked to be the same, after checking which
  /// way the split read goes.
  static func bothWays(_ bytes: [UInt8], expecting halves: WebVTTReader.Halves) throws -> (one: ReadResult, two: ReadResult) {
    #expect(outcome(bytes, ReadOptions()) == halves)
    let one = try #require(read(bytes, ReadOptions(), halvesFrom: .max))
    let two = try #require(read(bytes, ReadOptions(), halvesFrom: 0))
    #expect(one.document == two.document)
    #expect(one.diagnostics == two.diagnostics)
    return (one, two)
  }

  /// A file of `count` cues with identifiers numbered from `first` (none when nil), each with
  /// `text` (when nil, the shortest block: `0:05.000 --> 0:05.500\nx`).
  static func numbered(from first: Int?, count: Int, text: String?) -> [UInt8] {
    var out = "WEBVTT\n\n"
    for i in 0..<count {
      if let first { out += "\(first + i)\n" }
      let s = String(format: "%02d:%02d", i / 60 % 60, i % 60)
      out += text == nil ? "\(s).000 --> \(s).500\nx\n\n" : "00:\(s).000 --> 00:\(s).500\n\(text!) \(i)\n\n"
    }
    return Array(out.utf8)
  }

  /// Each half moves its cues straight into the room of the document's array; the second
  /// half's start there is a guess of the cues before the cut (from a numeric identifier, or
  /// from the density of arrows). Whether the guess is exact, high or low, and whether either
  /// half overflows its room, the document is one reader's.
  @Test(arguments: [(1, "a text of some length"), (0, "a text of some length"), (10, "a text of some length"), (nil, "a text of some length"), (nil, nil), (1, nil), (0, nil)])
  func eachHalfFillsItsRoomOfTheResult(first: Int?, text: String?) throws {
    let (one, two) = try Self.bothWays(Self.numbered(from: first, count: 600, text: text), expecting: .kept)
    #expect(two.document.cues.count == 600)
    #expect(two.document.cues.map(\.id) == (0..<600).map { k in first.map { "\($0 + k)" } ?? "" })
    #expect(two.document.cues.map(\.start) == one.document.cues.map(\.start))
    #expect(two.document.cues[599].plainText == (text.map { "\($0) 599" } ?? "x"))
  }

  /// The second half's reading is dropped (an identifier repeats across the cut): its cues are
  /// destroyed and the first half's reader reads on into the room they had.
  @Test func readingOnFillsTheSecondHalfsRoom() throws {
    var bytes = Self.numbered(from: 1, count: 400, text: "a text of some length")
    bytes += Array("5\n01:00:00.000 --> 01:00:01.000\nlate\n\n".utf8)
    let (_, two) = try Self.bothWays(bytes, expecting: .readOn)
    #expect(two.document.cues.count == 401)
    #expect(two.document.cues[400].plainText == "late")
  }

  /// Every WebVTT file of the corpus.
  @Test(.enabled(if: Corpus.root != nil)) func corpusReadsTheSameInHalves() throws {
    let files = Corpus.files(in: "", extensions: ["vtt"])
    #expect(files.count > 300)
    for url in files {
      let bytes = try Corpus.bytes(url)
      let one = Self.read(bytes, ReadOptions(), halvesFrom: .max), two = Self.read(bytes, ReadOptions(), halvesFrom: 0)
      #expect(one?.document == two?.document, "\(url.lastPathComponent)")
      #expect(one?.diagnostics == two?.diagnostics, "\(url.lastPathComponent)")
    }
  }
}
