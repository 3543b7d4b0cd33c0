import CaptionCore

extension TTMLReader {
  /// A `div` or `p` whose active interval is empty (its end is not after its begin, or it
  /// begins when its parent has ended) is valid TTML that is never presented: its text is left
  /// out of the model, which is said (`ttml.timing.never-shown`, info) when it has any.
  mutating func reportNeverShown(_ e: XMLElementNode, begin: CaptionTime, end: CaptionTime) {
    var content = ""
    TTMLReader.appendContentText(e, to: &content, limit: 240, depth: 0)
    guard !TTMLWhitespace.isBlank(content) else { return }
    let text = TTMLWhitespace.collapse(String(content.prefix(60)))
    sink.report(
      "ttml.timing.never-shown", .info,
      "<\(e.qualifiedName)> \"\(text)\" is never shown: its interval is empty (begins \(begin), ends \(end) with its parent's end applied), so its text is left out",
      at: e.location)
  }

  /// Text inside a shown `p` that its timing never shows: a span (or other child) whose
  /// interval, cut to its parent's, is empty (it begins when the p has ended, or ends before it
  /// begins: TTML2 §12.1.1), and bare text in a `seq` container (an anonymous span of no
  /// duration, §12.1.2). TTML presents it at no time, so the model leaves it out; said as for a
  /// `p` (`ttml.timing.never-shown`, info), once per element.
  mutating func reportNeverShownContent(_ n: TTMLTimedNode, parentBegin: CaptionTime, parentEnd: CaptionTime?, depth: Int) {
    guard depth < depthLimit else { return }
    if n.sequential {
      for case .text(let t, let loc) in n.element.children where !TTMLWhitespace.isBlank(t) {
        sink.report(
          "ttml.timing.never-shown", .info,
          "\"\(TTMLWhitespace.collapse(String(t.prefix(60))))\" is never shown: text directly in a timeContainer=\"seq\" element is an anonymous span of no duration (TTML2 §12.1.2), so it is left out",
          at: loc)
        break
      }
    }
    // Spans only: what else holds text in a p is misplaced, and the validator says so.
    for c in n.children where c.element.name.local == "span" {
      // Cut to the parent's interval at both ends: media times can put a span before its p.
      let end = TTMLReader.clip(c.end, parentEnd)
      let begin = max(c.begin, parentBegin)
      if let end, end <= begin {
        reportNeverShown(c.element, begin: begin, end: end)
        continue
      }
      if c.sequential || !c.children.isEmpty { reportNeverShownContent(c, parentBegin: begin, parentEnd: end, depth: depth + 1) }
    }
  }

  /// The text an element would present: its text and that of its TTML content descendants,
  /// not of `metadata` or foreign elements; at most about `limit` characters.
  static func appendContentText(_ e: XMLElementNode, to out: inout String, limit: Int, depth: Int) {
    for c in e.children where out.utf8.count < limit {
      switch c {
      case .text(let t, _): out += t
      case .element(let child):
        if depth < 64, child.name.isIn(TTMLNamespace.tt), child.name.local != "metadata" {
          appendContentText(child, to: &out, limit: limit, depth: depth + 1)
        }
      }
    }
  }

  /// Whether content that names region `named` is shown: not when the region's display is
  /// none (on the region or through its styles; `ttml.region.not-shown`, info, once), unless a
  /// `set` in the region changes its display (kept then: a region's `set` is not applied). Content
  /// naming another region than an ancestor's is one TTML shows in no region (TTML2 §11.3.1.3,
  /// each region's presentation prunes the other); writers such as pycaption's DFXP make it
  /// (`div region="bottom"` around `p region="r0"`), so it is kept, in the region it names
  /// (`ttml.region.conflict`, info, once).
  mutating func regionIsShown(_ named: String, inside ancestor: String?, element e: XMLElementNode) -> Bool {
    if let last = lastShownRegion, last.name == named, last.generation == resolverGeneration {
      // Shown by its display, as last time.
    } else if regionIndex[named] != nil, !regionsWithDisplaySet.contains(named), resolver.computedRegionStyle(named).displayed == false {
      if notShownReported.insert("display").inserted {
        sink.report(
          "ttml.region.not-shown", .info, "region '\(named)' has display none, so <\(e.qualifiedName)> and what it holds are not shown (TTML2 §10.2.15)", at: e.location)
      }
      return false
    } else {
      lastShownRegion = (named, resolverGeneration)
    }
    if let ancestor, ancestor != named, notShownReported.insert("conflict").inserted {
      sink.report(
        "ttml.region.conflict", .info,
        "<\(e.qualifiedName)> names region '\(named)' inside an element of region '\(ancestor)': TTML processors show it in no region (TTML2 §11.3.1.3); CaptionKit keeps it in '\(named)' (reported once)",
        at: e.location)
    }
    return true
  }

  /// Walks `body` and `div` elements and turns each `p` into cues.
  mutating func walk(_ n: TTMLTimedNode, parentEnd: CaptionTime?, ctx: TTMLReaderContext, depth: Int) {
    let e = n.element
    let end = TTMLReader.clip(n.end, parentEnd)
    if let end, end <= n.begin {
      reportNeverShown(e, begin: n.begin, end: end)
      return
    }
    if let parentEnd, n.begin >= parentEnd {
      reportNeverShown(e, begin: n.begin, end: parentEnd)
      return
    }
    // SMPTE-TT and IMSC Image Profile subtitles are pictures (a div's smpte:backgroundImage,
    // or an <image> element in it, TTML2 §8.1.6): the model holds text only.
    let image =
      e.name.local == "div"
      ? e.attribute(TTMLNamespace.smpte2010, "backgroundImage") ?? e.attribute(TTMLNamespace.smpte2013, "backgroundImage")
      : e.name.local == "image" && e.name.isIn(TTMLNamespace.tt) ? e.attribute("", "src") ?? "<image>" : nil
    if let image {
      if imageSubtitles.count == 0 { imageSubtitles.first = (image, e.location) }
      imageSubtitles.count += 1
    }
    var c = ctx
    let attributes = TTMLContentAttributes(e)
    // Not `.map(regionID)`: a method value copies the whole reader.
    var ownRegion = attributes.region
    if let r = ownRegion, !regionAliases.isEmpty { ownRegion = regionID(r) }
    if let named = ownRegion, !regionIsShown(named, inside: ctx.namedRegion, element: e) { return }
    if let named = ownRegion { c.namedRegion = named }
    if e.name.local == "div" || e.name.local == "p", let inline = TTMLReader.firstInlineRegion(e) {
      // An inline region: an anonymous region that this element is flowed into.
      if let known = inlineRegions[inline.location] {
        ownRegion = known
      } else {
        var id = inline.attribute(TTMLNamespace.xml, "id") ?? "_inline\(inlineRegions.count + 1)"
        while regionIDs.contains(id) { id += "_" }
        readRegion(inline, inlineID: id)
        id = regionID(id)
        inlineRegions[inline.location] = id
        resolver = TTMLStyleResolver(document: doc)
        resolverGeneration += 1
        ownRegion = id
      }
    }
    if let r = ownRegion { c.region = r }
    if let l = attributes.lang { c.lang = l }
    if let sp = attributes.space { c.preserve = sp == "preserve" }
    if let a = attributes.agent { c.agent = agentName(a) }
    let inline = TTMLStyleParser.parse(e.attributes, sink: &sink)
    let refs = TTMLReader.idrefs(attributes.style)
    let key = TTMLSiblingStyleCache.Key(region: ownRegion, refs: refs)
    // Inline style attributes make the computed style the element's own: not cached.
    let cache = inline.isEmpty ? ctx.siblings : nil
    if let hit = cache?.entry(key, generation: resolverGeneration) {
      c.computed = hit.computed
    } else {
      let spec = resolver.specified(refs: refs, inline: inline)
      let parentComputed = ownRegion != nil && ownRegion != ctx.region
        ? resolver.computed(specified: resolver.specified(refs: ctx.ancestorRefs, inline: ctx.ancestorsStyle), parent: resolver.computedRegionStyle(ownRegion))
        : ctx.computed
      c.computed = resolver.computed(specified: spec, parent: parentComputed)
      cache?.store(TTMLSiblingStyleCache.Entry(computed: c.computed), for: key)
    }
    // Background layers only feed styled runs.
    if wantsDetails {
      if ownRegion != nil && ownRegion != ctx.region {
        // The new region paints first; the body and div ancestors' backgrounds stay, as the
        // ISD copies them into every region their content goes to (TTML2 §11.3.1.3).
        let region = TTMLReader.layer(resolver.computedRegionStyle(ownRegion))
        let kept = ctx.layerOwners.indices.filter { ctx.layerOwners[$0] != TTMLStyledRun.regionOwner }
        c.layers = region + kept.map { ctx.layers[$0] }
        c.layerOwners = region.map { _ in TTMLStyledRun.regionOwner } + kept.map { ctx.layerOwners[$0] }
      }
      let own = TTMLReader.layer(c.computed)
      c.layers += own
      c.layerOwners += own.map { _ in e.location.offset }
    }
    switch e.name.local {
    case "p":
      let settings: Cue.SharedSettings
      if let s = cache?.entry(key, generation: resolverGeneration)?.settings {
        settings = s
      } else {
        settings = Cue.SharedSettings(cueSettings(region: region(c.region), computed: c.computed))
        cache?.storeSettings(settings, for: key)
      }
      makeCues(n, end: end, ctx: c, attributes: attributes, inline: inline, refs: refs, settings: settings)
    case "body", "div":
      if e.name.local == "div" { c.lintDirectives += TTMLReader.lintDirectives(in: e) }
      c.ancestorsStyle = TTMLReader.beneath(refs, ctx.ancestorsStyle, resolver: resolver).merged(with: inline)
      c.ancestorRefs = cueAttributes.appending(refs, to: c.ancestorRefs)
      // Bounded once here for every p below, rather than for each.
      cueAttributes.bound(
        style: &c.ancestorsStyle, refs: &c.ancestorRefs, lang: &c.lang, agent: &c.agent, directives: &c.lintDirectives, at: e.location,
        sink: &sink)
      c.ancestorsHidden = c.ancestorsStyle.displayed == false || resolver.displayed(refs: c.ancestorRefs) == false
      c.siblings = TTMLSiblingStyleCache(generation: resolverGeneration)
      guard depth < depthLimit else { return }
      for child in n.children { walk(child, parentEnd: end, ctx: c, depth: depth + 1) }
    case "set":
      // A set on body or div animates the style its content inherits: not modelled.
      reportAnimationIgnored(e, "on a body or div")
    default:
      break
    }
  }

  /// `ttml.content.animation-ignored`: an animation the model does not apply (the text model
  /// has no time-varying regions, nor `animate`'s values): what it changes is lost in every output.
  mutating func reportAnimationIgnored(_ e: XMLElementNode, _ place: String) {
    let styled = e.attributes.filter { $0.name.isIn(TTMLNamespace.styling) }
    // A set that sets nothing animates nothing.
    if e.name.local == "set", styled.isEmpty { return }
    let what = styled.map(\.qualifiedName).prefix(4).joined(separator: " ")
    sink.report(
      "ttml.content.animation-ignored", .warning,
      "<\(e.name.local)\(what.isEmpty ? "" : " " + what)> \(place) is not applied: the caption model has no such animation",
      at: e.location)
  }

  /// The first `region` child of `e` (iterating children, not copying `elements`).
  static func firstInlineRegion(_ e: XMLElementNode) -> XMLElementNode? {
    for child in e.children {
      if case .element(let c) = child, TTMLReader.isTT(c, "region") { return c }
    }
    return nil
  }

  func agentName(_ refs: String) -> String? {
    guard let first = TTMLReader.idrefs(refs).first else { return nil }
    return agents[first] ?? first
  }

  /// Times strictly inside `bounds` at which a descendant of `n` starts or stops, with repeats,
  /// in no order. (Most descendants begin with their `p` and end with it or later: nothing is
  /// stored for them.)
  func innerTimes(_ n: TTMLTimedNode, parentEnd: CaptionTime?, inside bounds: (after: CaptionTime, before: CaptionTime), into out: inout [CaptionTime], depth: Int) {
    guard depth < depthLimit else { return }
    for c in n.children {
      let end = TTMLReader.clip(c.end, parentEnd)
      // An element shown at no time (an empty interval) changes nothing.
      if let end, end <= c.begin { continue }
      if c.begin > bounds.after, c.begin < bounds.before { out.append(c.begin) }
      if let end, end > bounds.after, end < bounds.before { out.append(end) }
      innerTimes(c, parentEnd: end, inside: bounds, into: &out, depth: depth + 1)
    }
  }

  /// The ancestors' inline style as it stands under an element's referential styles `refs`:
  /// the model keeps `styleRefs` below `style`, but an element's own `style="…"` outranks what
  /// its ancestors set inline (TTML2 §10.4.4: specified before inherited), so the properties
  /// those styles set are taken out of the inherited part.
  static func beneath(_ refs: [String], _ ancestors: TextStyle, resolver: TTMLStyleResolver) -> TextStyle {
    guard !refs.isEmpty, !ancestors.isEmpty else { return ancestors }
    return ancestors.removing(propertiesSetIn: resolver.specified(refs: refs, inline: nil))
  }

  /// Adds to `cost` the size of `n`'s own content (its text and untimed children, see
  /// `countContent`) times the number of intervals between `points` it is shown in, then the
  /// same for its timed children; stops once past `limit`.
  func activeCost(_ n: TTMLTimedNode, parentEnd: CaptionTime?, points: [CaptionTime], upTo limit: Int, cost: inout Int, depth: Int) {
    guard depth < depthLimit, cost <= limit else { return }
    let end = TTMLReader.clip(n.end, parentEnd)
    // Intervals [points[k], points[k+1]) inside [begin, end): points are sorted.
    func firstIndex(where past: (CaptionTime) -> Bool) -> Int {  // binary search
      var lo = 0, hi = points.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if past(points[mid]) { hi = mid } else { lo = mid + 1 }
      }
      return lo
    }
    let first = firstIndex { $0 >= n.begin }
    let stop = end.map { e in firstIndex { $0 > e } } ?? points.count
    let shown = max(0, min(stop, points.count) - 1 - first)
    var own = 1
    for c in n.element.children {
      switch c {
      case .text(let t, _): own += 1 + t.utf8.count / 16
      case .element(let e) where !(e.name.isIn(TTMLNamespace.tt) && TTMLReader.isTimedLocal(e.name.local)):
        TTMLReader.countContent(e, upTo: limit, count: &own, depth: depth + 1, depthLimit: depthLimit)
      default: break
      }
    }
    let (product, overflow) = own.multipliedReportingOverflow(by: shown)
    cost = overflow ? Int.max : cost &+ product
    if cost < 0 { cost = Int.max }
    for c in n.children { activeCost(c, parentEnd: end, points: points, upTo: limit, cost: &cost, depth: depth + 1) }
  }

  /// The size of the content under `e`, stopping once past `limit`: one a node, plus one for
  /// every 16 bytes of text (a cue copies the text into every output it is written to).
  static func countContent(_ e: XMLElementNode, upTo limit: Int, count: inout Int, depth: Int, depthLimit: Int) {
    guard depth < depthLimit else { return }
    for c in e.children {
      if count > limit { return }
      switch c {
      case .text(let t, _): count += 1 + t.utf8.count / 16
      case .element(let child):
        count += 1
        countContent(child, upTo: limit, count: &count, depth: depth + 1, depthLimit: depthLimit)
      }
    }
  }

  /// The region with this id, if the document defines one.
  func region(_ id: String?) -> Region? {
    id.flatMap { regionIndex[$0] }.map { doc.regions[$0] }
  }

  /// The cue settings of text in `region` with `computed` style. In a document without any
  /// region, text is placed as other converters and players do (see
  /// `TTMLRegionMapper.unplacedSettings`), which the SRT and WebVTT writers report.
  mutating func cueSettings(region r: Region?, computed: TextStyle) -> CueSettings {
    guard r == nil && doc.regions.isEmpty else {
      return TTMLRegionMapper.settings(regionID: r?.id, region: r, computed: computed, resolver: resolver)
    }
    doc.metadata.readWithoutRegions = true
    return TTMLRegionMapper.unplacedSettings(computed: computed)
  }

  /// Makes the cues of `p` element `n`; `settings` are those of `ctx.region` with `ctx.computed`.
  mutating func makeCues(
    _ n: TTMLTimedNode, end: CaptionTime?, ctx: TTMLReaderContext, attributes: TTMLContentAttributes, inline: TextStyle, refs: [String],
    settings: Cue.SharedSettings
  ) {
    let p = n.element
    let begin = n.begin
    var indefinite = false
    let finalEnd: CaptionTime
    if let end { finalEnd = end } else {
      finalEnd = resolvedIndefiniteEnd(after: begin)
      indefinite = true
    }
    // An array sorted and deduplicated: most `p`s have few or no timed descendants, and a
    // Set costs a hasher seed per insert.
    var cuts: [CaptionTime] = []
    innerTimes(n, parentEnd: end, inside: (begin, finalEnd), into: &cuts, depth: 0)
    if n.sequential || !n.children.isEmpty { reportNeverShownContent(n, parentBegin: begin, parentEnd: end, depth: 0) }
    var points: [CaptionTime]
    if cuts.isEmpty {
      points = [begin, finalEnd]  // the usual p: one allocation
    } else {
      points = [begin]
      points.reserveCapacity(cuts.count + 2)
      for t in cuts.sorted() where points.last != t { points.append(t) }
      points.append(finalEnd)
    }
    // Each interval is a cue holding the p's whole active content: bound what that multiplies.
    var merged = false
    if points.count > 2 {
      let intervals = points.count - 1
      // What the cues would hold: each node's content once for every interval it is shown in.
      var size = 0
      if intervals <= 10_000 {
        activeCost(n, parentEnd: end, points: points, upTo: timedContentBudget, cost: &size, depth: 0)
        // Each cue also repeats the p's id and what its sets add to its style, and finding what
        // each interval shows goes through the p's children (a seq of 10,000 spans: 2.4 s).
        var carried = attributes.id?.utf8.count ?? 0
        for c in n.children where c.element.name.local == "set" {
          carried += setStyles[c.element.location.offset].map(TTMLCueAttributeBudget.size) ?? 0
        }
        // (`activeCost` saturates at Int.max; the product is below 10,000 × 64 Ki.)
        if size < Int.max / 2 { size += intervals * ((carried + n.element.children.count) / 16) }
      }
      if intervals > 10_000 || size > timedContentBudget {
        sink.report(
          "ttml.timing.too-many-changes", .warning,
          "this p's content changes \(intervals - 1) times while it is shown; a cue for each interval would pass \(intervals > 10_000 ? "10,000 intervals" : "the \(limits.maxTimedContentNodes) cue-text nodes allowed for the document (--max-timed-content)"), so it is one cue from its begin to its end with all its timed content",
          at: p.location)
        points = [begin, finalEnd]
        merged = true
      } else {
        timedContentBudget -= size
      }
    }

    if ctx.region == nil, !doc.regions.isEmpty, !reportedUnassigned {
      reportedUnassigned = true
      sink.report(
        "ttml.region.unassigned", .info,
        "this p (and maybe others) is in no region although the document defines regions; TTML processors do not show such content (TTML2 §11.3.1.3); CaptionKit keeps it in the default region",
        at: p.location)
    }
    var cueStyle = TTMLReader.beneath(refs, ctx.ancestorsStyle, resolver: resolver).merged(with: inline)
    if !cueStyle.other.isEmpty {
      cueStyle.other["tts:origin"] = nil
      cueStyle.other["tts:extent"] = nil
    }
    let own = TTMLReader.lintDirectives(in: p)
    var boundAgent = attributes.agent.flatMap(agentName) ?? ctx.agent
    var boundDirectives = own.isEmpty ? ctx.lintDirectives : ctx.lintDirectives + own
    var boundRefs = cueAttributes.carriedReferences(ancestors: ctx.ancestorRefs, own: refs)
    var boundLang = ctx.lang
    cueAttributes.bound(
      style: &cueStyle, refs: &boundRefs, lang: &boundLang, agent: &boundAgent, directives: &boundDirectives, at: p.location, sink: &sink)
    // As constants: the nested functions below capture them, and a captured `var` is boxed.
    let pAgent = boundAgent, directives = boundDirectives, cueRefs = boundRefs, cueLang = boundLang
    var pending: (start: CaptionTime, end: CaptionTime, content: [CueNode], runs: [TTMLStyledRun], style: TextStyle, settings: Cue.SharedSettings)?
    var first = true
    // The cue's parts as parameters, not a tuple: a tuple holding the style copied it.
    func flush(
      _ reader: inout TTMLReader, start itemStart: CaptionTime, end itemEnd: CaptionTime, content: [CueNode], runs: [TTMLStyledRun],
      style: TextStyle, settings: Cue.SharedSettings
    ) {
      var id = attributes.id ?? ""
      if !id.isEmpty {
        // One hash lookup: the count is updated in place.
        let used = { (n: inout Int) -> Int in
          n += 1
          return n
        }(&reader.usedCueIDs[id, default: 0])
        if used > 1 { id += "-\(used)" }
      }
      // Content shows only while its region is active (TTML2 §11.3.1.3, §12.4).
      var start = itemStart, stop = itemEnd
      if let rid = ctx.region, let active = reader.regionIntervals[rid] {
        start = max(start, active.begin)
        if let e = active.end { stop = min(stop, e) }
        guard start < stop else {
          reader.regionClipping.dropped += 1
          return
        }
        if start != itemStart || stop != itemEnd { reader.regionClipping.clipped += 1 }
      }
      let cue = Cue(
        id: id, start: start, end: stop, settings: settings, style: style.isEmpty ? nil : style,
        styleRefs: cueRefs, content: content,
        source: p.location)
      let index = reader.doc.cues.count
      reader.doc.cues.append(cue)
      reader.addCueDirectives(directives, beforeCue: index)
      if indefinite { reader.indefiniteCues.append(index) }
      for var r in runs {
        r.cueIndex = index
        reader.runs.append(r)
      }
    }
    // Extends the pending cue by [t0, t1) when it shows the same, else flushes it and makes
    // [t0, t1) the pending cue.
    func mergeInterval(_ reader: inout TTMLReader, _ t0: CaptionTime, _ t1: CaptionTime, _ content: [CueNode], _ runsHere: [TTMLStyledRun], _ styleHere: TextStyle, _ settingsHere: Cue.SharedSettings) {
      if var pend = pending {
        if pend.content == content, pend.style == styleHere, pend.settings.value == settingsHere.value, pend.end == t0 {
          pend.end = t1
          pending = pend
          return
        }
        if !pend.content.isEmpty {
          flush(&reader, start: pend.start, end: pend.end, content: pend.content, runs: pend.runs, style: pend.style, settings: pend.settings)
        }
      }
      pending = (t0, t1, content, runsHere, styleHere, settingsHere)
    }
    let preserve = attributes.space.map { $0 == "preserve" } ?? ctx.preserve
    let ownDisplayed = inline.displayed ?? (refs.isEmpty ? nil : resolver.displayed(refs: refs))
    let ancestorsHidden = ctx.ancestorsHidden
    for k in 0..<(points.count - 1) {
      let t0 = points[k], t1 = points[k + 1]
      guard t0 < t1 else { continue }
      var runsHere: [TTMLStyledRun] = []
      var quiet = DiagnosticSink(limit: 0)
      var content: [CueNode]
      let setStyle = activeSetStyle(n, parentEnd: end, t0: t0, t1: t1)
      // A `set` on the p restyles its text while active (the styled runs' computed style):
      // computed like a child of the p (relative sizes resolved), keeping the p's own box.
      var setComputed: TextStyle? = nil
      if wantsDetails, let setStyle {
        var c = resolver.computed(specified: setStyle, parent: ctx.computed)
        c.backgroundColor = setStyle.backgroundColor ?? ctx.computed.backgroundColor
        setComputed = c
      }
      // Elements kept in this cue (`ReadLimits.maxCueElements`), and bytes of agent names its
      // spans take from the head (`ReadLimits.maxCueAttributeText`).
      var elements = 0, agentNames = 0
      func build(_ computed: TextStyle, _ sink: inout DiagnosticSink) -> [CueNode] {
        buildContent(n, parentEnd: end, t0: t0, t1: t1, computed: computed, region: ctx.region, lang: ctx.lang, layers: ctx.layers, owners: ctx.layerOwners, preserve: preserve, merged: merged, depth: 0, elements: &elements, agentNames: &agentNames, runs: &runsHere, sink: &sink)
      }
      if first {
        var local = sink
        // `ctx.computed` is passed as it is, not copied into a variable first.
        if let setComputed { content = build(setComputed, &local) } else { content = build(ctx.computed, &local) }
        sink = local
      } else {
        if let setComputed { content = build(setComputed, &quiet) } else { content = build(ctx.computed, &quiet) }
      }
      first = false
      content = TTMLWhitespace.normalise(content, preserve: preserve)
      // A p cut into intervals by its timed content (EBU-TT-D times its spans, Tech 3380):
      // while none of the text is active the interval shows nothing, not an empty cue, and a
      // line break left after the active text ends nothing.
      if points.count > 2 {
        content = TTMLWhitespace.hasVisibleText(content) ? TTMLWhitespace.droppingTrailingBreaks(content) : []
      }
      // A p (or div) in another language than the document's: its content is in that
      // language, as a span's xml:lang makes a language element.
      if let l = cueLang, !l.isEmpty, l != doc.metadata.language, !content.isEmpty {
        content = [.element(CueElement(.language(l), children: content))]
      }
      if let a = pAgent, !content.isEmpty {
        content = [.element(CueElement(.voice(name: a), children: content))]
      }
      // A p with display none, inline, through a named style or on an ancestor, shows nothing
      // while it is so (TTML2 §10.2.11): no cue then.
      if ancestorsHidden || (setStyle?.displayed ?? ownDisplayed) == false { content = [] }
      guard let setStyle else {
        if points.count == 2 {
          // One interval and no set, the usual p: the style and settings as they are, and
          // nothing to merge with, so no pending copy.
          if !content.isEmpty { flush(&self, start: t0, end: t1, content: content, runs: runsHere, style: cueStyle, settings: settings) }
          return
        }
        mergeInterval(&self, t0, t1, content, runsHere, cueStyle, settings)
        continue
      }
      let settingsHere = Cue.SharedSettings(cueSettings(region: region(ctx.region), computed: resolver.computed(specified: setStyle, parent: ctx.computed)))
      if points.count == 2 {
        if !content.isEmpty { flush(&self, start: t0, end: t1, content: content, runs: runsHere, style: cueStyle.merged(with: setStyle), settings: settingsHere) }
        return
      }
      mergeInterval(&self, t0, t1, content, runsHere, cueStyle.merged(with: setStyle), settingsHere)
    }
    if let pend = pending, !pend.content.isEmpty {
      flush(&self, start: pend.start, end: pend.end, content: pend.content, runs: pend.runs, style: pend.style, settings: pend.settings)
    }
  }

  /// The style that `set` children of `n` active during [t0, t1) apply (TTML2 §11.2.3 discrete
  /// animation), later `set` elements winning.
  /// Nil when that style is empty (no `set`, none active, or none that sets anything).
  func activeSetStyle(_ n: TTMLTimedNode, parentEnd: CaptionTime?, t0: CaptionTime, t1: CaptionTime) -> TextStyle? {
    var out: TextStyle? = nil
    for c in n.children where c.element.name.local == "set" {
      let end = TTMLReader.clip(c.end, parentEnd)
      guard c.begin <= t0, end.map({ $0 >= t1 }) ?? true else { continue }
      guard let style = setStyles[c.element.location.offset] else { continue }
      out = (out ?? TextStyle()).merged(with: style)
    }
    return out?.isEmpty == false ? out : nil
  }

  /// Builds the cue text of `n`'s children active during [t0, t1).
  func buildContent(
    _ n: TTMLTimedNode, parentEnd: CaptionTime?, t0: CaptionTime, t1: CaptionTime, computed: TextStyle, region: String?,
    lang: String?, layers: [Color], owners: [Int], preserve: Bool, merged: Bool = false, depth: Int, elements: inout Int, agentNames: inout Int,
    runs: inout [TTMLStyledRun], sink: inout DiagnosticSink
  ) -> [CueNode] {
    var out: [CueNode] = []
    var timedIndex = 0
    for child in n.element.children {
      switch child {
      case .text(let t, let loc):
        // Bare text in a seq container is an anonymous span of no duration: never shown.
        if n.sequential { continue }
        out.append(.text(t))
        guard wantsDetails else { continue }
        let collapsed = TTMLWhitespace.collapse(t)
        if !collapsed.isEmpty {
          var run = TTMLStyledRun(cueIndex: 0, text: collapsed, style: computed, region: region, location: loc, backgroundLayers: layers)
          run.backgroundOwners = owners
          runs.append(run)
        }
      case .element(let e):
        guard e.name.isIn(TTMLNamespace.tt), TTMLReader.isTimedLocal(e.name.local) else {
          if e.name.local == "animate", e.name.isIn(TTMLNamespace.tt) {
            sink.report("ttml.content.animation-ignored", .warning, "<animate> is not applied: the caption model has no continuous or keyed animation (TTML2 §11.1.1)", at: e.location)
          }
          continue
        }
        guard timedIndex < n.children.count else { continue }
        let tn = n.children[timedIndex]
        timedIndex += 1
        let end = TTMLReader.clip(tn.end, parentEnd)
        // Merged intervals (`ttml.timing.too-many-changes`) show whatever is shown at any time in
        // them; an element with an empty interval (never begun, in a seq) is shown at no time.
        let active = merged
          ? tn.begin < t1 && (end.map { $0 > t0 && $0 > tn.begin } ?? true)
          : tn.begin <= t0 && (end.map { $0 >= t1 } ?? true)
        guard active else { continue }
        switch e.name.local {
        case "br":
          out.append(.lineBreak)
        case "image":
          // An image inline in a p or span (TTML2 §8.1.6): the text model has no place for it.
          sink.report(
            "ttml.content.image-dropped", .warning,
            "an <image> (\"\((e.attribute("", "src") ?? "").prefix(80))\") in a <\(n.element.name.local)> is not read, as the caption model holds text only", at: e.location)
        case "span":
          guard depth < depthLimit else { continue }
          var inline = TTMLStyleParser.parse(e.attributes, sink: &sink)
          if let set = activeSetStyle(tn, parentEnd: end, t0: t0, t1: t1) { inline.merge(set) }
          let refs = TTMLReader.idrefs(e.attribute("", "style"))
          let spec = resolver.specified(refs: refs, inline: inline)
          // A span with display none is not shown, nor anything in it (TTML2 §10.2.11).
          if spec.displayed == false { continue }
          // The computed style (and the layers it paints) only feeds styled runs.
          let c = wantsDetails ? resolver.computed(specified: spec, parent: computed) : computed
          var childLang = lang
          var kind = CueElement.Kind.span
          var ownLanguage: String?
          if let l = e.attribute(TTMLNamespace.xml, "lang"), l != lang {
            kind = .language(l)
            if !l.isEmpty { ownLanguage = l }
            childLang = l
          }
          switch inline.other["tts:ruby"] ?? spec.other["tts:ruby"] {
          case "container": kind = .ruby
          case "text", "textContainer": kind = .rubyText
          default: break
          }
          if let ref = e.attribute(TTMLNamespace.metadata, "agent"), var a = agentName(ref) {
            // A name from the head, repeated by each span naming it, counts against the cue's
            // limit; past it the span shows the agent's id, as written in the span.
            if a != ref {
              agentNames += a.utf8.count
              if agentNames > cueAttributes.limit, let id = TTMLReader.idrefs(ref).first {
                if agentNames - a.utf8.count <= cueAttributes.limit {
                  sink.report(
                    "ttml.content.cue-attributes-too-long", .error,
                    "the agent names this cue's spans show pass \(cueAttributes.limit) bytes; later spans show the agent's id instead (raise the limit with --max-cue-attribute-text)",
                    at: e.location)
                }
                a = id
              }
            }
            kind = .voice(name: a)
          }
          // A voice or a ruby text that also changes the language keeps the language inside it
          // (`<v Alice><lang fr>…`), as one element can be only one of them.
          let innerLanguage: String? = {
            guard let l = ownLanguage else { return nil }
            switch kind {
            case .voice, .rubyText: return l
            default: return nil
            }
          }()
          // A span may switch `xml:space` (TTML2 §7.2.3): mark it for `TTMLWhitespace.normalise`.
          let childPreserve = e.attribute(TTMLNamespace.xml, "space").map { $0 == "preserve" } ?? preserve
          let own = wantsDetails ? TTMLReader.layer(c) : []
          var kids = buildContent(tn, parentEnd: end, t0: t0, t1: t1, computed: c, region: region, lang: childLang, layers: layers + own, owners: owners + own.map { _ in e.location.offset }, preserve: childPreserve, merged: merged, depth: depth + 1, elements: &elements, agentNames: &agentNames, runs: &runs, sink: &sink)
          if let r = inline.other["tts:ruby"] ?? spec.other["tts:ruby"], r == "container" || r == "baseContainer" || r == "textContainer" {
            // White space between ruby annotation boxes is not content (TTML2 §10.2.37).
            kids.removeAll { if case .text(let t) = $0 { TTMLWhitespace.isBlank(t) } else { false } }
          }
          let marker = childPreserve == preserve ? [] : [childPreserve ? TTMLWhitespace.preserveMarker : TTMLWhitespace.defaultMarker]
          // Past the cue's element limit the span is flattened: its content is kept, not its
          // element (a p of millions of spans would cost gigabytes, more as JSON).
          guard elements < limits.maxCueElements else {
            if elements == limits.maxCueElements {
              elements += 1
              sink.report(
                "ttml.content.too-many-elements", .warning,
                "the cue has more than \(limits.maxCueElements) spans; later ones are flattened into their parent, their text kept (raise it with --max-cue-elements)",
                at: e.location)
            }
            out.append(contentsOf: kids)
            continue
          }
          elements += 1
          if let l = innerLanguage { kids = [.element(CueElement(.language(l), children: kids))] }
          out.append(.element(CueElement(kind, classes: refs + marker, style: inline.isEmpty ? nil : inline, children: kids)))
        default:
          continue
        }
      }
    }
    return out
  }
}
