import CaptionCore

/// Reads a WebVTT file into the caption model: the WebVTT parser algorithm (WebVTT §6.1), "collect
/// a WebVTT block" (§6.2), region and cue settings (§6.3, §6.5) and the cue text parsing rules
/// (§6.4), over UTF-8 bytes in one linear pass.
///
/// Cues, regions and style sheets are exactly what a browser's parser produces (the same
/// recovery); on top of that every violation of the WebVTT syntax (§4) is reported as a
/// diagnostic with a stable code, so the reader doubles as a conformance checker.
struct WebVTTReader {
  /// A line of the decoded input: content bytes `start..<end` (terminator excluded).
  struct LineRef {
    var start: Int
    var end: Int
    var number: Int
    var isEmpty: Bool { start == end }
  }

  /// A cue whose timing line has been read. Only positions, no strings: a trivial value is free
  /// to copy and to drop, where one holding the identifier went through generic value witnesses
  /// several times a cue. `finishCue` reads the identifier from `idLine`.
  struct Draft {
    var idLine: Optional<LineRef>
    var start: Int64
    var end: Int64
    var timingLine: LineRef
  }

  var p: UnsafeBufferPointer<UInt8>
  let n: Int
  var pos = 0
  var lineNo = 1
  /// The last line reported as too long (lines read again after a lookahead are not reported twice).
  var longLineReported = 0
  let limits: ReadLimits
  var sink: DiagnosticSink
  var doc = CaptionDocument()
  var seenCue = false
  private var regionIDs: Set<String> = []
  /// Where each region id is in `doc.regions`, and the slots a redefinition replaced.
  private var regionSlot: [String: Int] = [:]
  private var deadRegions: Set<Int> = []
  /// Where each style selector's rules are merged in `doc.styles`.
  private var styleSlot: [String: Int] = [:]
  /// Where each `::cue(…)` selector's rules are merged in `doc.selectorStyles`.
  private var selectorSlot: [String: Int] = [:]
  /// The rules read so far for each selector, by importance.
  private var styleCascade = WebVTTStyleCascade()
  /// Whether rules were added to `styleCascade` since `finishStyles` last ran.
  private var stylesPending = false
  var usedRegions: Set<String> = []
  /// Cue identifiers seen so far (duplicates are an error, WebVTT §4.1).
  var cueIDs = IdentifierSet()
  var previousStart: Int64? = nil
  /// The earliest cue start so far (what `WebVTTReader+Halves` compares with the first half).
  var earliestStart: Int64? = nil
  private var hasNUL = false
  private var blockLines: [LineRef] = []
  /// The cue settings of the draft being read (nil: none, or only default ones).
  private var draftSettings: CueSettings? = nil
  private var scratch: [UInt8] = []
  private var scratchLines: [(offset: Int, line: LineRef)] = []
  /// Cues read so far.
  var cueCount = 0
  /// Streaming hooks (see `stream`): when `onCue` is set, cues are handed over as they are read
  /// and not kept in `doc`.
  private var onHeader: ((CaptionDocument) -> Void)?
  private var onComment: ((Comment) -> Void)?
  var onCue: ((Cue) -> Void)?
  /// When set too, plain cues (see `VerbatimCue`) are handed here as byte ranges instead.
  var onVerbatimCue: ((VerbatimCue) -> Void)?
  /// In a read in halves (`WebVTTReader+Halves`), where cues go instead of `doc.cues`: the
  /// stretch of the result's room that this reader fills, then `spill` when that is full.
  var window = CueWindow.none
  var spill: MovingCueBuffer?
  private var verbatimLines: [Range<Int>] = []
  private var headerSent = false

  init(_ p: UnsafeBufferPointer<UInt8>, limits: ReadLimits, sink: DiagnosticSink) {
    self.p = p
    self.n = p.count
    self.limits = limits
    self.sink = sink
  }

  /// Reads a whole file (see `WebVTTFormat.read`).
  static func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    try read(bytes, options: options, hooks: nil)
  }

  /// Reads a file cue by cue: `onHeader` gets the document before the first cue (metadata,
  /// style sheets, styles, regions and the comments before the first cue; regions and styles
  /// cannot follow a cue in WebVTT, §6.1), `onComment` each later comment and `onCue` each cue.
  /// `onEnd` runs after the last callback, while the buffers verbatim cues point into are still
  /// valid. The returned document has no cues; diagnostics are the same as `read`'s.
  static func stream(
    _ bytes: [UInt8], options: ReadOptions, onHeader: @escaping (CaptionDocument) -> Void,
    onComment: @escaping (Comment) -> Void, onCue: @escaping (Cue) -> Void,
    onVerbatimCue: ((VerbatimCue) -> Void)? = nil, onEnd: (() -> Void)? = nil
  ) throws(CaptionError) -> ReadResult {
    try read(bytes, options: options, hooks: (onHeader, onComment, onCue, onVerbatimCue, onEnd))
  }

  /// `halvesMinimumSize`: the tests set it to read small files as large ones are read.
  static func read(
    _ bytes: [UInt8], options: ReadOptions,
    hooks: ((CaptionDocument) -> Void, (Comment) -> Void, (Cue) -> Void, ((VerbatimCue) -> Void)?, (() -> Void)?)?,
    halvesMinimumSize: Int = WebVTTReader.halvesMinimumSize
  ) throws(CaptionError) -> ReadResult {
    guard bytes.count <= options.limits.maxFileSize else {
      throw .fileTooLarge(size: bytes.count, limit: options.limits.maxFileSize)
    }
    // WebVTT is UTF-8 only (§6.1). A file that starts with the signature and is valid UTF-8 is
    // parsed in place; anything else goes through the shared decoder (BOM, U+FFFD, --encoding).
    let plain = options.encoding == nil && bytes.starts(with: [0x57, 0x45, 0x42, 0x56, 0x54, 0x54])
      && UTF8Validator.isValid(bytes[...])
    var sink = DiagnosticSink(limit: options.limits.maxDiagnostics)
    var encoding = TextEncoding.utf8
    var utf8 = bytes
    if !plain {
      let decoded = TextDecoder.decode(bytes, encoding: options.encoding, utf8Only: true)
      for var d in decoded.diagnostics {
        // WebVTT is UTF-8 only (§4.1): bytes that are not are a conformance error, and browsers
        // show each as U+FFFD.
        if d.code.hasPrefix("text.encoding.invalid-"), d.severity < .error {
          d.severity = .error
          d.message += " (WebVTT files must be UTF-8; browsers show U+FFFD there too)"
        }
        sink.report(d)
      }
      if decoded.encoding != .utf8 {
        // Browsers decode every WebVTT file as UTF-8: UTF-16 has no WEBVTT signature then, and
        // legacy code pages lose each non-ASCII character.
        let effect = [.utf16LE, .utf16BE, .utf32LE, .utf32BE].contains(decoded.encoding)
          ? "browsers reject it (read as UTF-8 it has no WEBVTT signature)"
          : "browsers read it as UTF-8 and show U+FFFD for each non-ASCII character"
        sink.report("webvtt.file.not-utf8", .error, "WebVTT files must be UTF-8; this one is \(decoded.encoding.rawValue): \(effect) (it was read anyway)", at: nil)
      }
      encoding = decoded.encoding
      utf8 = decoded.utf8
    }
    // `var`, so that the sink's list is handed over from the tuple itself: a copy of the sink
    // would share the list, and appending the limit summary would then copy it.
    var result = utf8.withUnsafeBufferPointer { p -> (CaptionDocument, DiagnosticSink) in
      var reader = WebVTTReader(p, limits: options.limits, sink: sink)
      if let hooks {
        reader.onHeader = hooks.0
        reader.onComment = hooks.1
        reader.onCue = hooks.2
        reader.onVerbatimCue = hooks.3
      }
      if hooks == nil { reader.runInHalves(minimumSize: halvesMinimumSize) } else { reader.run() }
      hooks?.4?()  // while `p` (which verbatim cues point into) is still valid
      reader.onHeader = nil
      reader.onComment = nil
      reader.onCue = nil
      reader.onVerbatimCue = nil
      return (reader.doc, reader.sink)
    }
    return ReadResult(document: result.0, diagnostics: result.1.takeFinished(), encoding: encoding)
  }

  // MARK: - Diagnostics and strings

  private mutating func report(_ code: String, _ severity: Severity, _ message: String, _ line: LineRef, at offset: Int? = nil, cue: Int? = nil) {
    let o = offset ?? line.start
    sink.report(code, severity, message, at: SourceLocation(line: line.number, column: o - line.start + 1, offset: o), cueIndex: cue)
  }

  /// The text of `r`, with U+0000 replaced by U+FFFD (WebVTT §6.1).
  ///
  /// Called from a mutating method, a non-mutating helper copied the whole reader (625 bytes)
  /// on each call: `finishCue` calls the static `text(_:_:hasNUL:)` instead, and the small
  /// helpers it calls per cue are inlined.
  @inline(__always)
  private func string(_ r: Range<Int>) -> String { Self.text(p, r, hasNUL: hasNUL) }

  /// `string(_:)` without the reader.
  private static func text(_ input: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, hasNUL: Bool) -> String {
    let slice = UnsafeBufferPointer(rebasing: input[r])
    if !hasNUL { return String(decoding: slice, as: UTF8.self) }
    var b: [UInt8] = []
    appendReplacingNUL(slice, to: &b)
    return String(decoding: b, as: UTF8.self)
  }

  private func appendReplacingNUL(_ s: UnsafeBufferPointer<UInt8>, to b: inout [UInt8]) {
    if !hasNUL { b.append(contentsOf: s) } else { Self.appendReplacingNUL(s, to: &b) }
  }

  private static func appendReplacingNUL(_ s: UnsafeBufferPointer<UInt8>, to b: inout [UInt8]) {
    for c in s {
      if c == 0 { b.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { b.append(c) }
    }
  }

  @inline(__always)
  private func lineText(_ l: LineRef) -> String { string(l.start..<l.end) }

  @inline(__always)
  private func startsWith(_ l: LineRef, _ s: StaticString) -> Bool {
    let k = s.utf8CodeUnitCount
    guard l.end - l.start >= k else { return false }
    for j in 0..<k where p[l.start + j] != s.utf8Start[j] { return false }
    return true
  }

  /// `KEYWORD` followed only by ASCII whitespace (the STYLE / REGION block test).
  private func isKeywordLine(_ l: LineRef, _ s: StaticString) -> Bool {
    guard startsWith(l, s) else { return false }
    var j = l.start + s.utf8CodeUnitCount
    while j < l.end {
      if !WebVTTSettingsParser.isWhitespace(p[j]) { return false }
      j += 1
    }
    return true
  }

  // MARK: - Lines

  /// Collects the next line (CR, LF and CRLF all end a line) and whether it contains `-->`.
  private mutating func readLine() -> (line: LineRef, eof: Bool, arrow: Bool) {
    let start = pos
    let p = self.p
    let n = self.n
    let (j, arrow) = ByteScan.lineEnd(p, from: start, to: n)
    let line = LineRef(start: start, end: j, number: lineNo)
    if j - start > limits.maxLineLength, lineNo > longLineReported {
      longLineReported = lineNo
      report("webvtt.line.too-long", .warning, limits.longLineMessage(j - start), line)
    }
    if j >= n {
      pos = n
      return (line, true, arrow)
    }
    pos = (p[j] == 0x0D && j + 1 < n && p[j + 1] == 0x0A) ? j + 2 : j + 1
    lineNo += 1
    return (line, false, arrow)
  }

  /// Skips line terminators ("collect a sequence of code points that are LF").
  mutating func skipTerminators() {
    while pos < n {
      if p[pos] == 0x0A {
        pos += 1
      } else if p[pos] == 0x0D {
        pos += (pos + 1 < n && p[pos + 1] == 0x0A) ? 2 : 1
      } else {
        break
      }
      lineNo += 1
    }
  }

  // MARK: - File

  /// Reads the whole input: the header, every block, then what is said of the file as a whole.
  mutating func run() {
    guard readHeader() else { return }
    readBlocks(upTo: n)
    finishDocument()
  }

  /// The signature and the header (WebVTT §6.1 steps 1–12); false when nothing follows it
  /// (or the signature is wrong).
  mutating func readHeader() -> Bool {
    if let z = ByteScan.firstZero(p) {
      hasNUL = true
      var line = 1, lineStart = 0
      for k in 0..<z where p[k] == 0x0A || (p[k] == 0x0D && (k + 1 >= n || p[k + 1] != 0x0A)) {
        line += 1
        lineStart = k + 1
      }
      sink.report("webvtt.file.null-character", .warning, "the file contains U+0000 NULL characters; they are read as U+FFFD", at: SourceLocation(line: line, column: z - lineStart + 1, offset: z))
    }
    // Signature (WebVTT §6.1 steps 4–6).
    let magic: [UInt8] = Array("WEBVTT".utf8)
    var signatureOK = n >= 6
    if signatureOK { for k in 0..<6 where p[k] != magic[k] { signatureOK = false } }
    if signatureOK, n > 6 {
      let c = p[6]
      signatureOK = c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }
    guard signatureOK else {
      sink.report("webvtt.signature.invalid", .error, n == 0 ? "the file is empty; a WebVTT file starts with the line 'WEBVTT'" : "the file does not start with 'WEBVTT' followed by a space, tab or line break; it is not a WebVTT file and nothing is read", at: SourceLocation(line: 1, column: 1, offset: 0))
      return false
    }
    let (first, eof, arrow) = readLine()
    doc.metadata.signatureSuffix = string((first.start + 6)..<first.end)
    if arrow {
      report("webvtt.signature.contains-arrow", .error, "the WEBVTT line contains '-->'; a cue cannot start on the signature line and this one is ignored", first)
    }
    if eof || pos >= n { return false }
    // A cue takes at least ~40 bytes in practice: reserving from the size avoids copying large
    // `Cue` values as the array grows, without a pass over the file to count arrows (bounded,
    // so a huge file does not reserve gigabytes up front; untouched capacity costs no memory).
    if onCue == nil { doc.cues.reserveCapacity(min((n - pos) / 40, 1 << 20)) }
    // Header.
    if p[pos] != 0x0A && p[pos] != 0x0D {
      collectBlock(inHeader: true)
    } else {
      skipTerminators()
    }
    skipTerminators()
    return true
  }

  /// Reads blocks while the next one starts before byte `end`.
  mutating func readBlocks(upTo end: Int) {
    while pos < end {
      collectBlock(inHeader: false)
      skipTerminators()
    }
  }

  /// What is said once every block is read.
  mutating func finishDocument() {
    compactRegions()
    finishStyles()
    for r in doc.regions where !r.id.isEmpty && !usedRegions.contains(r.id) {
      sink.report("webvtt.region.unused", .info, "region '\(r.id)' is defined but no cue uses it", at: r.source)
    }
  }

  // MARK: - Blocks

  /// "Collect a WebVTT block" (WebVTT §6.2), then turns the block into model content.
  mutating func collectBlock(inHeader: Bool) {
    var lineCount = 0
    var prevPos = pos, prevLine = lineNo
    blockLines.removeAllKeepingCapacity()
    var seenArrow = false
    var draft: Draft? = nil
    var failedTiming = false
    var keyword: LineRef? = nil
    var isStyle = false, isRegion = false
    var endedByArrow: LineRef? = nil
    var firstLine: LineRef? = nil

    while true {
      let (line, eof, arrow) = readLine()
      lineCount += 1
      if firstLine == nil { firstLine = line }
      if arrow {
        if !inHeader && (lineCount == 1 || (lineCount == 2 && !seenArrow)) {
          seenArrow = true
          prevPos = pos
          prevLine = lineNo
          let idLine = blockLines.first
          if var d = parseTimings(line) {
            d.idLine = idLine
            draft = d
            blockLines.removeAllKeepingCapacity()
            seenCue = true
          } else {
            draft = nil
            failedTiming = true
          }
        } else {
          pos = prevPos
          lineNo = prevLine
          endedByArrow = line
          break
        }
      } else if line.isEmpty {
        break
      } else {
        if !inHeader && lineCount == 2, !seenCue, let b = blockLines.first, blockLines.count == 1 {
          if isKeywordLine(b, "STYLE") {
            isStyle = true
            keyword = b
            blockLines.removeAllKeepingCapacity()
          } else if isKeywordLine(b, "REGION") {
            isRegion = true
            keyword = b
            blockLines.removeAllKeepingCapacity()
          }
        }
        blockLines.append(line)
        prevPos = pos
        prevLine = lineNo
      }
      if eof { break }
    }

    if inHeader {
      finishHeader(endedByArrow: endedByArrow)
      return
    }
    if let d = draft.take() {
      finishCue(d)
    } else if isStyle, let k = keyword {
      finishStyle(k)
    } else if isRegion, let k = keyword {
      finishRegion(k)
    } else if let f = blockLines.first ?? firstLine, !failedTiming {
      finishOther(f)
    }
    if let a = endedByArrow {
      if lineCount == 2, failedTiming, let f = firstLine {
        // `id-->x` above a timing line: the author meant an identifier.
        report("webvtt.cue.id-contains-arrow", .error, "a cue identifier must not contain '-->'; this line was read as a broken timing line and the cue below lost its identifier", f)
      } else {
        report("webvtt.block.missing-blank-line", .error, "a cue timing line must be preceded by a blank line; this one ends the previous block", a)
      }
    }
  }

  private mutating func finishHeader(endedByArrow: LineRef?) {
    for l in blockLines {
      let text = lineText(l)
      doc.metadata.headerLines.append(text)
      if startsWith(l, "X-TIMESTAMP-MAP=") {
        parseTimestampMap(l)
      } else {
        if text.hasPrefix("Language:") {
          doc.metadata.language = String(text.dropFirst(9)).trimmingASCIIWhitespace()
        }
        report("webvtt.header.metadata-line", .warning, "header lines after WEBVTT are not part of the WebVTT syntax; players ignore them", l)
      }
    }
    if let a = endedByArrow {
      report("webvtt.header.missing-blank-line", .error, "the header must be followed by a blank line before the first cue", a)
    }
  }

  /// HLS `X-TIMESTAMP-MAP=MPEGTS:<n>,LOCAL:<timestamp>` (RFC 8216 §3.5), in either order.
  private mutating func parseTimestampMap(_ l: LineRef) {
    let valueStart = l.start + 16
    var mpegts: Int64? = nil
    var local: Int64? = nil
    var ok = true
    var k = valueStart
    while k <= l.end, ok {
      var e = k
      while e < l.end, p[e] != UInt8(ascii: ",") { e += 1 }
      let part = k..<e
      if part.count > 7, startsWith(LineRef(start: k, end: e, number: l.number), "MPEGTS:") {
        let digits = (k + 7)..<e
        if digits.allSatisfy({ WebVTTTimestamp.isDigit(p[$0]) }), digits.count <= 18, let v = Int64(string(digits)) { mpegts = v } else { ok = false }
      } else if part.count > 6, startsWith(LineRef(start: k, end: e, number: l.number), "LOCAL:") {
        var i = k + 6
        if case .success(let t) = WebVTTTimestamp.collect(p, &i, end: e), i == e { local = t.milliseconds } else { ok = false }
      } else {
        ok = false
      }
      k = e + 1
    }
    if ok, let m = mpegts, let t = local {
      doc.metadata.timestampMap = TimestampMap(mpegts: m, local: CaptionTime(milliseconds: t))
    } else {
      report("webvtt.timestamp-map.malformed", .error, "X-TIMESTAMP-MAP must be 'X-TIMESTAMP-MAP=MPEGTS:<90 kHz ticks>,LOCAL:<timestamp>' (RFC 8216 §3.5)", l)
    }
  }

  /// A block that is not a cue, style sheet or region: a NOTE comment, or ignored text.
  private mutating func finishOther(_ first: LineRef) {
    if startsWith(first, "NOTE"), first.end - first.start == 4 || p[first.start + 4] == 0x20 || p[first.start + 4] == 0x09 {
      var text = ""
      let rest = first.end - first.start > 4 ? string((first.start + 5)..<first.end) : ""
      var parts: [String] = first.end - first.start > 4 ? [rest] : []
      for l in blockLines.dropFirst() { parts.append(lineText(l)) }
      text = parts.joined(separator: "\n")
      let comment = Comment(text: text, beforeCue: cueCount, source: SourceLocation(line: first.number, column: 1, offset: first.start))
      doc.comments.append(comment)
      if headerSent, let onComment { onComment(comment) }
      return
    }
    if isKeywordLine(first, "STYLE") {
      if seenCue {
        report("webvtt.style.after-cue", .error, "STYLE blocks must come before the first cue; this one is ignored", first)
      } else {
        report("webvtt.style.empty", .warning, "the STYLE block is empty", first)
      }
      return
    }
    if isKeywordLine(first, "REGION") {
      if seenCue {
        report("webvtt.region.after-cue", .error, "REGION blocks must come before the first cue; this one is ignored", first)
      } else {
        report("webvtt.region.empty", .error, "the REGION block has no settings, so no cue can use it", first)
      }
      return
    }
    if isWhitespaceOnly(first) {
      report("webvtt.block.whitespace-line", .warning, "a line with only spaces or tabs is not a blank line", first)
      return
    }
    report("webvtt.block.unrecognized", .error, "text that is not a cue, NOTE, STYLE or REGION block is ignored: '\(lineText(first).prefix(40))'", first)
  }

  @inline(__always)
  private func isWhitespaceOnly(_ l: LineRef) -> Bool {
    guard !l.isEmpty else { return false }
    for k in l.start..<l.end where p[k] != 0x20 && p[k] != 0x09 && p[k] != 0x0C { return false }
    return true
  }

  /// Joins `blockLines` with LF into `scratch` (NUL → U+FFFD), remembering where each line went.
  private mutating func joinBlockLines() {
    // Into a local array, moved out of `self` and back: appending to `self.scratch` through a
    // method of `self` copied the whole array each line (a STYLE block of 80,000 lines: 96 s).
    var joined = scratch
    scratch = []
    joined.removeAll(keepingCapacity: true)
    scratchLines.removeAll(keepingCapacity: true)
    let nul = hasNUL
    for (k, l) in blockLines.enumerated() {
      if k > 0 { joined.append(0x0A) }
      scratchLines.append((joined.count, l))
      let line = UnsafeBufferPointer(rebasing: p[l.start..<l.end])
      if nul { Self.appendReplacingNUL(line, to: &joined) } else { joined.append(contentsOf: line) }
    }
    scratch = joined
  }

  /// The source location of byte `offset` of `scratch`.
  private func scratchLocation(_ offset: Int) -> SourceLocation {
    var lo = 0, hi = scratchLines.count - 1
    while lo < hi {
      let m = (lo + hi + 1) >> 1
      if scratchLines[m].offset <= offset { lo = m } else { hi = m - 1 }
    }
    guard lo >= 0, lo < scratchLines.count else { return SourceLocation(line: lineNo, column: 1, offset: pos) }
    let (start, l) = scratchLines[lo]
    let col = min(offset - start, l.end - l.start)
    return SourceLocation(line: l.number, column: col + 1, offset: l.start + col)
  }

  private mutating func finishStyle(_ keyword: LineRef) {
    joinBlockLines()
    let css = scratch
    doc.styleSheets.append(String(decoding: css, as: UTF8.self))
    let (rules, issues) = WebVTTStyleSheetParser.parse(css)
    for i in issues { sink.report(i.code, i.severity, i.message, at: scratchLocation(i.offset)) }
    // Noted in the model for writers that carry only the mapped rules (TTML): what they drop.
    let unmapped = issues.flatMap(\.unmapped)
    if !unmapped.isEmpty {
      let note = DocumentMetadata.unmappedStyleRulesKey
      let before = doc.metadata.parameters[note].map { [$0] } ?? []
      doc.metadata.parameters[note] = (before + unmapped).joined(separator: ", ")
    }
    // Taken out while `scratchLocation` reads `self` (moved, not copied: no copy on write).
    var cascade = styleCascade
    styleCascade = WebVTTStyleCascade()
    defer { styleCascade = cascade }
    for r in rules {
      cascade.add(r) { scratchLocation($0) }
      // The styles are filled in once all STYLE blocks are read (`finishStyles`).
      if r.isSelector {
        if selectorSlot[r.id] == nil {
          selectorSlot[r.id] = doc.selectorStyles.count
          doc.selectorStyles.append(NamedStyle(id: r.id, style: TextStyle(), source: scratchLocation(r.offset)))
        }
      } else if styleSlot[r.id] == nil {
        styleSlot[r.id] = doc.styles.count
        doc.styles.append(NamedStyle(id: r.id, style: TextStyle(), source: scratchLocation(r.offset)))
      }
    }
    stylesPending = true
  }

  /// Sets each style read from STYLE blocks to what its rules' cascade gives: once, when the
  /// header is done, since reading a style merges all its rules.
  mutating func finishStyles() {
    guard stylesPending else { return }
    stylesPending = false
    for (id, k) in selectorSlot { (doc.selectorStyles[k].style, doc.selectorStyles[k].propertySources) = styleCascade.style(id) }
    for (id, k) in styleSlot { (doc.styles[k].style, doc.styles[k].propertySources) = styleCascade.style(id) }
  }

  private mutating func finishRegion(_ keyword: LineRef) {
    joinBlockLines()
    var region = Region(id: "")
    region.source = SourceLocation(line: keyword.number, column: 1, offset: keyword.start)
    var issues: [(String, Severity, String, Int)] = []
    scratch.withUnsafeBufferPointer { sp in
      WebVTTSettingsParser.parseRegionSettings(sp, 0, sp.count, into: &region) { issues.append(($0, $1, $2, $3)) }
    }
    for i in issues { sink.report(i.0, i.1, i.2, at: scratchLocation(i.3)) }
    if !region.id.isEmpty, let old = regionSlot[region.id] {
      report("webvtt.region.duplicate-id", .error, "region '\(region.id)' is defined more than once; the last definition wins", keyword)
      // Removed when the header is handed on (`compactRegions`): removing here would make
      // thousands of redefinitions quadratic.
      deadRegions.insert(old)
    }
    if !region.id.isEmpty {
      regionIDs.insert(region.id)
      regionSlot[region.id] = doc.regions.count
    }
    doc.regions.append(region)
  }

  /// Drops the regions that a later REGION block with the same id replaced.
  mutating func compactRegions() {
    guard !deadRegions.isEmpty else { return }
    doc.regions = doc.regions.enumerated().filter { !deadRegions.contains($0.offset) }.map(\.element)
    deadRegions = []
    regionSlot = [:]
    for (k, r) in doc.regions.enumerated() where !r.id.isEmpty { regionSlot[r.id] = k }
  }

  // MARK: - Cues

  /// "Collect WebVTT cue timings and settings" (WebVTT §6.5) with syntax checks.
  private mutating func parseTimings(_ line: LineRef) -> Draft? {
    let p = self.p
    var i = line.start
    let end = line.end
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0C }
    let start: Int64, stop: Int64
    if let usual = WebVTTTimestamp.usualTimings(p, from: i, end: end) {
      // `hh:mm:ss.ttt --> hh:mm:ss.ttt`, what nearly every cue has: nothing to report.
      (start, stop, i) = usual
    } else {
      while i < end, isSpace(p[i]) { i += 1 }
      if i > line.start {
        report("webvtt.timing.spacing", .error, "the cue timing line must start with the start timestamp", line, at: line.start)
      }
      guard let first = timestamp(&i, line, role: "start") else { return nil }
      var ws = i
      while i < end, isSpace(p[i]) { i += 1 }
      let spaceBefore = i > ws
      guard i + 2 < end, p[i] == 0x2D, p[i + 1] == 0x2D, p[i + 2] == 0x3E else {
        report("webvtt.timing.malformed", .error, "expected '-->' after the start timestamp; the cue is dropped", line, at: i)
        return nil
      }
      let arrowAt = i
      i += 3
      ws = i
      while i < end, isSpace(p[i]) { i += 1 }
      if !spaceBefore || i == ws {
        report("webvtt.timing.spacing", .error, "'-->' must have a space or tab on each side", line, at: arrowAt)
      }
      guard let second = timestamp(&i, line, role: "end") else { return nil }
      if i < end, !isSpace(p[i]) {
        report("webvtt.timing.spacing", .error, "cue settings must be separated from the end timestamp by a space or tab", line, at: i)
      }
      (start, stop) = (first, second)
    }
    // Most cues have no settings: then none are built or compared. Kept beside the draft
    // rather than in it, so that the small draft is what gets copied around. Cleared only when
    // set: assigning over an optional struct goes through a generic destroy.
    if case .some = draftSettings { draftSettings = nil }
    if i < end {
      var parsed = CueSettings()
      let cueIndex = cueCount
      WebVTTSettingsParser.parseCueSettings(p, i, end, regions: regionIDs, into: &parsed) { code, sev, msg, off in
        self.report(code, sev, "cue \(cueIndex + 1): " + msg, line, at: off, cue: cueIndex)
      }
      if let r = parsed.region { usedRegions.insert(r) }
      if !parsed.isDefault { draftSettings = parsed }
    }
    return Draft(idLine: nil, start: start, end: stop, timingLine: line)
  }

  private mutating func timestamp(_ i: inout Int, _ line: LineRef, role: String) -> Int64? {
    let at = i
    var f = WebVTTTimestamp.Failure.malformed
    if let v = WebVTTTimestamp.collect(p, &i, end: line.end, failure: &f) {
      if v.hourDigits == 1 {
        report("webvtt.timestamp.hours-digits", .error, "hours must have at least two digits", line, at: at)
      }
      return v.milliseconds
    }
    var e = at
    while e < line.end, e < at + 40, p[e] != 0x20, p[e] != 0x09 { e += 1 }
    let shown = string(at..<e)
    let (code, why): (String, String)
    switch f {
    case .malformed: (code, why) = ("webvtt.timestamp.malformed", "is not a timestamp ([hh:]mm:ss.ttt)")
    case .fieldDigits: (code, why) = ("webvtt.timestamp.field-digits", "needs exactly two digits for minutes and seconds")
    case .fractionDigits: (code, why) = ("webvtt.timestamp.fraction-digits", "needs exactly three digits after the '.'")
    case .minutesOutOfRange: (code, why) = ("webvtt.timestamp.minutes-out-of-range", "has minutes over 59")
    case .secondsOutOfRange: (code, why) = ("webvtt.timestamp.seconds-out-of-range", "has seconds over 59")
    case .tooLarge: (code, why) = ("webvtt.timestamp.too-large", "is too large")
    }
    report(code, .error, "the \(role) time '\(shown)' \(why); the cue is dropped", line, at: at)
    return nil
  }

  /// Whether `text[r]` (one line, or the cue's lines joined with `\n`) has no markup but simple
  /// `<i>`, `<b>` and `<u>` tags (`VerbatimCue.hasOnlySimpleTags`; a `\n` counts as content).
  private func hasOnlySimpleTags(_ text: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    VerbatimCue.hasOnlySimpleTags(text, CollectionOfOne(r), maxDepth: limits.maxNestingDepth, maxElements: limits.maxCueElements)
  }

  /// Runs the cue text parser over `text` (which starts at offset 0 of the scratch line map).
  private mutating func parseCueText(_ text: UnsafeBufferPointer<UInt8>, _ d: Draft, index: Int) -> [CueNode] {
    var ctx = WebVTTCueTextParser.Context(mode: .model, maxDepth: limits.maxNestingDepth)
    ctx.maxElements = limits.maxCueElements
    ctx.cueStart = CaptionTime(milliseconds: d.start)
    ctx.cueEnd = CaptionTime(milliseconds: d.end)
    ctx.maxIssues = limits.maxDiagnostics
    let content = WebVTTCueTextParser.parse(text, start: 0, end: text.count, context: &ctx)
    for i in ctx.issues {
      sink.report(i.code, i.severity, "cue \(index + 1): " + i.message, at: scratchLocation(i.offset), cueIndex: index)
    }
    if ctx.droppedIssues > 0, let last = ctx.issues.last {
      // The sink is full by now: these only count towards its "limit reached" summary.
      let d = Diagnostic(code: last.code, severity: last.severity, message: last.message, location: nil, cueIndex: index)
      for _ in 0..<ctx.droppedIssues { sink.report(d) }
    }
    return content
  }

  private mutating func finishCue(_ d: Draft) {
    let index = cueCount
    let line = d.timingLine
    let input = p, nul = hasNUL
    let id = d.idLine.map { Self.text(input, $0.start..<$0.end, hasNUL: nul) } ?? ""
    // The source text is kept only when it differs from the plain text (markup or references).
    var sourceText: String? = nil
    var content: [CueNode] = []
    // A plain cue's text as one string (see `CueTextStorage`); `content` is then unused.
    var plainText: String? = nil
    // Text whose only markup is simple `<i>`, `<b>` and `<u>` tags: the parser would say
    // nothing and build what `SimpleTagText` builds, so the tree waits until it is asked for.
    var simpleTagText: String? = nil
    // The streaming converter's fast path: plain lines go over as byte ranges, no `Cue` built.
    // Not when STYLE blocks could style the cue: SRT gets such a style inline (a `::cue` colour
    // on every cue, a `::cue(b)` one on bold text), which only the model carries.
    var verbatim = false
    if onVerbatimCue != nil, !hasNUL, !blockLines.isEmpty, draftSettings == nil, doc.styleSheets.isEmpty {
      verbatimLines.removeAll(keepingCapacity: true)
      for l in blockLines { verbatimLines.append(l.start..<l.end) }
      verbatim = VerbatimCue.isCopyable(p, verbatimLines, maxDepth: limits.maxNestingDepth, maxElements: limits.maxCueElements)
    }
    if verbatim {
      // Nothing to build.
    } else if blockLines.count <= 1 && !hasNUL {
      // The common case, one line or none: no joining needed.
      let r = blockLines.first.map { $0.start..<$0.end } ?? 0..<0
      if !ByteScan.containsMarkup(input, from: r.lowerBound, to: r.upperBound) {
        plainText = Self.text(input, r, hasNUL: false)
      } else if hasOnlySimpleTags(input, r) {
        simpleTagText = Self.text(input, r, hasNUL: false)
      } else {
        sourceText = Self.text(input, r, hasNUL: false)
        scratchLines.removeAll(keepingCapacity: true)
        if let l = blockLines.first { scratchLines.append((0, l)) }
        content = parseCueText(UnsafeBufferPointer(rebasing: p[r]), d, index: index)
      }
    } else if !hasNUL && !blockLines.contains(where: { ByteScan.containsMarkup(p, from: $0.start, to: $0.end) }) {
      // Plain lines: one slice of the input when they are LF-separated.
      plainText = PlainCueText.string(p, lines: blockLines.lazy.map { $0.start..<$0.end }, scratch: &scratch)
    } else {
      joinBlockLines()
      if !scratch.withUnsafeBufferPointer({ ByteScan.containsMarkup($0, from: 0, to: $0.count) }) {
        // Plain text: no tokenizer needed.
        plainText = String(decoding: scratch, as: UTF8.self)
      } else if scratch.withUnsafeBufferPointer({ hasOnlySimpleTags($0, 0..<$0.count) }) {
        simpleTagText = String(decoding: scratch, as: UTF8.self)
      } else {
        sourceText = String(decoding: scratch, as: UTF8.self)
        let buffer = scratch
        content = buffer.withUnsafeBufferPointer { parseCueText($0, d, index: index) }
      }
    }
    for l in blockLines where isWhitespaceOnly(l) {
      report("webvtt.block.whitespace-line", .warning, "cue \(index + 1): a line with only spaces or tabs does not end the cue; it is part of the cue text", l, cue: index)
    }
    if let idLine = d.idLine {
      if isWhitespaceOnly(idLine) {
        report("webvtt.block.whitespace-line", .warning, "cue \(index + 1): a line with only spaces or tabs is not a blank line; it became the cue identifier", idLine, cue: index)
      }
      if (idLine.end - idLine.start == 4 && startsWith(idLine, "NOTE")) || startsWith(idLine, "NOTE ") || startsWith(idLine, "NOTE\t") {
        // A valid cue identifier (WebVTT §4.1 allows any text without '-->'), and browsers read
        // the block as a cue; but an author may have meant a comment, and older tools skip it.
        report("webvtt.note.contains-arrow", .warning, "the cue identifier starts with NOTE: the block is read as a cue (a NOTE comment cannot contain '-->'), though a comment may have been meant and older tools skip it", idLine, cue: index)
      }
      if !id.isEmpty {
        // The line's bytes are the identifier's unless NULs were replaced, and then it is no number.
        if !cueIDs.insert(id, utf8: UnsafeBufferPointer(rebasing: p[idLine.start..<idLine.end])) {
          report("webvtt.cue.duplicate-id", .error, "cue \(index + 1): the identifier '\(id.prefix(40))' is already used by another cue", idLine, cue: index)
        }
      }
    }
    if d.end <= d.start {
      report("webvtt.cue.end-not-after-start", .error, "cue \(index + 1): the end time is not after the start time", line, cue: index)
    }
    if let prev = previousStart, d.start < prev {
      report(
        "webvtt.cue.out-of-order", .error,
        "cue \(index + 1): starts at \(CaptionTime(milliseconds: d.start)), before an earlier cue (one starts at \(CaptionTime(milliseconds: prev))); cues must be ordered by start time",
        line, cue: index)
    }
    if blockLines.isEmpty {
      report("webvtt.cue.empty", .warning, "cue \(index + 1): the cue has no text", line, cue: index)
    }
    previousStart = max(previousStart ?? d.start, d.start)
    earliestStart = min(earliestStart ?? d.start, d.start)
    if verbatim, let onVerbatimCue {
      cueCount += 1
      sendHeaderIfNeeded()
      onVerbatimCue(
        VerbatimCue(
          id: id, start: CaptionTime(milliseconds: d.start), end: CaptionTime(milliseconds: d.end),
          source: SourceLocation(line: line.number, column: 1, offset: line.start), buffer: p, lines: verbatimLines))
      return
    }
    let cueSource = SourceLocation(line: line.number, column: 1, offset: line.start)
    var cue =
      if let plainText {
        Cue(id: id, start: CaptionTime(milliseconds: d.start), end: CaptionTime(milliseconds: d.end), plainText: plainText, source: cueSource)
      } else if let simpleTagText {
        Cue(id: id, start: CaptionTime(milliseconds: d.start), end: CaptionTime(milliseconds: d.end), simpleTagText: simpleTagText, source: cueSource)
      } else {
        Cue(id: id, start: CaptionTime(milliseconds: d.start), end: CaptionTime(milliseconds: d.end), content: content, source: cueSource, sourceText: sourceText)
      }
    if let settings = draftSettings { cue.settings = settings }
    cueCount += 1
    if let onCue {
      sendHeaderIfNeeded()
      onCue(cue)
    } else {
      window.keep(consume cue, spill: spill, orAppendTo: &doc.cues)
    }
  }

  /// Hands the document's header part to the streaming converter before its first cue.
  private mutating func sendHeaderIfNeeded() {
    if !headerSent, let onHeader {
      headerSent = true
      compactRegions()
      finishStyles()
      onHeader(doc)
    }
  }
}
