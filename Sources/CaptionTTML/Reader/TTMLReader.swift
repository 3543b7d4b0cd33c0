import CaptionCore

/// Reads a TTML document (TTML1, TTML2, IMSC 1.0–1.3 Text, DFXP, EBU-TT-D, SMPTE-TT) into the
/// caption model.
///
/// Steps: safe XML parse (`XMLTreeParser`, libxml2), namespace normalisation (the 2006 DFXP namespaces
/// are read as TTML1), parameters (§7.2), head (styling §10, layout §11, agents §13.2), timing
/// (§12: time expressions, `par`/`seq` containment, implicit durations), then one `Cue` per
/// interval in which a `p` is active and shows the same content. Validation against the
/// profile in force runs on the same tree (`TTMLValidator`).
struct TTMLReader {
  var sink: DiagnosticSink
  let limits: ReadLimits
  var params = TTMLTimingParameters()
  var doc = CaptionDocument()
  var agents: [String: String] = [:]
  var runs: [TTMLStyledRun] = []
  /// Begins and clipped ends of every element (with repeats): the significant times.
  var significant: [CaptionTime] = []
  var resolver: TTMLStyleResolver
  /// Counts rebuilds of `resolver`, so that cached styles from an older one are not reused.
  var resolverGeneration = 0
  var regionIDs: Set<String> = []
  /// Index of the first region with each id in `doc.regions` (looked up per `p`).
  var regionIndex: [String: Int] = [:]
  var styleIDs: Set<String> = []
  var usedCueIDs: [String: Int] = [:]
  var indefiniteCues: [Int] = []
  /// The timed tree `readDocument` walked, kept so that a large read frees it on the release
  /// thread with the element tree (`TTMLTreeRelease`) rather than node by node on this one.
  var timedTree: TTMLTimedNode?
  /// The kinds of `ttml.region.not-shown` and `ttml.region.conflict` already reported.
  var notShownReported: Set<String> = []
  /// Begins and ends of `set` animations inside `head` regions, on the document's timeline.
  var regionSetTimes: [CaptionTime] = []
  /// Regions whose `tts:display` a `set` changes: their content is kept whatever their own
  /// display says, as the model does not apply a region's `set`.
  var regionsWithDisplaySet: Set<String> = []
  /// The region `regionIsShown` last found shown by its display, under resolver generation
  /// `generation`: thousands of `p`s name the same region, and the check costs three lookups.
  var lastShownRegion: (name: String, generation: Int)?
  var reportedUnassigned = false
  /// Inline regions (TTML2 §11.1.2: a `region` child of `div` or `p`) by element location.
  var inlineRegions: [SourceLocation: String] = [:]
  var lastFiniteTime: CaptionTime = .zero
  /// Whether times below the body are media times rather than relative to their parent
  /// (`timeEvidence`; always for Apple Music lyrics).
  var absoluteTimes = false
  /// What the times say about how they are meant, gathered while resolving them: a child that
  /// begins inside its parent's interval read as a media time but after the parent's end read
  /// relatively (`absolute`, as Apple iTunes TTML writes `<p begin="19.764"><span
  /// begin="19.764">`); a child that begins before its parent's begin, which only relative
  /// times can mean (`relative`); a `seq` container (`sequential`), which TTML times only
  /// relatively. A parent that begins at 0 tells nothing either way.
  var timeEvidence = (absolute: 0, relative: false, sequential: false)
  /// Whether span times are word highlights, not display times (Apple Music `itunes:timing`).
  var wordHighlights = false
  static let appleLyricsNamespace = "http://music.apple.com/lyric-ttml-internal"
  /// The active intervals of `<head>` regions timed with `begin`, `end` or `dur`, on the
  /// document's timeline (a region's parent time container is the root, `par`); `end` nil is
  /// indefinite.
  var regionIntervals: [String: (begin: CaptionTime, end: CaptionTime?)] = [:]
  /// Cues cut to their region's active interval, and cues dropped as wholly outside it.
  var regionClipping = (clipped: 0, dropped: 0)
  /// `div`s shown as an image (`smpte:backgroundImage`), which the text model cannot hold.
  var imageSubtitles: (count: Int, first: (image: String, location: SourceLocation)?) = (0, nil)

  /// Everything a read produces.
  struct Output {
    var result: ReadResult
    var runs: [TTMLStyledRun]
    var significantTimes: [CaptionTime]
  }

  /// Element nesting kept: `ReadLimits.maxNestingDepth`, capped at 512 because the reader's
  /// tree walks recurse once per level.
  let depthLimit: Int

  /// Cue-text nodes still allowed for `p`s whose content changes while shown
  /// (`ReadLimits.maxTimedContentNodes`, spent by `makeCues`).
  var timedContentBudget: Int

  /// What one style, region, context or cue may carry (`ReadLimits.maxCueAttributeText`).
  var cueAttributes: TTMLCueAttributeBudget

  /// The style each `set` element sets, by the element's offset: read once, bounded like a
  /// cue's (`cueAttributes`), though each interval of its parent uses it again.
  var setStyles: [Int: TextStyle] = [:]

  /// Regions read under a short id because theirs was over `cueAttributes.limit`: each cue in
  /// the region names it, and every writer repeats the name.
  var regionAliases: [String: String] = [:]

  /// The id a region reference resolves to (`regionAliases`).
  func regionID(_ written: String) -> String {
    regionAliases.isEmpty ? written : regionAliases[written] ?? written
  }

  /// Whether to compute every text run's style (`Output.runs`): for `readDetails`, and for the
  /// IMSC render model (set after the profile is known). `CaptionFormat.read` discards the
  /// runs, and computing a full style per text run is a large share of a read.
  var wantsDetails: Bool

  init(limits: ReadLimits, wantsDetails: Bool) {
    self.limits = limits
    self.wantsDetails = wantsDetails
    depthLimit = max(1, min(limits.maxNestingDepth, 512))
    timedContentBudget = max(0, limits.maxTimedContentNodes)
    cueAttributes = TTMLCueAttributeBudget(limit: limits.maxCueAttributeText)
    sink = DiagnosticSink(limit: limits.maxDiagnostics)
    sink.watchedCode = "ttml.style.invalid-value"
    resolver = TTMLStyleResolver(document: CaptionDocument())
  }

  /// Reads `bytes`. With `details == false`, `Output.runs` and `Output.significantTimes` are
  /// empty; everything else is the same.
  /// `sideThreadMinimumSize`: tests set it to read small documents as large ones are read.
  static func read(
    _ bytes: [UInt8], options: ReadOptions, details: Bool = true, sideThreadMinimumSize: Int = TTMLReader.sideThreadMinimumSize
  ) throws(CaptionError) -> Output {
    if bytes.count > options.limits.maxFileSize {
      throw .fileTooLarge(size: bytes.count, limit: options.limits.maxFileSize)
    }
    var reader = TTMLReader(limits: options.limits, wantsDetails: details)
    // The default budget grows with the document (four nodes a byte), so long documents of
    // ordinary timed words are not merged; a budget set by the caller is used as given.
    if options.limits.maxTimedContentNodes == ReadLimits().maxTimedContentNodes {
      reader.timedContentBudget = max(reader.timedContentBudget, 4 * bytes.count)
    }
    let declared = declaredEncoding(bytes)
    var decoded: (utf8: [UInt8], encoding: TextEncoding, diagnostics: [Diagnostic])
    if options.encoding == nil, declared == nil, let fast = TTMLReader.validUTF8(bytes) {
      // Valid UTF-8 (the norm for TTML): no per-byte transcoding.
      decoded = (fast, .utf8, [])
    } else {
      let d = TextDecoder.decode(bytes, encoding: options.encoding ?? declared, utf8Only: options.encoding == nil && declared == nil)
      decoded = (d.utf8, d.encoding, d.diagnostics)
    }
    for var d in decoded.diagnostics {
      // Bytes that are not in the document's encoding are a fatal error in XML (XML 1.0
      // §4.3.3), where caption text formats only warn: still read (as U+FFFD), but an error.
      if d.code.hasPrefix("text.encoding.invalid-"), d.severity < .error {
        d.severity = .error
        d.message += " (XML 1.0 §4.3.3: a fatal error in XML)"
      }
      reader.sink.report(d)
    }
    var xml = XMLTreeParser.parse(decoded.utf8, limits: Self.xmlLimits(options.limits, depth: reader.depthLimit), maxDiagnostics: options.limits.maxDiagnostics)
    for d in xml.diagnostics { reader.sink.report(d) }
    // Taken out, so that `root` holds the only reference to the tree (see the end).
    guard var root = xml.root.take() else {
      return Output(result: ReadResult(document: CaptionDocument(), diagnostics: reader.sink.takeFinished(), encoding: decoded.encoding), runs: [], significantTimes: [])
    }
    if root.name.local == "tt", root.name.namespace.isEmpty {
      reader.sink.report(
        "ttml.structure.root", .error,
        "<tt> has no namespace (it must be in \(TTMLNamespace.tt)); its unprefixed elements are read as TTML", at: root.location)
      TTMLReader.adoptNoNamespace(&root, depth: 0)
    }
    if xml.namespacesUsed.contains(where: TTMLReader.isLegacyNamespace) { TTMLReader.normaliseNamespaces(&root, depth: 0) }
    if xml.elementsInNoNamespace, root.name.isIn(TTMLNamespace.tt) {
      var stray: (count: Int, first: XMLElementNode?) = (0, nil)
      TTMLReader.adoptStrayContent(&root, depth: 0, found: &stray)
      if let first = stray.first {
        reader.sink.report(
          "ttml.content.no-namespace", .warning,
          "\(stray.count) content element(s) in no namespace (the first <\(first.qualifiedName)>) inside TTML are read as TTML: their prefix or the default namespace is missing",
          at: first.location)
      }
    }
    // The IMSC Hypothetical Render Model needs each run's computed style and backgrounds.
    let profile = TTMLValidator.effectiveProfile(options.profile, root)
    let renderModel = options.checksRenderModel && TTMLValidator.isIMSCText(profile)
    if renderModel { reader.wantsDetails = true }
    let large = decoded.utf8.count >= sideThreadMinimumSize
    // Every p's id goes into these tables: grown step by step, they would hash each id again
    // at every doubling.
    reader.usedCueIDs.reserveCapacity(xml.xmlIDCount)
    let validation = readAndValidate(root, options: options, bytes: bytes, encoding: decoded.encoding, sideBySide: large, idCount: xml.xmlIDCount) {
      reader.readDocument(root)
    }
    // One diagnostic per problem: a style value the reader could not read is already
    // `ttml.style.invalid-value` there; the validator's strict `bad-value` adds nothing.
    // (Listed or not: past the limit, one counted there is not counted again.)
    let unreadStyles = Set(reader.sink.watchedLocations)
    for d in validation.diagnostics where !(d.code == "ttml.validate.bad-value" && d.location.map(unreadStyles.contains) == true) {
      reader.sink.report(d)
    }
    for (severity, n) in validation.unlisted.sorted(by: { $0.key < $1.key }) { reader.sink.countDropped(severity, count: n) }
    reader.sink.countDropped(.error, count: validation.unlistedBadValues.lazy.filter { !unreadStyles.contains($0) }.count)
    if TTMLValidator.isIMSCText(profile) {
      reader.checkPresentedRegions(profile: profile, at: root.location)
      reader.checkProgressiveOrder(profile: profile, root: root)
    }
    if renderModel { reader.checkRenderModel(at: root.location) }
    if !details { reader.runs = [] }
    let times = details ? reader.sortedSignificantTimes : []
    if large {
      // Freeing a large tree node by node takes about a tenth of the read: a side thread does
      // it while the caller goes on with the document.
      let tree = TTMLTreeRelease(consume root, timed: reader.timedTree.take())
      _ = SideThread(name: "captionkit-ttml-release") { tree.release() }
    }
    return Output(
      result: ReadResult(document: reader.doc, diagnostics: reader.sink.takeFinished(), encoding: decoded.encoding),
      runs: reader.runs, significantTimes: times)
  }

  /// The validator's diagnostics for `root`; `readDocument` runs meanwhile, on this thread,
  /// with the validator on a thread of its own when `sideBySide` (both only read the tree).
  /// The validator needs only the timing parameters the reader takes from <tt> (whose
  /// diagnostics are the reader's).
  static func readAndValidate(
    _ root: XMLElementNode, options: ReadOptions, bytes: [UInt8], encoding: TextEncoding, sideBySide: Bool, idCount: Int,
    readDocument: () -> Void
  ) -> (diagnostics: [Diagnostic], unlisted: [Severity: Int], unlistedBadValues: [SourceLocation]) {
    var scratch = DiagnosticSink(limit: 0)
    let params = TTMLReader.isTT(root, "tt") ? TTMLTimingParameters.read(from: root, sink: &scratch) : TTMLTimingParameters()
    var validator = TTMLValidator(root: root, profile: options.profile, parameters: params)
    validator.limit = options.limits.maxDiagnostics
    validator.ids.reserveCapacity(idCount)
    if let label = declaredEncodingLabel(bytes), label.lowercased() != "utf-8" {
      if encoding == .utf8, TextEncoding(label: label) == .utf8 {
        // UTF-8 under another name (`utf8`): the text is right, the label is not IANA's.
        validator.encodingLabel = String(label.prefix(40))
      } else {
        validator.encodingProblem = "the XML declaration names \"\(label.prefix(40))\""
      }
    } else if encoding != .utf8 {
      validator.encodingProblem = "this one is \(encoding.rawValue)"
    }
    guard sideBySide else {
      readDocument()
      validator.validate()
      return (validator.diagnostics, validator.unlisted, validator.unlistedBadValues)
    }
    let side = SideThread(name: "captionkit-ttml-validator") { [validator] in
      var v = validator
      v.validate()
      return (v.diagnostics, v.unlisted, v.unlistedBadValues)
    }
    readDocument()
    return side.join()
  }

  /// Documents from this size up (bytes of UTF-8) are validated, and their tree freed, on
  /// threads of their own; below it a thread costs more than it saves.
  static let sideThreadMinimumSize = 256 << 10

  /// The XML parser's bounds from the reading limits, each naming the flag that raises it.
  static func xmlLimits(_ l: ReadLimits, depth: Int) -> XMLParserLimits {
    var x = XMLParserLimits(
      maxDepth: depth, maxAttributeValueLength: l.maxAttributeLength, maxEntityExpansion: l.maxEntityExpansion,
      maxElements: l.maxXMLElements, maxAttributesPerElement: l.maxXMLAttributes)
    x.flags = [
      .elements: "--max-xml-elements", .attributesPerElement: "--max-xml-attributes",
      .attributeValueLength: "--max-attribute-length", .entityExpansion: "--max-entity-expansion", .depth: "--max-nesting-depth",
    ]
    return x
  }

  /// The bytes without a UTF-8 byte order mark, when they are valid UTF-8 and not UTF-16.
  static func validUTF8(_ bytes: [UInt8]) -> [UInt8]? {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
    // BOM-less UTF-16 has zero bytes near the start; leave it to TextDecoder.
    if bytes.prefix(64).contains(0) { return nil }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    // Eight ASCII bytes a step, and no copy into a String.
    guard TextDecoder.isValidUTF8(body[...]) else { return nil }
    return body
  }

  /// The encoding named in the XML declaration, when it is not UTF-8.
  static func declaredEncoding(_ bytes: [UInt8]) -> TextEncoding? {
    // A byte order mark decides the encoding by itself, and bytes that spell `<?xml` in ASCII
    // are in an ASCII-compatible encoding whatever they declare: a UTF-16 label there is wrong
    // (XML 1.0 appendix F), and decoding by it would turn the whole document into garbage.
    guard bytes.starts(with: Array("<?xml".utf8)), let label = declaredEncodingLabel(bytes), let e = TextEncoding(label: label),
      ![.utf8, .utf16LE, .utf16BE, .utf32LE, .utf32BE].contains(e)
    else { return nil }
    return e
  }

  /// The `encoding` label of the XML declaration as written (`EncodingDecl`, XML 1.0 §4.3.3:
  /// `S 'encoding' Eq ('"' EncName '"' | "'" EncName "'")`, where `Eq` is `S? '=' S?`), if
  /// there is one; a UTF-8 byte order mark before the declaration is allowed. The label may be
  /// any length; only the declaration (up to its first `>`) is looked at.
  static func declaredEncodingLabel(_ bytes: [UInt8]) -> String? {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let n = bytes.count
    func isSpace(_ i: Int) -> Bool { i < n && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D) }
    // `<?xml` and a space: `<?xml-stylesheet …>` is a processing instruction, not a declaration.
    guard n > start + 5, bytes[start..<(start + 5)].elementsEqual("<?xml".utf8), isSpace(start + 5) else { return nil }
    let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? n
    let keyword = Array("encoding".utf8)
    var i = start + 5
    while i + keyword.count <= end {
      guard isSpace(i - 1), bytes[i..<(i + keyword.count)].elementsEqual(keyword) else {
        i += 1
        continue
      }
      var j = i + keyword.count
      while isSpace(j) { j += 1 }
      guard j < end, bytes[j] == UInt8(ascii: "=") else { return nil }
      j += 1
      while isSpace(j) { j += 1 }
      guard j < end, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
      let quote = bytes[j]
      guard let close = bytes[(j + 1)..<end].firstIndex(of: quote) else { return nil }
      return String(decoding: bytes[(j + 1)..<close], as: UTF8.self)
    }
    return nil
  }

  /// Rewrites the 2006 DFXP namespaces to their TTML1 equivalents. `read` calls it only when
  /// the parser saw one (`XMLTreeParser.Result.namespacesUsed`): most documents have none, and
  /// the walk copies the tree.
  static func normaliseNamespaces(_ e: inout XMLElementNode, depth: Int) {
    if let n = TTMLNamespace.legacy[e.name.namespace] { e.name.namespace = n }
    for k in e.attributes.indices {
      if let n = TTMLNamespace.legacy[e.attributes[k].name.namespace] { e.attributes[k].name.namespace = n }
    }
    guard depth < 512 else { return }
    for k in e.children.indices {
      if case .element(var c) = e.children[k] {
        normaliseNamespaces(&c, depth: depth + 1)
        e.children[k] = .element(c)
      }
    }
  }

  /// Whether `ns` is a key of `TTMLNamespace.legacy`. Every key is at least 31 bytes long, so
  /// the common shorter namespaces (TTML's own, no namespace) need no lookup.
  static func isLegacyNamespace(_ ns: String) -> Bool {
    ns.utf8.count >= 31 && TTMLNamespace.legacy[ns] != nil
  }

  /// Puts elements in no namespace into the TTML namespace (for documents that forgot it).
  static func adoptNoNamespace(_ e: inout XMLElementNode, depth: Int) {
    if e.name.namespace.isEmpty { e.name.namespace = TTMLNamespace.tt }
    guard depth < 512 else { return }
    for k in e.children.indices {
      if case .element(var c) = e.children[k] {
        adoptNoNamespace(&c, depth: depth + 1)
        e.children[k] = .element(c)
      }
    }
  }

  /// Puts `body`, `div`, `p`, `span` and `br` elements in no namespace, below a TTML element
  /// and outside `metadata`, into the TTML namespace: a document that prefixes its elements
  /// (`tt:p`) with one written unprefixed, whose text would otherwise be lost without a word.
  static func adoptStrayContent(_ e: inout XMLElementNode, depth: Int, found: inout (count: Int, first: XMLElementNode?)) {
    guard depth < 512, e.name.isIn(TTMLNamespace.tt), e.name.local != "metadata" else { return }
    for k in e.children.indices {
      guard case .element(var c) = e.children[k] else { continue }
      if c.name.namespace.isEmpty, ["body", "div", "p", "span", "br"].contains(c.name.local) {
        if found.first == nil { found.first = c }
        found.count += 1
        c.name.namespace = TTMLNamespace.tt
      } else if !c.name.isIn(TTMLNamespace.tt) {
        continue
      }
      adoptStrayContent(&c, depth: depth + 1, found: &found)
      e.children[k] = .element(c)
    }
  }

  static func isTT(_ e: XMLElementNode, _ local: String) -> Bool {
    e.name.isIn(TTMLNamespace.tt) && e.name.local == local
  }

  // MARK: - Document

  mutating func readDocument(_ root: XMLElementNode) {
    if root.name.isIn("http://www.w3.org/ns/ttml#isd") {
      sink.report("ttml.structure.isd", .info, "this is a TTML2 intermediate synchronic document (ISD); its content is not read as captions", at: root.location)
      return
    }
    guard TTMLReader.isTT(root, "tt") else {
      sink.report("ttml.structure.root", .error, "the root element is <\(root.qualifiedName)> in namespace '\(root.name.namespace)', not <tt> in \(TTMLNamespace.tt)", at: root.location)
      if root.name.local != "tt" { return }
      // Same local name, wrong namespace: read it anyway so the user sees content.
      return
    }
    params = TTMLTimingParameters.read(from: root, sink: &sink)
    for a in root.attributes {
      switch a.name.namespace {
      case TTMLNamespace.parameter: doc.metadata.parameters["ttp:" + a.name.local] = a.value
      case TTMLNamespace.imscParameter: doc.metadata.parameters["ittp:" + a.name.local] = a.value
      case TTMLNamespace.styling where a.name.local == "extent": doc.metadata.parameters["tts:extent"] = a.value
      case TTMLNamespace.xml where a.name.local == "lang":
        doc.metadata.language = a.value.isEmpty ? nil : a.value
      default: break
      }
    }
    if let cr = doc.metadata.parameters["ttp:cellResolution"] {
      let p = cr.split(separator: " ", omittingEmptySubsequences: true)
      if p.count != 2 || p.contains(where: { Int($0).map { $0 <= 0 } ?? true }) {
        sink.report("ttml.parameter.invalid", .error, "ttp:cellResolution=\"\(cr)\" is not two positive integers", at: root.attributeNode(TTMLNamespace.parameter, "cellResolution")?.location)
        doc.metadata.parameters["ttp:cellResolution"] = nil
      }
    }
    if let head = root.elements.first(where: { TTMLReader.isTT($0, "head") }) { readHead(head) }
    placeRegionsByStylePosition()
    resolver = TTMLStyleResolver(document: doc)
    if let body = root.elements.first(where: { TTMLReader.isTT($0, "body") }) {
      addFileDirectives(TTMLReader.lintDirectives(in: body))
      significant.append(.zero)
      // Apple Music lyrics (`itunes:timing`) always write media times; other documents are
      // judged by their times.
      absoluteTimes = root.attribute(TTMLReader.appleLyricsNamespace, "timing") != nil
      // Apple Music lyrics mark word or syllable timing on the root: those span times say when
      // each word is sung (a karaoke highlight), not when it is shown; the line shows whole.
      if let t = root.attribute(TTMLReader.appleLyricsNamespace, "timing"), t == "Word" || t == "Syllable" {
        wordHighlights = true
        sink.report(
          "ttml.timing.word-highlights", .info,
          "itunes:timing=\"\(t)\": span times mark when each word is sung; each line is shown whole for its p's interval",
          at: root.attributeNode(TTMLReader.appleLyricsNamespace, "timing")?.location)
      }
      let beforeTiming = sink
      var timed = timedNode(body, syncBase: .zero, parentIsPar: true, depth: 0)
      // Times that only make sense on the media timeline (`timeEvidence`): read again so.
      if !absoluteTimes && timeEvidence.absolute > 0 && !timeEvidence.relative && !timeEvidence.sequential {
        absoluteTimes = true
        sink = beforeTiming  // the second reading reports what the first did
        timed = timedNode(body, syncBase: .zero, parentIsPar: true, depth: 0)
      }
      if absoluteTimes {
        sink.report(
          "ttml.timing.absolute-times", .warning,
          "begin and end inside the body are read as media times, as Apple iTunes and Music TTML writes them: TTML makes them relative to the parent element, which would put content after its parent ends, where it never shows",
          at: body.location)
      }
      collectSignificant(timed, parentEnd: nil, depth: 0)
      // A timed region's begin and end change what is shown too (ttconv's significant times
      // walk the regions first).
      for (begin, end) in regionIntervals.values {
        significant.append(begin)
        if let end { significant.append(end) }
      }
      significant += regionSetTimes
      lastFiniteTime = significant.max() ?? .zero
      let region = body.attribute("", "region").map { regionID($0) }
      let regionStyle = resolver.computedRegionStyle(region)
      walk(
        timed, parentEnd: nil,
        ctx: TTMLReaderContext(
          region: region, ancestorsStyle: TextStyle(), computed: regionStyle, preserve: root.attribute(TTMLNamespace.xml, "space") == "preserve",
          agent: nil, lang: doc.metadata.language, layers: TTMLReader.layer(regionStyle), layerOwners: TTMLReader.layer(regionStyle).map { _ in TTMLStyledRun.regionOwner },
          siblings: TTMLSiblingStyleCache(generation: resolverGeneration)),
        depth: 0)
      if !indefiniteCues.isEmpty {
        sink.report(
          "ttml.timing.indefinite-end", .info,
          "\(indefiniteCues.count) cue(s) have no resolved end (no end, dur or timed ancestor), so TTML shows them until the media ends; in the model they end 24 h after the document's last timed instant (\(lastFiniteTime))",
          at: body.location)
      }
      timedTree = consume timed
      sortCuesByStart()
      if imageSubtitles.count > 0, let first = imageSubtitles.first {
        sink.report(
          "ttml.content.image-dropped", .warning,
          "\(imageSubtitles.count) subtitle(s) are images (smpte:backgroundImage or <image>, the first \"\(first.image.prefix(80))\"): they are not read, as the caption model holds text only",
          at: first.location)
      }
      if regionClipping.clipped + regionClipping.dropped > 0 {
        sink.report(
          "ttml.region.inactive", .info,
          "content shows only while its region is active (region begin, end or dur): \(regionClipping.clipped) cue(s) were cut to their region's interval and \(regionClipping.dropped) fall wholly outside it and are not shown",
          at: body.location)
      }
    }
  }

  /// Puts the cues in order of start time, document order among equal starts. TTML has no cue
  /// order of its own (what shows is decided by time), while SRT and WebVTT list cues by start
  /// time: a `div` per region, each with its own `p`s, would otherwise give WebVTT whose cues
  /// go back in time. What is held by cue index (styled runs, per-cue lint directives, cues
  /// with an indefinite end) follows its cue.
  mutating func sortCuesByStart() {
    let cues = doc.cues
    // By index: `zip` copied every cue (its strings and arrays retained) to compare two times.
    guard cues.indices.dropFirst().contains(where: { cues[$0 - 1].start > cues[$0].start }) else { return }
    let order = cues.indices.sorted { cues[$0].start != cues[$1].start ? cues[$0].start < cues[$1].start : $0 < $1 }
    var newIndex = [Int](repeating: 0, count: cues.count)
    for (new, old) in order.enumerated() { newIndex[old] = new }
    doc.cues = order.map { cues[$0] }
    for i in runs.indices where runs[i].cueIndex < cues.count { runs[i].cueIndex = newIndex[runs[i].cueIndex] }
    indefiniteCues = indefiniteCues.map { $0 < cues.count ? newIndex[$0] : $0 }
    // Per-cue directives move with their cue; file-wide ones stay where they are (first).
    let moved = doc.comments.map { c -> Comment in
      guard !c.text.hasPrefix("captionkit-disable-file"), c.beforeCue < cues.count else { return c }
      var m = c
      m.beforeCue = newIndex[c.beforeCue]
      return m
    }
    doc.comments = moved.indices.sorted { (moved[$0].beforeCue, $0) < (moved[$1].beforeCue, $1) }.map { moved[$0] }
  }

  // MARK: - Head

  /// A region placed by a `tts:position` that its styles give it, or whose extent they give
  /// (TTML2 §10.2.35): the origin that amounts to, as `readRegion` keeps for a region that has
  /// both itself. An origin, given anywhere, wins.
  mutating func placeRegionsByStylePosition() {
    guard doc.regions.contains(where: { $0.origin == nil && ($0.style.other["tts:position"] != nil || !$0.styleRefs.isEmpty) }) else { return }
    let styles = TTMLStyleResolver(document: doc)
    let rootPixels = doc.metadata.parameters["tts:extent"].flatMap(TTMLStyleParser.lengthPair).flatMap { e -> (w: Double, h: Double)? in
      e.x.unit == .pixels && e.y.unit == .pixels && e.x.value > 0 && e.y.value > 0 ? (e.x.value, e.y.value) : nil
    }
    for k in doc.regions.indices where doc.regions[k].origin == nil {
      let specified = styles.specified(refs: doc.regions[k].styleRefs, inline: doc.regions[k].style).other
      guard specified["tts:origin"] == nil, let position = specified["tts:position"],
        let extent = doc.regions[k].extent ?? specified["tts:extent"].flatMap(TTMLStyleParser.lengthPair),
        let origin = TTMLPosition.origin(position, extent: extent, root: rootPixels)
      else { continue }
      doc.regions[k].origin = origin
      doc.regions[k].style.other["tts:position"] = nil
    }
  }

  mutating func readHead(_ head: XMLElementNode) {
    for e in head.elements {
      guard e.name.isIn(TTMLNamespace.tt) || e.name.isIn(TTMLNamespace.metadata) else { continue }
      switch e.name.local {
      case "styling":
        for s in e.elements {
          if TTMLReader.isTT(s, "style") { readStyle(s) }
          if TTMLReader.isTT(s, "initial") { readInitial(s) }
        }
      case "layout":
        for r in e.elements where TTMLReader.isTT(r, "region") { readRegion(r) }
      case "metadata":
        readMetadata(e)
        if e.name.isIn(TTMLNamespace.tt) { addFileDirectives(TTMLReader.lintDirectives(inMetadata: e)) }
      default: break
      }
    }
  }

  mutating func readMetadata(_ m: XMLElementNode) {
    for c in m.elements where c.name.isIn(TTMLNamespace.metadata) {
      switch c.name.local {
      case "title": doc.metadata.title = c.textContent.trimmingSpaces
      case "agent":
        guard let id = c.attribute(TTMLNamespace.xml, "id") else { continue }
        let name = c.elements.first { $0.name.isIn(TTMLNamespace.metadata) && $0.name.local == "name" }?.textContent.trimmingSpaces
        var shown = (name?.isEmpty ?? true) ? id : name!
        // Every element naming the agent carries its name: bounded as a cue's attributes are.
        if shown.utf8.count > cueAttributes.limit {
          cueAttributes.report("the name of agent '\(id.prefix(80))'", shown.utf8.count, at: c.location, sink: &sink, instead: "replaced by the agent's id")
          shown = id
        }
        if shown.utf8.count <= cueAttributes.limit { agents[id] = shown }
      default: break
      }
    }
  }

  static func idrefs(_ v: String?) -> [String] {
    guard let v else { return [] }
    return v.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
  }

  mutating func readStyle(_ s: XMLElementNode) {
    guard let id = s.attribute(TTMLNamespace.xml, "id") ?? s.attribute("", "id") else {
      sink.report("ttml.style.missing-id", .warning, "<style> without xml:id cannot be referenced", at: s.location)
      return
    }
    guard styleIDs.insert(id).inserted else {
      sink.report("ttml.style.duplicate-id", .error, "style '\(id)' is defined more than once", at: s.location)
      return
    }
    var style = TTMLStyleParser.parse(s.attributes, sink: &sink)
    var basedOn = TTMLReader.idrefs(s.attribute("", "style"))
    cueAttributes.bound(style: &style, refs: &basedOn, at: s.location, sink: &sink)
    doc.styles.append(NamedStyle(id: id, basedOn: basedOn, style: style, source: s.location))
  }

  mutating func readInitial(_ s: XMLElementNode) {
    var parts: [String] = []
    for a in s.attributes {
      guard let n = TTMLStyleParser.canonicalName(a) else { continue }
      parts.append(n + "=" + a.value.trimmingSpaces)
    }
    let prior = doc.metadata.parameters["captionkit:initial"].map { [$0] } ?? []
    doc.metadata.parameters["captionkit:initial"] = (prior + parts).joined(separator: ";")
  }

  mutating func readRegion(_ r: XMLElementNode, inlineID: String? = nil) {
    // A plain `id` (not `xml:id`) is an error the validator reports; accepting it keeps the
    // styles and regions of files that make this mistake (some DFXP generators).
    guard var id = r.attribute(TTMLNamespace.xml, "id") ?? r.attribute("", "id") ?? inlineID else {
      sink.report("ttml.region.missing-id", .warning, "<region> without xml:id cannot be referenced", at: r.location)
      return
    }
    if let short = regionAliases[id] {
      id = short  // a second region of the same long id: reported as a duplicate below
    } else if id.utf8.count > cueAttributes.limit {
      var short = "_region\(regionAliases.count + 1)"
      while regionIDs.contains(short) { short += "_" }
      cueAttributes.report("the id of region '\(id.prefix(40))…'", id.utf8.count, at: r.location, sink: &sink, instead: "read as '\(short)'")
      regionAliases[id] = short
      id = short
    }
    if regionIDs.contains(id) {
      sink.report("ttml.region.duplicate-id", .error, "region '\(id)' is defined more than once", at: r.location)
      return
    }
    regionIDs.insert(id)
    var style = TextStyle()
    // Nested <style> children (TTML1 §8.1.2 nested styling) apply first; attributes win.
    for c in r.elements where TTMLReader.isTT(c, "style") {
      style = style.merged(with: TTMLStyleParser.parse(c.attributes, sink: &sink))
    }
    style = style.merged(with: TTMLStyleParser.parse(r.attributes, sink: &sink))
    var refs = TTMLReader.idrefs(r.attribute("", "style"))
    cueAttributes.bound(style: &style, refs: &refs, at: r.location, sink: &sink)
    var region = Region(id: id, style: TextStyle(), styleRefs: refs)
    if let o = style.other.removeValue(forKey: "tts:origin") {
      if let p = TTMLStyleParser.lengthPair(o) { region.origin = p } else { style.other["tts:origin"] = o }
    }
    if let e = style.other.removeValue(forKey: "tts:extent") {
      if let p = TTMLStyleParser.lengthPair(e) { region.extent = p } else { style.other["tts:extent"] = e }
    }
    // tts:position is the other way to place a region: keep the origin it amounts to.
    let rootPixels = doc.metadata.parameters["tts:extent"].flatMap(TTMLStyleParser.lengthPair).flatMap { e -> (w: Double, h: Double)? in
      e.x.unit == .pixels && e.y.unit == .pixels && e.x.value > 0 && e.y.value > 0 ? (e.x.value, e.y.value) : nil
    }
    if region.origin == nil, let extent = region.extent, let p = style.other["tts:position"], let o = TTMLPosition.origin(p, extent: extent, root: rootPixels) {
      region.origin = o
      style.other["tts:position"] = nil
    }
    region.style = style
    region.source = r.location
    var regionBegin = CaptionTime.zero, regionEnd: CaptionTime?
    if inlineID == nil, ["begin", "end", "dur"].contains(where: { r.attributeNode("", $0) != nil }) {
      (regionBegin, regionEnd) = interval(r, from: .zero)
      regionIntervals[id] = (regionBegin, regionEnd)
    }
    // A `set` in a region (moving it, colouring it) changes the presentation when it begins and
    // ends: significant times, as ttconv counts them. Its times are relative to the region's.
    if inlineID == nil {
      for s in r.elements where TTMLReader.isTT(s, "set") {
        reportAnimationIgnored(s, "in region '\(id)'")
        if s.attribute(TTMLNamespace.styling, "display") != nil { regionsWithDisplaySet.insert(id) }
        var (begin, end) = interval(s, from: regionBegin)
        if let e = regionEnd { end = min(end ?? e, e) }
        guard regionEnd.map({ begin < $0 }) ?? true else { continue }
        regionSetTimes.append(begin)
        if let end, end > begin { regionSetTimes.append(end) }
      }
    }
    if regionIndex[region.id] == nil { regionIndex[region.id] = doc.regions.count }
    doc.regions.append(region)
  }

  // MARK: - Timing

  /// Whether a TTML element with this local name takes part in timing (TTML2 §12.4): a
  /// `switch` with lengths compared first, as a `Set` would hash the name for every element.
  static func isTimedLocal(_ local: String) -> Bool {
    switch LengthFirst(local) {
    case "p", "span", "br", "div", "body", "set", "image", "audio": return true
    default: return false
    }
  }

  /// Namespaces whose elements are metadata by design, so pruning them loses nothing visible.
  static let metadataNamespaces: Set<String> = [
    TTMLNamespace.metadata, TTMLNamespace.imscMetadata, TTMLNamespace.ebuMetadata,
    TTMLNamespace.smpte2010, TTMLNamespace.smpte2013,
  ]

  /// A foreign element inside `p` or `span` is pruned (TTML2 §5.3.2), and with it any text it
  /// holds; say so, so that a `p` that held only such an element does not vanish silently.
  /// XInclude in particular is never processed: the reader fetches nothing.
  mutating func reportForeignContent(_ e: XMLElementNode) {
    for child in e.children {
      guard case .element(let c) = child, !c.name.isIn(TTMLNamespace.tt),
        !TTMLReader.metadataNamespaces.contains(c.name.namespace)
      else { continue }
      let why = c.name.isIn("http://www.w3.org/2001/XInclude")
        ? "XInclude is not processed, so nothing is fetched or included"
        : "elements outside the TTML namespaces are pruned (TTML2 §5.3.2)"
      sink.report(
        "ttml.content.foreign-element-ignored", .warning,
        "<\(c.qualifiedName)> inside <\(e.qualifiedName)> is ignored with its content: \(why)", at: c.location)
    }
  }

  mutating func time(_ e: XMLElementNode, _ name: String) -> CaptionTime? {
    guard let a = e.attributeNode("", name) else { return nil }
    switch TTMLTimeExpression.parse(a.value, parameters: params) {
    case .success(let t): return t
    case .failure(let err):
      // No time expression starts with a letter, so a wall-clock value is never read above.
      if TTMLWhitespace.trimmed(a.value).hasPrefix("wallclock(") {
        sink.report("ttml.timing.wallclock", .warning, "\(name)=\"\(a.value.prefix(60))\": wall-clock times have no media time; ignored", at: a.location)
        return nil
      }
      if let t = TTMLTimeExpression.parseLenient(a.value) {
        sink.report("ttml.timing.invalid-expression", .error, "\(name)=\"\(a.value.prefix(60))\": \(err.message); read as \(t)", at: a.location)
        return t
      }
      sink.report("ttml.timing.invalid-expression", .error, "\(name)=\"\(a.value.prefix(60))\": \(err.message)", at: a.location)
      return nil
    }
  }

  /// Resolves the intervals of `e` and its descendants (TTML2 §12.4).
  mutating func timedNode(
    _ e: XMLElementNode, syncBase: CaptionTime, parentIsPar: Bool, depth: Int,
    parentTimes: (begin: CaptionTime, end: CaptionTime?)? = nil
  ) -> TTMLTimedNode {
    let untimed = wordHighlights && e.name.local == "span"
    let eb = untimed ? nil : time(e, "begin")
    let ee = untimed ? nil : time(e, "end")
    let ed = untimed ? nil : time(e, "dur")
    let begin = syncBase + (eb ?? .zero)
    if let cb = eb, let parent = parentTimes {
      if cb < parent.begin {
        timeEvidence.relative = true
      } else if let pe = parent.end, cb <= pe, parent.begin + cb >= pe {
        timeEvidence.absolute += 1
      }
    }
    // This element's own times as written, for its children's evidence (the body's children
    // count from its begin either way).
    var ownTimes: (begin: CaptionTime, end: CaptionTime?)? = nil
    if e.name.local != "body", let eb, eb > .zero {
      ownTimes = (eb, ee.map { x in ed.map { min(x, eb + $0) } ?? x } ?? ed.map { eb + $0 })
    }
    var seq = false
    if let tc = e.attributeNode("", "timeContainer") {
      switch tc.value.trimmingSpaces {
      case "seq":
        seq = true
        timeEvidence.sequential = true
      case "par": break
      default: sink.report("ttml.timing.invalid-container", .error, "timeContainer=\"\(tc.value)\" is not par or seq", at: tc.location)
      }
    }
    var implicitEnd: CaptionTime? = begin
    let local = e.name.local
    // Like a br or set, an image (TTML2 §8.1.6) lasts as long as its parent in a par.
    if (local == "br" || local == "set" || local == "image") && parentIsPar { implicitEnd = nil }
    let mixed = local == "p" || local == "span"
    if mixed, !seq, e.children.contains(where: { if case .text = $0 { true } else { false } }) { implicitEnd = nil }
    if mixed { reportForeignContent(e) }
    if local.utf8.count == 3, local == "set" {
      var quiet = DiagnosticSink(limit: 0)
      var style = TTMLStyleParser.parse(e.attributes, sink: &quiet)
      var refs: [String] = []
      cueAttributes.bound(style: &style, refs: &refs, at: e.location, sink: &sink)
      setStyles[e.location.offset] = style
    }
    var children: [TTMLTimedNode] = []
    // Times on the media timeline (`absoluteTimes`): every element below the body counts from
    // the body's begin, not from its parent's.
    var childSync = absoluteTimes && local != "body" ? syncBase : begin
    // In a seq, a child whose end is unresolved keeps every later sibling from beginning.
    var unresolved = false
    if depth < depthLimit {
      for child in e.children {
        guard case .element(let c) = child, c.name.isIn(TTMLNamespace.tt), TTMLReader.isTimedLocal(c.name.local) else { continue }
        var n = timedNode(c, syncBase: seq || absoluteTimes ? childSync : begin, parentIsPar: !seq, depth: depth + 1, parentTimes: ownTimes)
        if seq {
          if unresolved {
            n.end = n.begin  // never active: an empty interval, pruned like any other
          } else {
            implicitEnd = n.end
            if let end = n.end { childSync = end } else { unresolved = true }
          }
        } else if let ie = implicitEnd, let ce = n.end {
          implicitEnd = max(ie, ce)
        } else {
          implicitEnd = nil
        }
        children.append(n)
      }
    }
    var end: CaptionTime?
    switch (ee, ed) {
    case let (x?, d?): end = min(begin + d, syncBase + x)
    case let (nil, d?): end = begin + d
    case let (x?, nil): end = syncBase + x
    case (nil, nil): end = implicitEnd
    }
    return TTMLTimedNode(element: e, begin: begin, end: end, explicitlyTimed: eb != nil || ee != nil || ed != nil, children: children, sequential: seq)
  }

  static func clip(_ end: CaptionTime?, _ parentEnd: CaptionTime?) -> CaptionTime? {
    guard let end else { return parentEnd }
    guard let parentEnd else { return end }
    return min(end, parentEnd)
  }

  /// Collects the times at which the presentation may change (what ttconv calls the
  /// significant times of the document): each element's begin and its end clipped to its parent.
  mutating func collectSignificant(_ n: TTMLTimedNode, parentEnd: CaptionTime?, depth: Int) {
    var significant: [CaptionTime] = []
    swap(&significant, &self.significant)
    defer { swap(&significant, &self.significant) }
    withUnsafePointer(to: n) { TTMLReader.collectSignificant($0, parentEnd: parentEnd, depth: depth, limit: depthLimit, into: &significant) }
  }

  /// `collectSignificant` of the node at `n`. Nodes are read where they are, through pointers:
  /// passing a child by value copied it (its element and children retained) at every step.
  static func collectSignificant(
    _ n: UnsafePointer<TTMLTimedNode>, parentEnd: CaptionTime?, depth: Int, limit: Int, into significant: inout [CaptionTime]
  ) {
    let end = TTMLReader.clip(n.pointee.end, parentEnd)
    significant.append(n.pointee.begin)
    if let end { significant.append(end) }
    guard depth < limit else { return }
    n.pointee.children.withUnsafeBufferPointer { children in
      guard let base = children.baseAddress else { return }
      for k in children.indices {
        // Elements with no temporal extent are pruned, as a presentation processor does.
        if let ce = base[k].end, ce == base[k].begin { continue }
        // So are elements that begin when their parent has already ended.
        if let end, base[k].begin >= end { continue }
        collectSignificant(base + k, parentEnd: end, depth: depth + 1, limit: limit, into: &significant)
      }
    }
  }

  /// The background a computed style paints, if any.
  static func layer(_ s: TextStyle) -> [Color] {
    guard let bg = s.backgroundColor, bg.alpha > 0 else { return [] }
    return [bg]
  }

  /// An element's `begin`, `end` and `dur` on a timeline from `base` (with both an end and a
  /// dur, the earlier end; nil: no end).
  mutating func interval(_ e: XMLElementNode, from base: CaptionTime) -> (begin: CaptionTime, end: CaptionTime?) {
    let begin = base + (time(e, "begin") ?? .zero)
    var end = time(e, "end").map { base + $0 }
    if let d = time(e, "dur") { end = min(end ?? (begin + d), begin + d) }
    return (begin, end)
  }

  /// The significant times collected, sorted without repeats (as a set would hold them).
  var sortedSignificantTimes: [CaptionTime] {
    var times: [CaptionTime] = []
    for t in significant.sorted() where times.last != t { times.append(t) }
    return times
  }

  /// An indefinite end stays past every timed instant of the document, as TTML shows such
  /// content until the media ends (ttconv's last ISD has no end): 24 h after the last one.
  func resolvedIndefiniteEnd(after begin: CaptionTime) -> CaptionTime {
    max(lastFiniteTime, begin) + CaptionTime(value: 86_400, timescale: 1)
  }
}
