import CaptionCore

/// SubRip (SRT): numbered cues with `HH:MM:SS,mmm --> HH:MM:SS,mmm` timing and light HTML-like
/// markup.
///
/// SRT has no formal specification. The reader follows the de facto format and recovers from the
/// usual damage with a diagnostic for each recovery (`SubRipReader`); the writer produces
/// canonical SRT and reports every loss (`SubRipWriter`). The codes are listed in `docs/SRT.md`.
public struct SubRipFormat: CaptionFormat {
  public init() {}
  public var id: String { "srt" }
  public var displayName: String { "SubRip (SRT)" }
  public var fileExtensions: [String] { ["srt"] }
  public var features: FeatureSupport {
    FeatureSupport(
      cueIdentifiers: false, positioning: true, anchorPositionsOnly: true, regions: false, namedStyles: false,
      inlineColor: true, basicFormatting: true, voices: false, ruby: false, inlineTimestamps: false,
      comments: false, timeResolution: 1000)
  }

  /// 90 for an index line followed by a timing line, 70 for a leading timing line, else 0.
  public func probe(_ prefix: ArraySlice<UInt8>) -> Int {
    let decoded = TextDecoder.decode(Array(prefix.prefix(4096)))
    return decoded.utf8.withUnsafeBufferPointer { buf -> Int in
      var scanner = SubRipLineReader(buf)
      var first: SubRipLineReader.Line?
      while let l = scanner.next() {
        if !SubRipReader.isBlank(buf, l.range) { first = l; break }
      }
      guard let first else { return 0 }
      if SubRipTimingParser.parse(buf, first.range) != nil { return 70 }
      if let second = scanner.next(), SubRipTimingParser.parse(buf, second.range) != nil { return 90 }
      return 0
    }
  }

  /// Reads an SRT file in any encoding `TextDecoder` recognises (or `options.encoding`).
  ///
  /// - Throws: `CaptionError.fileTooLarge` when `bytes` is larger than
  ///   `options.limits.maxFileSize`. Everything else is a diagnostic.
  public func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    guard bytes.count <= options.limits.maxFileSize else {
      throw .fileTooLarge(size: bytes.count, limit: options.limits.maxFileSize)
    }
    let decoded = Self.decode(bytes, options: options)
    var reader = SubRipReader(bytes: decoded.utf8, limits: options.limits)
    for d in decoded.diagnostics { reader.sink.report(d) }
    let cues = reader.readInHalves()
    return ReadResult(document: CaptionDocument(cues: cues), diagnostics: reader.sink.takeFinished(), encoding: decoded.encoding)
  }

  /// The text every SRT read works on: decoded to UTF-8 (`TextDecoder`), NULs replaced; the
  /// diagnostics are those of both steps.
  static func decode(_ bytes: [UInt8], options: ReadOptions) -> TextDecoder.Decoded {
    var decoded = TextDecoder.decode(bytes, encoding: options.encoding)
    if let nul = replaceNULs(&decoded.utf8) { decoded.diagnostics.append(nul) }
    return decoded
  }

  /// U+0000 is never text (no player shows it, and it ends C strings early): each one becomes
  /// U+FFFD, as WebVTT §6.1 does, with one warning at the first. Returns nil when there is none.
  static func replaceNULs(_ utf8: inout [UInt8]) -> Diagnostic? {
    guard let first = utf8.withUnsafeBufferPointer({ ByteScan.firstZero($0) }) else { return nil }
    var line = 1, lineStart = 0
    for k in 0..<first where utf8[k] == 0x0A || (utf8[k] == 0x0D && (k + 1 >= utf8.count || utf8[k + 1] != 0x0A)) {
      line += 1
      lineStart = k + 1
    }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    var count = 0
    for b in utf8 {
      if b == 0 { out.append(contentsOf: [0xEF, 0xBF, 0xBD]); count += 1 } else { out.append(b) }
    }
    utf8 = out
    return Diagnostic(
      code: "srt.file.null-character", severity: .warning,
      message: "the file contains \(count) U+0000 NULL character(s); they are read as U+FFFD",
      location: SourceLocation(line: line, column: first - lineStart + 1, offset: first))
  }

  /// Writes canonical SRT (UTF-8, no BOM, `options.lineEnding`) and a loss report.
  public func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    var writer = SubRipWriter(document: document, options: options)
    return writer.write()
  }
}
