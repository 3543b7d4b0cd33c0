import CaptionCore

/// Checks the styling a caption document carries for legibility, using only the format-neutral
/// model: named styles (`document.styles`: WebVTT `::cue(.class)` rules, TTML `<style>`s),
/// WebVTT selector rules (`document.selectorStyles`: `::cue(v[voice="Bob"])`, `::cue(c.a)`, …,
/// matched by `CueSelector`), region styles, cue styles and the styles and classes of elements
/// inside cue text.
///
/// Each styled text run is judged against what is actually behind it: its own background
/// boxes (span, cue, region), then the video. Runs with no authored colour, background,
/// opacity, outline or shadow are left to the player (and to `profile`). Diagnostics:
///
/// - `style.contrast.text-over-background` (error): an opaque box behind the text, and the text
///   on it is below WCAG AA (SC 1.4.3) for the size class.
/// - `style.contrast.worst-case-video` (error): translucent or no box; worst case over all SDR
///   video fails AA in every blend space (a warning for SRT-like formats when there is no box
///   at all, since the player's own box or outline decides: `RendererDefaults.bareVideoSeverity`).
/// - `style.contrast.blend-space-dependent` (warning): fails in some blend spaces only.
/// - `style.contrast.apca` (info): APCA |Lc| below the minimum (advisory).
/// - `style.edge.outline-blurred` (info): the outline is blurred more than it is wide, so it
///   earns no halo credit (`HaloRefusal.blurred`).
/// - `style.edge.outline-too-thin` (info): the outline is under 1 px in the smallest viewing
///   context, so it earns no halo credit (`HaloRefusal.underOnePixel`).
///
/// Each is located at the named style that set the colour or background (at the declaration
/// that won its cascade when the reader knows it, `NamedStyle.legibilitySource`; deduplicated:
/// a class used in 500 cues is reported once) or else at the cue. With `profile`, the document
/// is checked as displayed under that profile: runs without a box of their own are judged on
/// the profile's background box (`RendererDefaults.underProfile`), and the profile's own contrast findings
/// (`style.profile.*` codes are the rule codes of `ProfileChecker`) and per-cue layout and
/// timing against its limits (`style.layout.too-many-lines`, `style.layout.line-too-long`,
/// `style.layout.line-too-wide`, `style.timing.reading-rate`, `style.timing.too-short`,
/// `style.timing.too-long`).
public enum DocumentStyleChecker {
  /// Checks `doc` with renderer defaults inferred from the document.
  public static func check(_ doc: CaptionDocument, profile: StyleProfile?) -> [Diagnostic] {
    check(doc, profile: profile, defaults: .inferred(for: doc))
  }

  /// Checks `doc` with explicit renderer defaults; contrast thresholds come from
  /// `profile?.validation` (or the default validation settings).
  public static func check(_ doc: CaptionDocument, profile: StyleProfile?, defaults: RendererDefaults) -> [Diagnostic] {
    var sink = DiagnosticSink(limit: diagnosticLimit)
    // Under a profile, authored colours sit on the profile's box where they have none.
    checkAuthored(doc, validation: profile?.validation ?? StyleProfile.Validation(), defaults: profile.map { defaults.underProfile($0) } ?? defaults, into: &sink)
    if let profile { ProfileDisplayChecker.check(doc, profile: profile, into: &sink) }
    return sink.finished
  }

  /// The most diagnostics one check keeps; the rest are counted in one summary.
  static let diagnosticLimit = 2000

  /// One text run's resolved appearance.
  struct Run: Hashable {
    var text: Paint
    var boxes: [Paint]
    var edgeType: EdgeType
    var edge: Paint
    var edgeWidth: Double
    var edgeBlur: Double
    var fontSize: Double
    var bold: Bool
  }

  /// An authored run and where its style was set: what decides its diagnostics. A cue's runs
  /// are kept once each, so a cue of millions of lines with the same look holds one, not one
  /// per line (with a copy of the cascade state each: gigabytes).
  struct AuthoredRun: Hashable {
    var run: Run
    var originID: String?
    var originLocation: SourceLocation?
  }

  /// The cascade state while walking a cue's node tree.
  struct Context {
    var style: TextStyle
    var fontSize: Double
    var opacity: Double
    var boxes: [Paint]
    var authored: Bool
    var origin: (id: String, location: SourceLocation)?
    var depth: Int
  }

  static func checkAuthored(
    _ doc: CaptionDocument, validation: StyleProfile.Validation, defaults: RendererDefaults, into sink: inout DiagnosticSink
  ) {
    var walk = AuthoredWalk(doc, validation: validation, defaults: defaults)
    for (index, cue) in doc.cues.enumerated() { walk.check(cue, index: index, into: &sink) }
  }

  /// The authored-style check, one cue at a time: the header's cascade and the findings already
  /// reported (each named style is reported once) carry from cue to cue.
  struct AuthoredWalk {
    let doc: CaptionDocument
    let validation: StyleProfile.Validation
    let defaults: RendererDefaults
    var cascade: StyleCascade
    let rows: Double
    let global: (TextStyle, NamedStyle)?
    let regions: [String: Region]
    var reported: Set<String> = []
    var cache: [Run: [Diagnostic]] = [:]

    /// `doc` gives the style sheets, styles, regions and parameters; its cues are not used.
    init(_ doc: CaptionDocument, validation: StyleProfile.Validation, defaults: RendererDefaults) {
      var header = doc
      header.cues = []
      self.doc = header
      regions = header.regionsByID()
      self.validation = validation
      self.defaults = defaults
      cascade = StyleCascade(header)
      rows = StyleGeometry.cellRows(header)
      global = cascade.global()
    }

    mutating func check(_ cue: Cue, index: Int, into sink: inout DiagnosticSink) {
      var ctx = Context(style: defaults.text, fontSize: defaults.fontSize, opacity: 1, boxes: [], authored: false, origin: nil, depth: 0)
      // Region (window) layer.
      if let rid = cue.settings.region, let region = regions[rid] {
        var rs = TextStyle()
        for ref in region.styleRefs { rs = rs.merged(with: cascade.resolve(ref)) }
        rs = rs.merged(with: region.style)
        // A region's opacity applies to every mark of its content too (TTML2 §10.2.26), not
        // only to its background.
        if let o = rs.opacity, o < 1 {
          ctx.opacity = max(0, o)
          ctx.authored = true
          if let src = region.source { ctx.origin = ("region \"\(rid)\"", src) }
        }
        if let bg = rs.backgroundColor, bg.alpha > 0 {
          ctx.boxes.append(Paint(RGB(bg), opacity: bg.opacity * (rs.opacity ?? 1)))
          ctx.authored = true
          if let src = region.source { ctx.origin = ("region \"\(rid)\"", src) }
        }
      }
      // Cue box: the global rule, cue style references, then the cue's own style.
      var cueStyle = TextStyle()
      var cueOrigin: (String, SourceLocation)? = nil
      if let (g, n) = global {
        cueStyle = cueStyle.merged(with: g)
        if let src = n.legibilitySource, isVisual(g) { cueOrigin = ("::cue", src) }
      }
      for ref in cue.styleRefs {
        let s = cascade.resolve(ref)
        cueStyle = cueStyle.merged(with: s)
        if let src = cascade.source(ref), isVisual(s) { cueOrigin = ("style \"\(ref)\"", src) }
      }
      // `::cue(#id)`: the cue with that identifier (more specific than any class).
      for (_, n) in cascade.selectors(forCue: cue.id) {
        cueStyle = cueStyle.merged(with: n.style)
        if let src = n.legibilitySource, isVisual(n.style) { cueOrigin = (n.id, src) }
      }
      if let own = cue.style { cueStyle = cueStyle.merged(with: own) }
      if isVisual(cueStyle) {
        ctx.authored = true
        if let o = cueOrigin { ctx.origin = o }
      }
      if let fs = cueStyle.fontSize { ctx.fontSize = StyleGeometry.fontSize(fs, parent: ctx.fontSize, rows: rows) }
      if let o = cueStyle.opacity { ctx.opacity *= max(0, min(1, o)) }
      if let bg = cueStyle.backgroundColor ?? defaults.cueBackground, bg.alpha > 0 {
        ctx.boxes.append(Paint(RGB(bg), opacity: bg.opacity * ctx.opacity))
      }
      cueStyle.backgroundColor = nil
      ctx.style = ctx.style.merged(with: cueStyle)

      var runs: [AuthoredRun] = []
      var seen = Set<AuthoredRun>()
      collect(cue.content, ctx, &cascade, rows: rows, into: &runs, seen: &seen)
      for authored in runs {
        let run = authored.run
        let found: [Diagnostic]
        if let hit = cache[run] {
          found = hit
        } else {
          found = evaluate(run, validation: validation, bareVideoSeverity: defaults.bareVideoSeverity)
          cache[run] = found
        }
        for var d in found {
          if let id = authored.originID, let location = authored.originLocation {
            d.location = location
            d.message = "\(id): " + d.message
          } else {
            d.location = cue.source
            d.cueIndex = index
          }
          let key = "\(d.code)|\(d.location.map { "\($0.line):\($0.column)" } ?? "cue\(index)")|\(d.message)"
          if reported.insert(key).inserted {
            if d.cueIndex == nil { d.cueIndex = index }
            sink.report(d)
          }
        }
      }
    }
  }

  /// Whether a style sets anything that changes legibility.
  static func isVisual(_ s: TextStyle) -> Bool {
    s.color != nil || s.backgroundColor != nil || s.opacity != nil || s.textOutline != nil || s.textShadow != nil
  }

  /// Appends to `runs` the authored runs of `nodes` not in `seen` yet, in document order.
  static func collect(
    _ nodes: [CueNode], _ ctx: Context, _ cascade: inout StyleCascade, rows: Double, into runs: inout [AuthoredRun],
    seen: inout Set<AuthoredRun>
  ) {
    for node in nodes {
      switch node {
      case .text(let s):
        guard s.utf8.contains(where: { $0 != 32 && $0 != 9 }) else { continue }
        if ctx.style.visible == false || ctx.style.displayed == false || ctx.opacity <= 0 || !ctx.authored { continue }
        let authored = AuthoredRun(run: run(ctx, rows: rows), originID: ctx.origin?.id, originLocation: ctx.origin?.location)
        if seen.insert(authored).inserted { runs.append(authored) }
      case .lineBreak, .timestamp:
        continue
      case .element(let e):
        guard ctx.depth < 64 else { continue }
        var child = ctx
        child.depth += 1
        var es = TextStyle()
        // `::cue(…)` selector rules by specificity (CSS Selectors 4 §17): a type alone (`v`, `i`)
        // under the class styles, `c.a`, `v[voice="Bob"]`, `.a.b` over them.
        let matched = cascade.selectors(matching: e)
        func apply(_ n: NamedStyle) {
          es = es.merged(with: n.style)
          if isVisual(n.style), let src = n.legibilitySource { child.origin = (n.id, src) }
        }
        for (selector, n) in matched where selector.specificity < (0, 1, 0) { apply(n) }
        for cls in e.classes {
          let s = cascade.resolve(cls)
          es = es.merged(with: s)
          if isVisual(s), let src = cascade.source(cls) { child.origin = ("style \"\(cls)\"", src) }
        }
        for (selector, n) in matched where selector.specificity >= (0, 1, 0) { apply(n) }
        if let inline = e.style {
          es = es.merged(with: inline)
          if isVisual(inline) { child.origin = nil }  // inline styles are located at the cue
        }
        if case .bold = e.kind { es.fontWeight = .bold }
        if isVisual(es) { child.authored = true }
        if let fs = es.fontSize { child.fontSize = StyleGeometry.fontSize(fs, parent: ctx.fontSize, rows: rows) }
        if let o = es.opacity { child.opacity *= max(0, min(1, o)) }
        if let bg = es.backgroundColor, bg.alpha > 0 {
          child.boxes.append(Paint(RGB(bg), opacity: bg.opacity * child.opacity))
        }
        es.backgroundColor = nil  // not inherited (TTML), drawn once as a box (CSS)
        child.style = ctx.style.merged(with: es)
        collect(e.children, child, &cascade, rows: rows, into: &runs, seen: &seen)
      }
    }
  }

  static func run(_ ctx: Context, rows: Double) -> Run {
    let color = ctx.style.color ?? .white
    let (type, edge, width, blur) = StyleGeometry.edge(ctx.style, text: color, fontSize: ctx.fontSize, rows: rows)
    return Run(
      text: Paint(RGB(color), opacity: color.opacity * ctx.opacity), boxes: ctx.boxes, edgeType: type,
      edge: Paint(edge.color, opacity: edge.opacity * ctx.opacity), edgeWidth: width, edgeBlur: blur, fontSize: ctx.fontSize,
      bold: ctx.style.fontWeight == .bold)
  }

  static func evaluate(_ run: Run, validation: StyleProfile.Validation, bareVideoSeverity: Severity) -> [Diagnostic] {
    // The smallest viewing context decides the size class and whether the outline is 1 px.
    let smallest = validation.viewingContexts.min { $0.pictureHeightDegrees < $1.pictureHeightDegrees }
    var stack = LayerStack(text: run.text, edgeType: run.edgeType, edge: run.edge, edgeWidth: run.edgeWidth)
    stack.edgeBlur = run.edgeBlur
    stack.edgeWidthPixels = smallest.map { run.edgeWidth * $0.referencePixels(rh: run.fontSize) }
    if let top = run.boxes.last {
      stack.background = top
      stack.underlays = Array(run.boxes.dropLast())
    }
    let worst = WorstCaseEngine.evaluate(stack, spaces: validation.compositing)
    // Size class from the smallest viewing context.
    let weight = run.bold ? 700 : 400
    let sizeClass: SizeClass =
      switch validation.textSizeClass {
      case .normal: .normal
      case .large: .large
      case .auto: smallest?.sizeClass(rh: run.fontSize, fontWeight: weight) ?? .normal
      }
    let t = validation.target == .aaa ? sizeClass.minimumAAA : sizeClass.minimumAA
    let level = validation.target == .aaa ? "AAA" : "AA"
    let why = "\(sizeClass.rawValue) text" + (smallest.map { " in \($0.id)" } ?? "")
    let opaqueBox = run.boxes.last { $0.opacity >= 1 }
    let text = "text \(run.text)"
    let boxes = run.boxes.isEmpty ? "no background" : "background " + run.boxes.map(\.description).joined(separator: " under ")
    let edge = stack.outlineQualifies ? ", outline \(NumberFormat.plain((run.edgeWidth * 1000).rounded() / 1000)) em" : ""
    var out: [Diagnostic] = []
    let failing = worst.filter { $0.ratio < t }
    if !worst.isEmpty && failing.count == worst.count {
      if opaqueBox != nil {
        let r = worst.map(\.ratio).min() ?? 1
        out.append(
          Diagnostic(
            code: "style.contrast.text-over-background", severity: .error,
            message: "\(text) on \(boxes)\(edge): contrast \(NumberFormat.ratio(r, threshold: t)) < \(NumberFormat.plain(t)):1 (WCAG \(level), \(why))"))
      } else {
        let bare = run.boxes.allSatisfy { $0.opacity <= 0 } && !stack.outlineQualifies
        out.append(
          Diagnostic(
            code: "style.contrast.worst-case-video", severity: bare ? bareVideoSeverity : .error,
            message: "\(text) on \(boxes)\(edge): worst-case contrast over video \(ProfileAnalysis.ratios(worst, threshold: t)) < \(NumberFormat.plain(t)):1 (WCAG \(level), \(why))"))
      }
    } else if !failing.isEmpty {
      let pass = worst.filter { $0.ratio >= t }
      out.append(
        Diagnostic(
          code: "style.contrast.blend-space-dependent", severity: .warning,
          message: "\(text) on \(boxes)\(edge): worst-case contrast over video \(ProfileAnalysis.ratios(worst, threshold: t)); passes \(NumberFormat.plain(t)):1 only with \(pass.map { $0.blendSpace.description }.joined(separator: ", "))"))
    }
    let lcMin = validation.apcaMinimumLc
    if out.isEmpty, let lc = worst.map(\.apca).min(), lc < lcMin {
      out.append(
        Diagnostic(
          code: "style.contrast.apca", severity: .info,
          message: "\(text) on \(boxes)\(edge): worst-case APCA |Lc| \(ProfileAnalysis.lcs(worst)) < \(NumberFormat.plain(lcMin)) (advisory)"))
    }
    if stack.haloRefusal == .blurred {
      let w = NumberFormat.plain((run.edgeWidth * 1000).rounded() / 1000)
      let b = NumberFormat.plain((run.edgeBlur * 1000).rounded() / 1000)
      out.append(
        Diagnostic(
          code: "style.edge.outline-blurred", severity: .info,
          message: "\(text): outline blur \(b) em is more than its width \(w) em: not a solid surround (WCAG G18), so it earns no halo credit"))
    }
    if stack.haloRefusal == .underOnePixel, let px = stack.edgeWidthPixels, let c = smallest {
      out.append(
        Diagnostic(
          code: "style.edge.outline-too-thin", severity: .info,
          message: "\(text): outline is \(NumberFormat.fixed(px, 2)) px in \(c.id), under 1 px (WCAG G18), so it earns no halo credit"))
    }
    return out
  }
}
