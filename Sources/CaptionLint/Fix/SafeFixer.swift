import CaptionCore

/// Fixes that cannot change what a caption says or when: removing empty cues, trimming
/// whitespace at the ends of lines, and (optionally) ending a cue where the next one in the
/// same position starts. Timestamp and line-ending normalisation and the closing of unbalanced
/// tags come from writing the document back with its format's writer (the model's cue text is a
/// tree, so written tags always balance); `captionkit fix` does that and then re-reads the
/// result to prove nothing else changed.
public enum SafeFixer {
  /// Which fixes to apply.
  public struct Options: Sendable, Hashable {
    /// Remove cues with no visible text. Default on.
    public var removeEmptyCues: Bool
    /// Trim whitespace at the start and end of each line, and blank lines at the start and end
    /// of a cue. Default on.
    public var trimWhitespace: Bool
    /// End a cue where a later cue in the same position starts, when they overlap. Default off
    /// (it shortens a cue, which is a judgement call).
    public var trimOverlaps: Bool

    public init(removeEmptyCues: Bool = true, trimWhitespace: Bool = true, trimOverlaps: Bool = false) {
      self.removeEmptyCues = removeEmptyCues
      self.trimWhitespace = trimWhitespace
      self.trimOverlaps = trimOverlaps
    }
  }

  /// One applied fix.
  public struct Change: Sendable, Hashable, CustomStringConvertible {
    /// `empty-cue-removed`, `whitespace-trimmed`, `overlap-trimmed`.
    public var kind: String
    /// The 0-based index of the cue in the original document.
    public var cueIndex: Int
    /// What was done, for people.
    public var message: String

    public var description: String { message }
  }

  /// Reader diagnostic codes (suffixes after the format prefix) whose problem writing the file
  /// back repairs without changing meaning: tag balance, timestamp spelling, spacing, line
  /// endings, SRT numbering, empty cues.
  public static let repairableReaderCodes: [String] = [
    "cuetext.unclosed-tag", "cuetext.mismatched-end-tag", "tag.unclosed", "tag.unmatched-close", "tag.misnested",
    "timing.spacing", "timing.arrow", "timing.arrow-spacing", "timing.whitespace", "timing.period-separator", "timing.bad-separator",
    "timing.missing-leading-zero", "timing.missing-hours", "timing.missing-milliseconds", "timing.fraction-digits",
    "timestamp.fraction-digits", "timestamp.hours-digits", "timestamp.field-digits",
    "line.mixed-endings", "line.whitespace-only", "block.whitespace-line",
    "index.missing", "index.out-of-sequence", "index.duplicate", "index.whitespace", "index.byte-order-mark", "index.separated",
    "cue.empty", "cue.empty-text",
    // The fix is written as UTF-8: a WebVTT file in UTF-16 or a legacy code page (read with a
    // byte-order mark or --encoding, never a guess) is repaired by the rewrite.
    "file.not-utf8",
  ]

  /// Reader diagnostics that writing the file back repairs (`repairableReaderCodes`), at any
  /// severity.
  public static func repairableDiagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.filter { d in repairableReaderCodes.contains { d.code.hasSuffix("." + $0) } }
  }

  /// Reader diagnostics that make an automatic rewrite unsafe: every warning or error that is
  /// not in `repairableReaderCodes` (the reader may have skipped or guessed at content, and
  /// writing the file back would make the guess permanent).
  public static func blockingDiagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.filter { d in
      d.severity >= .warning && !repairableReaderCodes.contains { d.code.hasSuffix("." + $0) }
    }
  }

  /// Applies the fixes.
  ///
  /// - Returns: the fixed document (comments re-anchored to the cues that remain) and each fix.
  public static func apply(_ document: CaptionDocument, options: Options = Options()) -> (document: CaptionDocument, changes: [Change]) {
    var doc = document
    var changes: [Change] = []
    if options.trimWhitespace {
      for i in doc.cues.indices {
        let trimmed = trimLines(doc.cues[i].content)
        if trimmed != doc.cues[i].content {
          doc.cues[i].content = trimmed
          changes.append(Change(kind: "whitespace-trimmed", cueIndex: i, message: "cue \(i + 1): trimmed whitespace"))
        }
      }
    }
    if options.trimOverlaps {
      let order = doc.cues.indices.sorted { (doc.cues[$0].start, $0) < (doc.cues[$1].start, $1) }
      for k in order.indices.dropLast() {
        let a = order[k], b = order[k + 1]
        let ca = doc.cues[a], cb = doc.cues[b]
        if ca.settings == cb.settings, ca.start < cb.start, ca.end > cb.start {
          doc.cues[a].end = cb.start
          changes.append(Change(kind: "overlap-trimmed", cueIndex: a, message: "cue \(a + 1): end moved from \(ca.end) to \(cb.start) so it no longer overlaps cue \(b + 1)"))
        }
      }
    }
    if options.removeEmptyCues {
      var keep: [Cue] = []
      var newIndex: [Int] = []  // old index → new index (position in keep at or after)
      var removed = Set<Int>()
      for (i, c) in doc.cues.enumerated() {
        newIndex.append(keep.count)
        if EmptyCueRule.isEmpty(c) {
          removed.insert(i)
          changes.append(Change(kind: "empty-cue-removed", cueIndex: i, message: "cue \(i + 1): removed (no visible text)"))
        } else {
          keep.append(c)
        }
      }
      // A removed cue's whitespace trim is no change of its own: dropped in one pass (one
      // `removeAll` per removed cue was quadratic, 18 s for 20,000 blank cues).
      if !removed.isEmpty { changes.removeAll { $0.kind == "whitespace-trimmed" && removed.contains($0.cueIndex) } }
      if keep.count != doc.cues.count {
        newIndex.append(keep.count)
        for j in doc.comments.indices {
          let old = doc.comments[j].beforeCue
          doc.comments[j].beforeCue = old >= 0 && old < newIndex.count ? newIndex[old] : keep.count
        }
        doc.cues = keep
      }
    }
    changes.sort { ($0.cueIndex, $0.kind) < ($1.cueIndex, $1.kind) }
    return (doc, changes)
  }

  /// Trims whitespace at both ends of every line of a node list, line breaks inside elements
  /// (`<i>one  \ntwo</i>`) included, drops leading and trailing line breaks (also inside the
  /// first and last element) and elements left with nothing in them. Inner whitespace and
  /// other markup are kept.
  static func trimLines(_ nodes: [CueNode]) -> [CueNode] {
    let lines = splitLines(dropEdgeBreaks(trimAroundInnerBreaks(nodes, depth: 0))).map { trimEnd(trimStart($0)) }
    // Lines left empty at either end go (the last one stays when all are: an empty cue).
    let first = lines.firstIndex { !$0.isEmpty } ?? lines.count - 1
    let last = max(first, lines.lastIndex { !$0.isEmpty } ?? first)
    return joinLines(lines[first...last])
  }

  /// The lines of a node list, split at its own line breaks (not those inside elements).
  static func splitLines(_ nodes: [CueNode]) -> [[CueNode]] {
    var lines: [[CueNode]] = [[]]
    for n in nodes {
      if case .lineBreak = n { lines.append([]) } else { lines[lines.count - 1].append(n) }
    }
    return lines
  }

  /// `lines` joined with line breaks.
  static func joinLines(_ lines: some Collection<[CueNode]>) -> [CueNode] {
    var out: [CueNode] = []
    for (k, line) in lines.enumerated() {
      if k > 0 { out.append(.lineBreak) }
      out.append(contentsOf: line)
    }
    return out
  }

  /// Trims the whitespace next to every line break inside an element (the element's own edges
  /// are trimmed with the line they are on).
  static func trimAroundInnerBreaks(_ nodes: [CueNode], depth: Int) -> [CueNode] {
    guard depth < 256 else { return nodes }
    return nodes.map { n in
      guard case .element(var e) = n else { return n }
      let lines = splitLines(trimAroundInnerBreaks(e.children, depth: depth + 1))
      e.children = joinLines(
        lines.enumerated().map { k, line in
          let l = k > 0 ? trimStart(line) : line
          return k < lines.count - 1 ? trimEnd(l) : l
        })
      return .element(e)
    }
  }

  /// `nodes` without line breaks before the first text and after the last, looking into the
  /// first and last elements; an element left empty goes too.
  static func dropEdgeBreaks(_ nodes: [CueNode]) -> [CueNode] {
    dropBreaks(dropBreaks(nodes, leading: true, depth: 0), leading: false, depth: 0)
  }

  /// One pass from the chosen edge: what is dropped is cut off at once (many empty lines or
  /// elements at an edge cost no more than one each).
  private static func dropBreaks(_ nodes: [CueNode], leading: Bool, depth: Int) -> [CueNode] {
    var ns = nodes
    var cut = 0
    var k = leading ? 0 : ns.count - 1
    scan: while k >= 0 && k < ns.count {
      switch ns[k] {
      case .lineBreak:
        cut += 1
      case .element(var e) where depth < 256 && !e.children.isEmpty:
        let kept = dropBreaks(e.children, leading: leading, depth: depth + 1)
        if !kept.isEmpty {
          e.children = kept
          ns[k] = .element(e)
          break scan
        }
        cut += 1
      default:
        break scan
      }
      k += leading ? 1 : -1
    }
    if leading { ns.removeFirst(cut) } else { ns.removeLast(cut) }
    return ns
  }

  static func trimStart(_ nodes: [CueNode]) -> [CueNode] { trimEdge(nodes, atEnd: false, depth: 0).nodes }

  static func trimEnd(_ nodes: [CueNode]) -> [CueNode] { trimEdge(nodes, atEnd: true, depth: 0).nodes }

  /// `nodes` without white space before the first text (`atEnd`: after the last), looking into
  /// elements, elements left empty dropped; and whether text was found (so the callers up the
  /// tree stop there). One pass, whatever the nesting.
  private static func trimEdge(_ nodes: [CueNode], atEnd: Bool, depth: Int) -> (nodes: [CueNode], foundText: Bool) {
    var out: [CueNode] = []
    out.reserveCapacity(nodes.count)
    var found = false
    for n in atEnd ? Array(nodes.reversed()) : nodes {
      if found {
        out.append(n)
        continue
      }
      switch n {
      case .text(let s):
        let t = atEnd ? s[..<(s.lastIndex { !$0.isWhitespace }.map { s.index(after: $0) } ?? s.startIndex)] : s.drop { $0.isWhitespace }
        if t.isEmpty { continue }
        out.append(.text(String(t)))
        found = true
      case .element(var e):
        guard depth < 256 else {
          out.append(n)
          found = true
          continue
        }
        let inner = trimEdge(e.children, atEnd: atEnd, depth: depth + 1)
        // An element left with nothing in it (`<i></i>`) shows nothing: it goes.
        if inner.nodes.isEmpty { continue }
        e.children = inner.nodes
        out.append(.element(e))
        found = inner.foundText
      case .timestamp, .lineBreak:
        out.append(n)
      }
    }
    return (atEnd ? out.reversed() : out, found)
  }
}
