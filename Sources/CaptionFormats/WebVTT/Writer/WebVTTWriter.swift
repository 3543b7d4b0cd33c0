import CaptionCore

/// Writes the caption model as a WebVTT file (WebVTT §4 syntax) that reads back to the same
/// model, reporting everything the syntax cannot hold as `webvtt.write.*` diagnostics.
///
/// Layout: the signature line with its suffix, the header lines, a blank line, REGION blocks,
/// STYLE blocks (the document's style sheets verbatim, else rules generated from `styles`, then a
/// generated block for inline styles), NOTE comments in place, cues. Cue settings are written
/// only when not default, region last (a later `line`, `size` or `vertical` would take the cue
/// out of the region). Deterministic: the same document always gives the same bytes.
struct WebVTTWriter {
  /// Losses, capped at `WriteOptions.maxDiagnostics`.
  private var sink: DiagnosticSink
  /// Classes generated for inline element styles, in order of first use.
  private var generated: [(style: TextStyle, name: String)] = []
  private var generatedIndex: [TextStyle: String] = [:]
  /// The prefix of generated class names: `ck-`, or `ck2-`, `ck3-`… when the document's own
  /// styles or style sheets already use names like those (their rules would otherwise merge).
  private var generatedPrefix = "ck-"
  private var regionIDs: [String: String] = [:]
  private var cueIndex = 0
  private var cueNotes: [String] = []
  private var cueNoteSet: Set<String> = []
  /// The classes written in cue text: only their rules (and `::cue` itself) go into STYLE blocks.
  private var usedClasses: Set<String> = []
  /// Calls of `warn` so far (reported or not).
  private var warnings = 0
  /// The settings last written without a warning, the box they came in (`Cue.settingsBox`)
  /// and their bytes: cues in one region share their settings (a TTML region's, one box), and
  /// the next such cue copies the bytes.
  private var lastSettings: (settings: CueSettings, box: AnyObject?, bytes: [UInt8])?
  /// The class list last added to `usedClasses`.
  private var lastUsedClasses: [String] = []
  /// Lists of two or more classes written on one element, in order of first use (for
  /// `compoundRules`).
  private var usedClassLists: [[String]] = []
  private var usedClassListSet: Set<[String]> = []
  /// Identifiers written so far (WebVTT §4.1: unique in the file).
  private var usedIDs = IdentifierSet()
  /// The document's header part (metadata, styles, regions), given to `begin`.
  private var header = CaptionDocument()
  /// The text style each region gives its cues (`Region.cueTextStyle`), by id.
  private var regionTextStyles: [String: TextStyle] = [:]
  /// The document's named styles, for the cues whose region has a text style.
  private var namedStyles = NamedStyleResolver([])
  /// Named styles whose identifier is not a CSS class name (`1`): the class their rule and
  /// every reference to them use instead (`_1`).
  private var renamedStyleClasses: [String: String] = [:]
  /// Regions with TTML geometry (origin or extent), whose cues carry their placement in their
  /// own settings.
  private var ttmlRegions: Set<String> = []
  /// Whether a cue's `region:` was left out because its own settings place it (said once).
  private var regionOmittedNoted = false
  /// The class lists `webvtt.write.cue-style-as-class` has named.
  private var classListsNoted: Set<String> = []
  /// The class list noted for the cue before (see `classListsNoted`).
  private var lastNotedClasses: [String] = []
  /// The signature, header lines and REGION blocks (written by `begin`).
  private var head: [UInt8] = []
  /// Comments and cues, in order.
  private(set) var body: [UInt8] = []
  private var previousStart: CaptionTime? = nil
  /// Per-cue scratch buffers, reused.
  private var text: [UInt8] = []
  private var cleaned: [UInt8] = []

  init(maxDiagnostics: Int = 10_000) {
    sink = DiagnosticSink(limit: maxDiagnostics)
  }

  static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    var w = WebVTTWriter(maxDiagnostics: options.maxDiagnostics)
    let out = w.file(document)
    return WriteResult(bytes: options.lineEnding == .crlf ? crlf(out) : out, diagnostics: w.sink.takeFinished())
  }

  /// `bytes` with every LF written as CRLF.
  static func crlf(_ bytes: [UInt8]) -> [UInt8] {
    var crlf: [UInt8] = []
    crlf.reserveCapacity(bytes.count + bytes.count / 16)
    for c in bytes {
      if c == 0x0A { crlf.append(0x0D) }
      crlf.append(c)
    }
    return crlf
  }

  /// Diagnostics reported since the last call, in order (the streaming converter drains them
  /// after each cue).
  mutating func takeDiagnostics() -> [Diagnostic] {
    sink.drain()
  }

  /// The summary of the losses past the limit, if any (the streaming converter's last loss).
  var lossLimitSummary: Diagnostic? { sink.limitSummary }

  /// Reserves room for `n` bytes of comments and cues.
  mutating func reserveBody(_ n: Int) { body.reserveCapacity(n) }

  /// Empties `body` (after the streaming converter has taken it).
  mutating func takeBody() -> [UInt8] {
    defer { body = [] }
    return body
  }

  private mutating func warn(_ code: String, _ severity: Severity, _ message: @autoclosure () -> String, cue: Int? = nil) {
    warnings += 1
    guard !sink.isFull else { return sink.countDropped(severity) }
    sink.report(code, severity, cue.map { "cue \($0 + 1): " + message() } ?? message(), at: nil, cueIndex: cue)
  }

  /// Reports what `WebVTTCSSWriter` could not write for `subject` ("style 's1'"): dropped
  /// properties as warnings (a viewer sees the difference, so `--fail-on-loss` counts them),
  /// properties written another way as notes.
  private mutating func reportCSS(_ subject: String, dropped: [String], otherwise: [String], cue: Int? = nil) {
    if !dropped.isEmpty {
      warn("webvtt.write.style-property-dropped", .warning, "\(subject): \(Diagnostic.listing(dropped)) cannot be expressed in WebVTT CSS", cue: cue)
    }
    if !otherwise.isEmpty {
      warn("webvtt.write.style-property-moved", .info, "\(subject): \(Diagnostic.listing(otherwise)) expressed another way: by the cue's settings, or as text-shadow for an outline", cue: cue)
    }
  }

  /// `ck-`, or the first of `ck2-`, `ck3-`… that no style of `doc` and no rule of its style
  /// sheets uses. Bounded: a document made to use a thousand such prefixes keeps the last one.
  private func generatedClassPrefix(_ doc: CaptionDocument) -> String {
    var prefix = "ck-"
    var k = 1
    while k < 1000, doc.styles.contains(where: { cssClassName($0.id).hasPrefix(prefix) })
      || doc.styleSheets.contains(where: { $0.containsUTF8("." + prefix) })
    {
      k += 1
      prefix = "ck\(k)-"
    }
    return prefix
  }

  /// Whether a `Language:` header line (kept from the input, as many WebVTT files carry one)
  /// names the document's language, so that writing it keeps it.
  static func headerNamesLanguage(_ doc: CaptionDocument) -> Bool {
    doc.metadata.headerLines.contains { (line: String) -> Bool in
      let parts = line.split(separator: ":", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
      return parts.count == 2 && parts[0].lowercased() == "language" && parts[1] == doc.metadata.language
    }
  }

  // MARK: - File

  private mutating func file(_ doc: CaptionDocument) -> [UInt8] {
    begin(doc)
    // Cues first, so the classes they generate are known when the STYLE blocks are written.
    var comments = doc.comments.enumerated().sorted { ($0.element.beforeCue, $0.offset) < ($1.element.beforeCue, $1.offset) }.map(\.element)[...]
    body.reserveCapacity(doc.cues.count * 96)
    // Through the buffer: `enumerated()` copied every cue (its strings and arrays retained).
    doc.cues.withUnsafeBufferPointer { cues in
      for k in cues.indices {
        while let c = comments.first, c.beforeCue <= k {
          comment(c)
          comments.removeFirst()
        }
        self.cue(cues[k], index: k)
      }
    }
    for c in comments { comment(c) }
    let styles = styleBlocks()
    var out: [UInt8] = []
    out.reserveCapacity(head.count + styles.count + body.count)
    out += head
    out += styles
    out += body
    return out
  }

  /// Starts a file: the signature line, header lines and REGION blocks of `doc` (its cues and
  /// comments are not written here).
  mutating func begin(_ doc: CaptionDocument) {
    header = doc
    if doc.metadata.readWithoutRegions {
      warn("webvtt.write.default-region-placed", .info, DocumentMetadata.unplacedDefaultRegionNote)
    }
    var resolver = NamedStyleResolver(doc.styles)
    regionTextStyles = doc.regionCueTextStyles(&resolver)
    if !regionTextStyles.isEmpty { namedStyles = resolver }
    // Known before any cue is written, as cue text names the classes.
    if doc.styleSheets.isEmpty {
      for st in doc.styles where !st.id.isEmpty && cssClassName(st.id) != st.id { renamedStyleClasses[st.id] = cssClassName(st.id) }
    }
    header.cues = []
    generatedPrefix = generatedClassPrefix(doc)
    if let lang = doc.metadata.language, !lang.isEmpty, !Self.headerNamesLanguage(doc) {
      // WebVTT has no document language: a page gives it with <track srclang>, HLS with LANGUAGE.
      warn("webvtt.write.language-dropped", .info, "the document's language '\(lang.prefix(40))' has no place in WebVTT (set it where the file is used: <track srclang>, HLS LANGUAGE)")
    }
    ttmlRegions = Set(doc.regions.filter(\.hasTTMLGeometry).map(\.id))
    var head: [UInt8] = Array("WEBVTT".utf8)
    var suffix = doc.metadata.signatureSuffix
    if suffix.contains(where: { $0 == "\n" || $0 == "\r" }) || suffix.containsUTF8("-->") {
      suffix = String(suffix.map { $0 == "\n" || $0 == "\r" ? " " : $0 }).replacingArrows()
      warn("webvtt.write.header-changed", .warning, "the text after WEBVTT had line breaks or '-->', which were replaced")
    }
    if let f = suffix.unicodeScalars.first, f != " ", f != "\t" { suffix = " " + suffix }
    head += Array(suffix.utf8)
    head.append(0x0A)
    var hasMap = false
    for l in doc.metadata.headerLines {
      if l.isEmpty || l.contains(where: { $0 == "\n" || $0 == "\r" }) || l.containsUTF8("-->") {
        warn("webvtt.write.header-changed", .warning, "header line '\(l.prefix(40))' cannot be written (blank, multi-line or containing '-->') and was dropped")
        continue
      }
      if l.hasPrefix("X-TIMESTAMP-MAP=") { hasMap = true }
      head += Array(l.utf8)
      head.append(0x0A)
    }
    if let m = doc.metadata.timestampMap, !hasMap {
      head += Array("X-TIMESTAMP-MAP=MPEGTS:\(m.mpegts),LOCAL:".utf8)
      WebVTTTimestamp.append(milliseconds: m.local.roundedMilliseconds, to: &head)
      head.append(0x0A)
    }
    head.append(0x0A)
    // A TTML region all of whose cues are placed by their own settings (see `appendSettings`)
    // would be a REGION block no cue uses: it is left out (said with `region-omitted`).
    var named: Set<String> = [], referenced: Set<String> = []
    // Consecutive cues nearly always share their settings (all of a TTML region's): those
    // are looked at once, not hashed again for every cue.
    var previous: CueSettings? = nil
    var previousBox: AnyObject? = nil
    let ttmlRegions = ttmlRegions
    doc.cues.withUnsafeBufferPointer { cues in
      for k in cues.indices {
        // The same box as the cue before: the same settings, already looked at.
        let box = cues[k].settingsBox
        if let box, box === previousBox { continue }
        previousBox = box
        let settings = cues[k].settings
        guard let r = settings.region, settings != previous else { continue }
        previous = settings
        named.insert(r)
        if !Self.placesItself(settings, in: r, ttmlRegions: ttmlRegions) { referenced.insert(r) }
      }
    }
    for r in doc.regions {
      if ttmlRegions.contains(r.id), named.contains(r.id), !referenced.contains(r.id) {
        regionIDs[r.id] = ""
        continue
      }
      writeRegion(r, into: &head)
    }
    self.head = head
  }

  /// The signature, header lines and REGION blocks written by `begin`.
  var headBytes: [UInt8] { head }

  /// Writes a comment after what was written so far.
  mutating func comment(_ c: Comment) {
    var body: [UInt8] = []
    swap(&body, &self.body)
    writeComment(c, into: &body)
    swap(&body, &self.body)
  }

  /// Writes cue `k` after what was written so far.
  mutating func cue(_ cue: Cue, index k: Int) {
    orderCheck(cue.start, cue: k)
    var body: [UInt8] = []
    swap(&body, &self.body)
    writeCue(cue, index: k, into: &body)
    swap(&body, &self.body)
  }

  /// The STYLE blocks, written last: the header's style sheets verbatim, else rules generated
  /// from its styles, then a block for the classes that inline styles were given.
  mutating func styleBlocks() -> [UInt8] {
    let doc = header
    var styles: [UInt8] = []
    for sheet in doc.styleSheets { writeStyleBlock(sheet, into: &styles) }
    var namedRules: [String: (position: Int, style: TextStyle)] = [:]
    if doc.styleSheets.isEmpty, !doc.styles.isEmpty {
      var css: [String] = []
      var resolver = NamedStyleResolver(doc.styles)
      // A rule for a class no cue names styles nothing, and any STYLE block makes some players
      // (FFmpeg before 6) read the file as empty: only rules that apply are written.
      let unused = doc.styles.filter { !$0.id.isEmpty && !usedClasses.contains(cssClassName($0.id)) }
      if !unused.isEmpty {
        warn("webvtt.write.unused-styles-dropped", .info, "\(unused.count) style(s) that no cue uses are not written (first: '\(unused[0].id.prefix(40))')")
      }
      for s in doc.styles where s.id.isEmpty || usedClasses.contains(cssClassName(s.id)) {
        let resolved = resolver.bases(of: s).merged(with: s.style)
        namedRules[s.id.isEmpty ? "" : cssClassName(s.id)] = (namedRules.count, resolved)
        let (decls, dropped, otherwise) = WebVTTCSSWriter.declarations(cssLengths(resolved))
        reportCSS("style '\(s.id)'", dropped: dropped, otherwise: otherwise)
        guard !decls.isEmpty else { continue }
        let selector = s.id.isEmpty ? "::cue" : "::cue(.\(cssClassName(s.id)))"
        css.append("\(selector) { \(decls.joined(separator: "; ")); }")
      }
      if !css.isEmpty { writeStyleBlock(css.joined(separator: "\n"), into: &styles) }
    }
    if !generated.isEmpty {
      var css: [String] = []
      for g in generated {
        let (decls, dropped, otherwise) = WebVTTCSSWriter.declarations(cssLengths(g.style))
        reportCSS("inline style for class '\(g.name)'", dropped: dropped, otherwise: otherwise)
        css.append("::cue(.\(g.name)) { \(decls.joined(separator: "; "))\(decls.isEmpty ? "" : ";") }")
      }
      writeStyleBlock(css.joined(separator: "\n"), into: &styles)
    }
    if doc.styleSheets.isEmpty {
      let compound = compoundRules(namedRules)
      if !compound.isEmpty { writeStyleBlock(compound.joined(separator: "\n"), into: &styles) }
    }
    return styles
  }

  /// Rules for elements with several classes whose styles set one property differently.
  ///
  /// The model applies an element's classes in the order it lists them, the last winning (as
  /// TTML's `style="b a"` does); CSS applies the rule written last instead, whatever the order
  /// of the classes on the element. A compound selector (`::cue(.b.a)`) is more specific than
  /// any one class, so its rule, the classes' styles merged in the element's order, wins in a
  /// browser too. Only written where the two orders give different styles. A compound selector
  /// matches its classes in any order, so when elements list the same classes in orders that
  /// give different styles, no rule is written and that is reported.
  private mutating func compoundRules(_ named: [String: (position: Int, style: TextStyle)]) -> [String] {
    let generatedPosition = Dictionary(uniqueKeysWithValues: generated.enumerated().map { ($1.name, (named.count + $0, $1.style)) })
    // Per set of classes, in order of first use: the style each order of them gives.
    var sets: [[String]] = []
    var bySet: [[String]: (list: [String], style: TextStyle, differs: Bool, conflict: Bool)] = [:]
    for list in usedClassLists {
      // Built-in colour classes are the user agent's rules, beneath every author rule.
      let parts = list.compactMap { c in named[c] ?? generatedPosition[c] ?? CueDefaultClass.style(c).map { (-1, $0) } }
      guard parts.count >= 2 else { continue }
      let inListOrder = parts.reduce(TextStyle()) { $0.merged(with: $1.style) }
      let inCSSOrder = parts.sorted { $0.position < $1.position }.reduce(TextStyle()) { $0.merged(with: $1.style) }
      let key = Array(Set(list)).sorted()
      if var seen = bySet[key] {
        seen.differs = seen.differs || inListOrder != inCSSOrder
        seen.conflict = seen.conflict || seen.style != inListOrder
        bySet[key] = seen
      } else {
        sets.append(key)
        bySet[key] = (list, inListOrder, inListOrder != inCSSOrder, false)
      }
    }
    var rules: [String] = []
    for key in sets {
      guard let s = bySet[key], s.differs else { continue }
      guard !s.conflict else {
        warn("webvtt.write.class-order-conflict", .warning, "classes \(key.map { "." + $0 }.joined()) are listed in orders that give different styles; CSS cannot tell them apart, so some of these elements show the style of the rule written last")
        continue
      }
      let decls = WebVTTCSSWriter.declarations(cssLengths(s.style)).css
      guard !decls.isEmpty else { continue }
      rules.append("::cue(\(s.list.map { "." + $0 }.joined())) { \(decls.joined(separator: "; ")); }")
    }
    return rules
  }

  /// A class name usable both in cue text (`<c.name>`) and in a simple CSS class selector.
  private func cssClassName(_ s: String) -> String {
    let ok = !s.isEmpty && s.utf8.allSatisfy { HTMLCharacterReference.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 >= 0x80 }
      && !(s.utf8.first.map { WebVTTTimestamp.isDigit($0) || $0 == UInt8(ascii: "-") } ?? false)
    if ok { return s }
    var b: [UInt8] = []
    for c in s.utf8 {
      b.append(HTMLCharacterReference.isAlphanumeric(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c >= 0x80 ? c : UInt8(ascii: "_"))
    }
    if let f = b.first, WebVTTTimestamp.isDigit(f) || f == UInt8(ascii: "-") { b.insert(UInt8(ascii: "_"), at: 0) }
    return b.isEmpty ? "_" : String(decoding: b, as: UTF8.self)
  }

  private mutating func writeStyleBlock(_ css: String, into out: inout [UInt8]) {
    var lines = css.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
    let before = lines.count
    lines.removeAll { $0.isEmpty }
    var changed = lines.count != before && !(before == lines.count + 1 && css.hasSuffix("\n"))
    lines = lines.map { l in
      let r = l.replacingArrows()
      if r != l { changed = true }
      return r
    }
    if changed {
      warn("webvtt.write.style-changed", .warning, "a style sheet had blank lines or '-->', which a STYLE block cannot hold; they were removed")
    }
    guard !lines.isEmpty else { return }
    out += Array("STYLE\n".utf8)
    for l in lines {
      out += Array(l.utf8)
      out.append(0x0A)
    }
    out.append(0x0A)
  }

  private mutating func writeComment(_ c: Comment, into out: inout [UInt8]) {
    var lines = c.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
    var changed = false
    if lines.count > 1 || lines.first?.isEmpty == false {
      let n = lines.count
      lines.removeAll { $0.isEmpty }
      if lines.count != n { changed = true }
    } else {
      lines = []
    }
    lines = lines.map { l in
      let r = l.replacingArrows()
      if r != l { changed = true }
      return r
    }
    if changed {
      warn("webvtt.write.comment-changed", .warning, "a NOTE had blank lines or '-->', which a NOTE block cannot hold; they were removed")
    }
    out += Array("NOTE".utf8)
    for (k, l) in lines.enumerated() {
      out.append(k == 0 ? 0x20 : 0x0A)
      out += Array(l.utf8)
    }
    out += [0x0A, 0x0A]
  }

  // MARK: - Regions

  /// Whether a cue of region `r` is placed by its own settings: `r` is a TTML region and the
  /// cue has a line, a size or a vertical direction (which a WebVTT region would override).
  static func placesItself(_ s: CueSettings, in r: String, ttmlRegions: Set<String>) -> Bool {
    ttmlRegions.contains(r) && (s.line != .auto || s.size != 100 || s.vertical != .horizontal)
  }

  /// A TTML region length as percent of the video on its axis: `%`, `rw`/`rh` on their own
  /// axis, cells through `ttp:cellResolution` (default 32 × 15), px through the root
  /// `tts:extent` in px; nil for what has no such reading (em, px without a root extent).
  /// `s` with TTML's font size, line height and outline thickness given in cells, or in pixels
  /// of the root extent, as `vh` (percent of the video's height): CSS `px` are the player's own
  /// pixels, and CSS has no cells. Lengths WebVTT CSS can take as they are stay.
  func cssLengths(_ s: TextStyle) -> TextStyle {
    func vh(_ l: Length?) -> Length? {
      // A root extent or cell grid so odd that the length comes out 0 or unbounded keeps its unit.
      guard let l, l.unit == .cells || (l.unit == .pixels && header.metadata.parameters["tts:extent"] != nil),
        let v = rootPercent(l, horizontal: false), v.isFinite, abs(v) >= 0.001 || l.value == 0, abs(v) <= 10_000
      else { return l }
      return Length(v, .rootHeight)
    }
    var out = s
    out.fontSize = vh(s.fontSize)
    out.lineHeight = vh(s.lineHeight)
    if let o = s.textOutline, let t = vh(o.thickness) { out.textOutline?.thickness = t }
    out.textShadow = s.textShadow?.map { sh in
      var sh = sh
      sh.offsetX = vh(sh.offsetX) ?? sh.offsetX
      sh.offsetY = vh(sh.offsetY) ?? sh.offsetY
      sh.blur = vh(sh.blur)
      return sh
    }
    return out
  }

  func rootPercent(_ l: Length, horizontal: Bool) -> Double? {
    switch l.unit {
    case .percent: return l.value
    case .rootWidth: return horizontal ? l.value : nil
    case .rootHeight: return horizontal ? nil : l.value
    case .cells:
      let cells = (header.metadata.parameters["ttp:cellResolution"] ?? "32 15").split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
      guard cells.count == 2, cells[0] > 0, cells[1] > 0 else { return nil }
      return l.value * 100 / (horizontal ? cells[0] : cells[1])
    case .pixels:
      let root = (header.metadata.parameters["tts:extent"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard root.count == 2, root.allSatisfy({ $0.hasSuffix("px") }),
        let w = Double(root[0].dropLast(2)), let h = Double(root[1].dropLast(2)), w > 0, h > 0
      else { return nil }
      return l.value * 100 / (horizontal ? w : h)
    default: return nil
    }
  }

  private mutating func writeRegion(_ r: Region, into out: inout [UInt8]) {
    var settings: [String] = []
    var id = r.id
    if id.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) || id.containsUTF8("-->") {
      id = String(id.map { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" ? "_" : $0 }).replacingArrows()
      warn("webvtt.write.region-id-changed", .warning, "region identifier '\(r.id.prefix(40))' cannot contain whitespace or '-->'; written as '\(id)'")
    }
    regionIDs[r.id] = id
    if id.isEmpty {
      warn("webvtt.write.region-without-id", .warning, "a region has no identifier, so no cue can refer to it")
    } else {
      settings.append("id:" + id)
    }
    var width = r.width, lines = r.lines, regionAnchor = r.regionAnchor, viewportAnchor = r.viewportAnchor
    let webvttDefaults = r.width == 100 && r.lines == 3 && r.regionAnchor == Region.Anchor(x: 0, y: 100) && r.viewportAnchor == Region.Anchor(x: 0, y: 100)
    if webvttDefaults, let origin = r.origin, let extent = r.extent {
      if let ox = rootPercent(origin.x, horizontal: true), let oy = rootPercent(origin.y, horizontal: false),
        let ew = rootPercent(extent.x, horizontal: true), let eh = rootPercent(extent.y, horizontal: false)
      {
        // TTML geometry: anchor the region's top-left corner at its origin; 6vh per line (WebVTT §7.2).
        width = ew
        lines = max(1, (eh / 6).rounded())
        regionAnchor = Region.Anchor(x: 0, y: 0)
        viewportAnchor = Region.Anchor(x: ox, y: oy)
        warn("webvtt.write.region-converted", .info, "region '\(r.id)': TTML origin/extent converted to width:\(WebVTTNumber.format(width))%, lines:\(WebVTTNumber.integer(lines)), viewportanchor at the origin")
      } else {
        warn("webvtt.write.region-geometry-dropped", .warning, "region '\(r.id)': origin/extent in units that cannot be converted to percent of the video (px without a root tts:extent, em) were dropped")
      }
    } else if r.hasTTMLGeometry {
      warn("webvtt.write.region-geometry-dropped", .info, "region '\(r.id)': TTML origin/extent are not written (WebVTT region settings are used)")
    }
    if !r.style.isEmpty || !r.styleRefs.isEmpty {
      let onCues = regionTextStyles[r.id] != nil ? "; the text style it gives is written on its cues" : ""
      warn("webvtt.write.region-style-dropped", .info, "region '\(r.id)': region styles cannot be expressed in a WebVTT REGION block\(onCues)")
    }
    if width != 100 { settings.append("width:" + percent(width, "region '\(r.id)' width")) }
    if lines != 3 { settings.append("lines:" + WebVTTNumber.integer(lines)) }
    if regionAnchor != Region.Anchor(x: 0, y: 100) {
      settings.append("regionanchor:" + percent(regionAnchor.x, "region anchor") + "," + percent(regionAnchor.y, "region anchor"))
    }
    if viewportAnchor != Region.Anchor(x: 0, y: 100) {
      settings.append("viewportanchor:" + percent(viewportAnchor.x, "viewport anchor") + "," + percent(viewportAnchor.y, "viewport anchor"))
    }
    if r.scroll == .up { settings.append("scroll:up") }
    if settings.isEmpty { settings.append("width:100%") }
    out += Array("REGION\n".utf8)
    out += Array(settings.joined(separator: " ").utf8)
    out += [0x0A, 0x0A]
  }

  private mutating func percent(_ v: Double, _ what: String, cue: Int? = nil) -> String {
    WebVTTNumber.format(clampedPercent(v, what, cue: cue)) + "%"
  }

  /// `percent(v, what, cue:)` appended as UTF-8.
  private mutating func appendPercent(_ v: Double, _ what: String, cue: Int, to out: inout [UInt8]) {
    WebVTTNumber.append(clampedPercent(v, what, cue: cue), to: &out)
    out.append(UInt8(ascii: "%"))
  }

  /// `v` within 0–100 (NaN is 0), with a warning when it was not.
  private mutating func clampedPercent(_ v: Double, _ what: String, cue: Int?) -> Double {
    guard !(v >= 0 && v <= 100) else { return v }
    let x = v.isNaN ? 0 : min(100, max(0, v))
    warn("webvtt.write.value-clamped", .warning, "\(what) \(v) is outside 0–100% and was clamped to \(WebVTTNumber.format(x))%", cue: cue)
    return x
  }

  // MARK: - Cues

  private mutating func time(_ t: CaptionTime, _ what: String, cue: Int) -> Int64 {
    if t < .zero {
      warn("webvtt.write.negative-time", .warning, "the \(what) time \(t) is negative and was written as 0", cue: cue)
      return 0
    }
    if !t.isWholeMilliseconds {
      warn("webvtt.write.time-rounded", .info, "the \(what) time was rounded to whole milliseconds", cue: cue)
    }
    let ms = t.roundedMilliseconds
    if ms > Self.maxMilliseconds {
      warn("webvtt.write.time-out-of-range", .warning, "the \(what) time is beyond what a WebVTT timestamp can hold and was clamped", cue: cue)
      return Self.maxMilliseconds
    }
    return ms
  }

  /// The largest time a WebVTT timestamp of this writer holds, in milliseconds.
  static let maxMilliseconds: Int64 = 2_562_047_788 * 3_600_000 + 3_599_999

  static let arrow: [UInt8] = Array(" --> ".utf8)

  /// `t` in milliseconds when that is exact and writable as it is (not negative, within the
  /// timestamp range): what `time(_:_:cue:)` returns without a word for such times.
  @inline(__always)
  static func wholeMilliseconds(_ t: CaptionTime) -> Int64? {
    guard t.value >= 0, t.isWholeMilliseconds else { return nil }
    let ms = t.roundedMilliseconds  // exact here, saturating rather than trapping
    return ms <= maxMilliseconds ? ms : nil
  }

  /// Whether the UTF-8 of `s` has a CR, an LF or `-->` (a cheap filter before the exact,
  /// Character-level checks).
  static func mayNeedLineFix(_ s: String) -> Bool {
    var s = s
    return s.withUTF8 { b in
      var dashes = 0
      for c in b {
        if c == 0x0A || c == 0x0D { return true }
        if c == UInt8(ascii: ">") && dashes >= 2 { return true }
        dashes = c == UInt8(ascii: "-") ? dashes + 1 : 0
      }
      return false
    }
  }

  /// Writes a plain cue's lines as they are (the streaming converter's fast path; the bytes and
  /// losses are those `cue` gives for the same cue built as a `Cue`).
  mutating func verbatimCue(_ cue: VerbatimCue, index k: Int) {
    orderCheck(cue.start, cue: k)
    cueIndex = k
    var out: [UInt8] = []
    swap(&out, &body)
    defer { swap(&out, &body) }
    // An SRT index (a canonical number, the usual case) goes over as its bytes: no string,
    // nothing in it to fix, and the duplicate check by number.
    if let bytes = cue.idBytesInBuffer, let n = IdentifierSet.decimalValue(bytes), let end = Self.wholeMilliseconds(cue.end),
      let start = Self.wholeMilliseconds(cue.start), start < end, usedIDs.insert(number: n)
    {
      out.append(contentsOf: bytes)
      out.append(0x0A)
      WebVTTTimestamp.append(milliseconds: start, to: &out)
      out.append(contentsOf: Self.arrow)
      WebVTTTimestamp.append(milliseconds: end, to: &out)
      out.append(0x0A)
    } else {
      writeCueHead(id: cue.id, start: cue.start, end: cue.end, settings: nil, settingsBox: nil, index: k, into: &out)
    }
    cue.forEachLine { line in
      out.append(contentsOf: line)
      out.append(0x0A)
    }
    out.append(0x0A)
  }

  private mutating func orderCheck(_ start: CaptionTime, cue k: Int) {
    if let p = previousStart, start < p {
      warn("webvtt.write.out-of-order", .warning, "starts at \(start), before an earlier cue (one starts at \(p)); WebVTT wants cues ordered by start time (order kept)", cue: k)
    }
    previousStart = max(previousStart ?? start, start)
  }

  /// The identifier line and the timing line with its settings.
  private mutating func writeCueHead(
    id cueID: String, start cueStart: CaptionTime, end cueEnd: CaptionTime, settings: CueSettings?, settingsBox: AnyObject?, index k: Int,
    into out: inout [UInt8]
  ) {
    if !cueID.isEmpty {
      var id = cueID
      if Self.mayNeedLineFix(id), id.contains(where: { $0 == "\n" || $0 == "\r" }) || id.containsUTF8("-->") {
        id = String(id.map { $0 == "\n" || $0 == "\r" ? " " : $0 }).replacingArrows()
        warn("webvtt.write.cue-id-changed", .warning, "the identifier '\(cueID.prefix(40))' cannot contain line breaks or '-->'; written as '\(id.prefix(40))'", cue: k)
      }
      // `NOTE` alone or followed by a space or tab: a valid identifier that browsers read as
      // one, but older tools take the block for a comment.
      if id.utf8.first == UInt8(ascii: "N"), id.utf8.starts(with: "NOTE".utf8), id.utf8.count == 4 || [0x20, 0x09].contains(id.utf8.dropFirst(4).first) {
        warn("webvtt.write.cue-id-like-note", .warning, "the identifier '\(cueID.prefix(40))' starts like a NOTE comment; browsers read the cue, older tools may skip it", cue: k)
      }
      if usedIDs.insert(id) {
        out.appendUTF8(id)
        out.append(0x0A)
      } else {
        warn("webvtt.write.duplicate-id", .warning, "the identifier '\(id.prefix(40))' is already used by an earlier cue, and WebVTT identifiers must be unique; the cue is written without it", cue: k)
      }
    }
    let start = time(cueStart, "start", cue: k)
    let end = time(cueEnd, "end", cue: k)
    if end <= start {
      warn("webvtt.write.end-not-after-start", .warning, "the end time is not after the start time, which WebVTT does not allow", cue: k)
    }
    WebVTTTimestamp.append(milliseconds: start, to: &out)
    out.append(contentsOf: Self.arrow)
    WebVTTTimestamp.append(milliseconds: end, to: &out)
    if let settings, !settings.isDefault {
      // The same box as the cue before: the same settings, not compared again.
      if let last = lastSettings, (settingsBox != nil && settingsBox === last.box) || last.settings == settings {
        out.append(contentsOf: last.bytes)
        if settingsBox !== last.box { lastSettings?.box = settingsBox }
      } else {
        let start = out.count, before = warnings
        appendSettings(settings, cue: k, into: &out)
        // Settings that drew a warning are written afresh for each cue, which reports again.
        lastSettings = warnings == before ? (settings, settingsBox, Array(out[start...])) : nil
      }
    }
    out.append(0x0A)
  }

  private mutating func writeCue(_ cue: Cue, index k: Int, into out: inout [UInt8]) {
    cueIndex = k
    if !cueNotes.isEmpty {
      cueNotes.removeAll()
      cueNoteSet.removeAll()
    }
    // Read once: each read copies the settings out of the cue's box.
    let settings = cue.settings
    writeCueHead(id: cue.id, start: cue.start, end: cue.end, settings: settings, settingsBox: cue.settingsBox, index: k, into: &out)

    // Cue-level style has no WebVTT form: italic, bold and underline become <i>, <b> and <u>
    // around the text, the rest a class span. A text alignment the cue's `align` setting
    // already gives is not repeated (::cue has no text-align).
    var content = cue.content
    var wrapClasses = renamedStyleClasses.isEmpty ? cue.styleRefs : cue.styleRefs.map { renamedStyleClasses[$0] ?? $0 }
    var ownStyle = cue.style
    if let d = ownStyle?.displayed {
      // A cue hidden with display none shows nothing (see `writeNodes`).
      if !d {
        warn("webvtt.write.hidden-text-dropped", .info, "text hidden with display none is not written", cue: k)
        content = []
      }
      ownStyle?.displayed = nil
    }
    if var s = ownStyle, !s.isEmpty {
      if let a = s.textAlign, Self.alignment(a) == settings.align { s.textAlign = nil }
      let (tags, rest) = Self.peelTags(s)
      content = Self.wrap(content, in: tags)
      if !rest.isEmpty, let g = generatedClass(for: rest) { wrapClasses.append(g) }
    }
    if !wrapClasses.isEmpty {
      content = [.element(CueElement(.span, classes: wrapClasses, children: content))]
    }
    // WebVTT regions hold no text style: what the cue's region gives goes on an outer span, so
    // the cue's own classes still win over it (CSS inheritance, not rule order).
    if let id = settings.region, var r = regionTextStyles[id] {
      // What the cue's own styles set is theirs: the region's value would only show where
      // STYLE blocks are ignored (an outer <i> under an upright cue).
      var own = cue.style ?? TextStyle()
      for ref in cue.styleRefs { if let s = namedStyles.resolve(ref) { own = s.merged(with: own) } }
      r = r.removing(propertiesSetIn: own)
      let (tags, rest) = Self.peelTags(r)
      content = Self.wrap(content, in: tags)
      if !rest.isEmpty, let g = generatedClass(for: rest) {
        wrapClasses.insert(g, at: 0)
        content = [.element(CueElement(.span, classes: [g], children: content))]
      }
    }
    if !wrapClasses.isEmpty, wrapClasses != lastNotedClasses {
      // Said once for each list of classes: a document whose every cue has its style (TTML's
      // style on each p) would otherwise get one note per cue. The list noted last is
      // compared first: consecutive cues nearly always share it.
      lastNotedClasses = wrapClasses
      let classes = wrapClasses.joined(separator: ", ")
      if classListsNoted.insert(classes).inserted {
        warn("webvtt.write.cue-style-as-class", .info, "the cue's own style is written as a <c> span with classes \(classes) (and so is that of any later cue with these classes)", cue: k)
      }
    }
    // The scratch buffers are moved out of `self` while `writeNodes` (mutating) fills them.
    var text: [UInt8] = []
    swap(&text, &self.text)
    text.removeAll(keepingCapacity: true)
    defer { swap(&text, &self.text) }
    writeNodes(content, parentIsRuby: false, depth: 0, into: &text)
    // A blank line would end the cue: drop empty lines. Text without one is written as is.
    var removed = false
    if !Self.hasEmptyLine(text) {
      out += text
      if !text.isEmpty { out.append(0x0A) }
    } else {
      var lineStart = 0
      var cleaned: [UInt8] = []
      swap(&cleaned, &self.cleaned)
      defer { swap(&cleaned, &self.cleaned) }
      cleaned.removeAll(keepingCapacity: true)
      for i in 0...text.count where i == text.count || text[i] == 0x0A {
        if i > lineStart {
          if !cleaned.isEmpty { cleaned.append(0x0A) }
          cleaned += text[lineStart..<i]
        } else if i < text.count || lineStart > 0 {
          removed = true
        }
        lineStart = i + 1
      }
      out += cleaned
      if !cleaned.isEmpty { out.append(0x0A) }
    }
    if removed {
      warn("webvtt.write.blank-line-removed", .warning, "an empty line in the cue text would end the cue in WebVTT and was removed", cue: k)
    }
    if !cueNotes.isEmpty {
      let classes = cueNotes.joined(separator: ", ")
      warn("webvtt.write.inline-style-as-class", .info, "inline styles are written as classes \(classes) with ::cue rules in a STYLE block", cue: k)
    }
    out.append(0x0A)
  }

  /// Appends ` name:value` for each cue setting that is not the default, in the order of the
  /// WebVTT cue settings list (§4.4), warning about what cannot be written.
  private mutating func appendSettings(_ s: CueSettings, cue k: Int, into out: inout [UInt8]) {
    if s.vertical != .horizontal {
      out.appendUTF8(" vertical:")
      out.appendUTF8(s.vertical.rawValue)
    }
    switch s.line {
    case .value(let v):
      out.appendUTF8(" line:")
      if s.snapToLines {
        WebVTTNumber.append(v, to: &out)
        if v != v.rounded() {
          warn("webvtt.write.line-not-integer", .warning, "line number \(v) is not an integer; WebVTT syntax only allows whole line numbers", cue: k)
        }
      } else {
        appendPercent(v, "line", cue: k, to: &out)
      }
      if s.lineAlign != .start {
        out.append(UInt8(ascii: ","))
        out.appendUTF8(s.lineAlign.rawValue)
      }
    case .auto:
      if s.lineAlign != .start || !s.snapToLines {
        warn("webvtt.write.setting-dropped", .info, "line alignment and snap-to-lines need a line value and were dropped (line is auto)", cue: k)
      }
    }
    if let p = s.position {
      out.appendUTF8(" position:")
      appendPercent(p, "position", cue: k, to: &out)
      if s.positionAlign != .auto {
        out.append(UInt8(ascii: ","))
        out.appendUTF8(s.positionAlign.rawValue)
      }
    } else if s.positionAlign != .auto {
      warn("webvtt.write.setting-dropped", .info, "position alignment needs a position value and was dropped (position is auto)", cue: k)
    }
    if s.size != 100 {
      out.appendUTF8(" size:")
      appendPercent(s.size, "size", cue: k, to: &out)
    }
    if s.align != .center {
      out.appendUTF8(" align:")
      out.appendUTF8(s.align.rawValue)
    }
    if let r = s.region {
      // `regionIDs` has every region of the document (see `writeRegion`).
      if Self.placesItself(s, in: r, ttmlRegions: ttmlRegions) {
        // A TTML region's cue is placed by its own line, position and size (worked out from the
        // region). With `region:` after them a WebVTT renderer lays it out in the region
        // instead (§6.3 keeps a region given last; §7.2 ignores line and size in regions),
        // which moves it, so the reference is left out.
        if !regionOmittedNoted {
          regionOmittedNoted = true
          warn(
            "webvtt.write.region-omitted", .info,
            "cues placed by their own line, position and size are written without region: (a WebVTT region would override that placement, §7.2), and regions no cue uses are left out; the first is in region '\(r.prefix(40))'",
            cue: k)
        }
      } else if let id = regionIDs[r], !id.isEmpty {
        out.appendUTF8(" region:")
        out.appendUTF8(id)
      } else {
        warn("webvtt.write.region-undefined", .warning, "region '\(r.prefix(40))' is not defined in the document and was not written", cue: k)
      }
    }
  }

  /// Whether non-empty text has an empty line: a leading or trailing LF, or two in a row.
  static func hasEmptyLine(_ t: [UInt8]) -> Bool {
    guard let first = t.first, let last = t.last else { return false }
    if first == 0x0A || last == 0x0A { return true }
    return t.withUnsafeBufferPointer { b in
      for i in 1..<b.count where b[i] == 0x0A && b[i - 1] == 0x0A { return true }
      return false
    }
  }

  /// Whether a voice name or language tag is empty once WebVTT collapses its white space.
  static func isBlankAnnotation(_ a: String) -> Bool {
    a.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
  }

  /// Whether text has a byte that cue text must escape or change (`&`, `<`, `>`, CR).
  static func needsEscape(_ s: String) -> Bool {
    var s = s
    return s.withUTF8 { b in
      guard let base = b.baseAddress else { return false }
      // Eight bytes at a time: a byte equal to one of the four makes (v ^ pattern) have a zero byte.
      let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
      var i = 0
      while i + 8 <= b.count {
        let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let a = v ^ (ones &* 0x26), l = v ^ (ones &* 0x3C), g = v ^ (ones &* 0x3E), r = v ^ (ones &* 0x0D)
        if ((a &- ones) & ~a | (l &- ones) & ~l | (g &- ones) & ~g | (r &- ones) & ~r) & highs != 0 { return true }
        i += 8
      }
      while i < b.count {
        let c = b[i]
        if c == UInt8(ascii: "&") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == 0x0D { return true }
        i += 1
      }
      return false
    }
  }

  /// The class for an inline style, or nil when WebVTT CSS can express none of it (an empty
  /// rule would only add noise); what it cannot express is reported once per style either way.
  private mutating func generatedClass(for style: TextStyle) -> String? {
    if let name = generatedIndex[style] { return name.isEmpty ? nil : name }
    let (decls, dropped, otherwise) = WebVTTCSSWriter.declarations(cssLengths(style))
    guard !decls.isEmpty else {
      generatedIndex[style] = ""
      reportCSS("inline style", dropped: dropped, otherwise: otherwise, cue: cueIndex)
      return nil
    }
    let name = "\(generatedPrefix)\(generated.count + 1)"
    generated.append((style, name))
    generatedIndex[style] = name
    return name
  }

  /// The cue `align` setting that a TTML-style text alignment means.
  static func alignment(_ a: TextStyle.TextAlign) -> CueSettings.TextAlignment? {
    switch a {
    case .left: .left
    case .center: .center
    case .right: .right
    case .start: .start
    case .end: .end
    case .justify: nil
    }
  }

  /// Italic, bold and underline as WebVTT's own tags, which every player renders (STYLE
  /// blocks are often ignored), and the style left for a class.
  static func peelTags(_ s: TextStyle) -> (tags: [CueElement.Kind], rest: TextStyle) {
    var rest = s
    var tags: [CueElement.Kind] = []
    if s.fontStyle == .italic {
      tags.append(.italic)
      rest.fontStyle = nil
    }
    if s.fontWeight == .bold {
      tags.append(.bold)
      rest.fontWeight = nil
    }
    if s.textDecoration == .underline {
      tags.append(.underline)
      rest.textDecoration = nil
    }
    return (tags, rest)
  }

  /// `nodes` inside one element of each kind, the first outermost.
  static func wrap(_ nodes: [CueNode], in kinds: [CueElement.Kind]) -> [CueNode] {
    var out = nodes
    for kind in kinds.reversed() { out = [.element(CueElement(kind, children: out))] }
    return out
  }

  private mutating func writeNodes(_ nodes: [CueNode], parentIsRuby: Bool, depth: Int, into out: inout [UInt8]) {
    for n in nodes {
      switch n {
      case .text(let s):
        if !Self.needsEscape(s) {
          out.appendUTF8(s)
          continue
        }
        for c in s.utf8 {
          switch c {
          case UInt8(ascii: "&"): out += Array("&amp;".utf8)
          case UInt8(ascii: "<"): out += Array("&lt;".utf8)
          case UInt8(ascii: ">"): out += Array("&gt;".utf8)
          case 0x0D: out.append(0x0A)
          default: out.append(c)
          }
        }
      case .lineBreak:
        out.append(0x0A)
      case .timestamp(let t):
        out.append(UInt8(ascii: "<"))
        WebVTTTimestamp.append(milliseconds: time(t, "inline timestamp", cue: cueIndex), to: &out)
        out.append(UInt8(ascii: ">"))
      case .element(let e):
        // The element is read in place: copying it out (its kind, classes, style box and
        // children) to look at its style cost a dozen reference counts per element.
        if e.hasStyle {
          writeStyledElement(e, parentIsRuby: parentIsRuby, depth: depth, into: &out)
        } else {
          writeElement(e, parentIsRuby: parentIsRuby, depth: depth, into: &out)
        }
      }
    }
  }

  /// An element with an inline style. Content hidden with display none (TTML
  /// `tts:display="none"`) is not shown, and WebVTT CSS has no display property: it is not
  /// written (`visibility: hidden` is CSS, kept). Italic, bold or underline become tags inside
  /// the element; a plain span left with nothing else is not written at all.
  private mutating func writeStyledElement(_ element: CueElement, parentIsRuby: Bool, depth: Int, into out: inout [UInt8]) {
    var e = element
    if let d = e.style?.displayed {
      if !d {
        warn("webvtt.write.hidden-text-dropped", .info, "text hidden with display none is not written", cue: cueIndex)
        return
      }
      e.style?.displayed = nil
      if e.style?.isEmpty == true { e.style = nil }
    }
    if e.kind != .ruby, let s = e.style, !s.isEmpty {
      let (tags, rest) = Self.peelTags(s)
      if !tags.isEmpty {
        e.style = rest.isEmpty ? nil : rest
        e.children = Self.wrap(e.children, in: tags.filter { $0 != e.kind })
        if e.kind == .span, e.classes.isEmpty, e.style == nil {
          writeNodes(e.children, parentIsRuby: parentIsRuby, depth: depth + 1, into: &out)
          return
        }
      }
    }
    writeElement(e, parentIsRuby: parentIsRuby, depth: depth, into: &out)
  }

  /// Whether a byte ends a class in the tokenizer: white space, `.` and `>`.
  static func endsClass(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == UInt8(ascii: ".") || c == UInt8(ascii: ">")
  }

  /// Whether a byte survives a re-read in a class but the syntax does not allow it: `<`, `&`.
  static func isInvalidInClass(_ c: UInt8) -> Bool { c == UInt8(ascii: "<") || c == UInt8(ascii: "&") }

  /// Whether a class can be written as it is (not empty, no byte that ends it or is invalid).
  static func isPlainClass(_ c: String) -> Bool {
    !c.isEmpty && !c.utf8.contains { endsClass($0) || isInvalidInClass($0) }
  }

  /// Writes the tags of an element (its style, if any, becomes a generated class) and its
  /// children between them.
  private mutating func writeElement(_ e: CueElement, parentIsRuby: Bool, depth: Int, into out: inout [UInt8]) {
    if depth >= 1000 {
      writeNodes(e.children, parentIsRuby: false, depth: depth, into: &out)
      return
    }
    let name: String
    var annotation: String? = nil
    switch e.kind {
    case .span: name = "c"
    case .italic: name = "i"
    case .bold: name = "b"
    case .underline: name = "u"
    case .ruby: name = "ruby"
    case .rubyText:
      guard parentIsRuby else {
        warn("webvtt.write.ruby-text-outside-ruby", .warning, "ruby text outside a ruby element cannot be written; its text is kept as plain text", cue: cueIndex)
        writeNodes(e.children, parentIsRuby: false, depth: depth + 1, into: &out)
        return
      }
      name = "rt"
    case .voice(let v):
      // The voice name is required (WebVTT §4.2.2, cue voice span): a span without one
      // keeps its classes as a class span.
      if Self.isBlankAnnotation(v) {
        warn("webvtt.write.voice-unnamed", .warning, "a voice span without a voice name cannot be written as <v> (WebVTT requires the name); written as a <c> span", cue: cueIndex)
        name = "c"
      } else {
        name = "v"
        annotation = v
      }
    case .language(let l):
      // The language tag is required (§4.2.2, cue language span). An empty one (TTML's
      // `xml:lang=""`) says the language is unknown: BCP 47's `und`.
      name = "lang"
      if Self.isBlankAnnotation(l) {
        warn("webvtt.write.language-undetermined", .warning, "a span with an empty language (unknown) is written as <lang und>, since WebVTT requires a language tag", cue: cueIndex)
        annotation = "und"
      } else {
        annotation = l
      }
    }
    // The usual list (plain classes, none renamed) is the element's own: no new array.
    let plain = renamedStyleClasses.isEmpty && e.classes.allSatisfy(Self.isPlainClass)
    var classes: [String] = plain ? e.classes : []
    for c in e.classes where !plain && !c.isEmpty {
      if c.utf8.contains(where: Self.endsClass) {
        let fixed = cssClassName(c)
        warn("webvtt.write.class-changed", .warning, "class '\(c.prefix(40))' cannot be written in a WebVTT tag; written as '\(fixed)'", cue: cueIndex)
        classes.append(fixed)
      } else if !renamedStyleClasses.isEmpty, let renamed = renamedStyleClasses[c] {
        classes.append(renamed)  // the name its style's rule was written with
      } else {
        if c.utf8.contains(where: Self.isInvalidInClass) {
          warn("webvtt.write.class-invalid", .warning, "class '\(c.prefix(40))' contains '<' or '&', which the WebVTT syntax does not allow (kept, as parsers read it back unchanged)", cue: cueIndex)
        }
        classes.append(c)
      }
    }
    if let s = e.style, !s.isEmpty, let g = generatedClass(for: s) {
      classes.append(g)
      if cueNoteSet.insert(g).inserted { cueNotes.append(g) }
    }
    out.append(UInt8(ascii: "<"))
    out.appendUTF8(name)
    // Most elements repeat the class list of the one before: no hashing then.
    if classes != lastUsedClasses {
      usedClasses.formUnion(classes)
      lastUsedClasses = classes
    }
    if classes.count >= 2, usedClassListSet.insert(classes).inserted { usedClassLists.append(classes) }
    for c in classes {
      out.append(UInt8(ascii: "."))
      out.appendUTF8(c)
    }
    if let a = annotation, !a.isEmpty {
      let collapsed = WebVTTCueTextParser.collapseWhitespace(Array(a.utf8))
      if collapsed != a {
        warn("webvtt.write.annotation-changed", .warning, "the \(name == "v" ? "voice name" : "language") '\(a.prefix(40))' has leading, trailing or repeated whitespace, which WebVTT collapses", cue: cueIndex)
      }
      out.append(0x20)
      for c in collapsed.utf8 {
        switch c {
        case UInt8(ascii: "&"): out += Array("&amp;".utf8)
        case UInt8(ascii: ">"): out += Array("&gt;".utf8)
        default: out.append(c)
        }
      }
    }
    out.append(UInt8(ascii: ">"))
    writeNodes(e.children, parentIsRuby: name == "ruby", depth: depth + 1, into: &out)
    out.append(UInt8(ascii: "<"))
    out.append(UInt8(ascii: "/"))
    out.appendUTF8(name)
    out.append(UInt8(ascii: ">"))
  }
}
