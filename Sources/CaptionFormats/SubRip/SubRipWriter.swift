import CaptionCore

/// Writes canonical SRT and reports everything of the document that SRT cannot hold.
///
/// Output: UTF-8 without a byte order mark; blocks of the index (1…n), the timing line
/// `HH:MM:SS,mmm --> HH:MM:SS,mmm` and the text lines, separated by one blank line; the chosen
/// line ending throughout. Markup: `<i>`, `<b>`, `<u>`, `<font color="#rrggbb" face="…"
/// size="…">`, and `{\anN}` at the start of the text when the cue settings name one of the nine
/// anchors (see `NumpadAnchor`). Losses are `srt.write.*` diagnostics with the cue index.
struct SubRipWriter {
  let document: CaptionDocument
  let newline: [UInt8]
  /// Per-cue losses, capped at `WriteOptions.maxDiagnostics`.
  var sink: DiagnosticSink
  var out: [UInt8] = []

  /// Per-cue losses, reported once per cue and code.
  var cueLosses: [(code: String, detail: String)] = []
  /// `code NUL detail` of each of `cueLosses`, so that a cue with many losses is not quadratic.
  var cueLossKeys: Set<String> = []
  var cueBuffer: [UInt8] = []
  /// How many `<i>`, `<b>` and `<u>` tags enclose the node being written.
  var openItalic = 0, openBold = 0, openUnderline = 0
  /// Whether the text being written is under `visibility: hidden` (inherited), so not written.
  var invisible = false
  /// Named styles for `<font>`/`<i>`/`<b>` of classes, resolved once each. A stored property:
  /// a `lazy var` hands each mutating call a copy, so its cache was copied at every new entry.
  var styleResolver: NamedStyleResolver
  /// The text style each region gives the cues in it (`CaptionDocument.regionCueTextStyles`).
  var regionStyles: [String: TextStyle]?

  /// Whether the document has a style for every cue (checked once: most have none).
  lazy var hasGlobalStyle: Bool = document.styles.contains { $0.id.isEmpty }

  /// The style of every cue (WebVTT `::cue` without a selector argument), or nil.
  lazy var globalStyle: TextStyle? = styleResolver.resolve("").flatMap { $0.isEmpty ? nil : $0 }

  /// WebVTT regions (no TTML origin or extent), whose geometry places their cues.
  lazy var webVTTRegionIDs: Set<String> = Set(document.regions.filter { !$0.hasTTMLGeometry }.map(\.id))

  /// The text style the region `id` gives its cues, or nil.
  mutating func regionStyle(_ id: String?) -> TextStyle? {
    guard let id else { return nil }
    if regionStyles == nil { regionStyles = document.regionCueTextStyles(&styleResolver) }
    return regionStyles?[id]
  }

  init(document: CaptionDocument, options: WriteOptions) {
    self.document = document
    self.styleResolver = NamedStyleResolver(document.styles)
    self.newline = Array(options.lineEnding.rawValue.utf8)
    self.sink = DiagnosticSink(limit: options.maxDiagnostics)
    self.writesPositionTags = options.flavor != "plain"
    self.unknownFlavor = options.flavor.flatMap { $0 == "plain" ? nil : $0 }
  }

  /// Whether positions are written as `{\anN}` tags (not with the `plain` flavor).
  let writesPositionTags: Bool
  /// A flavor SRT does not have (only `plain`), reported once.
  let unknownFlavor: String?
  /// Cues given a `{\anN}` tag, and the first of them (reported once, after the cues).
  var positionTags = 0
  var firstPositionTag = ""
  /// The latest start written, to report a cue that starts before it.
  var previousStart: CaptionTime?
  var replacedIds = 0
  var firstReplaced = ""

  /// The document-level losses, the per-cue ones (capped), the summaries.
  mutating func write() -> WriteResult {
    out.reserveCapacity(document.cues.count * 96)
    for (k, cue) in document.cues.enumerated() {
      self.cue(cue, number: k + 1)
    }
    return WriteResult(bytes: out, diagnostics: Self.documentLosses(document) + sink.diagnostics + trailingDiagnostics())
  }

  /// Writes cue `number` (1-based, in order) after what was written so far.
  mutating func cue(_ cue: Cue, number: Int) {
    countReplacedID(cue.id, number)
    writeCue(cue, number: number)
  }

  mutating func countReplacedID(_ id: String, _ number: Int) {
    if !id.isEmpty, !Self.isDecimal(id, number) {  // no identifier: nothing replaced
      if replacedIds == 0 { firstReplaced = "cue \(number): identifier \"\(id)\"" }
      replacedIds += 1
    }
  }

  /// Whether `id` is `n` written in decimal (no allocation: this runs for every cue).
  static func isDecimal(_ id: String, _ n: Int) -> Bool { IdentifierSet.decimalValue(id) == n }

  /// The summary reported after the cues (replaced identifiers).
  func trailingDiagnostics() -> [Diagnostic] {
    var out: [Diagnostic] = []
    if let f = unknownFlavor {
      out.append(Diagnostic(code: "srt.write.unknown-flavor", severity: .warning, message: "unknown flavor '\(f)' (the SRT flavor is 'plain', without {\\anN} position tags); written as the default"))
    }
    if positionTags > 0 {
      out.append(Diagnostic(
        code: "srt.write.position-tags", severity: .info,
        message: "\(positionTags) cue(s) are placed with SubStation {\\anN} tags (first: \(firstPositionTag)), which FFmpeg, VLC, mpv and Subtitle Edit read and plain SRT readers show as text; --flavor plain writes none"))
    }
    if replacedIds > 0 {
      out.append(Diagnostic(code: "srt.write.id-replaced", severity: .info, message: "\(replacedIds) cue identifier(s) were replaced by sequence numbers (first: \(firstReplaced))"))
    }
    if let summary = sink.limitSummary { out.append(summary) }
    return out
  }

  /// Diagnostics reported since the last call (the streaming converter drains them per cue).
  mutating func takeDiagnostics() -> [Diagnostic] {
    sink.drain()
  }

  /// Empties the output written so far and returns it.
  mutating func takeOutput() -> [UInt8] {
    defer { out = [] }
    return out
  }

  /// What the document as a whole loses in SRT (styles, regions, comments, header), reported
  /// before the per-cue losses.
  static func documentLosses(_ document: CaptionDocument) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    func loss(_ code: String, _ message: String) {
      diagnostics.append(Diagnostic(code: code, severity: severity(code), message: message))
    }
    if !document.styles.isEmpty || !document.styleSheets.isEmpty {
      // What the styles give a cue is written inline, and what SRT cannot hold is reported per
      // cue; only rules that no style carries are lost here.
      loss("srt.write.styles-dropped", "\(document.styles.count) named style(s) and \(document.styleSheets.count) style sheet(s) have no SRT equivalent; colours, italics, bold and underline they give are written inline (what cannot be is reported per cue)")
      if let rules = document.metadata.parameters[DocumentMetadata.unmappedStyleRulesKey] {
        loss("srt.write.style-rules-dropped", "style rules no named style carries were dropped: \(rules.prefix(120))")
      }
    }
    if document.metadata.readWithoutRegions {
      loss("srt.write.default-region-placed", DocumentMetadata.unplacedDefaultRegionNote)
    }
    if !document.regions.isEmpty {
      loss("srt.write.regions-dropped", "\(document.regions.count) region(s) have no SRT equivalent, dropped")
    }
    if !document.comments.isEmpty {
      loss("srt.write.comments-dropped", "\(document.comments.count) comment(s) have no SRT equivalent, dropped")
    }
    let m = document.metadata
    var header: [String] = []
    if m.hasHeaderBesidesTimestampMap { header.append("header lines") }
    if m.title != nil { header.append("title") }
    if m.language != nil { header.append("language") }
    // The map says which media time the cue times count from (HLS): without it they are off by
    // that offset wherever the map mattered, so a warning, not a note.
    if m.timestampMap != nil {
      diagnostics.append(Diagnostic(
        code: "srt.write.timestamp-map-dropped", severity: .warning,
        message: "X-TIMESTAMP-MAP (the HLS MPEG-TS time the cue times count from) has no SRT equivalent, dropped: the times are written as they are"))
    }
    // `captionkit:` keys are the readers' own notes, not the file's.
    let parameters = m.parameters.keys.filter { !$0.hasPrefix("captionkit:") }.sorted()
    if !parameters.isEmpty { header.append("parameters (\(parameters.joined(separator: ", ")))") }
    if !header.isEmpty {
      loss("srt.write.header-dropped", "the document's \(header.joined(separator: ", ")) \(header.count == 1 && !header[0].hasSuffix("s") ? "has" : "have") no SRT equivalent, dropped")
    }
    return diagnostics
  }

  /// Notes a loss for the current cue (once per code and detail). Past the diagnostic limit the
  /// loss is only counted; hot call sites check `keepsDetails` so they skip building the detail.
  mutating func lose(_ code: String, _ detail: String) {
    guard keepsDetails else { return sink.countDropped(Self.severity(code)) }
    if cueLossKeys.insert(code + "\u{0}" + detail).inserted { cueLosses.append((code, detail)) }
  }

  /// Whether losses are still kept with their messages (the diagnostic limit is not reached).
  var keepsDetails: Bool { !sink.isFull }

  /// Losses a viewer sees are warnings. Rounded times, region definitions and names (the
  /// placement they give is carried by the cue settings, whose losses are reported apart, but
  /// for WebVTT regions, which place their cues themselves), comments, named styles (written
  /// inline; what cannot be is reported per cue) and header metadata are information.
  static func severity(_ code: String) -> Severity {
    switch code {
    case "srt.write.time-rounded", "srt.write.region-dropped", "srt.write.regions-dropped", "srt.write.header-dropped",
      "srt.write.hidden-text-dropped", "srt.write.default-region-placed", "srt.write.tag-like-text", "srt.write.empty-cue",
      "srt.write.styles-dropped", "srt.write.comments-dropped":
      .info
    default: .warning
    }
  }

  /// Writes a plain cue's lines as they are (the streaming converter's fast path; the bytes and
  /// losses are those `cue` gives for the same cue built as a `Cue`).
  mutating func verbatimCue(_ cue: VerbatimCue, number: Int) {
    countReplacedID(cue.id, number)
    writeCueHead(start: cue.start, end: cue.end, number: number)
    cueBuffer.removeAll(keepingCapacity: true)
    cue.forEachLine { line in
      if !cueBuffer.isEmpty { cueBuffer.append(0x0A) }
      cueBuffer.append(contentsOf: line)
    }
    writeLines()
    reportCueLosses(number: number, source: cue.source)
  }

  /// The blank line before the block, the index and the timing line.
  mutating func writeCueHead(start: CaptionTime, end: CaptionTime, number: Int) {
    cueLosses.removeAll(keepingCapacity: true)
    if !cueLossKeys.isEmpty { cueLossKeys.removeAll(keepingCapacity: true) }
    // Written as they are, but said: players read such cues their own way (FFmpeg moves an end
    // before the start to the next cue's start; others drop the cue).
    if end <= start {
      lose("srt.write.end-not-after-start", "the end time \(end) is not after the start time \(start)")
    } else if end.roundedMilliseconds <= start.roundedMilliseconds {
      // SRT's milliseconds: a cue shorter than the rounding ends when it starts once written.
      lose("srt.write.end-not-after-start", "the cue (\(start)–\(end)) lasts less than SRT's millisecond: written, it ends when it starts")
    }
    if let p = previousStart, start < p { lose("srt.write.out-of-order", "starts at \(start), before an earlier cue (one starts at \(p)); order kept, SRT players expect cues in start order") }
    previousStart = max(previousStart ?? start, start)
    // Blocks are separated by a blank line (none after the last).
    if number > 1 { out.append(contentsOf: newline) }
    pad(Int64(number), 1)
    out.append(contentsOf: newline)
    writeTime(start, which: "start")
    out.appendUTF8(" --> ")
    writeTime(end, which: "end")
    out.append(contentsOf: newline)
  }

  mutating func reportCueLosses(number: Int, source: SourceLocation?) {
    for (code, detail) in cueLosses {
      sink.report(Diagnostic(code: code, severity: Self.severity(code), message: "cue \(number): \(detail)", location: source, cueIndex: number - 1))
    }
  }

  mutating func writeCue(_ cue: Cue, number: Int) {
    writeCueHead(start: cue.start, end: cue.end, number: number)

    // Settings → {\anN}.
    // Which side `start` is: right for right-to-left text (Arabic, Hebrew; TTML direction).
    let rightToLeft = cue.settings.align == .center ? false
      : NumpadAnchor.isRightToLeft(cue.settings, style: cue.style ?? regionStyle(cue.settings.region), text: cue.plainText)
    var (anchor, dropped) = NumpadAnchor.anchor(for: cue.settings, rightToLeft: rightToLeft)
    if anchor != 2 && !writesPositionTags {
      dropped.insert("its placement ({\\an\(anchor)} in a SubStation tag, which the plain flavor does not write)", at: 0)
      anchor = 2
    }
    for d in dropped { lose("srt.write.position-dropped", keepsDetails ? "\(d) has no SRT equivalent, dropped" : "") }
    if let region = cue.settings.region {
      if webVTTRegionIDs.contains(region) {
        // A WebVTT region lays its cues out itself (§7.2: its width and anchors, line ignored):
        // placed by its own settings instead, the cue moves.
        lose("srt.write.region-placement-dropped", "the cue is laid out in WebVTT region \"\(region)\", which SRT cannot express; it is placed by its own settings instead")
      } else {
        lose("srt.write.region-dropped", "region \"\(region)\" has no SRT equivalent, dropped")
      }
    }

    // Text → lines. A text alignment that the anchor already gives is not a loss.
    cueBuffer.removeAll(keepingCapacity: true)
    // The cue's own referenced and inline styles lie above what its region gives (a TTML
    // region's colour, italics…), and that above the style of every cue (WebVTT `::cue`, a
    // style with the empty id).
    var cueStyle = TextStyle()
    if hasGlobalStyle, let g = globalStyle { cueStyle = g }
    if cue.settings.region != nil, let r = regionStyle(cue.settings.region) { cueStyle = cueStyle.merged(with: r) }
    if cue.style != nil || !cue.styleRefs.isEmpty { cueStyle = cueStyle.merged(with: resolvedStyle(classes: cue.styleRefs, own: cue.style)) }
    if let a = cueStyle.textAlign, NumpadAnchor.sameColumn(a, cue.settings.align, rightToLeft: rightToLeft) { cueStyle.textAlign = nil }
    if !cueStyle.isEmpty {
      writeNode(.element(CueElement(.span, style: cueStyle, children: cue.content)), depth: 0)
    } else {
      for node in cue.content { writeNode(node, depth: 0) }
    }
    if anchor != 2 {
      // The anchor tag opens the first line, which it also keeps from reading as blank.
      cueBuffer.insert(contentsOf: "{\\an\(anchor)}".utf8, at: 0)
      if positionTags == 0 { firstPositionTag = "cue \(number): {\\an\(anchor)}" }
      positionTags += 1
    }
    writeLines()
    reportCueLosses(number: number, source: cue.source)
  }

  /// Copies the cue text in `cueBuffer` to the output line by line, dropping lines that would
  /// read as blank and reporting lines that would read as a timing line.
  mutating func writeLines() {
    guard !cueBuffer.isEmpty else {
      // Kept (its timing may matter, as a clear in WebVTT), but said: FFmpeg, webvtt-py and
      // pycaption skip a block with no text line on reading.
      return lose("srt.write.empty-cue", "has no text; written as a timing line alone, which some SRT readers skip")
    }
    var blank = 0, kept = 0
    // The buffer is moved out of `self` so its bytes can be read while `out` and the losses grow.
    var buffer: [UInt8] = []
    swap(&buffer, &cueBuffer)
    defer { swap(&buffer, &cueBuffer) }
    buffer.withUnsafeBufferPointer { b in
      let n = b.count
      var start = 0
      var previousDigits: Range<Int>?
      while start <= n {
        let end = UnsafeBufferPointer(rebasing: b[start...]).firstIndex(of: 0x0A).map { start + $0 } ?? n
        // Only the first byte that is not white space matters, unless the line starts with a
        // digit (a timing line, or an index line above one, would read back as a new cue).
        var first = start
        while first < end && (b[first] == 0x20 || b[first] == 0x09) { first += 1 }
        if first == end {
          blank += 1
        } else if kept > 0, Self.isOnlyClosingTags(b, first..<end) {
          // A line of only `</font>`, `</i>`… (a styled cue that ends with a line break) shows
          // as an empty line: its tags close on the line before.
          blank += 1
          out.removeLast(newline.count)
          out.append(contentsOf: UnsafeBufferPointer(rebasing: b[first..<end]))
          out.append(contentsOf: newline)
        } else {
          var isDigits = false
          if SubRipTimingParser.isDigit(b[first]) {
            isDigits = first == start
            var i = start
            while isDigits && i < end {
              isDigits = SubRipTimingParser.isDigit(b[i])
              i += 1
            }
            if SubRipTimingParser.parse(b, start..<end) != nil {
              let shown = String(decoding: UnsafeBufferPointer(rebasing: b[(previousDigits ?? start..<end).lowerBound..<end]).prefix(80), as: UTF8.self)
              lose("srt.write.ambiguous-line", "text line \"\(shown)\" reads back as a timing line and starts a new cue")
            }
          }
          previousDigits = isDigits ? start..<end : nil
          kept += 1
          out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<end]))
          out.append(contentsOf: newline)
        }
        start = end + 1
      }
    }
    if blank > 0 && kept > 0 {
      lose("srt.write.blank-line-dropped", "\(blank) empty text line(s) would end the cue in SRT, dropped")
    } else if blank > 0 {
      lose("srt.write.blank-line-dropped", "text of only blank lines would read back as no text, dropped")
    }
  }

  /// Whether `r` holds only closing tags (`</i></font>`), with spaces between them.
  static func isOnlyClosingTags(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    var i = r.lowerBound
    var tags = 0
    while i < r.upperBound {
      if b[i] == 0x20 || b[i] == 0x09 {
        i += 1
        continue
      }
      guard i + 2 < r.upperBound, b[i] == UInt8(ascii: "<"), b[i + 1] == UInt8(ascii: "/") else { return false }
      i += 2
      while i < r.upperBound, b[i] != UInt8(ascii: ">") {
        let c = b[i] | 0x20
        guard c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") else { return false }
        i += 1
      }
      guard i < r.upperBound else { return false }
      i += 1
      tags += 1
    }
    return tags > 0
  }

  mutating func writeTime(_ t: CaptionTime, which: String) {
    if !t.isWholeMilliseconds {
      lose("srt.write.time-rounded", "\(which) time \(t.value)/\(t.timescale) s rounded to the millisecond")
    }
    var ms = t.roundedMilliseconds
    if ms < 0 {
      lose("srt.write.time-out-of-range", keepsDetails ? "negative \(which) time \(t) written as 00:00:00,000" : "")
      ms = 0
    }
    let h = ms / 3_600_000
    if h > 99 {
      lose("srt.write.time-out-of-range", keepsDetails ? "\(which) time \(t) is above 99:59:59,999; written with \(String(h).utf8.count) hour digits" : "")
    }
    ClockTimeText.append(milliseconds: ms, separator: UInt8(ascii: ","), to: &out)
  }

  mutating func pad(_ v: Int64, _ width: Int) {
    ClockTimeText.appendDecimal(v, width: width, to: &out)
  }

  /// The style that classes and the element's own style give (named styles resolved through
  /// `basedOn`, the element's own style winning).
  mutating func resolvedStyle(_ e: CueElement) -> TextStyle {
    resolvedStyle(classes: e.classes, own: e.style)
  }

  /// The styles of `classes` (a WebVTT default colour class beneath a named style of the same
  /// name, as a browser's own rule lies beneath the author's), then `own` above them.
  mutating func resolvedStyle(classes: [String], own: TextStyle?) -> TextStyle {
    var style = TextStyle()
    for c in classes {
      var s = CueDefaultClass.style(c) ?? TextStyle()
      if let named = styleResolver.resolve(c) { s = s.merged(with: named) }
      if s.isEmpty {
        lose("srt.write.class-dropped", "class \"\(c)\" has no SRT equivalent, dropped")
      } else {
        style = style.merged(with: s)
      }
    }
    if let own { style = style.merged(with: own) }
    return style
  }

  mutating func countOpen(_ tag: String, _ delta: Int) {
    switch tag {
    case "i": openItalic += delta
    case "b": openBold += delta
    default: openUnderline += delta
    }
  }

  mutating func writeNode(_ node: CueNode, depth: Int) {
    switch node {
    case .text(let s):
      if invisible {
        lose("srt.write.hidden-text-dropped", "text hidden with visibility hidden is not written (SRT cannot hide text)")
        return
      }
      let start = cueBuffer.count
      cueBuffer.appendUTF8(s)
      switch cueBuffer.withUnsafeBufferPointer({ Self.markupShape(UnsafeBufferPointer(rebasing: $0[start...])) }) {
      case .srt: lose("srt.write.markup-in-text", "text \"\(s.prefix(40))\" reads back as SRT markup")
      case .tagLike:
        lose("srt.write.tag-like-text", "text \"\(s.prefix(40))\" is shaped like a tag, which readers such as FFmpeg and pysubs2 take out (SRT has no escape; CaptionKit reads it back as text)")
      case nil: break
      }
    case .lineBreak:
      cueBuffer.append(0x0A)
    case .timestamp(let t):
      lose("srt.write.timestamp-dropped", "inline timestamp \(t) has no SRT equivalent, dropped")
    case .element(let e):
      guard depth < 512 else {
        for c in e.children { writeNode(c, depth: depth) }
        return
      }
      var style = resolvedStyle(e)
      // What a viewer does not see is not written: display none hides the element and all it
      // holds; visibility hidden is inherited, and a descendant may be visible again (TTML2
      // §10.2.11, §10.2.47).
      if style.displayed == false {
        lose("srt.write.hidden-text-dropped", "text hidden with display none is not written")
        return
      }
      let wasInvisible = invisible
      if let v = style.visible { invisible = !v }
      defer { invisible = wasInvisible }
      style.displayed = nil
      style.visible = nil
      var wraps: [String] = []
      switch e.kind {
      case .italic: wraps.append("i")
      case .bold: wraps.append("b")
      case .underline: wraps.append("u")
      case .voice(let name):
        lose("srt.write.voice-dropped", "voice \"\(name)\" has no SRT equivalent, dropped (its text is kept)")
      case .language(let tag):
        lose("srt.write.language-dropped", "language span \"\(tag)\" has no SRT equivalent, dropped (its text is kept)")
      case .ruby:
        lose("srt.write.ruby-dropped", "ruby annotation has no SRT equivalent; the base text is kept, the ruby text dropped")
      case .rubyText:
        lose("srt.write.ruby-dropped", "ruby annotation has no SRT equivalent; the base text is kept, the ruby text dropped")
        return
      case .span: break
      }
      // Oblique is a slanted face too; SRT's only slant is <i>.
      if style.fontStyle == .italic || style.fontStyle == .oblique, !wraps.contains("i") { wraps.append("i") }
      if style.fontWeight == .bold && !wraps.contains("b") { wraps.append("b") }
      if style.textDecoration?.contains(.underline) == true && !wraps.contains("u") { wraps.append("u") }
      if style.textDecoration?.contains(.lineThrough) == true { wraps.append("s") }
      // SRT tags only switch a property on: text set back to upright, normal weight or no
      // underline inside an enclosing tag keeps that tag's look.
      if let f = style.fontStyle, f == .normal, openItalic > 0 {
        lose("srt.write.style-dropped", "font style \(f.rawValue) inside italics has no SRT equivalent; the text stays italic")
      }
      if style.fontWeight == .normal, openBold > 0 {
        lose("srt.write.style-dropped", "normal font weight inside bold has no SRT equivalent; the text stays bold")
      }
      if let d = style.textDecoration, !d.contains(.underline), openUnderline > 0 {
        lose("srt.write.style-dropped", "text without underline inside underlined text has no SRT equivalent; it stays underlined")
      }
      style.fontStyle = nil
      style.fontWeight = nil
      if let d = style.textDecoration {
        let rest = d.subtracting([.underline, .lineThrough])
        style.textDecoration = nil
        if !rest.isEmpty { lose("srt.write.style-dropped", "text decoration other than underline and line-through has no SRT equivalent, dropped") }
      }
      var font: [UInt8] = []
      if let c = style.color {
        if c.alpha != 255 { lose("srt.write.style-dropped", "colour opacity has no SRT equivalent, written opaque") }
        var opaque = c
        opaque.alpha = 255
        font += " color=\"\(opaque.hex)\"".utf8
        style.color = nil
      }
      if let f = style.fontFamily, let first = f.first {
        if first.utf8.count > Self.maxFaceLength {
          // Written on every cue or span it applies to: a 100 KB name from one style made
          // 100 MB of SRT (no font is named so).
          lose("srt.write.style-dropped", "a font family name of \(first.utf8.count) bytes (over \(Self.maxFaceLength)) is not written")
        } else {
          if f.count > 1 { lose("srt.write.style-dropped", "font families after \"\(first)\" have no SRT equivalent, dropped") }
          // TTML's generic names (proportionalSansSerif…) as the CSS generics players know.
          font += " face=\"\(WebVTTCSSWriter.genericFamily(first).filter { $0 != "\"" })\"".utf8
        }
        style.fontFamily = nil
      }
      if let size = style.fontSize, size.unit == .pixels {
        font += " size=\"\(Length.format(size.value))\"".utf8
        style.fontSize = nil
      }
      if !style.isEmpty { lose("srt.write.style-dropped", "no SRT equivalent for \(Self.propertyNames(style)), dropped") }
      if !font.isEmpty {
        cueBuffer.appendUTF8("<font")
        cueBuffer.append(contentsOf: font)
        cueBuffer.append(UInt8(ascii: ">"))
      }
      for w in wraps {
        cueBuffer.appendUTF8("<\(w)>")
        countOpen(w, 1)
      }
      for c in e.children { writeNode(c, depth: depth + 1) }
      for w in wraps.reversed() {
        cueBuffer.appendUTF8("</\(w)>")
        countOpen(w, -1)
      }
      if !font.isEmpty { cueBuffer.appendUTF8("</font>") }
    }
  }

  /// The longest font family name written as `<font face>`, in UTF-8 bytes.
  static let maxFaceLength = 128

  /// Names of the set properties of `s`, for loss messages, in a fixed order.
  static func propertyNames(_ s: TextStyle) -> String {
    var names: [String] = []
    if s.backgroundColor != nil { names.append("background colour") }
    if s.fontSize != nil { names.append("font size") }
    if s.fontSizeVertical != nil { names.append("font size") }
    if s.textOutline != nil { names.append("text outline") }
    if s.textShadow != nil { names.append("text shadow") }
    if s.textAlign != nil { names.append("text alignment") }
    if s.displayAlign != nil { names.append("display alignment") }
    if s.lineHeight != nil { names.append("line height") }
    if s.opacity != nil { names.append("opacity") }
    if s.visible != nil { names.append("visibility") }
    if s.displayed != nil { names.append("display") }
    if s.writingMode != nil { names.append("writing mode") }
    if s.direction != nil { names.append("direction") }
    if s.forcedDisplay != nil { names.append("forced display") }
    if s.linePadding != nil { names.append("line padding") }
    if s.multiRowAlign != nil { names.append("multi-row alignment") }
    if s.fontStyle != nil { names.append("font style") }
    if s.fontWeight != nil { names.append("font weight") }
    names += s.other.keys.sorted()
    return names.isEmpty ? "style properties" : Diagnostic.listing(names)
  }

  /// Markup that text would read back as: `.srt` for SRT's own tags (`<i>`, `<b>`, `<u>`,
  /// `<s>`, `<font>`, `<br>`), `{\…}` overrides and `\N`, which CaptionKit's reader reinterprets;
  /// `.tagLike` for any other tag shape (`<span>`), which CaptionKit keeps as text but FFmpeg
  /// and pysubs2 remove.
  enum MarkupShape { case srt, tagLike }

  static func markupShape(_ b: UnsafeBufferPointer<UInt8>) -> MarkupShape? {
    var found: MarkupShape?
    // Where the last `}` and `>` are, so that "is one still to come" is a comparison, not a scan.
    let lastBrace = b.lastIndex(of: UInt8(ascii: "}")) ?? -1
    let lastGT = b.lastIndex(of: UInt8(ascii: ">")) ?? -1
    var i = 0
    while i < b.count {
      // `\N` reads back as a line break.
      if b[i] == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "N") { return .srt }
      if b[i] == UInt8(ascii: "{"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "\\"), lastBrace > i + 1 {
        return .srt
      }
      if b[i] == UInt8(ascii: "<") {
        var j = i + 1
        if j < b.count && b[j] == UInt8(ascii: "/") { j += 1 }
        let s = j
        while j < b.count && SubRipTextParser.isLetter(b[j]) { j += 1 }
        if j > s, j < b.count, b[j] == UInt8(ascii: ">") || b[j] == 0x20 || b[j] == 0x09 || b[j] == UInt8(ascii: "/"), lastGT >= j {
          let name = String(decoding: UnsafeBufferPointer(rebasing: b[s..<j]), as: UTF8.self).lowercased()
          if ["i", "b", "u", "s", "strike", "font", "br"].contains(name) { return .srt }
          found = .tagLike
        }
      }
      i += 1
    }
    return found
  }
}
