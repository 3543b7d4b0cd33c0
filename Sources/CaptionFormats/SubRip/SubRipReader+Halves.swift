import CaptionCore

/// Large files read in two halves at once: the second half on a side thread, on the guess
/// that nothing in the first half changes how it reads.
///
/// Cues never depend on what came before them once a blank line and an index line followed
/// by a timing line start a block (`splitPoint`); a few diagnostics do. So the second half is
/// read as if its first index followed the previous one, and its reading is kept when the
/// first half ends as guessed and leaves those diagnostics as they are:
/// - the first half's last index is the one before the second half's first, and every index
///   of the second half is larger than every index of the first (no duplicates across);
/// - no start time of the second half is before the latest of the first (`out-of-order`
///   compares with the latest start so far);
/// - the character reference said once per file was not found in both halves;
/// - no `srt.index.separated` in the second half (its message names a line number).
/// Otherwise the first half's reader reads on into the second half, exactly as one reader
/// would have. Either way the cues and the diagnostics, in order and within the limit, are
/// what one reader gives.
extension SubRipReader {
  /// What `readInHalves` did (for the tests).
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

  /// `read()`, in halves when the input is at least `minimumSize` bytes and has a place to
  /// cut (`splitPoint`). Not for the streaming reads (`onCue`, `onVerbatimCue`).
  ///
  /// Both halves move their cues straight into the room of the array returned
  /// (`SplitCueStorage`): the first half's from the start, the second half's from the number
  /// of cues the cut's index says come before it (its index − 1, when that is plausible).
  mutating func readInHalves(minimumSize: Int = SubRipReader.halvesMinimumSize) -> [Cue] {
    let maxLine = limits.maxLineLength
    guard bytes.count >= minimumSize, onCue == nil, onVerbatimCue == nil,
      let (cut, firstIndex) = bytes.withUnsafeBufferPointer({ Self.splitPoint($0, near: $0.count / 2, maxLineLength: maxLine) })
    else { return read() }
    // No block is shorter than about 20 bytes: an index that says more cues than that come
    // before the cut is not believed, and the first half's room is a guess from its size. An
    // index of 0 says none (the fuzzer found the −1 that put the second half before the room).
    let (guess, capacity) = SplitCueStorage.room(
      guess: firstIndex - 1 <= cut / 20 ? max(0, firstIndex - 1) : cut / 48, secondBytes: bytes.count - cut)
    cues = SplitCueStorage.array(capacity: capacity) { base, capacity in
      readInHalves(cut: cut, firstIndex: firstIndex, base: base, capacity: capacity, guess: guess)
    }
    window = .none
    spill = nil
    return cues
  }

  private mutating func readInHalves(
    cut: Int, firstIndex: Int, base: UnsafeMutablePointer<Cue>, capacity: Int, guess: Int
  ) -> (count: Int, after: [MovingCueBuffer]) {
    let input = bytes, limits = limits
    let secondWindow = SplitCueStorage.secondWindow(base: base, capacity: capacity, guess: guess)
    let second = SideThread(name: "captionkit-srt-second-half") { () -> (SubRipReader, SubRipLineReader.LineEnds, CaptionTime?) in
      var reader = SubRipReader(bytes: input, limits: limits)
      reader.previousIndex = firstIndex - 1
      reader.window = secondWindow
      reader.spill = MovingCueBuffer(capacity: 64)
      let ends = input.withUnsafeBufferPointer { buf in
        var scanner = SubRipLineReader(buf, start: cut)
        reader.scan(buf, &scanner, upTo: buf.count)
        reader.finishPending(buf)
        return scanner.lineEnds
      }
      // Every block read became a cue: their earliest start is the half's.
      let starts = [reader.window.elements.lazy.map(\.start).min(), reader.spill?.elements.lazy.map(\.start).min()]
      return (reader, ends, starts.compactMap { $0 }.min())
    }
    window = CueWindow(base: base, capacity: guess)
    let spill = MovingCueBuffer(capacity: 64)
    self.spill = spill
    return bytes.withUnsafeBufferPointer { buf in
      var scanner = SubRipLineReader(buf)
      scan(buf, &scanner, upTo: cut)
      // The cue above the cut ends there, as it would when one reader meets the cut's index
      // and timing lines (neither is too long: `splitPoint`). Before the checks: it may hold
      // the character reference said once per file.
      finishPending(buf)
      var (half, halfEnds, earliestStart) = second.join()
      let latestStart = previousStart
      let guessHeld =
        state == .between && !strayReported && !sawLongIndex && !half.sawLongIndex
        && previousIndex == firstIndex - 1 && (largestIndex ?? .min) < (half.smallestIndex ?? .max)
        && (latestStart.flatMap { latest in earliestStart.map { $0 >= latest } } ?? true)
        && !(referenceReported && half.referenceReported)
        && !half.sink.diagnostics.contains { $0.code == "srt.index.separated" }
      guard guessHeld else {
        halves = .readOn
        half.window.destroyAll()
        // The second half's room is free: this reader fills on into it, unless it spilled.
        if spill.count == 0 { window = CueWindow(base: base, capacity: capacity, count: window.count) }
        scan(buf, &scanner, upTo: buf.count)
        finishPending(buf)
        finishFile(scanner.lineEnds)
        return (window.count, [spill])
      }
      halves = .kept
      // The second half numbered its lines from 1 at the cut.
      let shift = scanner.nextLineNumber - 1
      SplitCueStorage.shiftSourceLines(window: half.window, spill: half.spill, by: shift)
      half.sink.changeEach { $0.location?.line += shift }
      sink.absorb(half.sink)
      cueCount += half.cueCount
      referenceReported = referenceReported || half.referenceReported
      halfEnds = halfEnds + scanner.lineEnds
      finishFile(halfEnds)
      return SplitCueStorage.join(
        base: base, capacity: capacity, guess: guess, first: (window, spill),
        second: (half.window, half.spill ?? MovingCueBuffer(capacity: 1)))
    }
  }

  /// A place near byte `near` where a block starts after a blank line: the byte after an empty
  /// line (LF LF or LF CR LF before it), at a line of at most nine digits (the index, returned)
  /// followed by a timing line with a fraction, neither over `maxLineLength` (which one reader
  /// would report before finishing the cue above). Searched for over the next 64 KiB.
  static func splitPoint(_ buf: UnsafeBufferPointer<UInt8>, near: Int, maxLineLength: Int) -> (cut: Int, index: Int)? {
    let n = buf.count
    var p = max(near, 3)
    let limit = min(n, p + (64 << 10))
    while p < limit {
      defer { p += 1 }
      guard ByteScan.followsEmptyLine(buf, p) else { continue }
      var e = p
      var index = 0
      while e < n, e - p < 9, SubRipTimingParser.isDigit(buf[e]) {
        index = index * 10 + Int(buf[e] - SubRipTimingParser.zero)
        e += 1
      }
      guard e > p, e < n, buf[e] == 0x0A || buf[e] == 0x0D, e - p <= maxLineLength else { continue }
      var t = e + (buf[e] == 0x0D && e + 1 < n && buf[e + 1] == 0x0A ? 2 : 1)
      let timingStart = t
      while t < n, buf[t] != 0x0A, buf[t] != 0x0D { t += 1 }
      guard t - timingStart <= maxLineLength, SubRipTimingParser.parse(buf, timingStart..<t, messages: false) != nil,
        hasFraction(buf, timingStart..<t)
      else { continue }
      return (p, index)
    }
    return nil
  }
}
