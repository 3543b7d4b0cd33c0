/// Guesses the legacy code page of text that is not valid UTF-8.
///
/// Placeholder heuristic: windows-1252. Replaced by a statistical detector in the SRT work.
public enum LegacyEncodingDetector {
  /// The most likely encoding of `bytes`.
  public static func detect(_ bytes: [UInt8]) -> TextEncoding {
    .windows1252
  }
}
