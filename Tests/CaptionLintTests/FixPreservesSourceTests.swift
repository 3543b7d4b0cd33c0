import CaptionCLI
import CaptionTestSupport
import Foundation
import Testing

/// `captionkit fix` edits WebVTT and SRT in place: a clean file stays byte for byte, and a fix
/// changes only the lines of the cues it touches.
@Suite struct FixPreservesSourceTests {
  /// A clean WebVTT file with everything a re-serialisation would disturb: a header with text
  /// and metadata, NOTE before STYLE before REGION, a NOTE between cues, cue ids, settings in
  /// a non-canonical order, short timestamps, a region, a voice span, CRLF line endings.
  static let rich = [
    "WEBVTT - Episode 1", "Kind: captions", "",
    "NOTE made by hand", "", "STYLE", "::cue(.yellow) { color: yellow; }", "",
    "REGION", "id:fred", "width:40%", "lines:3", "",
    "intro", "00:01.000 --> 00:04.000 line:0 align:start region:fred", "<v Bob>Hello, <c.yellow>Alice</c>.</v>", "",
    "NOTE second note", "spanning two lines", "",
    "00:00:05.000 --> 00:00:08.000 position:10%,line-left", "Fine.", "",
  ].joined(separator: "\r\n")

  @Test func cleanWebVTTIsLeftByteForByte() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("ep.vtt", Self.rich)
    let r = tool(["fix", p])
    #expect(r.code == 0)
    #expect(r.err == "\(p): no changes\n")
    #expect(s.read("ep.vtt") == Self.rich)
    #expect(s.read("ep.vtt.bak") == nil)
    #expect(tool(["fix", "--dry-run", p]).out == "")
  }

  @Test func fixChangesOnlyTheCuesItTouches() throws {
    let s = try Scratch()
    defer { s.remove() }
    let messy = Self.rich.replacingOccurrences(of: "Fine.", with: "Fine.  \r\n\r\n00:09.000 --> 00:10.000 align:end\r\n \r\n\r\n00:11.000 --> 00:12.000 size:50%\r\n<i>Open")
    let p = try s.write("ep.vtt", messy)
    let r = tool(["fix", p])
    #expect(r.code == 1)
    #expect(r.err == "\(p): fixed: cue 2: trimmed whitespace; cue 3: removed (no visible text); 2 reader findings repaired by rewriting\n")
    let expected = Self.rich.replacingOccurrences(of: "Fine.", with: "Fine.\r\n\r\n00:11.000 --> 00:12.000 size:50%\r\n<i>Open</i>")
    #expect(s.read("ep.vtt") == expected)
    #expect(s.read("ep.vtt.bak") == messy)
    #expect(tool(["fix", p]).code == 0)
  }

  @Test func overlapTrimRespellsOnlyTheEndTime() throws {
    let s = try Scratch()
    defer { s.remove() }
    let text = "WEBVTT\n\nid1\n00:01.000 --> 00:05.000 align:start line:10%\nFirst\n\n00:04.000 --> 00:06.000 align:start line:10%\nSecond\n"
    let p = try s.write("o.vtt", text)
    #expect(tool(["fix", p]).code == 0)  // overlaps are only trimmed when asked
    #expect(tool(["fix", "--trim-overlaps", p]).code == 1)
    #expect(s.read("o.vtt") == "WEBVTT\n\nid1\n00:01.000 --> 00:00:04.000 align:start line:10%\nFirst\n\n00:04.000 --> 00:06.000 align:start line:10%\nSecond\n")
  }

  @Test func srtNumberingAndTimestamps() throws {
    let s = try Scratch()
    defer { s.remove() }
    // Clean, numbered with gaps (a segment of a longer file), CRLF: untouched.
    let gaps = "2\r\n00:00:27,000 --> 00:00:30,730\r\nascii\r\n\r\n4\r\n00:00:31,500 --> 00:00:34,100\r\noh look\r\n"
    let g = try s.write("gaps.srt", gaps)
    #expect(tool(["fix", g]).code == 0)
    #expect(s.read("gaps.srt") == gaps)
    // An empty cue removed: the indexes after it count on from the first one.
    let empty = "35\n00:00:32,290 --> 00:00:32,890\n\n\n36\n00:00:32,990 --> 00:00:33,590\nYOU HAVE\n\n37\n00:00:34,000 --> 00:00:35,000\nANY\n"
    let e = try s.write("empty.srt", empty)
    #expect(tool(["fix", e]).code == 1)
    #expect(s.read("empty.srt") == "35\n00:00:32,990 --> 00:00:33,590\nYOU HAVE\n\n36\n00:00:34,000 --> 00:00:35,000\nANY\n")
    // Misspelt timestamps respelt; the coordinates after them and the text are kept.
    let spelt = "1\n00:01:39 --> 00:01:41,04\n(deep rumbling)\n\n2\n00:02:04,08 --> 00:02:07,12 X1:40 X2:600 Y1:20 Y2:50\nMAN:\nHow did we end up here?\n"
    let t = try s.write("spelt.srt", spelt)
    #expect(tool(["fix", t]).code == 1)
    #expect(s.read("spelt.srt") == "1\n00:01:39,000 --> 00:01:41,040\n(deep rumbling)\n\n2\n00:02:04,080 --> 00:02:07,120 X1:40 X2:600 Y1:20 Y2:50\nMAN:\nHow did we end up here?\n")
    // A missing index is inserted.
    let missing = "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n00:00:03,000 --> 00:00:04,000\nTwo\n"
    let m = try s.write("missing.srt", missing)
    #expect(tool(["fix", m]).code == 1)
    #expect(s.read("missing.srt") == "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n")
    // An index separated from its timing line by blank lines is joined to it (CRLF kept), and
    // the file then reads clean.
    let separated = "1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n\r\n24\r\n\r\n \r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\n"
    let sp = try s.write("separated.srt", separated)
    #expect(tool(["fix", sp]).code == 1)
    #expect(s.read("separated.srt") == "1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n\r\n24\r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\n")
    #expect(tool(["fix", sp]).code == 0)
  }

  @Test func problemsOutsideTheFixedCuesDoNotBlock() throws {
    let s = try Scratch()
    defer { s.remove() }
    // The reader skips the block with a malformed timing line; an in-place fix of another cue
    // leaves it as it is (a whole rewrite would have deleted it, so fix used to refuse).
    let text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nkept  \n\n00:00:03.000 -> 00:00:04.000\nskipped by the parser\n"
    let p = try s.write("bad.vtt", text)
    let r = tool(["fix", p])
    #expect(r.code == 1)
    #expect(s.read("bad.vtt") == text.replacingOccurrences(of: "kept  ", with: "kept"))
    // A problem inside a cue that would be rewritten still blocks: the unknown tag the reader
    // dropped would be lost.
    let tagged = "WEBVTT\n\n00:01.000 --> 00:02.000\n<foo>x</foo>  \n"
    let q = try s.write("tag.vtt", tagged)
    let t = tool(["fix", q])
    #expect(t.code == 2)
    #expect(t.err.contains("not fixed"))
    #expect(t.err.contains("[webvtt.cuetext.unknown-tag]"))
    #expect(s.read("tag.vtt") == tagged)
  }

  @Test func mixedLineEndingsBecomeLF() throws {
    let s = try Scratch()
    defer { s.remove() }
    let p = try s.write("mixed.srt", "1\r\n00:00:01,000 --> 00:00:02,000\nOne\r\n")
    #expect(tool(["fix", p]).code == 1)
    #expect(s.read("mixed.srt") == "1\n00:00:01,000 --> 00:00:02,000\nOne\n")
  }

  @Test func ttmlIsRewrittenOnlyWhenThereIsSomethingToFix() throws {
    let s = try Scratch()
    defer { s.remove() }
    let clean = "<?xml version=\"1.0\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\" xml:lang=\"en\"><body><div><p begin=\"1s\" end=\"2s\">Hello</p></div></body></tt>\n"
    let p = try s.write("clean.ttml", clean)
    let r = tool(["fix", p])
    #expect(r.code == 0)
    #expect(r.err == "\(p): no changes\n")
    #expect(s.read("clean.ttml") == clean)
    let empty = clean.replacingOccurrences(of: "</div>", with: "<p xml:space=\"preserve\" begin=\"3s\" end=\"4s\">Hi  </p></div>")
    let q = try s.write("empty.ttml", empty)
    let f = tool(["fix", q])
    #expect(f.code == 1)
    #expect(f.err.contains("cue 2: trimmed whitespace; the whole file was rewritten by its writer"))
    #expect(s.read("empty.ttml")?.contains(">Hello</p>") == true)
    #expect(s.read("empty.ttml")?.contains(">Hi</p>") == true)
  }

  /// Every WebVTT and SRT file of the corpus: `fix` either leaves it byte for byte (nothing to
  /// fix), refuses it (the reader had to guess), or edits it in place (never a whole rewrite),
  /// after which a second run has nothing to do.
  @Test(.enabled(if: Corpus.root != nil)) func corpusFilesAreUntouchedOrFixedInPlace() throws {
    let s = try Scratch()
    defer { s.remove() }
    var untouched = 0, fixed = 0, refused = 0
    let files = ["wpt-webvtt", "wpt-html-track", "mozilla-vtt.js", "pycaption", "webvtt-py", "go-astisub", "ttconv", "cdown-srt", "subtitleedit"]
      .flatMap { Corpus.files(in: $0, extensions: ["vtt", "srt"]) }
    for (k, url) in files.enumerated() {
      let original = try Corpus.bytes(url)
      let name = "f\(k).\(url.pathExtension)"
      let p = s.path(name)
      try Data(original).write(to: URL(fileURLWithPath: p))
      let r = tool(["fix", "--no-backup", p])
      let after = try Corpus.bytes(URL(fileURLWithPath: p))
      switch r.code {
      case 0:
        untouched += 1
        #expect(after == original, "\(url.path)")
      case 1:
        fixed += 1
        #expect(!r.err.contains("whole file"), "\(url.path): \(r.err)")
        #expect(tool(["fix", "--no-backup", p]).code == 0, "\(url.path)")
      default:
        refused += 1
        #expect(after == original, "\(url.path)")
      }
    }
    print("fix on \(files.count) corpus WebVTT/SRT files: \(untouched) untouched (identical bytes), \(fixed) fixed in place, \(refused) refused")
    #expect(untouched > fixed)
  }
}
