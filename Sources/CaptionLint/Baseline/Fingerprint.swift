import CaptionCore

/// Stable fingerprints of findings for baselines: they survive edits elsewhere in the file
/// (line numbers are not part of them).
///
/// `fingerprint = FNV-1a 64 (code ␀ file ␀ cue text)`, as 16 lower-case hex digits, where the
/// cue text is the plain text of the cue the finding is about with whitespace runs collapsed
/// (empty for document-level findings). Deterministic across runs and platforms (Swift's
/// `Hasher` is seeded per process, so it is not used).
public enum Fingerprint {
  /// The fingerprint of a finding.
  public static func make(code: String, file: String, cueText: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    var code = code, path = normalizedPath(file), text = cueText
    code.withUTF8 { h = fnv1a(h, $0) }
    h = fnv1a(h, 0)
    path.withUTF8 { h = fnv1a(h, $0) }
    h = fnv1a(h, 0)
    // The cue text with whitespace runs collapsed, hashed as it is scanned (no copy).
    text.withUTF8 { p in
      var i = 0
      var pendingSpace = false, any = false
      while i < p.count {
        let b = p[i]
        // ASCII other than white space: the common case, one byte at a time.
        if b > 0x20, b < 0x80 {
          if pendingSpace { h = fnv1a(h, 0x20) }
          pendingSpace = false
          any = true
          h = fnv1a(h, b)
          i += 1
          continue
        }
        let (v, next) = UTF8Text.scalar(p, i)
        if UTF8Text.isWhitespace(v) {
          pendingSpace = any
        } else {
          if pendingSpace { h = fnv1a(h, 0x20) }
          pendingSpace = false
          any = true
          h = fnv1a(h, UnsafeBufferPointer(rebasing: p[i..<next]))
        }
        i = next
      }
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  @inline(__always)
  static func fnv1a(_ h: UInt64, _ b: UInt8) -> UInt64 {
    (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
  }

  static func fnv1a(_ h: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h = h
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return h
  }

  /// The cue text a diagnostic is about: its `cueIndex`, or else the last cue that starts at or
  /// before its line (reader diagnostics carry only a location). Empty when neither applies.
  /// For many diagnostics of one document, build a `CueLocator` once instead.
  public static func cueText(for d: Diagnostic, in document: CaptionDocument?) -> String {
    guard let document else { return "" }
    return CueLocator(document).cueText(for: d)
  }

  /// Finds the cue a diagnostic is about by binary search over cue source lines.
  ///
  /// Built from a whole document, or cue by cue with `append(_:)` (a streamed file): it keeps
  /// each cue's timing line and plain text (in one byte buffer, about the text's size), not the
  /// cues.
  public struct CueLocator: Sendable {
    /// How many cues were added.
    public private(set) var count = 0
    /// (timing line, cue index), sorted by line.
    private var lines: [(line: Int, index: Int)] = []
    /// Every cue's plain text, back to back; cue `i` is `textBytes[textEnds[i - 1]..<textEnds[i]]`.
    private var textBytes: [UInt8] = []
    private var textEnds: [Int] = []

    /// An empty locator, for `append(_:)`.
    public init() {}

    public init(_ document: CaptionDocument) {
      textEnds.reserveCapacity(document.cues.count)
      for c in document.cues { append(c) }
    }

    /// Adds the next cue (index `count`).
    public mutating func append(_ cue: Cue) {
      if let line = cue.source?.line {
        let entry = (line: line, index: count)
        if let last = lines.last, last.line > line {
          // Out of line order (a document built in code): keep the array sorted.
          var lo = 0, hi = lines.count
          while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].line <= line { lo = mid + 1 } else { hi = mid }
          }
          lines.insert(entry, at: lo)
        } else {
          lines.append(entry)
        }
      }
      textBytes.append(contentsOf: cue.plainText.utf8)
      textEnds.append(textBytes.count)
      count += 1
    }

    /// The index of the cue `d` is about: its `cueIndex`, or the last cue whose timing line is
    /// at or before `d`'s line.
    public func cueIndex(for d: Diagnostic) -> Int? {
      if let i = d.cueIndex { return i >= 0 && i < count ? i : nil }
      guard let line = d.location?.line else { return nil }
      var lo = 0, hi = lines.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if lines[mid].line <= line { lo = mid + 1 } else { hi = mid }
      }
      return lo > 0 ? lines[lo - 1].index : nil
    }

    /// The plain text of cue `i` (`0..<count`).
    public func text(_ i: Int) -> String {
      String(decoding: textBytes[(i == 0 ? 0 : textEnds[i - 1])..<textEnds[i]], as: UTF8.self)
    }

    /// The plain text of the cue `d` is about, or empty.
    public func cueText(for d: Diagnostic) -> String {
      cueIndex(for: d).map(text) ?? ""
    }
  }

  /// A path with `./` prefixes and backslashes normalised, so the same file fingerprints the
  /// same on every platform and however it was named on the command line.
  public static func normalizedPath(_ p: String) -> String {
    var s = p.containsUTF8("\\") ? String(p.map { $0 == "\\" ? "/" : $0 }) : p
    while s.hasPrefix("./") { s.removeFirst(2) }
    return s
  }
}
