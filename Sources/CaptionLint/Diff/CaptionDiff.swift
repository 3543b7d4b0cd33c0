import CaptionCore

/// A semantic, cue-level comparison of two caption documents in any formats: which cues were
/// added or removed, and for cues present in both, differences in timing (beyond a tolerance),
/// text, style and position.
///
/// Cues are aligned by their text (Myers diff over whitespace-normalised plain text, so
/// inserting one cue does not misalign the rest); between aligned anchors, leftover cues are
/// paired when their times overlap (a text edit) and otherwise reported as removed and added.
public enum CaptionDiff {
  /// What to compare.
  public struct Options: Sendable, Hashable {
    /// Largest start or end difference that still counts as equal. Default 0 (exact).
    public var tolerance: CaptionTime
    public var compareTiming: Bool
    public var compareText: Bool
    public var compareStyle: Bool
    public var comparePosition: Bool

    public init(tolerance: CaptionTime = .zero, compareTiming: Bool = true, compareText: Bool = true, compareStyle: Bool = true, comparePosition: Bool = true) {
      self.tolerance = tolerance
      self.compareTiming = compareTiming
      self.compareText = compareText
      self.compareStyle = compareStyle
      self.comparePosition = comparePosition
    }
  }

  /// One difference.
  public struct Difference: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, Codable {
      case added, removed, timing, text, style, position
    }
    public var kind: Kind
    /// The 0-based cue index in the first document, if the cue is there.
    public var indexA: Int?
    /// The 0-based cue index in the second document, if the cue is there.
    public var indexB: Int?
    /// What differs, for people: `start 0:00:04.500 → 0:00:04.700 (+200 ms)`.
    public var detail: String

    public var description: String {
      let a = indexA.map { "\($0 + 1)" } ?? "–", b = indexB.map { "\($0 + 1)" } ?? "–"
      let mark: String
      switch kind {
      case .added: mark = "+"
      case .removed: mark = "-"
      default: mark = "~"
      }
      return "\(mark) cue \(a) → \(b) \(kind.rawValue): \(detail)"
    }
  }

  /// Compares two documents.
  ///
  /// - Returns: the differences, in the order of the first document (added cues where they fall).
  public static func compare(_ a: CaptionDocument, _ b: CaptionDocument, options: Options = Options()) -> [Difference] {
    let textA = a.cues.map { normalized($0.plainText) }, textB = b.cues.map { normalized($0.plainText) }
    // Compared in presentation order (start, end, then text), so two files that list the same
    // cues in another order (cues that start together, or a file out of order) agree.
    func order(_ d: CaptionDocument, _ text: [String]) -> [Int] {
      d.cues.indices.sorted { i, j in
        let x = d.cues[i], y = d.cues[j]
        if x.start != y.start { return x.start < y.start }
        if x.end != y.end { return x.end < y.end }
        if text[i] != text[j] { return text[i] < text[j] }
        return i < j
      }
    }
    let orderA = order(a, textA), orderB = order(b, textB)
    let ops = UnifiedDiff.script(orderA.map { textA[$0] }, orderB.map { textB[$0] }).map { op in
      var op = op
      if op.kind != .insert { op.aIndex = orderA[op.aIndex] }
      if op.kind != .delete { op.bIndex = orderB[op.bIndex] }
      return op
    }
    var out: [Difference] = []
    var pendingA: [Int] = [], pendingB: [Int] = []
    var lookA = CueAppearance.Document(a), lookB = CueAppearance.Document(b)

    func flush() {
      // Pair leftovers whose times overlap, in order: each removed cue with the earliest-starting
      // unused added cue that overlaps it; the rest are removed / added. The added cues are
      // searched by start (binary search on the latest end so far), not scanned from the first.
      var usedB = Set<Int>()
      let candidates = IntervalIndex(pendingB.map { (b.cues[$0].start, b.cues[$0].end) })
      var taken = IntervalIndex.Taken(count: pendingB.count)
      for i in pendingA {
        let ca = a.cues[i]
        if let c = candidates.take(overlapping: ca.start, ca.end, countingSameStart: false, taken: &taken) {
          let j = pendingB[c]
          usedB.insert(j)
          out += compareCue(a, i, b, j, options, &lookA, &lookB)
        } else {
          out.append(Difference(kind: .removed, indexA: i, indexB: nil, detail: "\(span(ca)) \"\(quoted(ca.plainText))\""))
        }
      }
      for j in pendingB where !usedB.contains(j) {
        out.append(Difference(kind: .added, indexA: nil, indexB: j, detail: "\(span(b.cues[j])) \"\(quoted(b.cues[j].plainText))\""))
      }
      pendingA.removeAll()
      pendingB.removeAll()
    }

    for op in ops {
      switch op.kind {
      case .same:
        flush()
        out += compareCue(a, op.aIndex, b, op.bIndex, options, &lookA, &lookB)
      case .delete: pendingA.append(op.aIndex)
      case .insert: pendingB.append(op.bIndex)
      }
    }
    flush()
    if !options.compareText {
      // Without text comparison, added/removed pairs at the same times are not differences.
      out = out.filter { $0.kind != .text }
    }
    return out
  }

  static func compareCue(
    _ a: CaptionDocument, _ i: Int, _ b: CaptionDocument, _ j: Int, _ options: Options,
    _ lookA: inout CueAppearance.Document, _ lookB: inout CueAppearance.Document
  ) -> [Difference] {
    let x = a.cues[i], y = b.cues[j]
    var out: [Difference] = []
    if options.compareTiming {
      var parts: [String] = []
      if exceeds(x.start, y.start, options.tolerance) { parts.append("start \(x.start) → \(y.start) (\(delta(y.start - x.start)))") }
      if exceeds(x.end, y.end, options.tolerance) { parts.append("end \(x.end) → \(y.end) (\(delta(y.end - x.end)))") }
      if !parts.isEmpty { out.append(Difference(kind: .timing, indexA: i, indexB: j, detail: parts.joined(separator: ", "))) }
    }
    let tx = normalized(x.plainText), ty = normalized(y.plainText)
    if options.compareText && tx != ty {
      out.append(Difference(kind: .text, indexA: i, indexB: j, detail: "\"\(quoted(x.plainText))\" → \"\(quoted(y.plainText))\""))
    }
    // Style and position as a viewer sees them (`CueAppearance`, `CuePlacement`), not as
    // written: an SRT file and its TTML or WebVTT conversion look the same.
    if options.compareStyle, tx == ty {
      if let what = CueAppearance(x, in: &lookA).firstDifference(from: CueAppearance(y, in: &lookB)) {
        out.append(Difference(kind: .style, indexA: i, indexB: j, detail: what))
      }
    }
    if options.comparePosition && CuePlacement(x.settings) != CuePlacement(y.settings) {
      out.append(Difference(kind: .position, indexA: i, indexB: j, detail: "\(settingsSummary(x.settings)) → \(settingsSummary(y.settings))"))
    }
    return out
  }

  static func exceeds(_ p: CaptionTime, _ q: CaptionTime, _ tol: CaptionTime) -> Bool {
    let d = p > q ? p - q : q - p
    return d > tol
  }

  static func delta(_ d: CaptionTime) -> String {
    let ms = d.roundedMilliseconds
    return (ms >= 0 ? "+" : "") + "\(ms) ms"
  }

  static func span(_ c: Cue) -> String { "[\(c.start) → \(c.end)]" }

  static func normalized(_ s: String) -> String {
    s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  static func quoted(_ s: String) -> String {
    let flat = s.replacingNewlines
    return flat.count > 60 ? String(flat.prefix(57)) + "..." : flat
  }

  static func settingsSummary(_ s: CueSettings) -> String {
    var parts: [String] = []
    if case .value(let v) = s.line { parts.append("line \(v)\(s.snapToLines ? "" : "%")") }
    if let p = s.position { parts.append("position \(p)%") }
    if s.align != .center { parts.append("align \(s.align.rawValue)") }
    if s.size != 100 { parts.append("size \(s.size)%") }
    if s.vertical != .horizontal { parts.append("vertical \(s.vertical.rawValue)") }
    if let r = s.region { parts.append("region \(r)") }
    return parts.isEmpty ? "default position" : parts.joined(separator: ", ")
  }
}

extension String {
  /// Line breaks (LF, CR and CRLF: the scalars, since CRLF is one `Character`) as ` / `, and
  /// other control characters escaped, so a cue's text stays on its report line.
  var replacingNewlines: String {
    var out = String.UnicodeScalarView()
    var previousCR = false
    for scalar in unicodeScalars {
      if scalar == "\n", previousCR {
        previousCR = false
        continue
      }
      previousCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" { out.append(contentsOf: " / ".unicodeScalars) } else { out.append(scalar) }
    }
    return ControlCharacterEscaping.escaped(String(out))
  }
}
