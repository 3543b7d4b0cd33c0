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
    func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
      for b in bytes {
        h ^= UInt64(b)
        h = h &* 0x0000_0100_0000_01B3
      }
    }
    add(code.utf8)
    add([0])
    add(normalizedPath(file).utf8)
    add([0])
    add(normalizedText(cueText).utf8)
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The cue text a diagnostic is about: its `cueIndex`, or else the last cue that starts at or
  /// before its line (reader diagnostics carry only a location). Empty when neither applies.
  public static func cueText(for d: Diagnostic, in document: CaptionDocument?) -> String {
    guard let cues = document?.cues, !cues.isEmpty else { return "" }
    if let i = d.cueIndex { return i >= 0 && i < cues.count ? cues[i].plainText : "" }
    guard let line = d.location?.line else { return "" }
    var best: Cue?
    for c in cues {
      guard let s = c.source else { continue }
      if s.line <= line, best.map({ ($0.source?.line ?? 0) <= s.line }) ?? true { best = c }
    }
    return best?.plainText ?? ""
  }

  /// A path with `./` prefixes and backslashes normalised, so the same file fingerprints the
  /// same on every platform and however it was named on the command line.
  public static func normalizedPath(_ p: String) -> String {
    var s = p.replacingOccurrences(of: "\\", with: "/")
    while s.hasPrefix("./") { s.removeFirst(2) }
    return s
  }

  static func normalizedText(_ s: String) -> String {
    s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
