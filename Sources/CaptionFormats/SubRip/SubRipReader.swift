import CaptionCore

/// Reads SRT: numbered blocks of an index line, a timing line and text lines, separated by
/// blank lines.
///
/// SRT has no formal specification; this follows the de facto format (SubRip, FFmpeg
/// `srtdec.c`, Subtitle Edit) and recovers from what real files get wrong, reporting each
/// recovery as an `srt.*` diagnostic (see `docs/SRT.md`):
///
/// - A cue starts at a timing line, or at any non-blank line directly followed by a timing line
///   (its index line, numeric or not). So missing, garbled, duplicate and out-of-sequence indices,
///   missing blank lines between cues and missing indices are all recovered.
/// - Text after a blank line that does not start a cue continues the previous cue; text before
///   the first cue and blocks without a timing line are skipped.
/// - Whitespace-only lines count as blank lines.
///
/// - Complexity: O(n) in the input; every line is looked at a bounded number of times.
struct SubRipReader {
  let bytes: [UInt8]
  let limits: ReadLimits
  var sink: DiagnosticSink
  var cues: [Cue] = []

  /// The cue being read: its header and its text lines.
  struct Pending {
    /// The identifier's bytes (the index line, trimmed, at most 256 bytes); made a `String`
    /// only when a `Cue` is built (a verbatim cue hands the bytes on).
    var id: Range<Int>
    var start: CaptionTime
    var end: CaptionTime
    var source: SourceLocation
  }

  var pending: Pending?
  var state = State.between
  /// Whether stray text was reported since the last blank line.
  var strayReported = false
  var previousIndex: Int?
  /// The smallest and largest numeric index so far, and whether an index too long for a
  /// number was seen (what `SubRipReader+Halves` needs to rule out duplicates across halves).
  var smallestIndex: Int?
  var largestIndex: Int?
  var sawLongIndex = false
  /// How `readInHalves` read the input.
  var halves = Halves.notCut
  /// Indices seen so far.
  var seenIndices = IdentifierSet()
  /// The text lines of `pending` (reused between cues).
  var lines: [Range<Int>] = []
  var lineNumbers: [Int] = []
  var previousStart: CaptionTime?
  var textScratch: [UInt8] = []
  /// The text parser's buffers, kept from cue to cue so that a cue with markup allocates only
  /// what the model keeps (its nodes and strings).
  var parserScratch = SubRipTextParser.Scratch()
  /// Cues read so far.
  var cueCount = 0
  /// Whether the usual lines are read by their bytes before the general path looks at them
  /// (off only in the tests and fuzz harness that compare both ways).
  var readsUsualLines = true
  /// Whether a character reference in the text was reported (once per file).
  var referenceReported = false
  /// When set, each cue is handed here as soon as it is read instead of being kept in `cues`
  /// (the streaming converter; memory stays bounded by one cue).
  var onCue: ((Cue) -> Void)?
  /// When set too, plain cues and cues with only simple `<i>`, `<b>` and `<u>` tags (see
  /// `VerbatimCue`) are handed here as byte ranges instead. Only for a WebVTT writer: SRT→WebVTT.
  var onVerbatimCue: ((VerbatimCue) -> Void)?
  /// In a read in halves (`SubRipReader+Halves`), where cues go instead of `cues`: the stretch
  /// of the result's room that this reader fills, then `spill` when that is full.
  var window = CueWindow.none
  var spill: MovingCueBuffer?

  init(bytes: [UInt8], limits: ReadLimits) {
    self.bytes = bytes
    self.limits = limits
    self.sink = DiagnosticSink(limit: limits.maxDiagnostics)
  }

  enum State {
    /// Between cues (or before the first), after a blank line.
    case between
    /// Collecting text lines of `pending`.
    case text
    /// Skipping lines up to the next blank line (a block that could not be read).
    case skipping
  }

  static func isBlank(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    for i in r where buf[i] != 0x20 && buf[i] != 0x09 { return false }
    return true
  }

  /// Reports the first HTML character reference (`&amp;`, `&#233;`, `&nbsp;`) in the text:
  /// SRT has none, so CaptionKit keeps it as written, while some players (and FFmpeg's
  /// conversions) show the character it names.
  mutating func reportCharacterReference(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, line number: Int) {
    let line = SubRipLineReader.Line(range: r, number: number)
    var i = r.lowerBound
    while i < r.upperBound {
      if buf[i] == UInt8(ascii: "&") {
        var j = i + 1
        while j < r.upperBound, j - i <= 32, HTMLCharacterReference.isAlphanumeric(buf[j]) || buf[j] == UInt8(ascii: "#") { j += 1 }
        if j > i + 1, j < r.upperBound, buf[j] == UInt8(ascii: ";") {
          referenceReported = true
          let text = string(buf, i..<(j + 1))
          sink.report(
            "srt.text.character-reference", .info,
            "\"\(text)\" looks like an HTML character reference; SRT has none, so it is kept as written (some players show the character it names)",
            at: line.location(at: i))
          return
        }
      }
      i += 1
    }
  }

  /// A line that is meant as a timing line: a timestamp-shaped field (digits and `:`, and `,`
  /// or `.` for a fraction; or, without a `:`, the shape `00.00.03.000`) before
  /// `-->` and a field starting with a digit after it, however broken the fields are. Dialogue
  /// such as "1. Click File -> Save", "2 -> 1 for the home team" or "1.5 --> 2.5" is not one.
  static func looksLikeTiming(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    var i = r.lowerBound
    while i < r.upperBound, buf[i] == 0x20 || buf[i] == 0x09 { i += 1 }
    guard i < r.upperBound, SubRipTimingParser.isDigit(buf[i]) else { return false }
    // The start field: digits, `:`, `,` and `.` only, with a `:` and a fraction among them.
    var colon = false, fraction = false
    // Digit group lengths, for the dots-only shape `hh.mm.ss.fff` (no array: this runs for
    // every line of cue text that starts with a digit).
    var groups = (0, 0, 0, 0), group = 0
    while i < r.upperBound {
      let b = buf[i]
      if b == UInt8(ascii: ":") || b == UInt8(ascii: ",") || b == UInt8(ascii: ".") {
        if b == UInt8(ascii: ":") { colon = true } else { fraction = true }
        group += 1
      } else if SubRipTimingParser.isDigit(b) {
        switch group {
        case 0: groups.0 += 1
        case 1: groups.1 += 1
        case 2: groups.2 += 1
        case 3: groups.3 += 1
        default: break
        }
      } else {
        break
      }
      i += 1
    }
    // Without a `:`, only a timestamp's shape counts: hours, two-digit minutes and seconds,
    // then 1–3 fraction digits. An address (10.0.0.1) or a version (1.2.3.4) is dialogue.
    let dotted = !colon && group == 3 && groups.0 >= 1 && groups.1 == 2 && groups.2 == 2 && (1...3).contains(groups.3)
    guard (colon && fraction) || dotted else { return false }
    while i < r.upperBound, buf[i] == 0x20 || buf[i] == 0x09 { i += 1 }
    guard i + 3 <= r.upperBound, buf[i] == UInt8(ascii: "-"), buf[i + 1] == UInt8(ascii: "-"), buf[i + 2] == UInt8(ascii: ">") else { return false }
    i += 3
    while i < r.upperBound, buf[i] == 0x20 || buf[i] == 0x09 { i += 1 }
    return i < r.upperBound && SubRipTimingParser.isDigit(buf[i])
  }

  /// Whether the start time of a timing-like line has a fraction (`,` or `.` before the
  /// arrow). Inside cue text only such a line starts a cue: "10:00 --> 11:00 in room B" is
  /// dialogue that the lenient timing parser would read as minutes and seconds.
  static func hasFraction(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    var i = r.lowerBound
    while i + 1 < r.upperBound {
      let b = buf[i]
      if b == UInt8(ascii: ",") || b == UInt8(ascii: ".") { return true }
      if b == UInt8(ascii: "-") && buf[i + 1] == UInt8(ascii: ">") { return false }
      i += 1
    }
    return false
  }

  /// `r` without a U+FEFF that starts it (a byte order mark inside the file).
  @inline(__always)
  static func withoutByteOrderMark(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Range<Int> {
    guard r.count >= 3, buf[r.lowerBound] == 0xEF, buf[r.lowerBound + 1] == 0xBB, buf[r.lowerBound + 2] == 0xBF else { return r }
    return (r.lowerBound + 3)..<r.upperBound
  }

  static func isDigits(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    guard !r.isEmpty else { return false }
    for i in r where !SubRipTimingParser.isDigit(buf[i]) { return false }
    return true
  }

  func string(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buf[r]), as: UTF8.self)
  }

  mutating func read() -> [Cue] {
    bytes.withUnsafeBufferPointer { buf in run(buf) }
    return cues
  }

  /// The next line, reported when it is over `maxLineLength` (it is still read whole).
  private mutating func nextLine(_ scanner: inout SubRipLineReader) -> SubRipLineReader.Line? {
    let line = scanner.next()
    if let line, line.range.count > limits.maxLineLength {
      sink.report("srt.line.too-long", .warning, limits.longLineMessage(line.range.count), at: line.start)
    }
    return line
  }

  mutating func run(_ buf: UnsafeBufferPointer<UInt8>) {
    // A cue takes at least ~48 bytes in practice; reserving avoids copying large `Cue` values as
    // the array grows (bounded, so a huge file does not reserve gigabytes up front).
    if onCue == nil { cues.reserveCapacity(min(buf.count / 48, 1 << 20)) }
    var scanner = SubRipLineReader(buf)
    scan(buf, &scanner, upTo: buf.count)
    finishPending(buf)
    finishFile(scanner.lineEnds)
  }

  /// Reads the lines that start before byte `end` (the cue being read stays pending).
  mutating func scan(_ buf: UnsafeBufferPointer<UInt8>, _ scanner: inout SubRipLineReader, upTo end: Int) {
    let maxLine = limits.maxLineLength
    while scanner.nextLineStart < end {
      // The usual lines of the usual block, read by their bytes (`SubRipLineReader`): exactly
      // what the general path below does with them.
      if readsUsualLines {
        if state == .text, let line = scanner.nextUsualTextLine(maxLineLength: maxLine) {
          lines.append(line.range)
          lineNumbers.append(line.number)
          continue
        }
        if scanner.skipUsualEmptyLine() {
          state = .between
          strayReported = false
          continue
        }
        if state == .between, let h = scanner.usualHeader(maxLineLength: maxLine),
          let timing = h.times.map({ SubRipTimingParser.Timing(start: $0.start, end: $0.end, issues: .init(messages: false)) })
            ?? SubRipTimingParser.parse(buf, h.timingLine.range, messages: !sink.isFull)
        {
          scanner.take(h)
          finishPending(buf)
          startCue(buf, index: h.index, timing: timing, timingLine: h.timingLine)
          state = .text
          continue
        }
      }
      guard let line = nextLine(&scanner) else { break }
      // Read without a byte order mark that starts it: files joined together (see `startCue`).
      let r = Self.withoutByteOrderMark(buf, line.range)
      if Self.isBlank(buf, r) {
        if !r.isEmpty {
          sink.report("srt.line.whitespace-only", .info, "a line of only whitespace is read as a blank line", at: line.start)
        }
        if state == .text || state == .skipping { state = .between }
        strayReported = false
        continue
      }
      switch state {
      case .text:
        // The parser rejects a text line at its first byte; only a timing line is scanned again.
        if let t = SubRipTimingParser.parse(buf, r, messages: !sink.isFull), Self.hasFraction(buf, r) {
          sink.report("srt.cue.missing-blank-line", .warning, "a timing line inside cue text starts a new cue; a blank line is missing before it", at: line.start)
          finishPending(buf)
          startCue(buf, index: nil, timing: t, timingLine: line)
          continue
        }
        if Self.isDigits(buf, r), let next = scanner.peek(), let t = SubRipTimingParser.parse(buf, next.range, messages: !sink.isFull),
          Self.hasFraction(buf, next.range)
        {
          sink.report("srt.cue.missing-blank-line", .warning, "an index line followed by a timing line inside cue text starts a new cue; a blank line is missing before it", at: line.start)
          _ = nextLine(&scanner)
          finishPending(buf)
          startCue(buf, index: line, timing: t, timingLine: next)
          continue
        }
        // A broken timing line (or an index line and one) inside cue text is a cue whose
        // blank line is missing and whose timing cannot be read, not more text.
        if Self.looksLikeTiming(buf, r) {
          sink.report("srt.cue.missing-blank-line", .warning, "a timing line inside cue text starts a new block; a blank line is missing before it", at: line.start)
          reportInvalidTiming(buf, r, at: line.start)
          finishPending(buf)
          state = .skipping
          continue
        }
        if Self.isDigits(buf, r), let next = scanner.peek(), Self.looksLikeTiming(buf, next.range) {
          sink.report("srt.cue.missing-blank-line", .warning, "an index line followed by a timing line inside cue text starts a new block; a blank line is missing before it", at: line.start)
          _ = nextLine(&scanner)
          reportInvalidTiming(buf, next.range, at: next.start)
          finishPending(buf)
          state = .skipping
          continue
        }
        lines.append(line.range)
        lineNumbers.append(line.number)
      case .skipping:
        // A block that could not be read ends at the next cue, even without a blank line.
        if let t = SubRipTimingParser.parse(buf, r, messages: !sink.isFull) {
          sink.report("srt.cue.missing-blank-line", .warning, "a timing line ends the skipped block; a blank line is missing before it", at: line.start)
          startCue(buf, index: nil, timing: t, timingLine: line)
          state = .text
          continue
        }
        if Self.isDigits(buf, r), let next = scanner.peek(), let t = SubRipTimingParser.parse(buf, next.range, messages: !sink.isFull) {
          sink.report("srt.cue.missing-blank-line", .warning, "an index line and a timing line end the skipped block; a blank line is missing before them", at: line.start)
          _ = nextLine(&scanner)
          startCue(buf, index: line, timing: t, timingLine: next)
          state = .text
          continue
        }
        continue
      case .between:
        // The usual block: an index line of digits (never a timing line or a garbled one) and
        // then a timing line.
        if Self.isDigits(buf, r), let next = scanner.peek(), let t = SubRipTimingParser.parse(buf, next.range, messages: !sink.isFull) {
          _ = nextLine(&scanner)
          finishPending(buf)
          startCue(buf, index: line, timing: t, timingLine: next)
          state = .text
          continue
        }
        if let t = SubRipTimingParser.parse(buf, r, messages: !sink.isFull) {
          finishPending(buf)
          startCue(buf, index: nil, timing: t, timingLine: line)
          state = .text
          continue
        }
        if SubRipTimingParser.hasArrow(buf, r) {
          reportInvalidTiming(buf, r, at: line.start)
          finishPending(buf)
          state = .skipping
          continue
        }
        let next = scanner.peek()
        if let next, let t = SubRipTimingParser.parse(buf, next.range, messages: !sink.isFull) {
          _ = nextLine(&scanner)
          finishPending(buf)
          startCue(buf, index: line, timing: t, timingLine: next)
          state = .text
          continue
        }
        if let next, !Self.isBlank(buf, next.range), SubRipTimingParser.hasArrow(buf, next.range) {
          _ = nextLine(&scanner)
          reportInvalidTiming(buf, next.range, at: next.start)
          finishPending(buf)
          state = .skipping
          continue
        }
        // An index separated from its timing line by blank lines (`24`, blank, timing line):
        // the index of the cue below, as Subtitle Edit reads it, so `fix` can join them.
        if Self.isDigits(buf, r) && r.count <= 9, let next, Self.isBlank(buf, next.range),
          Self.nextContentIsTiming(buf, from: next.range.upperBound)
        {
          while let blank = scanner.peek(), Self.isBlank(buf, Self.withoutByteOrderMark(buf, blank.range)) {
            _ = nextLine(&scanner)
            if !blank.range.isEmpty {
              sink.report("srt.line.whitespace-only", .info, "a line of only whitespace is read as a blank line", at: blank.start)
            }
          }
          if let timingLine = scanner.peek(), let t = SubRipTimingParser.parse(buf, timingLine.range, messages: !sink.isFull) {
            _ = nextLine(&scanner)
            sink.report(
              "srt.index.separated", .warning,
              "a blank line separates index \(string(buf, r)) from its timing line (line \(timingLine.number)); read as that cue's index",
              at: line.start)
            finishPending(buf)
            startCue(buf, index: line, timing: t, timingLine: timingLine)
            state = .text
            continue
          }
        }
        // A number alone between blank lines (or at the end) after a cue is text, such as a
        // year or an amount, not an index whose block lost its timing: nothing would follow it.
        // A number whose next text is a timing line stays a block without its timing line (the
        // index of the cue after it, with a blank line too many), as before: not text.
        if Self.isDigits(buf, r) && r.count <= 9,
          !(pending != nil && (next.map { Self.isBlank(buf, $0.range) && !Self.nextContentIsTiming(buf, from: $0.range.upperBound) } ?? true))
        {
          sink.report("srt.cue.missing-timing", .error, "block \(string(buf, r)) has no timing line; it is skipped", at: line.start)
          finishPending(buf)
          state = .skipping
          continue
        }
        if pending != nil {
          sink.report("srt.cue.text-after-blank-line", .warning, "text after a blank line that does not start a cue is added to the previous cue", at: line.start)
          lines.append(line.range)
          lineNumbers.append(line.number)
          state = .text
          continue
        }
        // Text no player shows: lost, as WebVTT's unrecognized blocks are (an error there too),
        // so `convert --fail-on-loss` counts it.
        if !strayReported {
          let what = cueCount == 0 && pending == nil ? "text before the first cue" : "text outside a cue"
          sink.report("srt.text.stray", .error, "\(what) is skipped", at: line.start)
          strayReported = true
        }
      }
    }
  }

  /// What is said of the file as a whole, once every line is read.
  mutating func finishFile(_ ends: SubRipLineReader.LineEnds) {
    if [ends.cr, ends.lf, ends.crlf].filter({ $0 > 0 }).count > 1 {
      sink.report("srt.line.mixed-endings", .info, "the file mixes line endings (\(ends.lf) LF, \(ends.crlf) CRLF, \(ends.cr) CR)", at: nil)
    }
    if ends.crcrlf > 0 {
      sink.report("srt.line.doubled-cr", .info, "\(ends.crcrlf) line ends are CR CR LF (CRLF converted twice); each is read as one line end", at: nil)
    }
    if cueCount == 0 {
      // An empty file is a valid "nothing is said"; text without a single cue is not SRT
      // (an HTML error page saved as .srt must not pass).
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
        sink.report("srt.file.no-cues", .warning, bytes.isEmpty ? "the file is empty" : "the file holds only blank lines", at: nil)
      } else {
        sink.report("srt.file.no-cues", .error, "no cues were found: the file has text but not one cue that can be read (is it SRT?)", at: nil)
      }
    }
  }

  mutating func startCue(_ buf: UnsafeBufferPointer<UInt8>, index: SubRipLineReader.Line?, timing: SubRipTimingParser.Timing, timingLine: SubRipLineReader.Line) {
    var id = 0..<0
    // A byte order mark where a block starts: files joined together, each with its own mark.
    let markedIndex = index.map { Self.withoutByteOrderMark(buf, $0.range) != $0.range } ?? false
    if markedIndex || Self.withoutByteOrderMark(buf, timingLine.range) != timingLine.range {
      sink.report("srt.index.byte-order-mark", .warning, "a byte order mark at the start of a cue (files joined together?) is ignored", at: markedIndex ? index?.start : timingLine.start)
    }
    if let index {
      let content = Self.withoutByteOrderMark(buf, index.range)
      var r = content
      while let f = r.first, buf[f] == 0x20 || buf[f] == 0x09 { r = r.dropFirst() }
      while let l = r.last, buf[l] == 0x20 || buf[l] == 0x09 { r = r.dropLast() }
      if r != content {
        sink.report("srt.index.whitespace", .info, "whitespace around the cue index is ignored", at: index.start)
      }
      id = r.prefix(256)
      // The digits without leading zeros: `0000000000000000000001` is index 1.
      var digits = r
      while digits.count > 18, buf[digits.lowerBound] == SubRipTimingParser.zero { digits = digits.dropFirst() }
      let numeric = Self.isDigits(buf, r)
      if numeric && digits.count > 18 {
        // Too large for a number, but still an index that a later cue may repeat.
        sawLongIndex = true
        if !seenIndices.insert(string(buf, digits)) {
          sink.report("srt.index.duplicate", .warning, "index \(string(buf, id).prefix(40)) was already used", at: index.location(at: r.lowerBound))
        } else {
          sink.report("srt.index.invalid", .warning, "index \(string(buf, id).prefix(40)) is too large for a cue number; kept as the cue identifier", at: index.location(at: r.lowerBound))
        }
      } else if numeric {
        var v = 0
        for i in digits { v = v * 10 + Int(buf[i] - SubRipTimingParser.zero) }
        if !seenIndices.insert(number: v) {
          sink.report("srt.index.duplicate", .warning, "index \(v) was already used", at: index.location(at: r.lowerBound))
        } else if let p = previousIndex, v != p + 1 {
          sink.report("srt.index.out-of-sequence", .info, "index \(v) follows \(p)", at: index.location(at: r.lowerBound))
        } else if previousIndex == nil && v != 1 {
          sink.report("srt.index.out-of-sequence", .info, "the first index is \(v), not 1", at: index.location(at: r.lowerBound))
        }
        previousIndex = v
        largestIndex = max(largestIndex ?? v, v)
        smallestIndex = min(smallestIndex ?? v, v)
      } else {
        sink.report("srt.index.invalid", .warning, "index \"\(string(buf, id))\" is not a number; kept as the cue identifier", at: index.location(at: r.lowerBound))
      }
    } else {
      sink.report("srt.index.missing", .warning, "the cue has no index line", at: timingLine.start)
    }
    timing.issues.report(to: &sink) { timingLine.location(at: $0) }
    if timing.end < timing.start {
      sink.report("srt.timing.end-before-start", .error, "the end time \(timing.end) is before the start time \(timing.start)", at: timingLine.start)
    } else if timing.end == timing.start {
      sink.report("srt.timing.zero-duration", .warning, "the cue ends when it starts (\(timing.start))", at: timingLine.start)
    }
    if let p = previousStart, timing.start < p {
      sink.report("srt.timing.out-of-order", .info, "the cue starts at \(timing.start), before an earlier cue (one starts at \(p))", at: timingLine.start)
    }
    previousStart = max(previousStart ?? timing.start, timing.start)
    pending = Pending(id: id, start: timing.start, end: timing.end, source: timingLine.start)
  }

  /// Whether the first line with text at or after byte `from` is a timing line. Scans only the
  /// blank lines before it, so a file's lone numbers cost no more than one pass.
  static func nextContentIsTiming(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
    var i = from
    while i < buf.count, buf[i] == 0x20 || buf[i] == 0x09 || buf[i] == 0x0A || buf[i] == 0x0D { i += 1 }
    guard i < buf.count else { return false }
    var e = i
    while e < buf.count, buf[e] != 0x0A, buf[e] != 0x0D { e += 1 }
    return SubRipTimingParser.parse(buf, i..<e, messages: false) != nil
  }

  /// Whether the range holds a `<`, `{` or `\`, so plain text skips the markup parser.
  static func hasMarkupByte(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    ByteScan.containsAny(buf, from: r.lowerBound, to: r.upperBound, (0x3C, 0x7B, 0x5C, 0x5C))
  }

  /// A line with an arrow that is not a timing line: `srt.timing.too-large` when a number in it
  /// has more digits than a time field can hold (ten or more: hours up to 999,999,999 are read),
  /// otherwise `srt.timing.invalid`. Either way the block is skipped.
  mutating func reportInvalidTiming(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, at location: SourceLocation) {
    let longest = DigitRuns.longest(in: UnsafeBufferPointer(rebasing: buf[r]), wholeOnly: true)
    let text = string(buf, r.prefix(120))
    if longest >= 10 {
      sink.report("srt.timing.too-large", .error, "\"\(text)\" has a time too large to read (a field of \(longest) digits); the block is skipped", at: location)
    } else {
      sink.report("srt.timing.invalid", .error, "\"\(text)\" is not a valid timing line; the block is skipped", at: location)
    }
  }

  mutating func emit(_ cue: consuming Cue) {
    cueCount += 1
    if let onCue {
      onCue(cue)
    } else {
      window.keep(consume cue, spill: spill, orAppendTo: &cues)
    }
  }

  mutating func finishPending(_ buf: UnsafeBufferPointer<UInt8>) {
    guard let p = pending else { return }
    pending = nil
    defer {
      lines.removeAllKeepingCapacity()
      lineNumbers.removeAllKeepingCapacity()
    }
    // Checked before any `Cue` is built: a plain cue goes to the converter as byte ranges.
    if let onVerbatimCue, VerbatimCue.isCopyable(buf, lines, maxDepth: limits.maxNestingDepth, maxElements: limits.maxCueElements) {
      cueCount += 1
      onVerbatimCue(VerbatimCue(idBytes: p.id, start: p.start, end: p.end, source: p.source, buffer: buf, lines: lines))
      return
    }
    let id = p.id.isEmpty ? "" : string(buf, p.id)
    if lines.isEmpty {
      sink.report("srt.cue.empty-text", .info, "the cue has no text", at: p.source)
      emit(Cue(id: id, start: p.start, end: p.end, content: [], source: p.source, sourceText: nil))
      return
    }
    // One word-at-a-time pass finds markup ('<', '{', '\\') and '&' (a character reference, reported once).
    var markup = false
    for (k, r) in lines.enumerated() where ByteScan.containsAny(buf, from: r.lowerBound, to: r.upperBound, (0x3C, 0x7B, 0x26, 0x5C)) {
      if !markup, Self.hasMarkupByte(buf, r) { markup = true }
      // Markup lines seldom hold a `&`: a word-at-a-time check first, not the byte loop.
      if !referenceReported, ByteScan.containsAny(buf, from: r.lowerBound, to: r.upperBound, (0x26, 0x26, 0x26, 0x26)) {
        reportCharacterReference(buf, r, line: lineNumbers[k])
      }
      if markup && referenceReported { break }
    }
    if !markup {
      // Plain text: one string, no tree to build; the source text is the plain text.
      let text = PlainCueText.string(buf, lines: lines, scratch: &textScratch)
      emit(Cue(id: id, start: p.start, end: p.end, plainText: text, source: p.source))
      return
    }
    // Only `<i>`, `<b>` and `<u>` (no `\`, which may be SubStation's `\N`): the parser would
    // say nothing and build what `SimpleTagText` builds, so the tree waits until it is asked for.
    if !lines.contains(where: { ByteScan.containsAny(buf, from: $0.lowerBound, to: $0.upperBound, (0x5C, 0x5C, 0x5C, 0x5C)) }),
      VerbatimCue.hasOnlySimpleTags(buf, lines, maxDepth: limits.maxNestingDepth, maxElements: limits.maxCueElements)
    {
      let text = PlainCueText.string(buf, lines: lines, scratch: &textScratch)
      emit(Cue(id: id, start: p.start, end: p.end, simpleTagText: text, source: p.source))
      return
    }
    // Join the text lines with '\n' and note where each starts.
    textScratch.removeAll(keepingCapacity: true)
    parserScratch.lines.removeAll(keepingCapacity: true)
    for (k, r) in lines.enumerated() {
      if k > 0 { textScratch.append(0x0A) }
      parserScratch.lines.append(.init(textOffset: textScratch.count, documentOffset: r.lowerBound, number: lineNumbers[k]))
      textScratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[r]))
    }
    var parser = SubRipTextParser(scratch: &parserScratch, maxDepth: limits.maxNestingDepth)
    parser.maxElements = limits.maxCueElements
    let result = textScratch.withUnsafeBufferPointer { parser.parse($0, sink: &sink) }
    parser.returnScratch(to: &parserScratch)
    var cue = Cue(
      id: id, start: p.start, end: p.end, content: result.content, source: p.source,
      sourceText: String(decoding: textScratch, as: UTF8.self))
    if let a = result.anchor { cue.settings = NumpadAnchor.settings(for: a) }
    emit(consume cue)
  }
}
