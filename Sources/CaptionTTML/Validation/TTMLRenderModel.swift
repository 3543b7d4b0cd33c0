import CaptionCore

/// The IMSC Hypothetical Render Model (W3C IMSC-HRM Recommendation, 2024): whether a player
/// can paint each intermediate synchronic document (ISD) of an IMSC Text Profile document in
/// the time it has.
///
/// The document is taken as the sequence of ISDs at its significant times. For each non-empty
/// ISD (one with a presented region) painting takes `DUR = S / BDraw + DUR_T` seconds (§Algorithm):
///
/// - `S = CLEAR + PAINT`: clearing the root container (1), plus for each presented region its
///   normalised area (its share of the root container) times `NBG`, the number of region, body,
///   div, p and span elements in it with a non-transparent background (§Paint Regions);
/// - `DUR_T`: each character is a glyph (the character with its colour, font family, size,
///   style, weight, decoration, outline and shadow) of normalised area `NRGA = (font size /
///   root height)²`, rendered at `Ren` (0.6 s⁻¹ for Han, Hiragana, Katakana, Bopomofo and
///   Hangul, otherwise 1.2) or, when the glyph cache holds it (from the ISD before, or earlier in
///   this one), copied at `GCpy` (12 s⁻¹ for Latin, Greek, Cyrillic, Hebrew and Common, otherwise
///   3) (§Paint Text).
///
/// Painting starts at the previous non-empty ISD's time when that is less than `IPD` (1 s) earlier,
/// otherwise `IPD` before the ISD, and must end by the ISD's time: `ttml.hrm.paint-time`.
/// The distinct glyphs of one ISD must fit the glyph cache, `NGBS = 1` (their `NRGA` summed):
/// `ttml.hrm.glyph-cache`. An empty ISD costs nothing, but a glyph cache that is not in use
/// while one is presented is emptied.
///
/// Inputs are what the TTML reader computed: the styled runs (text with computed style,
/// region and background owners) and the significant times.
struct TTMLRenderModel {
  /// What the model needs of a region.
  struct RegionInfo {
    /// Share of the root container's area, 0…1.
    var normalizedSize: Double
    /// Whether its computed background colour is not transparent.
    var paintsBackground: Bool
    /// `tts:showBackground="always"` (the default).
    var showsBackgroundAlways: Bool
    /// `tts:opacity` 0, `tts:display="none"` or `tts:visibility="hidden"`.
    var hidden: Bool
    /// When the region is active (its `begin`, `end`, `dur`); nil for always.
    var active: (begin: CaptionTime, end: CaptionTime?)? = nil

    func isActive(at t: CaptionTime) -> Bool {
      guard let a = active else { return true }
      return a.begin <= t && (a.end.map { t < $0 } ?? true)
    }
  }

  /// The style part of a glyph as the model tells glyphs apart (§Paint Text); a glyph is a
  /// character with one of these, numbered per document so that a glyph is one integer.
  struct GlyphStyle: Hashable {
    var color: Color?
    var fontFamily: [String]?
    var fontSize: Length?
    var fontStyle: TextStyle.FontStyle?
    var fontWeight: TextStyle.FontWeight?
    var textDecoration: TextStyle.TextDecoration?
    var textOutline: TextStyle.TextOutline?
    var textShadow: [TextStyle.TextShadow]?
  }

  /// Initial painting delay (IPD), seconds: the most time painting can start ahead.
  static let ipd = 1.0
  /// Background drawing rate (BDraw), root containers per second.
  static let bDraw = 12.0
  /// Glyph cache size (NGBS), in root-height squares.
  static let ngbs = 1.0
  /// Steps (cues walked and characters visited, over all presentations) after which the model
  /// stops with `ttml.hrm.not-checked`: bounds the work on hostile documents (many long cues
  /// overlapping many changes).
  static let maxSteps = 20_000_000
  /// Diagnostics reported at most per kind; the rest are counted in the last one.
  static let maxReports = 20

  var diagnostics: [Diagnostic] = []

  /// Runs the model. `regions` is keyed by region identifier (`""` for the default region of a
  /// document that defines none); a run whose region is not there is not presented.
  /// `fontFraction` gives a run's font size as a fraction of the root container height (nil
  /// when the units do not allow, and then the glyph is not counted).
  mutating func run(
    cues: [Cue], runs: [TTMLStyledRun], times: [CaptionTime], regions: [String: RegionInfo],
    fontFraction: (TextStyle) -> Double?, at location: SourceLocation?
  ) {
    // Runs by cue, in document order; cues are sorted by start.
    var runsOfCue = [[Int]](repeating: [], count: cues.count)
    for (k, r) in runs.enumerated() where r.cueIndex < cues.count { runsOfCue[r.cueIndex].append(k) }
    var cache = Set<UInt64>()
    // Glyph styles numbered once per run, not hashed per character: a glyph is (style << 32 | scalar).
    var styleNumbers: [GlyphStyle: UInt64] = [:]
    var runStyle = [UInt64](repeating: 0, count: runs.count)
    for (k, r) in runs.enumerated() {
      let key = GlyphStyle(
        color: r.style.color, fontFamily: r.style.fontFamily, fontSize: r.style.fontSize, fontStyle: r.style.fontStyle,
        fontWeight: r.style.fontWeight, textDecoration: r.style.textDecoration, textOutline: r.style.textOutline,
        textShadow: r.style.textShadow)
      if let n = styleNumbers[key] {
        runStyle[k] = n
      } else {
        let n = UInt64(styleNumbers.count)
        styleNumbers[key] = n
        runStyle[k] = n
      }
    }
    // Regions by number; each run's region number once (-1: not presented).
    let regionIDs = Array(regions.keys).sorted()
    let regionList = regionIDs.map { regions[$0]! }
    var regionNumber: [String: Int] = [:]
    for (i, id) in regionIDs.enumerated() { regionNumber[id] = i }
    let runRegion = runs.map { r -> Int in
      guard let i = regionNumber[r.region ?? ""], !regionList[i].hidden else { return -1 }
      return i
    }
    let timedRegions = regionList.contains { $0.active != nil }
    var previousNonEmpty: Double?
    var emptySince: Double?  // time of the first empty ISD since the previous non-empty one
    var nextCue = 0
    var active: [Int] = []
    var visits = 0
    var paintTally = Tally(), cacheTally = Tally()
    // Per-presentation scratch, reused.
    var withText = [Bool](repeating: false, count: regionList.count)
    var backgrounds = [Set<Int>](repeating: [], count: regionList.count)
    var touched: [Int] = []
    var glyphs: [(glyph: UInt64, area: Double)] = []
    var used = Set<UInt64>()
    var firstShown: Int?
    for t in times {
      // The cues shown at `t`: started, not ended.
      while nextCue < cues.count, cues[nextCue].start <= t {
        active.append(nextCue)
        nextCue += 1
      }
      active.removeAll { cues[$0].end <= t }
      visits += active.count + regionList.count
      for i in touched {
        withText[i] = false
        backgrounds[i].removeAll(keepingCapacity: true)
      }
      touched.removeAll(keepingCapacity: true)
      glyphs.removeAll(keepingCapacity: true)
      firstShown = nil
      // Presented regions and what each paints.
      for c in active {  // all started, none ended
        for k in runsOfCue[c] {
          let region = runRegion[k]
          guard region >= 0, !timedRegions || regionList[region].isActive(at: t) else { continue }
          let r = runs[k]
          let text = Self.displayedText(r.text, first: k == runsOfCue[c].first, last: k == runsOfCue[c].last)
          guard !text.isEmpty else { continue }
          if firstShown == nil { firstShown = c }
          if !withText[region] {
            withText[region] = true
            touched.append(region)
          }
          visits += r.backgroundOwners.count
          for o in r.backgroundOwners where o != TTMLStyledRun.regionOwner { backgrounds[region].insert(o) }
          guard let f = fontFraction(r.style) else { continue }
          let style = runStyle[k] << 32
          for s in text.unicodeScalars {
            visits += 1
            glyphs.append((style | UInt64(s.value), f * f))
          }
        }
      }
      guard visits <= Self.maxSteps else {
        diagnostics.append(Diagnostic(
          code: "ttml.hrm.not-checked", severity: .info,
          message: "IMSC-HRM: checked up to \(Self.format(t.seconds)) s only; modelling the rest would take more than \(Self.maxSteps) steps (cues shown at once, and their characters, at each change)",
          location: location))
        break
      }
      var paint = 0.0
      var presented = 0
      for (i, info) in regionList.enumerated() where !info.hidden && info.isActive(at: t) {
        guard withText[i] || (info.showsBackgroundAlways && info.paintsBackground) else { continue }
        presented += 1
        let nbg = (info.paintsBackground ? 1 : 0) + backgrounds[i].count
        paint += info.normalizedSize * Double(nbg)
      }
      let seconds = t.seconds
      guard presented > 0 else {
        if emptySince == nil { emptySince = seconds }
        continue
      }
      // When painting starts; a glyph cache not in use while an empty ISD is presented is purged.
      let start = previousNonEmpty.map { seconds - $0 < Self.ipd ? $0 : seconds - Self.ipd } ?? seconds - Self.ipd
      if let e = emptySince, e <= start { cache.removeAll() }
      used.removeAll(keepingCapacity: true)
      var rendered = 0, copied = 0, textTime = 0.0, cacheArea = 0.0
      for (g, area) in glyphs {
        let scalar = UInt32(truncatingIfNeeded: g)
        if used.contains(g) || cache.contains(g) {
          copied += 1
          textTime += area / Self.gCpy(scalar)
        } else {
          rendered += 1
          textTime += area / Self.ren(scalar)
        }
        if used.insert(g).inserted { cacheArea += area }
      }
      let backgroundTime = (1 + paint) / Self.bDraw
      let duration = backgroundTime + textTime
      let available = seconds - start
      let loc = firstShown.flatMap { cues[$0].source } ?? location
      if duration > available + 1e-9 {
        report("ttml.hrm.paint-time", at: loc, &paintTally,
          "IMSC-HRM: the presentation at \(Self.format(seconds)) s takes \(Self.format(duration)) s to paint (clearing and backgrounds \(Self.format(backgroundTime)) s; text \(Self.format(textTime)) s: \(rendered) glyph(s) rendered, \(copied) copied) but \(Self.format(available)) s are available")
      }
      if cacheArea > Self.ngbs + 1e-9 {
        report("ttml.hrm.glyph-cache", at: loc, &cacheTally,
          "IMSC-HRM: the \(used.count) distinct glyphs shown at \(Self.format(seconds)) s need \(Self.format(cacheArea)) of the glyph cache, whose size (NGBS) is 1")
      }
      swap(&cache, &used)
      previousNonEmpty = seconds
      emptySince = nil
    }
    if paintTally.total > paintTally.listed {
      diagnostics.append(Diagnostic(code: "ttml.hrm.paint-time", severity: .error, message: "IMSC-HRM: \(paintTally.total - paintTally.listed) more presentation(s) take longer to paint than they have", location: location))
    }
    if cacheTally.total > cacheTally.listed {
      diagnostics.append(Diagnostic(code: "ttml.hrm.glyph-cache", severity: .error, message: "IMSC-HRM: \(cacheTally.total - cacheTally.listed) more presentation(s) overrun the glyph cache", location: location))
    }
  }

  /// Findings of one kind: the first `maxReports` are listed, the rest only counted.
  struct Tally {
    var listed = 0, total = 0
  }

  /// Lists an error of `code` unless `tally` is full, and counts it either way.
  mutating func report(_ code: String, at location: SourceLocation?, _ tally: inout Tally, _ message: @autoclosure () -> String) {
    tally.total += 1
    guard tally.listed < Self.maxReports else { return }
    tally.listed += 1
    diagnostics.append(Diagnostic(code: code, severity: .error, message: message(), location: location))
  }

  /// A run's text as shown: collapsed white space at the start of a cue's first run and at the
  /// end of its last run is not painted.
  static func displayedText(_ s: String, first: Bool, last: Bool) -> Substring {
    var t = Substring(s)
    if first { t = t.drop { $0 == " " } }
    if last { while t.last == " " { t = t.dropLast() } }
    return t
  }

  static func format(_ v: Double) -> String {
    // Absurd font sizes make absurd times: clamped, so the conversion to Int cannot trap.
    let v = v.isFinite ? min(max(v, -1e12), 1e12) : (v.isNaN ? 0 : (v > 0 ? 1e12 : -1e12))
    let ms = (v * 1000).rounded()
    let whole = Int(ms) / 1000, frac = abs(Int(ms) % 1000)
    let f = String(frac)
    return "\(v < 0 && whole == 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 3 - f.count))\(f)"
  }

  /// `Ren(g)`: slower for the scripts whose glyphs are complex (§Paint Text).
  static func ren(_ v: UInt32) -> Double {
    TTMLScript.of(v).rendersSlowly ? 0.6 : 1.2
  }

  /// `GCpy(g)`: faster for the scripts where a character is a glyph (§Paint Text).
  static func gCpy(_ v: UInt32) -> Double {
    TTMLScript.of(v).copiesFast ? 12 : 3
  }
}
