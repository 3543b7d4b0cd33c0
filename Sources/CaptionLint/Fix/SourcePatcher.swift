import CaptionCore

/// Applies fixes to the source text of a line-based caption file (WebVTT or SRT) as line edits,
/// so that everything no fix touches stays byte for byte: the header, `NOTE`, `STYLE` and
/// `REGION` blocks and their order, cue identifiers, cue settings text, spacing and line
/// endings. A file that needs no fix comes out identical.
///
/// A cue in these formats is an optional identifier line (the WebVTT cue identifier, the SRT
/// index), a timing line (`start --> end` and, in WebVTT, settings) and text lines up to a blank
/// line. The patcher locates each cue by the source location the reader recorded (its timing
/// line) and replaces only what changed, taking the new text from the format writer's output
/// for the fixed document (`written`, read back as `rewritten`):
/// - a removed cue: its lines and the blank lines after it;
/// - new start or end times, or a repairable reader finding on the timing line: the timestamps
///   (the settings after them are kept);
/// - new cue text, or a repairable reader finding in it (for example an unclosed tag): the text
///   lines;
/// - SRT: when a cue was removed or a reader reported a missing, duplicate or malformed index,
///   every index line that differs from the sequence (counting up from the first cue's index,
///   or 1); otherwise index lines are kept as they are, gaps included; blank lines between an
///   index and its timing line are removed;
/// - a line of only whitespace that a reader reported: emptied;
/// - mixed line endings that a reader reported: all line endings become LF. Otherwise new lines
///   take the line ending of the line they replace.
///
/// It works on the decoded UTF-8 text (no byte order mark) that the reader's offsets refer to,
/// and returns `nil` when the cues cannot be located as described (the caller then rewrites
/// the whole file, or refuses). The caller proves the result by reading it back.
public enum SourcePatcher {
  /// The line syntax of the file.
  public enum Syntax: Sendable {
    case webvtt, srt
  }

  /// One line: `start..<contentEnd` is its text, `contentEnd..<end` its line ending.
  struct Line {
    var start: Int
    var contentEnd: Int
    var end: Int
  }

  /// The lines a cue occupies.
  struct CueSpan {
    var idLine: Int?
    var timingLine: Int
    var textLines: Range<Int>
    var firstLine: Int { idLine ?? timingLine }
  }

  /// A patched text.
  public struct Result: Sendable {
    /// The new text.
    public var text: [UInt8]
    /// The byte ranges of the source that were replaced (sorted), for example to check that no
    /// reader finding lies in what was rewritten.
    public var edited: [Range<Int>]
  }

  /// A replacement of `range` of the source by `bytes`.
  struct Edit {
    var range: Range<Int>
    var bytes: [UInt8]
  }

  /// Patches `source`.
  ///
  /// - Parameters:
  ///   - source: the decoded UTF-8 text of the file (without a byte order mark).
  ///   - original: the document read from it; `readerDiagnostics`, what the reader reported.
  ///   - fixed: the document after the fixes (`SafeFixer.apply`); `removed`, the indices of the
  ///     original cues the fixes removed (every other cue is in `fixed`, in order).
  ///   - written: the format writer's output for `fixed`; `rewritten`, that output read back.
  /// - Returns: the patched text and what was replaced, or `nil` when a cue cannot be located.
  public static func patch(
    source: [UInt8], original: CaptionDocument, readerDiagnostics: [Diagnostic], fixed: CaptionDocument, removed: Set<Int>,
    written: [UInt8], rewritten: CaptionDocument, syntax: Syntax
  ) -> Result? {
    guard original.cues.count - removed.count == fixed.cues.count, rewritten.cues.count == fixed.cues.count else { return nil }
    let lines = splitLines(source)
    let newLines = splitLines(written)
    let repairable = SafeFixer.repairableDiagnostics(readerDiagnostics)
    let normaliseEndings = repairable.contains { $0.code.hasSuffix(".line.mixed-endings") }
    // Source lines with a repairable finding.
    var flagged = Set<Int>()
    for d in repairable {
      guard let loc = d.location, let k = lineIndex(ofOffset: loc.offset, in: lines) else { continue }
      flagged.insert(k)
    }
    // SRT numbering: renumbered only when a fix or a reader finding calls for it.
    let renumber = syntax == .srt && (!removed.isEmpty || repairable.contains { d in
      ["index.missing", "index.duplicate", "index.whitespace", "index.byte-order-mark"].contains { d.code.hasSuffix("." + $0) }
    })
    let firstIndex = original.cues.first.flatMap { Int($0.id) }.map { max($0, 0) } ?? 1
    var edits: [Edit] = []
    var j = 0
    for (i, cue) in original.cues.enumerated() {
      guard let span = locate(cue, in: source, lines: lines, syntax: syntax) else { return nil }
      if removed.contains(i) {
        edits.append(Edit(range: removalRange(span, source: source, lines: lines, syntax: syntax), bytes: []))
        continue
      }
      let target = fixed.cues[j], out = rewritten.cues[j]
      j += 1
      guard let outSpan = locate(out, in: written, lines: newLines, syntax: syntax) else { return nil }
      let eol = lineEnding(of: span.timingLine, in: source, lines: lines)
      // Identifier (SRT index) line.
      if renumber {
        let newID = Array(String(firstIndex + j - 1).utf8)
        if let k = span.idLine {
          let l = lines[k]
          if Array(source[l.start..<l.contentEnd]) != newID || flagged.contains(k) {
            edits.append(Edit(range: l.start..<l.contentEnd, bytes: newID))
          }
        } else {
          edits.append(Edit(range: lines[span.timingLine].start..<lines[span.timingLine].start, bytes: newID + eol))
        }
      }
      // Blank lines between an SRT index and its timing line: removed.
      if let k = span.idLine, k < span.timingLine - 1 {
        edits.append(Edit(range: lines[k].end..<lines[span.timingLine].start, bytes: []))
      }
      // Timestamps.
      if cue.start != target.start || cue.end != target.end || flagged.contains(span.timingLine) {
        let l = lines[span.timingLine], w = newLines[outSpan.timingLine]
        let old = Array(source[l.start..<l.contentEnd]), new = Array(written[w.start..<w.contentEnd])
        if let oe = endTimestamp(old), let ne = endTimestamp(new) {
          // The settings (or SRT coordinates) after the timestamps are kept, one space apart.
          let rest = old[oe.upperBound...]
          let space: [UInt8] = rest.first.map { $0 != 0x20 && $0 != 0x09 } ?? false ? [0x20] : []
          if cue.start == target.start, !flagged.contains(span.timingLine) {
            // Only the end moved (an overlap trim): only the end timestamp is respelt.
            edits.append(Edit(range: (l.start + oe.lowerBound)..<(l.start + oe.upperBound), bytes: Array(new[ne]) + space))
          } else {
            // Respelt timestamps; what follows them is kept without its trailing white space
            // (which the reader reported, and which would otherwise survive every fix).
            var keep = rest
            while let c = keep.last, c == 0x20 || c == 0x09 { keep = keep.dropLast() }
            let tail: [UInt8] = keep.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? [] : space + Array(keep)
            edits.append(Edit(range: l.start..<l.contentEnd, bytes: Array(new[..<ne.upperBound]) + tail))
          }
        } else {
          edits.append(Edit(range: l.start..<l.contentEnd, bytes: new))
        }
      }
      // Text.
      if cue.content != target.content || span.textLines.contains(where: flagged.contains) {
        var text: [UInt8] = []
        for (n, k) in outSpan.textLines.enumerated() {
          if n > 0 { text += eol }
          text += written[newLines[k].start..<newLines[k].contentEnd]
        }
        if span.textLines.isEmpty {
          guard !text.isEmpty else { continue }
          let t = lines[span.timingLine]
          edits.append(Edit(range: t.end..<t.end, bytes: text + (t.end > t.contentEnd ? eol : [])))
        } else {
          let first = lines[span.textLines.lowerBound], last = lines[span.textLines.upperBound - 1]
          edits.append(Edit(range: first.start..<last.contentEnd, bytes: text))
        }
      }
    }
    // Lines of only whitespace that a reader reported (outside the cues replaced above). The
    // edits so far are sorted once and searched, not scanned for each line.
    let sortedEdits = edits.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
    for k in flagged.sorted() {
      let l = lines[k]
      guard l.contentEnd > l.start, source[l.start..<l.contentEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
      if overlapsAny(sortedEdits, l.start..<l.contentEnd) { continue }
      edits.append(Edit(range: l.start..<l.contentEnd, bytes: []))
    }
    guard var out = apply(edits, to: source) else { return nil }
    if normaliseEndings { out = toLF(out) }
    return Result(text: out, edited: edits.map(\.range).sorted { $0.lowerBound < $1.lowerBound })
  }

  /// Whether `r` overlaps one of `sorted` (sorted by lower bound, not overlapping each other).
  static func overlapsAny(_ sorted: [Range<Int>], _ r: Range<Int>) -> Bool {
    var lo = 0, hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sorted[mid].lowerBound < r.upperBound { lo = mid + 1 } else { hi = mid }
    }
    // Ranges before `lo` start before `r` ends; their ends only grow, so walk back while they
    // can still reach into `r`.
    var k = lo - 1
    while k >= 0, sorted[k].upperBound > r.lowerBound {
      if sorted[k].overlaps(r) { return true }
      k -= 1
    }
    return false
  }

  // MARK: - Lines

  /// Lines ended by LF, CRLF or CR (both formats accept all three).
  static func splitLines(_ s: [UInt8]) -> [Line] {
    var out: [Line] = []
    var start = 0, i = 0
    while i < s.count {
      let b = s[i]
      if b == 0x0A || b == 0x0D {
        let end = b == 0x0D && i + 1 < s.count && s[i + 1] == 0x0A ? i + 2 : i + 1
        out.append(Line(start: start, contentEnd: i, end: end))
        start = end
        i = end
      } else {
        i += 1
      }
    }
    if start < s.count { out.append(Line(start: start, contentEnd: s.count, end: s.count)) }
    return out
  }

  /// The index of the line that contains byte `offset`.
  static func lineIndex(ofOffset offset: Int, in lines: [Line]) -> Int? {
    var lo = 0, hi = lines.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if lines[mid].end <= offset { lo = mid + 1 } else { hi = mid }
    }
    return lo < lines.count && lines[lo].start <= offset ? lo : nil
  }

  static func isBlank(_ l: Line, _ s: [UInt8], syntax: Syntax) -> Bool {
    if l.contentEnd == l.start { return true }
    // SRT readers treat a line of spaces and tabs as blank; in WebVTT it is cue text.
    return syntax == .srt && s[l.start..<l.contentEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  static func containsArrow(_ l: Line, _ s: [UInt8]) -> Bool {
    guard l.contentEnd - l.start >= 3 else { return false }
    for i in l.start..<(l.contentEnd - 2) where s[i] == 0x2D && s[i + 1] == 0x2D && s[i + 2] == 0x3E { return true }
    return false
  }

  /// The lines of `cue`, from its recorded timing line.
  static func locate(_ cue: Cue, in s: [UInt8], lines: [Line], syntax: Syntax) -> CueSpan? {
    guard let loc = cue.source, let t = lineIndex(ofOffset: loc.offset, in: lines), lines[t].start == loc.offset, containsArrow(lines[t], s) else { return nil }
    var idLine: Int?
    if !cue.id.isEmpty, syntax == .srt, t > 0, isBlank(lines[t - 1], s, syntax: syntax) {
      // An SRT index separated from its timing line by blank lines (`srt.index.separated`):
      // the line above them holds only the index.
      var k = t - 1
      while k > 0, isBlank(lines[k], s, syntax: syntax) { k -= 1 }
      let l = lines[k]
      var text = Array(s[l.start..<l.contentEnd])
      if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
      guard !isBlank(l, s, syntax: syntax), text == Array(cue.id.utf8) else { return nil }
      idLine = k
    } else if !cue.id.isEmpty {
      guard t > 0, !isBlank(lines[t - 1], s, syntax: syntax) else { return nil }
      // The line holds the identifier (SRT: maybe with spaces or a byte order mark around it).
      let l = lines[t - 1]
      let text = Array(s[l.start..<l.contentEnd])
      guard syntax == .srt ? contains(text, Array(cue.id.utf8)) : text == Array(cue.id.utf8) else { return nil }
      idLine = t - 1
    }
    var e = t + 1
    while e < lines.count, !isBlank(lines[e], s, syntax: syntax), !(syntax == .webvtt && containsArrow(lines[e], s)) { e += 1 }
    return CueSpan(idLine: idLine, timingLine: t, textLines: (t + 1)..<e)
  }

  static func contains(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard b.count <= a.count else { return false }
    if b.isEmpty { return true }
    for i in 0...(a.count - b.count) where a[i..<(i + b.count)].elementsEqual(b) { return true }
    return false
  }

  /// What removing a cue deletes: its lines and the blank lines after them, or, for the last
  /// block of the file, the blank lines before it.
  static func removalRange(_ span: CueSpan, source s: [UInt8], lines: [Line], syntax: Syntax) -> Range<Int> {
    let first = span.firstLine
    let last = span.textLines.isEmpty ? span.timingLine : span.textLines.upperBound - 1
    var next = last + 1
    while next < lines.count, isBlank(lines[next], s, syntax: syntax) { next += 1 }
    if next < lines.count { return lines[first].start..<lines[next].start }
    var before = first
    while before > 0, isBlank(lines[before - 1], s, syntax: syntax) { before -= 1 }
    // Keep the previous block's own line ending.
    return (before < first ? lines[before].start : lines[first].start)..<s.count
  }

  /// The line ending of line `k` (the file's first one when `k` has none; LF in a one-line file).
  static func lineEnding(of k: Int, in s: [UInt8], lines: [Line]) -> [UInt8] {
    if lines[k].end > lines[k].contentEnd { return Array(s[lines[k].contentEnd..<lines[k].end]) }
    if let l = lines.first(where: { $0.end > $0.contentEnd }) { return Array(s[l.contentEnd..<l.end]) }
    return [0x0A]
  }

  /// Where the end timestamp is on a timing line: after `-->` and optional spaces or tabs, the
  /// run of digits, `:`, `.` and `,`.
  static func endTimestamp(_ line: [UInt8]) -> Range<Int>? {
    guard line.count >= 3 else { return nil }
    var a = -1
    for i in 0..<(line.count - 2) where line[i] == 0x2D && line[i + 1] == 0x2D && line[i + 2] == 0x3E {
      a = i
      break
    }
    guard a >= 0 else { return nil }
    var i = a + 3
    while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
    let start = i
    while i < line.count, (line[i] >= 0x30 && line[i] <= 0x39) || line[i] == 0x3A || line[i] == 0x2E || line[i] == 0x2C { i += 1 }
    return i > start ? start..<i : nil
  }

  static func apply(_ edits: [Edit], to s: [UInt8]) -> [UInt8]? {
    let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var at = 0
    for e in sorted {
      guard e.range.lowerBound >= at else { return nil }  // overlapping edits: not expected
      out += s[at..<e.range.lowerBound]
      out += e.bytes
      at = e.range.upperBound
    }
    out += s[at...]
    return out
  }

  static func toLF(_ s: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var i = 0
    while i < s.count {
      if s[i] == 0x0D {
        out.append(0x0A)
        i += i + 1 < s.count && s[i + 1] == 0x0A ? 2 : 1
      } else {
        out.append(s[i])
        i += 1
      }
    }
    return out
  }
}
