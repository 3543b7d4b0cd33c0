import CaptionCore

/// Large files read in two halves at once, as SRT's are (`SubRipReader+Halves`): after the
/// header, the blocks from a cut near the middle are read on a side thread by a copy of the
/// reader, on the guess that nothing before the cut changes how they read.
///
/// The copy is taken after the first cue, so it knows the header and the STYLE and REGION blocks
/// (regions for `region:`; after a cue such blocks are out of place and ignored). Cues do not depend on the blocks before
/// them; of the diagnostics, duplicate identifiers and the start order do. The second half's
/// reading is kept when the first half's reader stopped at the cut after a cue, no identifier
/// is in both halves and no start of the second half is before the latest of the first; its
/// line numbers, cue numbers (diagnostics' "cue N:") and comments' places are then moved to
/// follow the first half's. Otherwise the first half's reader reads on into the second half,
/// exactly as one reader does. Either way the document and the diagnostics, in order and within
/// the limit, are what one reader gives.
extension WebVTTReader {
  /// What `runInHalves` did (for the tests).
  enum Halves {
    /// One reader read everything: a small input, or no place to cut.
    case notCut
    /// The second half was read on the side thread and kept.
    case kept
    /// The guess was wrong: the first half's reader read on.
    case readOn
  }

  /// Inputs from this size up (bytes of UTF-8) are read in halves.
  static let halvesMinimumSize = 1 << 20

  /// `run()`, in halves when the input is at least `minimumSize` bytes and has a place to cut
  /// after the header (`splitPoint`). Not for streaming reads (`onCue`, `onVerbatimCue`).
  @discardableResult
  mutating func runInHalves(minimumSize: Int = WebVTTReader.halvesMinimumSize) -> Halves {
    guard readHeader() else { return .notCut }
    // Up to the first cue: STYLE and REGION blocks come before it (after it they are ignored),
    // so what the second half needs of them is known from there on.
    while pos < n, !seenCue {
      collectBlock(inHeader: false)
      skipTerminators()
    }
    guard n >= minimumSize, onCue == nil, onVerbatimCue == nil, let cut = Self.splitPoint(p, near: max(pos, n / 2)), cut > pos else {
      readBlocks(upTo: n)
      finishDocument()
      return .notCut
    }
    var second = self
    second.startSecondHalf(at: cut)
    let side = SideThread(name: "captionkit-vtt-second-half") { [second] () -> WebVTTReader in
      var reader = second
      reader.readBlocks(upTo: reader.n)
      return reader
    }
    readBlocks(upTo: cut)
    var half = side.join()
    let guessHeld =
      pos == cut && seenCue && cueIDs.isDisjoint(with: half.cueIDs)
      && (previousStart.flatMap { latest in half.earliestStart.map { $0 >= latest } } ?? true)
    guard guessHeld else {
      readBlocks(upTo: n)
      finishDocument()
      return .readOn
    }
    // The second half numbered its lines from 1 at the cut, and its cues from 0.
    let lines = lineNo - 1, cues = cueCount
    for var c in half.doc.comments {
      c.beforeCue += cues
      c.source?.line += lines
      doc.comments.append(c)
    }
    half.sideCues?.moveAll(appendingTo: &doc.cues) { $0.source?.line += lines }
    half.sink.changeEach { d in
      d.location?.line += lines
      guard let k = d.cueIndex else { return }
      d.cueIndex = k + cues
      let prefix = "cue \(k + 1): "
      if d.message.hasPrefix(prefix) { d.message = "cue \(k + cues + 1): " + d.message.dropFirst(prefix.count) }
    }
    sink.absorb(half.sink)
    cueCount += half.cueCount
    usedRegions.formUnion(half.usedRegions)
    finishDocument()
    return .kept
  }

  /// This reader made ready to read the blocks from byte `cut` as the second half: what it
  /// knows of the header stays; what it read of cues, its diagnostics and line numbers start
  /// afresh.
  mutating func startSecondHalf(at cut: Int) {
    pos = cut
    lineNo = 1
    longLineReported = 0
    seenCue = true
    sink = DiagnosticSink(limit: limits.maxDiagnostics)
    doc.cues = []
    sideCues = MovingCueBuffer(capacity: min((n - cut) / 40, 1 << 20))
    doc.comments = []
    cueCount = 0
    cueIDs = IdentifierSet()
    previousStart = nil
    earliestStart = nil
    usedRegions = []
  }

  /// Where a block starts after an empty line (LF LF or LF CR LF before it, then any more line
  /// ends) near byte `near`; searched for over the next 64 KiB.
  static func splitPoint(_ buf: UnsafeBufferPointer<UInt8>, near: Int) -> Int? {
    let n = buf.count
    var q = max(near, 3)
    let limit = min(n, q + (64 << 10))
    while q < limit {
      defer { q += 1 }
      guard ByteScan.followsEmptyLine(buf, q) else { continue }
      var c = q
      while c < n, buf[c] == 0x0A || buf[c] == 0x0D { c += 1 }
      return c < n ? c : nil
    }
    return nil
  }
}
