import CaptionCore

/// Writes a caption document as TTML: IMSC 1.1 Text (default), EBU-TT-D or DFXP-compatible
/// TTML1, chosen with `WriteOptions.flavor`.
///
/// Output is deterministic (same model, same bytes): styles and regions in model order,
/// synthesized regions (`r1`, `r2`…), agents (`a1`…) and generated styles (`ck1`…) numbered in
/// order of first use, attributes in a fixed order. Everything the flavor cannot hold is
/// reported as a `ttml.write.*` diagnostic, with the cue index when it concerns one cue.
struct TTMLWriter {
  let doc: CaptionDocument
  let flavor: TTMLFlavor
  /// The loss report, capped at `WriteOptions.maxDiagnostics` (past it, reports are counted).
  var sink = DiagnosticSink()
  let resolver: TTMLStyleResolver
  let times: TTMLTimeFormatter
  /// Regions to write: id → attributes, in order.
  var regionOut: [(id: String, attributes: [(String, String)])] = []
  var regionByKey: [String: String] = [:]
  var writtenModelRegions: Set<String> = []
  /// Agents: display name → id, in order.
  var agentIDs: [(name: String, id: String)] = []
  /// `agentIDs` by name.
  var agentIDByName: [String: String] = [:]
  /// Styles generated from inline styles (EBU-TT-D): serialised attributes → id.
  var generated: [(id: String, attributes: [(String, String)])] = []
  var generatedByKey: [String: String] = [:]
  /// Named styles already reported as used by content with a region's property (EBU-TT-D).
  var reportedContentStyles: Set<String> = []
  var usedIDs: Set<String> = []
  /// The cues' identifiers that can be written as `xml:id`s.
  let cueIDs: Set<String>
  var nextID: [String: Int] = [:]
  var styleIDs: Set<String>
  /// Named styles whose identifier is not an XML id (`1`): the `xml:id` written for them and in
  /// every reference (`_1`).
  var renamedStyles: [String: String] = [:]
  var noLayout = false
  /// The region that stands for TTML's default region in EBU-TT-D, which must have one.
  var wholeRootRegion: String?
  var reportedStyleDrops: Set<String> = []
  /// The id given to the style for all cue text (WebVTT `::cue`, model id `""`), referenced
  /// from `body` so that it applies to every cue.
  var globalStyleID: String?
  /// Lint suppressions from the comments, written as `ck:disable` metadata.
  let directives: TTMLLintDirectives

  static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    var diags: [Diagnostic] = []
    var flavor = TTMLFlavor(option: options.flavor)
    if flavor == nil {
      diags.append(Diagnostic(code: "ttml.write.unknown-flavor", severity: .warning, message: "unknown TTML flavor '\(options.flavor ?? "")'; writing IMSC 1.1 (choose imsc1.1, ebu-tt-d or dfxp)"))
      flavor = .imsc11
    }
    // TTML1 (DFXP) and EBU-TT-D have no <initial>: its properties go on the body's style.
    var document = flavor == .imsc11 ? document : TTMLFormat.movingInitialToGlobalStyle(document)
    // The style for all cue text has no name in the model (WebVTT `::cue`); TTML needs an id.
    var globalID: String?
    if let k = document.styles.firstIndex(where: { $0.id.isEmpty }) {
      let taken = Set(document.styles.map(\.id)).union(document.regions.map(\.id))
      var id = "cueText"
      var n = 1
      while taken.contains(id) {
        n += 1
        id = "cueText\(n)"
      }
      document.styles[k].id = id
      globalID = id
    }
    var w = TTMLWriter(doc: document, flavor: flavor ?? .imsc11)
    w.globalStyleID = globalID
    w.sink = DiagnosticSink(limit: options.maxDiagnostics)
    for d in diags { w.sink.report(d) }
    let bytes = w.run()
    if let (cue, id) = w.firstChangedID {
      let n = w.changedIDs
      let shown = "'\(id.prefix(40))'"
      let ebu = w.flavor == .ebuttd
      // At the first such cue, so that the CLI names its place.
      w.report(
        "id-changed", .info,
        n == 1
          ? "the cue identifier \(shown) is not a valid, unique XML id; \(ebu ? "a new one was written" : "it was not written")"
          : "\(n) cue identifiers are not valid, unique XML ids (the first is this cue's, \(shown)); \(ebu ? "new ones were written" : "they were not written")",
        cue: cue)
    }
    return WriteResult(bytes: bytes, diagnostics: w.sink.takeFinished())
  }

  /// `ttp:cellResolution` rows and columns (for writing `rw`/`rh` in flavors without them).
  var cells: (rows: Double, columns: Double) { (resolver.cellRows, resolver.cellColumns) }
  /// The root container's size in pixels that px lengths are measured against: the document's
  /// `tts:extent`, else the 1280×720 the writer assumes (and reports).
  var pixelRoot: (w: Double, h: Double) { resolver.rootExtent.map { ($0.width, $0.height) } ?? (1280, 720) }

  /// The document's regions by id (looked up per cue).
  let regionsByID: [String: Region]

  init(doc: CaptionDocument, flavor: TTMLFlavor) {
    self.doc = doc
    self.flavor = flavor
    resolver = TTMLStyleResolver(document: doc)
    times = TTMLTimeFormatter(times: doc.cues.flatMap { [$0.start, $0.end] }, flavor: flavor, parameters: doc.metadata.parameters)
    directives = TTMLLintDirectives(doc)
    styleIDs = Set(doc.styles.map(\.id))
    usedIDs = styleIDs.union(doc.regions.map(\.id))
    // Ids the writer makes up (regions, generated styles, EBU-TT-D's p ids) keep clear of the
    // cues' own, which are written as they are.
    cueIDs = Set(doc.cues.lazy.map(\.id).filter { !$0.isEmpty && XMLNameCharacters.isNCName($0) })
    regionsByID = doc.regionsByID()
    for st in doc.styles where !st.id.isEmpty && !XMLNameCharacters.isNCName(st.id) {
      let name = TTMLWriter.xmlName(st.id)
      var unique = name
      var n = 2
      while usedIDs.contains(unique) {
        unique = "\(name)_\(n)"
        n += 1
      }
      usedIDs.insert(unique)
      renamedStyles[st.id] = unique
    }
  }

  /// Cue identifiers that could not be written as `xml:id`, and the first of them.
  var changedIDs = 0
  var firstChangedID: (cue: Int, id: String)?

  mutating func report(_ code: String, _ severity: Severity, _ message: String, cue: Int? = nil) {
    guard !sink.isFull else { return sink.countDropped(severity) }
    sink.report(Diagnostic(code: "ttml.write." + code, severity: severity, message: message, cueIndex: cue))
  }

  /// A fresh identifier `base1`, `base2`… not used anywhere in the document.
  mutating func freshID(_ base: String) -> String {
    var n = nextID[base, default: 1]
    while usedIDs.contains(base + String(n)) || cueIDs.contains(base + String(n)) { n += 1 }
    let id = base + String(n)
    usedIDs.insert(id)
    nextID[base] = n + 1
    return id
  }

  // MARK: - Document

  mutating func run() -> [UInt8] {
    // Cues with no region that are laid out like TTML's default region (the whole root
    // container, text at the top, start-aligned) are written without any layout at all.
    // So are the cues of a document read from TTML without any region, still unplaced.
    let readWithoutRegions = doc.metadata.readWithoutRegions
    noLayout = doc.cues.allSatisfy { c in
      c.settings.region == nil
        && (c.settings == TTMLRegionMapper.defaultRegionSettings(computed: cueComputed(c), resolver: resolver)
          || readWithoutRegions && c.settings == TTMLRegionMapper.unplacedSettings(computed: cueComputed(c)))
    } && !doc.regions.contains { TTMLWriter.isTTMLRegion($0) }
    // EBU-TT-D always has a layout with a region (Tech 3380's document structure): such cues
    // go in one region that is what TTML's default region is, the whole root container.
    if noLayout, flavor == .ebuttd {
      noLayout = false
      wholeRootRegion = freshID("r")
      regionOut.append((wholeRootRegion!, [("tts:origin", "0% 0%"), ("tts:extent", "100% 100%")]))
    }

    // Every TTML region of the model is written, in model order, used or not.
    for r in doc.regions where TTMLWriter.isTTMLRegion(r) { writeModelRegion(r) }
    if directives.dropped > 0 {
      report("comments-dropped", .info, "\(directives.dropped) comment(s) have no TTML equivalent, dropped (lint suppressions are kept as ck:disable metadata)")
    }
    var body = TTMLXMLBuilder()
    let prefix = flavor == .ebuttd ? "tt:" : ""
    body.indent(1)
    body.open(prefix + "body", globalStyleID.map { [("style", $0)] } ?? [])
    body.raw(">")
    body.indent(2)
    body.open(prefix + "div", [])
    body.raw(">")
    for (i, cue) in doc.cues.enumerated() { writeCue(cue, index: i, into: &body) }
    body.indent(2)
    body.raw("</\(prefix)div>")
    body.indent(1)
    body.raw("</\(prefix)body>")

    var x = TTMLXMLBuilder()
    x.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    x.indent(0)
    reportUnwritableSource()
    x.open(prefix + "tt", rootAttributes())
    x.raw(">")
    writeHead(into: &x)
    x.out.append(contentsOf: body.out)
    x.indent(0)
    x.raw("</\(prefix)tt>")
    x.raw("\n")
    let invalid = x.invalidCharacters + body.invalidCharacters
    if invalid > 0 {
      report("invalid-character", .warning, "\(invalid) character(s) that XML 1.0 does not allow (C0 control characters other than tab, line feed and carriage return; U+FFFE; U+FFFF) written as U+FFFD")
    }
    return x.out
  }

  /// What a WebVTT source holds that TTML has no place for: its header lines and
  /// X-TIMESTAMP-MAP, and the STYLE rules whose selectors no TTML style can express.
  mutating func reportUnwritableSource() {
    let m = doc.metadata
    var header: [String] = []
    if m.hasHeaderBesidesTimestampMap { header.append("header lines") }
    if m.timestampMap != nil {
      report("timestamp-map-dropped", .warning, "X-TIMESTAMP-MAP (the HLS MPEG-TS time the cue times count from) has no TTML equivalent, dropped: the times are written as they are")
    }
    if !header.isEmpty {
      report("header-dropped", .info, "the document's \(header.joined(separator: " and ")) have no TTML equivalent, dropped")
    }
    if let rules = m.parameters[DocumentMetadata.unmappedStyleRulesKey] {
      report("style-rules-dropped", .warning, "WebVTT STYLE rules TTML styles cannot express were not written (\(rules.prefix(120))); ::cue and ::cue(.class) rules are written as styles")
    }
  }

  mutating func rootAttributes() -> [(String, String)] {
    var a: [(String, String)] = []
    if flavor == .ebuttd {
      a.append(("xmlns:tt", TTMLNamespace.tt))
    } else {
      a.append(("xmlns", TTMLNamespace.tt))
    }
    a.append(("xmlns:ttp", TTMLNamespace.parameter))
    a.append(("xmlns:tts", TTMLNamespace.styling))
    a.append(("xmlns:ttm", TTMLNamespace.metadata))
    if flavor != .dfxp { a.append(("xmlns:itts", TTMLNamespace.imscStyling)) }
    if flavor == .imsc11 { a.append(("xmlns:ittp", TTMLNamespace.imscParameter)) }
    a.append(("xmlns:ebutts", TTMLNamespace.ebuStyling))
    if flavor == .ebuttd { a.append(("xmlns:ebuttm", TTMLNamespace.ebuMetadata)) }
    if !directives.isEmpty { a.append(("xmlns:ck", TTMLNamespace.captionkitLint)) }
    if (doc.metadata.language ?? "").isEmpty {
      // TTML requires xml:lang on tt; "" is its "unknown" (XML 1.0 §2.12), valid but unhelpful.
      report("language-unknown", .info, "the document's language is not known (SRT and WebVTT files do not say it): written as xml:lang=\"\", so players cannot name it; set the language where the file is used")
    }
    a.append(("xml:lang", doc.metadata.language ?? ""))
    a.append(("ttp:timeBase", "media"))
    switch flavor {
    case .imsc11: a.append(("ttp:contentProfiles", flavor.designator))
    case .dfxp: a.append(("ttp:profile", flavor.designator))
    case .ebuttd: break
    }
    // Source parameters that survive: everything except what this writer decides.
    let decided: Set<String> = ["ttp:timeBase", "ttp:dropMode", "ttp:profile", "ttp:contentProfiles", "ttp:processorProfiles", "ttp:frameRate", "ttp:frameRateMultiplier", "ttp:subFrameRate", "ttp:tickRate", "ttp:clockMode", "ttp:markerMode"]
    var ttml2Only: [String] = []
    for k in doc.metadata.parameters.keys.sorted() where !decided.contains(k) {
      guard let v = doc.metadata.parameters[k] else { continue }
      // EBU-TT-D and DFXP are TTML1, which has no TTML2 parameters (ttp:displayAspectRatio…).
      if k.hasPrefix("ttp:"), flavor != .imsc11, !TTMLValidator.ttml1Parameters.contains(String(k.dropFirst(4))) {
        ttml2Only.append(k)
        continue
      }
      if k.hasPrefix("ttp:") || k == "tts:extent" { a.append((k, v)) }
      if k.hasPrefix("ittp:"), flavor == .imsc11 { a.append((k, v)) }
    }
    if !ttml2Only.isEmpty {
      report("parameters-dropped", .info, "\(ttml2Only.joined(separator: ", ")) not written: TTML2 parameters, which \(flavor.rawValue) (TTML1) does not have")
    }
    // IMSC and EBU-TT-D need a root extent to give px lengths a meaning (IMSC 1.1 §8.4.2); CSS
    // px from WebVTT are relative to the video, so a 1280×720 root stands in for it.
    if doc.metadata.parameters["tts:extent"] == nil, flavor == .imsc11, TTMLWriter.usesPixels(doc) {
      a.append(("tts:extent", "1280px 720px"))
      report("root-extent-assumed", .info, "px lengths (such as a CSS text-shadow) are written against an assumed 1280×720 px root container (tts:extent)")
    } else if doc.metadata.parameters["tts:extent"] == nil, flavor == .ebuttd, TTMLWriter.usesPixels(doc) {
      // EBU-TT-D has no px font sizes or line heights: they become percent of a cell row.
      report("root-extent-assumed", .info, "px font sizes and line heights are written in percent of a cell row of an assumed 1280×720 px root container (EBU-TT-D has no px)")
    }
    switch times.mode {
    case .frames(let fr, let m):
      a.append(("ttp:frameRate", String(fr)))
      if let m { a.append(("ttp:frameRateMultiplier", "\(m.0) \(m.1)")) }
    case .ticks(let r):
      a.append(("ttp:tickRate", String(r)))
    case .clock:
      break
    }
    return a
  }

  // MARK: - Head

  mutating func writeHead(into x: inout TTMLXMLBuilder) {
    let p = flavor == .ebuttd ? "tt:" : ""
    x.indent(1)
    x.raw("<\(p)head>")
    if doc.metadata.title != nil || !agentIDs.isEmpty || !directives.file.isEmpty {
      x.indent(2)
      x.raw("<\(p)metadata>")
      if let t = doc.metadata.title {
        x.indent(3)
        x.raw("<ttm:title>")
        x.text(t)
        x.raw("</ttm:title>")
      }
      for a in agentIDs {
        x.indent(3)
        x.open("ttm:agent", [("xml:id", a.id), ("type", "character")])
        x.raw("><ttm:name type=\"full\">")
        x.text(a.name)
        x.raw("</ttm:name></ttm:agent>")
      }
      for rules in directives.file {
        x.indent(3)
        x.raw("<ck:disable>")
        x.text(rules)
        x.raw("</ck:disable>")
      }
      x.indent(2)
      x.raw("</\(p)metadata>")
    }
    // EBU-TT-D's styling holds at least one style: a document without any gets an empty one.
    if flavor == .ebuttd, doc.styles.isEmpty, generated.isEmpty {
      generated.append((freshID("ck"), []))
    }
    let hasStyles = !doc.styles.isEmpty || !generated.isEmpty || doc.metadata.parameters["captionkit:initial"] != nil
    x.indent(2)
    x.raw(hasStyles ? "<\(p)styling>" : "<\(p)styling/>")
    if let initial = doc.metadata.parameters["captionkit:initial"] {
      var attrs: [(String, String)] = []
      for item in initial.split(separator: ";") {
        let kv = item.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { attrs.append((String(kv[0]), String(kv[1]))) }
      }
      x.indent(3)
      x.open(p + "initial", attrs)
      x.raw("/>")
    }
    for s in doc.styles {
      guard let id = xmlStyleID(s.id), XMLNameCharacters.isNCName(id) else {
        report("style-dropped", .warning, "a style without an identifier cannot be referred to and was not written")
        continue
      }
      if id != s.id { report("style-renamed", .info, "style '\(s.id.prefix(40))' is not a valid XML id; written as '\(id)'") }
      var attrs: [(String, String)] = [("xml:id", id)]
      let refs = writtenStyleRefs(s.basedOn)
      // EBU-TT-D has no style chaining (its schema gives <style> no style attribute): a style
      // is written with what the styles it is based on give it.
      let chained = flavor == .ebuttd && !refs.isEmpty
      if !refs.isEmpty, !chained { attrs.append(("style", refs.joined(separator: " "))) }
      var (a, dropped) = TTMLStyleSerializer.attributes(chained ? resolver.resolvedNamedStyle(s.id) : s.style, flavor: flavor, cells: cells, root: pixelRoot)
      // A region's own properties cannot sit on an EBU-TT-D <style> (Tech 3380's schema); the
      // regions that reference the style carry them themselves (`region(_:)`), and on content
      // they style nothing (TTML1 §8.2: they apply to regions).
      if flavor == .ebuttd {
        a.removeAll { !TTMLStyleSerializer.ebuStyleAllows($0.0) }
        // Nor is one it cannot write lost there: said where it matters, on the region or content.
        dropped.removeAll { d in TTMLValidator.ebuRegionStyles.contains { d.hasPrefix("tts:\($0) ") } }
      }
      attrs += a
      for d in dropped { report("style-property-dropped", .warning, "style '\(s.id)': \(d) cannot be written in \(flavor.rawValue)") }
      x.indent(3)
      x.open(p + "style", attrs)
      x.raw("/>")
    }
    for g in generated {
      x.indent(3)
      x.open(p + "style", [("xml:id", g.id)] + g.attributes)
      x.raw("/>")
    }
    if hasStyles {
      x.indent(2)
      x.raw("</\(p)styling>")
    }
    // EBU-TT-D's layout holds at least one region: a document without cues gets the whole root.
    if flavor == .ebuttd, regionOut.isEmpty {
      regionOut.append((freshID("r"), [("tts:origin", "0% 0%"), ("tts:extent", "100% 100%")]))
    }
    x.indent(2)
    if regionOut.isEmpty {
      x.raw("<\(p)layout/>")
    } else {
      x.raw("<\(p)layout>")
      for r in regionOut {
        x.indent(3)
        x.open(p + "region", [("xml:id", r.id)] + r.attributes)
        x.raw("/>")
      }
      x.indent(2)
      x.raw("</\(p)layout>")
    }
    x.indent(1)
    x.raw("</\(p)head>")
  }

  // MARK: - Regions

  func cueComputed(_ c: Cue) -> TextStyle {
    resolver.computed(specified: resolver.specified(refs: c.styleRefs, inline: c.style), parent: resolver.computedRegionStyle(c.settings.region))
  }

  /// The region id for a cue, synthesizing one from its settings when needed, and the text
  /// alignment to write on the `p` when the region was synthesized.
  mutating func region(for c: Cue, index: Int) -> (id: String?, textAlign: TextStyle.TextAlign?) {
    if noLayout { return (nil, nil) }
    if let wholeRootRegion { return (wholeRootRegion, nil) }
    if let rid = c.settings.region, let r = regionsByID[rid], TTMLWriter.isTTMLRegion(r) {
      let expected = TTMLRegionMapper.settings(regionID: rid, region: r, computed: cueComputed(c), resolver: resolver)
      if expected == c.settings {
        writeModelRegion(r)
        return (rid, nil)
      }
      report("region-replaced", .info, "the cue's own position differs from region '\(rid)'; a region matching the cue's settings was written instead", cue: index)
    } else if let rid = c.settings.region {
      report("region-approximated", .warning, "WebVTT region '\(rid)' (width, lines, anchors, scroll) has no TTML equivalent; the cue is placed in a region built from its own settings", cue: index)
    }
    var settings = c.settings
    settings.region = nil
    // WebVTT takes `start` and `end` from the text's own direction (§7.2: the computed
    // position alignment of right-to-left text at start is line-right); TTML from tts:direction,
    // ltr by default. Written as the side they mean, right-to-left cues stay where they were.
    if settings.vertical == .horizontal, settings.align == .start || settings.align == .end,
      NumpadAnchor.isRightToLeft(settings, style: c.style, text: c.plainText)
    {
      settings.align = settings.align == .start ? .right : .left
    }
    let (g, textAlign, approx) = TTMLRegionSynthesizer.geometry(for: settings, cellRows: resolver.cellRows)
    if approx {
      let line: String
      // `Length.format`, not `Int(v)`: a line number past Int's range (line:1e19) trapped.
      if case .value(let v) = settings.line { line = Length.format(v) } else { line = "auto" }
      report("line-approximated", .info, "snap-to-lines line \(line) was converted to a percentage (one line = one cell row, 1/\(Length.format(resolver.cellRows)) of the height)", cue: index)
    }
    if let id = regionByKey[g.key] { return (id, textAlign) }
    let id = freshID("r")
    regionByKey[g.key] = id
    var attrs: [(String, String)] = [
      ("tts:origin", "\(Length.format(g.x))% \(Length.format(g.y))%"),
      ("tts:extent", "\(Length.format(g.w))% \(Length.format(g.h))%"),
      ("tts:displayAlign", g.displayAlign.rawValue),
    ]
    if let wm = g.writingMode { attrs.append(("tts:writingMode", wm.rawValue)) }
    regionOut.append((id, attrs))
    return (id, textAlign)
  }

  /// A region that came from TTML (or has TTML geometry), as opposed to a WebVTT region.
  static func isTTMLRegion(_ r: Region) -> Bool {
    if r.hasTTMLGeometry { return true }
    let vtt = Region(id: r.id)
    return r.width == vtt.width && r.lines == vtt.lines && r.regionAnchor == vtt.regionAnchor
      && r.viewportAnchor == vtt.viewportAnchor && r.scroll == vtt.scroll && XMLNameCharacters.isNCName(r.id)
  }

  mutating func writeModelRegion(_ r: Region) {
    guard !writtenModelRegions.contains(r.id) else { return }
    writtenModelRegions.insert(r.id)
    var attrs: [(String, String)] = []
    let refs = writtenStyleRefs(r.styleRefs)
    if !refs.isEmpty { attrs.append(("style", refs.joined(separator: " "))) }
    // EBU-TT-D has percentages only: px goes through the root extent, the assumed one
    // (reported as `ttml.write.root-extent-assumed`) when the document has none.
    let root = flavor == .ebuttd ? pixelRoot : resolver.rootExtent.map { ($0.width, $0.height) }
    func axis(_ l: Length, vertical: Bool) -> Length {
      TTMLStyleSerializer.portable(l, flavor: flavor, cells: cells, vertical: vertical, rootPercent: true, root: root)
    }
    // Region geometry in units the flavor has: IMSC px, %, rw and rh; EBU-TT-D % (after the
    // conversions `portable` makes). Other lengths (em, from a lenient read) cannot be placed.
    func placeable(_ p: Region.LengthPair?, _ what: String) -> Region.LengthPair? {
      guard let p else { return nil }
      let pair = Region.LengthPair(axis(p.x, vertical: false), axis(p.y, vertical: true))
      let allowed = TTMLStyleSerializer.regionUnits(flavor)
      guard allowed.map({ $0.contains(pair.x.unit) && $0.contains(pair.y.unit) }) ?? true else {
        report("region-geometry-dropped", .warning, "region '\(r.id)': tts:\(what) \(p.x) \(p.y) has units \(flavor.rawValue) does not allow, dropped")
        return nil
      }
      return pair
    }
    if let o = placeable(r.origin, "origin") { attrs.append(("tts:origin", "\(o.x) \(o.y)")) }
    if let e = placeable(r.extent, "extent") {
      attrs.append(("tts:extent", "\(e.x) \(e.y)"))
    } else if flavor != .dfxp {
      // IMSC (§8.3.1) and EBU-TT-D (Tech 3380) require an extent on every region; a region
      // without one it can write (its own or through its styles, converted as its own would
      // be: px to % for EBU-TT-D) covers the root, as `auto` does.
      let given = r.style.other["tts:extent"] ?? resolver.specified(refs: r.styleRefs, inline: TextStyle()).other["tts:extent"]
      if let given, TTMLStyleSerializer.placeable(given, flavor), flavor != .ebuttd, r.style.other["tts:extent"] == nil {
        // IMSC: the style's extent reaches the region as it is.
      } else if let given, let pair = TTMLStyleParser.lengthPair(given), let e = placeable(pair, "extent") {
        // EBU-TT-D reads a region's extent from the region itself only (Tech 3380's schema).
        attrs.append(("tts:extent", "\(e.x) \(e.y)"))
      } else {
        attrs.append(("tts:extent", "100% 100%"))
      }
    }
    if flavor == .ebuttd, !attrs.contains(where: { $0.0 == "tts:origin" }), !(r.style.other["tts:origin"].map { TTMLStyleSerializer.placeable($0, flavor) } ?? false) {
      // EBU-TT-D requires an origin on the region itself: one its styles give it (as an origin,
      // or as a tts:position with its extent), else the root's, where TTML's auto puts it.
      let given = resolver.specified(refs: r.styleRefs, inline: TextStyle()).other
      let extent = attrs.first { $0.0 == "tts:extent" }.flatMap { TTMLStyleParser.lengthPair($0.1) }
      if let o = given["tts:origin"], let pair = TTMLStyleParser.lengthPair(o), let p = placeable(pair, "origin") {
        attrs.append(("tts:origin", "\(p.x) \(p.y)"))
      } else if given["tts:origin"] == nil, let position = r.style.other["tts:position"] ?? given["tts:position"], let extent,
        let o = TTMLPosition.origin(position, extent: extent, root: pixelRoot)
      {
        attrs.append(("tts:origin", "\(o.x) \(o.y)"))
      } else {
        attrs.append(("tts:origin", "0% 0%"))
      }
    }
    var (a, dropped) = TTMLStyleSerializer.attributes(r.style, flavor: flavor, cells: cells, root: pixelRoot)
    // Origin and extent are written above (an `auto` extent as the root's).
    a.removeAll { k in attrs.contains { $0.0 == k.0 } || k.0 == "tts:extent" || k.0 == "tts:origin" }
    if flavor == .ebuttd {
      // Tech 3380 allows only layout properties on <region> itself; the others (colours, text
      // alignment…) go in a style the region references, which its content inherits alike.
      var own = a.filter { TTMLValidator.ebuRegionStyles.contains(String($0.0.dropFirst(4))) && $0.0.hasPrefix("tts:") }
      let moved = a.filter { a in !own.contains { $0 == a } && TTMLStyleSerializer.ebuStyleAllows(a.0) }
      // What the referenced styles give the region itself (their <style>s cannot hold it).
      // (Not where the region sets its own, even one it cannot write: that one overrides.)
      let set = Set(TTMLStyleSerializer.attributes(r.style, flavor: .dfxp, cells: cells, root: pixelRoot).0.map(\.0))
      let given = TTMLStyleSerializer.attributes(resolver.specified(refs: r.styleRefs, inline: TextStyle()), flavor: flavor, cells: cells, root: pixelRoot).0
      for (k, v) in given where k.hasPrefix("tts:") && TTMLValidator.ebuRegionStyles.contains(String(k.dropFirst(4))) {
        if !set.contains(k) && !own.contains(where: { $0.0 == k }) && !attrs.contains(where: { $0.0 == k }) { own.append((k, v)) }
      }
      if !moved.isEmpty {
        let id = generatedStyle(moved)
        if let i = attrs.firstIndex(where: { $0.0 == "style" }) { attrs[i].1 += " " + id } else { attrs.insert(("style", id), at: 0) }
      }
      a = own
    }
    attrs += a
    for d in dropped { report("style-property-dropped", .warning, "region '\(r.id)': \(d) cannot be written in \(flavor.rawValue)") }
    regionOut.append((r.id, attrs))
  }

  // MARK: - Cues

  mutating func agentID(_ name: String) -> String {
    if let id = agentIDByName[name] { return id }
    let id = freshID("a")
    agentIDs.append((name, id))
    agentIDByName[name] = id
    return id
  }

  /// Inline style attributes for an element, or a generated style reference (EBU-TT-D).
  mutating func styleAttributes(_ s: TextStyle?, refs: [String], index: Int) -> [(String, String)] {
    var known = refs.filter { styleIDs.contains($0) }
    var unknown = refs.filter { !styleIDs.contains($0) }
    // WebVTT's default colour classes (`yellow`, `bg_blue`) are written as the colour they give,
    // beneath what a style of the same name sets (a browser's own rule lies beneath the author's).
    var s = s
    for c in refs {
      guard var d = CueDefaultClass.style(c) else { continue }
      if styleIDs.contains(c) {
        let named = resolver.resolvedNamedStyle(c)
        if named.color != nil { d.color = nil }
        if named.backgroundColor != nil { d.backgroundColor = nil }
      }
      if !d.isEmpty { s = d.merged(with: s ?? TextStyle()) }
    }
    unknown.removeAll { CueDefaultClass.style($0) != nil }
    if !unknown.isEmpty {
      report("class-dropped", .info, "class(es) \(unknown.joined(separator: ", ")) have no style rule and were not written", cue: index)
    }
    if flavor == .ebuttd {
      // A <style> holds no region property: one a named style gives content (a p's display
      // alignment, padding or writing mode) is lost; said once per style.
      for id in known where !reportedContentStyles.contains(id) {
        reportedContentStyles.insert(id)
        let (written, unwritable) = TTMLStyleSerializer.attributes(resolver.resolvedNamedStyle(id), flavor: flavor, cells: cells, root: pixelRoot)
        // What a <style> cannot hold, and the region properties EBU-TT-D cannot write at all.
        let lost = written.filter { !TTMLStyleSerializer.ebuStyleAllows($0.0) }.map { "\($0.0) \($0.1)" }
          + unwritable.filter { d in TTMLValidator.ebuRegionStyles.contains { d.hasPrefix("tts:\($0) ") } }
        guard !lost.isEmpty else { continue }
        let names = lost.joined(separator: ", ")
        report("style-property-dropped", .warning, "style '\(id)' styles content with \(names), which \(flavor.rawValue) holds on regions only", cue: index)
      }
    }
    var out: [(String, String)] = []
    if let s, !s.isEmpty {
      let (attrs, dropped) = TTMLStyleSerializer.attributes(s, flavor: flavor, cells: cells, root: pixelRoot)
      for d in dropped { report("style-property-dropped", .warning, "\(d) cannot be written in \(flavor.rawValue)", cue: index) }
      if flavor == .ebuttd {
        // EBU-TT-D has referential styling only; region properties on content are lost, as above.
        let styled = attrs.filter { TTMLStyleSerializer.ebuStyleAllows($0.0) }
        for (k, v) in attrs where !TTMLStyleSerializer.ebuStyleAllows(k) {
          report("style-property-dropped", .warning, "\(k) \(v) on content cannot be written in \(flavor.rawValue) (only a region holds it)", cue: index)
        }
        if !styled.isEmpty { known.append(generatedStyle(styled)) }
      } else {
        out = attrs
      }
    }
    if !known.isEmpty { out.insert(("style", known.compactMap(xmlStyleID).joined(separator: " ")), at: 0) }
    return out
  }

  /// The id of a generated style holding `attrs` (one per distinct set of attributes): EBU-TT-D
  /// styles what other flavors style inline.
  mutating func generatedStyle(_ attrs: [(String, String)]) -> String {
    let key = attrs.map { "\($0.0)=\($0.1)" }.joined(separator: ";")
    if let g = generatedByKey[key] { return g }
    let id = freshID("ck")
    generatedByKey[key] = id
    generated.append((id, attrs))
    styleIDs.insert(id)
    return id
  }

  /// The `xml:id`s to write for references to named styles: those that exist, renamed as
  /// written.
  func writtenStyleRefs(_ refs: [String]) -> [String] {
    refs.filter { styleIDs.contains($0) }.compactMap(xmlStyleID)
  }

  /// The `xml:id` a named style is written with: its identifier, or the XML name made from it.
  func xmlStyleID(_ id: String) -> String? {
    id.isEmpty ? nil : renamedStyles[id] ?? id
  }

  /// An XML name (NCName) made from `s`: characters a name cannot hold become `_`, and a `_`
  /// goes first when the first cannot start one (`1` → `_1`).
  static func xmlName(_ s: String) -> String {
    var out = String(s.unicodeScalars.map { XMLNameCharacters.isNCName(String($0)) || XMLNameCharacters.isNCName("a" + String($0)) ? Character($0) : "_" })
    if !XMLNameCharacters.isNCName(out) { out = "_" + out }
    return XMLNameCharacters.isNCName(out) ? out : "_"
  }

  mutating func writeCue(_ c: Cue, index: Int, into b: inout TTMLXMLBuilder) {
    let p = flavor == .ebuttd ? "tt:" : ""
    var attrs: [(String, String)] = []
    if !c.id.isEmpty {
      if XMLNameCharacters.isNCName(c.id), !usedIDs.contains(c.id) {
        usedIDs.insert(c.id)
        attrs.append(("xml:id", c.id))
      } else {
        // Said once for the document (every cue of an SRT file has a number).
        if changedIDs == 0 { firstChangedID = (index, c.id) }
        changedIDs += 1
      }
    }
    if attrs.isEmpty, flavor == .ebuttd {
      // Tech 3380 requires an xml:id on every p.
      let id = freshID("sub")
      usedIDs.insert(id)
      attrs.append(("xml:id", id))
    }
    if c.start < .zero || c.end < .zero {
      report("negative-time", .warning, "negative cue time written as 0", cue: index)
    }
    if !times.fits(c.start) || !times.fits(c.end) {
      report("time-out-of-range", .warning, "cue time \(c.start)–\(c.end) is beyond what \(flavor.rawValue) time expressions can hold here; it was written as the largest time they can", cue: index)
    } else if !times.isExact(c.start) || !times.isExact(c.end) {
      report("time-rounded", .warning, "cue time \(c.start)–\(c.end) is not exact in \(flavor.rawValue) time expressions and was rounded", cue: index)
    }
    if c.end <= c.start {
      // TTML's active interval is [begin, end): such a p is never shown, and readers drop it.
      report("never-shown", .warning, "the cue ends at \(c.end), not after it starts (\(c.start)); TTML never shows it", cue: index)
    }
    attrs.append(("begin", times.format(c.start)))
    attrs.append(("end", times.format(c.end)))
    let (rid, textAlign) = region(for: c, index: index)
    if let rid { attrs.append(("region", rid)) }
    var style = c.style ?? TextStyle()
    if let textAlign, style.textAlign == nil, textAlign != .start { style.textAlign = textAlign }
    attrs += styleAttributes(style.isEmpty ? nil : style, refs: c.styleRefs, index: index)
    // Once: a plain cue builds its node list on each `content` read.
    let content = c.content
    if TTMLWhitespace.needsPreserve(content) { attrs.append(("xml:space", "preserve")) }
    b.indent(3)
    b.open(p + "p", attrs)
    b.raw(">")
    if let lists = directives.perCue[index] { TTMLLintDirectives.write(lists, prefix: p, into: &b) }
    if flavor == .ebuttd {
      var runs: [(node: CueNode, style: TextStyle, refs: [String])] = []
      flatten(content, style: TextStyle(), refs: [], index: index, depth: 0, into: &runs)
      for r in runs {
        switch r.node {
        case .lineBreak: b.raw("<tt:br/>")
        case .text(let t):
          var style = r.style
          let lang = style.other.removeValue(forKey: "xml:lang")
          var a = styleAttributes(style.isEmpty ? nil : style, refs: r.refs, index: index)
          if let lang { a.append(("xml:lang", lang)) }
          if a.isEmpty {
            b.text(t)
          } else {
            b.open("tt:span", a)
            b.raw(">")
            b.text(t)
            b.raw("</tt:span>")
          }
        default: break
        }
      }
    } else {
      writeNodes(content, index: index, depth: 0, into: &b)
    }
    b.raw("</\(p)p>")
  }

  /// EBU-TT-D allows no nested spans: the tree becomes runs with merged styles.
  mutating func flatten(_ nodes: [CueNode], style: TextStyle, refs: [String], index: Int, depth: Int, into out: inout [(node: CueNode, style: TextStyle, refs: [String])]) {
    for n in nodes {
      switch n {
      case .text, .lineBreak: out.append((n, style, refs))
      case .timestamp:
        report("timestamp-dropped", .warning, "inline timestamp dropped (TTML has no karaoke timestamps inside a p)", cue: index)
      case .element(let e):
        // The refs are written before the generated styles, so what this element's classes set
        // must not be overridden by what outer elements set inline.
        var inherited = style
        if !e.classes.isEmpty, !style.isEmpty {
          let fromClasses = resolver.specified(refs: e.classes, inline: nil)
          inherited = style.removing(propertiesSetIn: fromClasses)
          // A relative font size is of the parent's: flattened, the two multiply (50% of 150%).
          if let outer = style.fontSize, let own = fromClasses.fontSize, outer.unit == .percent, own.unit == .percent || own.unit == .em {
            inherited.fontSize = Length(outer.value * own.value / (own.unit == .em ? 1 : 100), .percent)
          }
        }
        var s = inherited.merged(with: e.style ?? TextStyle())
        var r = refs
        var seen = Set(refs)
        for c in e.classes where seen.insert(c).inserted { r.append(c) }
        switch e.kind {
        case .italic: s.fontStyle = .italic
        case .bold: s.fontWeight = .bold
        case .underline: s.textDecoration = (s.textDecoration ?? []).union(.underline)
        case .voice(let name): report("voice-dropped", .warning, "voice '\(name)' dropped: EBU-TT-D has no ttm:agent", cue: index)
        case .language(let tag): s.other["xml:lang"] = tag  // EBU-TT-D spans take xml:lang
        case .rubyText: continue  // the annotation: dropped with its ruby, reported there
        case .ruby: report("ruby-dropped", .warning, "ruby annotation dropped, its base text kept: EBU-TT-D has no ruby", cue: index)
        default: break
        }
        s.other["tts:ruby"] = nil
        if depth < 64 { flatten(e.children, style: s, refs: r, index: index, depth: depth + 1, into: &out) }
      }
    }
  }

  mutating func writeNodes(_ nodes: [CueNode], index: Int, depth: Int, into b: inout TTMLXMLBuilder) {
    for n in nodes {
      switch n {
      case .text(let t): b.text(t)
      case .lineBreak: b.raw("<br/>")
      case .timestamp:
        report("timestamp-dropped", .warning, "inline timestamp dropped (TTML has no karaoke timestamps inside a p)", cue: index)
      case .element(let e):
        guard depth < 64 else {
          writeNodes(e.children, index: index, depth: depth, into: &b)
          continue
        }
        var style = e.style ?? TextStyle()
        var extra: [(String, String)] = []
        switch e.kind {
        case .span: break
        case .italic: if style.fontStyle == nil { style.fontStyle = .italic }
        case .bold: if style.fontWeight == nil { style.fontWeight = .bold }
        case .underline: style.textDecoration = (style.textDecoration ?? []).union(.underline)
        case .voice(let name): extra.append(("ttm:agent", agentID(name)))
        case .language(let tag): extra.append(("xml:lang", tag))
        case .ruby, .rubyText:
          if flavor == .dfxp {
            // TTML1 has no ruby: the base text is kept and the annotation dropped (as in SRT),
            // not run into the base text.
            if e.kind == .rubyText { continue }
            report("ruby-dropped", .warning, "ruby annotation dropped, its base text kept: TTML1 has no ruby", cue: index)
            style.other["tts:ruby"] = nil
            let attrs = styleAttributes(style.isEmpty ? nil : style, refs: e.classes, index: index) + extra
            b.open("span", attrs)
            b.raw(">")
            writeNodes(e.children.filter { if case .element(let k) = $0 { k.kind != .rubyText } else { true } }, index: index, depth: depth + 1, into: &b)
            b.raw("</span>")
            continue
          } else if resolver.specified(refs: e.classes, inline: style).other["tts:ruby"] == nil {
            style.other["tts:ruby"] = e.kind == .ruby ? "container" : "text"
          }
        }
        if e.kind == .ruby, flavor != .dfxp {
          // TTML2 ruby needs an explicit base: wrap the text before the ruby text in a base span.
          let hasBase = e.children.contains {
            if case .element(let k) = $0 { ["base", "baseContainer"].contains(resolver.specified(refs: k.classes, inline: k.style).other["tts:ruby"] ?? "") } else { false }
          }
          if !hasBase {
            // TTML2 §10.2.36: a container holds one base and its text. WebVTT ruby may pair
            // several (`漢<rt>kan</rt>字<rt>ji</rt>`): one container for each pair, the base
            // text before each ruby text in a base span.
            var groups: [(base: [CueNode], text: [CueNode])] = []
            var base: [CueNode] = []
            for c in e.children {
              if case .element(let k) = c, k.kind == .rubyText {
                if base.isEmpty, !groups.isEmpty { groups[groups.count - 1].text.append(c) } else { groups.append((base, [c])) }
                base = []
              } else {
                base.append(c)
              }
            }
            var bs = TextStyle()
            bs.other["tts:ruby"] = "base"
            let attrs = styleAttributes(style, refs: e.classes, index: index) + extra
            for g in groups {
              b.open("span", attrs)
              b.raw(">")
              writeNodes([.element(CueElement(.span, style: bs, children: g.base))] + g.text, index: index, depth: depth + 1, into: &b)
              b.raw("</span>")
            }
            // Base text after the last ruby text has no annotation: plain text.
            writeNodes(base, index: index, depth: depth + 1, into: &b)
            continue
          }
        }
        let attrs = styleAttributes(style.isEmpty ? nil : style, refs: e.classes, index: index) + extra
        b.open("span", attrs)
        b.raw(">")
        writeNodes(e.children, index: index, depth: depth + 1, into: &b)
        b.raw("</span>")
      }
    }
  }
}

extension TTMLWriter {
  /// Whether any style or region of the document has a length in pixels.
  static func usesPixels(_ doc: CaptionDocument) -> Bool {
    func px(_ l: Length?) -> Bool { l?.unit == .pixels }
    func px(_ s: TextStyle?) -> Bool {
      guard let s else { return false }
      if px(s.fontSize) || px(s.fontSizeVertical) || px(s.lineHeight) || px(s.linePadding) { return true }
      if let o = s.textOutline, px(o.thickness) || px(o.blur) { return true }
      // Lengths kept as written (tts:padding…).
      if s.other.contains(where: { $0.key.hasPrefix("tts:") && $0.value.containsUTF8("px") }) { return true }
      return s.textShadow?.contains { px($0.offsetX) || px($0.offsetY) || px($0.blur) } ?? false
    }
    func px(_ nodes: [CueNode]) -> Bool {
      var stack = [nodes]
      while let list = stack.popLast() {
        for case .element(let e) in list {
          if px(e.style) { return true }
          stack.append(e.children)
        }
      }
      return false
    }
    if doc.styles.contains(where: { px($0.style) }) { return true }
    if doc.regions.contains(where: { px($0.style) || px($0.origin?.x) || px($0.origin?.y) || px($0.extent?.x) || px($0.extent?.y) }) { return true }
    // A plain cue has no elements, so no lengths: its nodes are not built.
    return doc.cues.contains { px($0.style) || (!$0.hasPlainTextStorage && px($0.content)) }
  }
}
