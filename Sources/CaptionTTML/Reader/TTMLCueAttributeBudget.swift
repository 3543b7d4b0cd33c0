import CaptionCore

/// Bounds the text a TTML cue carries besides its content (`ReadLimits.maxCueAttributeText`).
///
/// TTML states a value once and applies it to many cues: a `div`'s styles, `style` references,
/// `xml:lang`, `ttm:agent` and `ck:disable` lists are inherited by every `p` in it, and a
/// `<style>`, `<region>` or agent name applies to every element that names it. The model keeps
/// them on each cue, and each writer writes them for each cue, so a 1 MB `ttm:role` on a `div`
/// of 22,000 `p`s became 22 GB of JSON. Each style, region, `body`, `div` or `set`, and each
/// cue, keeps at most `limit` bytes of such text (UTF-8; style property names count with their
/// values, a name in a list (a reference, a font family) its length and `itemBytes`, a text
/// shadow `shadowBytes`, a lint directive the comment it becomes); what does not fit is
/// dropped, taken in a fixed order (language, agent, font families, text shadows, other style
/// properties by name, references, directives), and reported once per document.
struct TTMLCueAttributeBudget {
  /// The most bytes one style, region, context or cue carries.
  let limit: Int
  /// What has been reported as dropped, so that each is reported once.
  private var reported: Set<String> = []

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// What one text shadow counts (about its length as written).
  static let shadowBytes = 24

  /// What each name in a list counts besides its length: a writer repeats the separator and
  /// more (quotes, a comma and a line's indent in JSON), so that a list of short names is not
  /// nearly free.
  static let itemBytes = 8

  /// What a `ck:disable` list counts: the comment it becomes before each cue
  /// (`captionkit-disable RULES`), so that empty ones are not nearly free.
  static func size(_ d: TTMLReader.LintDirective) -> Int {
    20 + d.rules.utf8.count
  }

  /// The bytes of text `style` holds: font family names, text shadows, `ebutts:multiRowAlign`,
  /// and the names and values of the properties the model keeps as text (`TextStyle.other`).
  static func size(_ style: TextStyle) -> Int {
    var n = style.multiRowAlign?.utf8.count ?? 0
    if let f = style.fontFamily { n += size(f) }
    if let s = style.textShadow { n += s.count * shadowBytes }
    for (k, v) in style.other { n += k.utf8.count + v.utf8.count }
    return n
  }

  /// The bytes a list of names counts.
  static func size(_ names: [String]) -> Int {
    names.reduce(0) { $0 + $1.utf8.count + itemBytes }
  }

  /// The longest prefix of `names` within `bytes`: a list longer than the limit is cut before
  /// any quadratic work on it.
  static func prefix(_ names: [String], within bytes: Int) -> ArraySlice<String> {
    var n = 0
    for (i, s) in names.enumerated() {
      n += s.utf8.count + itemBytes
      if n > bytes { return names[..<i] }
    }
    return names[...]
  }

  /// `ancestors` then those of `own` not among them, cut to the limit (a cue's `styleRefs`).
  func carriedReferences(ancestors: [String], own: [String]) -> [String] {
    if own.isEmpty { return ancestors }
    let own = TTMLCueAttributeBudget.prefix(own, within: limit)
    if ancestors.isEmpty { return Array(own) }
    // Both lists are short in real files; a set keeps long ones linear.
    if ancestors.count * own.count <= 256 { return ancestors.filter { !own.contains($0) } + own }
    let ownSet = Set(own)
    return ancestors.filter { !ownSet.contains($0) } + own
  }

  /// `refs` appended to `list`, leaving out those already in it, cut to the limit.
  func appending(_ refs: [String], to list: [String]) -> [String] {
    var out = list
    var seen: Set<String>? = list.count + refs.count > 16 ? Set(list) : nil
    var bytes = TTMLCueAttributeBudget.size(list)
    for r in refs {
      if let s = seen {
        if s.contains(r) { continue }
        seen!.insert(r)
      } else if out.contains(r) {
        continue
      }
      bytes += r.utf8.count + TTMLCueAttributeBudget.itemBytes
      // The rest is reported by `bound`, which the caller runs next.
      if bytes > limit { return out + [r] }
      out.append(r)
    }
    return out
  }

  /// Keeps a `<style>`'s or a region's properties and references within the limit.
  mutating func bound(style: inout TextStyle, refs: inout [String], at location: SourceLocation, sink: inout DiagnosticSink) {
    var lang: String?, agent: String?, directives: [TTMLReader.LintDirective] = []
    bound(style: &style, refs: &refs, lang: &lang, agent: &agent, directives: &directives, at: location, sink: &sink)
  }

  /// Keeps what one context or cue carries within the limit, dropping what does not fit.
  mutating func bound(
    style: inout TextStyle, refs: inout [String], lang: inout String?, agent: inout String?,
    directives: inout [TTMLReader.LintDirective], at location: SourceLocation, sink: inout DiagnosticSink
  ) {
    let directiveBytes = directives.reduce(0) { $0 + TTMLCueAttributeBudget.size($1) }
    let total = TTMLCueAttributeBudget.size(style) + TTMLCueAttributeBudget.size(refs) + (lang?.utf8.count ?? 0)
      + (agent?.utf8.count ?? 0) + directiveBytes
    guard total > limit else { return }
    var left = limit
    // Takes `bytes` from what is left, or reports `name` as dropped.
    func keeps(_ name: String, _ bytes: Int, _ sink: inout DiagnosticSink) -> Bool {
      if bytes <= left {
        left -= bytes
        return true
      }
      report(name, bytes, at: location, sink: &sink)
      return false
    }
    if let l = lang, !keeps("xml:lang", l.utf8.count, &sink) { lang = nil }
    if let a = agent, !keeps("ttm:agent", a.utf8.count, &sink) { agent = nil }
    if let f = style.fontFamily, !keeps("tts:fontFamily", TTMLCueAttributeBudget.size(f), &sink) { style.fontFamily = nil }
    if let s = style.textShadow, !keeps("tts:textShadow", s.count * TTMLCueAttributeBudget.shadowBytes, &sink) { style.textShadow = nil }
    if let m = style.multiRowAlign, !keeps("ebutts:multiRowAlign", m.utf8.count, &sink) { style.multiRowAlign = nil }
    for k in style.other.keys.sorted() where !keeps(k, k.utf8.count + style.other[k]!.utf8.count, &sink) {
      style.other[k] = nil
    }
    let keptRefs = TTMLCueAttributeBudget.prefix(refs, within: left)
    if keptRefs.count < refs.count {
      report("style", TTMLCueAttributeBudget.size(refs), at: location, sink: &sink)
      refs = Array(keptRefs)
    }
    left -= TTMLCueAttributeBudget.size(refs)
    var kept = 0
    while kept < directives.count, TTMLCueAttributeBudget.size(directives[kept]) <= left {
      left -= TTMLCueAttributeBudget.size(directives[kept])
      kept += 1
    }
    if kept < directives.count {
      report("ck:disable", directiveBytes, at: location, sink: &sink)
      directives.removeLast(directives.count - kept)
    }
  }

  /// `ttml.content.cue-attributes-too-long`, once per dropped name; `instead` says what is done
  /// when the value is not simply dropped.
  mutating func report(_ name: String, _ bytes: Int, at location: SourceLocation, sink: inout DiagnosticSink, instead: String? = nil) {
    guard reported.insert(name).inserted else { return }
    sink.report(
      "ttml.content.cue-attributes-too-long", .error,
      "\(name) (\(bytes) bytes) is \(instead ?? "dropped"): a style, region or cue carries at most \(limit) bytes of style, reference, language, agent and ck:disable text, as each cue it applies to repeats it; \(instead == nil ? "it is dropped here and wherever else it does not fit" : "each cue would repeat it") (raise the limit with --max-cue-attribute-text)",
      at: location)
  }
}
