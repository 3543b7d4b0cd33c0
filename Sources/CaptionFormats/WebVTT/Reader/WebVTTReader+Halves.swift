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
    // Both halves move their cues straight into the room of the document's cue array
    // (`SplitCueStorage`): the first half's after the cues read so far, the second half's from
    // a guess of how many come before the cut.
    let (guess, capacity) = SplitCueStorage.room(
      guess: max(cueCount, Self.cuesBefore(cut, p, from: pos, counted: cueCount)), secondBytes: n - cut)
    var outcome = Halves.notCut
    doc.cues = SplitCueStorage.array(capacity: capacity) { base, capacity in
      runInHalves(cut: cut, base: base, capacity: capacity, guess: guess, outcome: &outcome)
    }
    window = .none
    spill = nil
    return outcome
  }

  private mutating func runInHalves(
    cut: Int, base: UnsafeMutablePointer<Cue>, capacity: Int, guess: Int, outcome: inout Halves
  ) -> (count: Int, after: [MovingCueBuffer]) {
    var second = self
    second.startSecondHalf(at: cut)
    second.window = SplitCueStorage.secondWindow(base: base, capacity: capacity, guess: guess)
    second.spill = MovingCueBuffer(capacity: 64)
    let side = SideThread(name: "captionkit-vtt-second-half") { [second] () -> WebVTTReader in
      var reader = second
      reader.readBlocks(upTo: reader.n)
      return reader
    }
    // The cues read before the cut was chosen go first.
    for (k, cue) in doc.cues.enumerated() { (base + k).initialize(to: cue) }
    window = CueWindow(base: base, capacity: guess, count: doc.cues.count)
    doc.cues = []
    let spill = MovingCueBuffer(capacity: 64)
    self.spill = spill
    readBlocks(upTo: cut)
    var half = side.join()
    let guessHeld =
      pos == cut && seenCue && cueIDs.isDisjoint(with: half.cueIDs)
      && (previousStart.flatMap { latest in half.earliestStart.map { $0 >= latest } } ?? true)
    guard guessHeld else {
      outcome = .readOn
      half.window.destroyAll()
      // The second half's room is free: this reader fills on into it, unless it spilled.
      if spill.count == 0 { window = CueWindow(base: base, capacity: capacity, count: window.count) }
      readBlocks(upTo: n)
      finishDocument()
      return (window.count, [spill])
    }
    outcome = .kept
    // The second half numbered its lines from 1 at the cut, and its cues from 0.
    let lines = lineNo - 1, cues = cueCount
    for var c in half.doc.comments {
      c.beforeCue += cues
      c.source?.line += lines
      doc.comments.append(c)
    }
    SplitCueStorage.shiftSourceLines(window: half.window, spill: half.spill, by: lines)
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
    return SplitCueStorage.join(
      base: base, capacity: capacity, guess: guess, first: (window, spill),
      second: (half.window, half.spill ?? MovingCueBuffer(capacity: 1)))
  }

  /// A guess of how many cues start before byte `cut`, `counted` of them before `from`: the
  /// identifier of the cue at the cut less one when it is a number that fits (files numbered
  /// from 1), otherwise the rate of arrows (`-->`) in the next 256 KiB carried on to the cut.
  static func cuesBefore(_ cut: Int, _ p: UnsafeBufferPointer<UInt8>, from: Int, counted: Int) -> Int {
    var e = cut, id = 0
    while e < p.count, e - cut < 9, p[e] >= 0x30, p[e] <= 0x39 {
      id = id * 10 + Int(p[e] - 0x30)
      e += 1
    }
    // No block is shorter than about 20 bytes: a larger count is not believed.
    if e > cut, e < p.count, p[e] == 0x0A || p[e] == 0x0D, id - 1 >= counted, id - 1 - counted <= (cut - from) / 20 { return id - 1 }
    let sampleEnd = min(cut, from + (256 << 10))
    guard sampleEnd - from > 2 else { return counted }
    var arrows = 0, i = from
    while i + 2 < sampleEnd {
      if p[i + 1] == 0x2D {
        if p[i] == 0x2D, p[i + 2] == 0x3E { arrows += 1 }
      }
      i += 1
    }
    return counted + min(arrows * (cut - from) / (sampleEnd - from), (cut - from) / 20)
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
