/// A caption file format: how to recognise it, read it into the model and write it back.
///
/// Conforming types are small immutable values listed in `FormatRegistry.builtIn` (in the
/// `CaptionKit` module). To add a format: create a folder for it in its target with a
/// `<Name>Format.swift` descriptor, a reader and a writer; declare what the writer can hold in
/// `features`; give the reader a `probe` that scores the first bytes; add the value to the
/// registry and a corpus round-trip test.
public protocol CaptionFormat: Sendable {
  /// A stable lower-case identifier used on the command line (`webvtt`, `srt`, `ttml`).
  var id: String { get }
  /// The name shown to people.
  var displayName: String { get }
  /// File extensions without the dot, most common first. A hint only: detection reads content.
  var fileExtensions: [String] { get }
  /// What the writer can represent; conversions report everything outside it.
  var features: FeatureSupport { get }

  /// Scores how likely `prefix` (the first bytes of a file, at most 4 KiB) is this format:
  /// 0 (certainly not) to 100 (certain).
  func probe(_ prefix: ArraySlice<UInt8>) -> Int

  /// Reads a whole file.
  ///
  /// - Parameters:
  ///   - bytes: the raw file contents, in any encoding the format allows.
  ///   - options: encoding override and limits.
  /// - Returns: the document and every problem found, each with a location.
  /// - Throws: `CaptionError` only when nothing can be read at all (for example a file over
  ///   `ReadLimits.maxFileSize`); malformed content is reported as diagnostics instead.
  func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult

  /// Writes a document.
  ///
  /// - Returns: the encoded bytes (UTF-8) and a diagnostic for every feature of the document
  ///   that the format cannot hold, per cue where the loss is per cue.
  func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult
}

/// What a reader returns: the document and the diagnostics found while reading it.
public struct ReadResult: Sendable {
  public var document: CaptionDocument
  public var diagnostics: [Diagnostic]
  /// The text encoding the input was decoded from (for example `utf-8`, `windows-1251`).
  public var encoding: TextEncoding

  public init(document: CaptionDocument, diagnostics: [Diagnostic], encoding: TextEncoding = .utf8) {
    self.document = document
    self.diagnostics = diagnostics
    self.encoding = encoding
  }
}

/// What a writer returns: the encoded file and what it could not represent.
public struct WriteResult: Sendable {
  /// The output file's bytes.
  public var bytes: [UInt8]
  /// Loss and approximation reports (codes such as `srt.write.position-dropped`).
  public var diagnostics: [Diagnostic]

  public init(bytes: [UInt8], diagnostics: [Diagnostic]) {
    self.bytes = bytes
    self.diagnostics = diagnostics
  }
}
