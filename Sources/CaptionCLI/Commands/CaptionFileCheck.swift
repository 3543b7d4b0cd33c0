import CaptionKit

/// `validate`'s work on one caption file: read it, check its styles, lint it and apply the
/// baseline.
///
/// SRT and WebVTT files are read cue by cue (`StreamingRead`) into a `StreamingLinter`, a
/// `StreamingStyleChecker` and a `Fingerprint.CueLocator`, so the document is never held whole:
/// a 1M-cue file needs its bytes, one window of cues and each cue's plain text (for baseline
/// fingerprints). The report is the same as reading the whole document. A file whose cues are
/// not in presentation order (or, rarely, whose findings past the cap need the whole document),
/// and every TTML file, is read whole.
enum CaptionFileCheck {
  /// How the file is read.
  enum Mode {
    /// Cue by cue when the format allows it, else whole.
    case automatic
    /// Always the whole document.
    case whole
    /// Cue by cue with windows of this many cues (tests use small ones).
    case streamed(windowSize: Int)
  }

  /// Checks `path` ('-' is standard input).
  ///
  /// - Throws: `ToolError.io` when the file cannot be read or parsed; `ToolError.usage` for an
  ///   invalid configuration.
  static func check(
    _ path: String, loader: CaptionLoader, checkStyles: Bool, lint: inout LintSession, recording: inout [Baseline.Item],
    io: ToolIO, mode: Mode = .automatic
  ) throws(ToolError) -> RunReport.File {
    let (bytes, format) = try loader.loadBytes(path, io: io)
    var windowSize: Int?
    switch mode {
    case .automatic: windowSize = StreamingLinter.defaultWindowSize
    case .whole: windowSize = nil
    case .streamed(let n): windowSize = n
    }
    if let windowSize, StreamingRead.supports(format.id),
      let file = try streamed(bytes, format: format, path: path, loader: loader, checkStyles: checkStyles, lint: &lint, recording: &recording, windowSize: windowSize)
    {
      return file
    }
    var loaded = try loader.parse(bytes, format: format, path: path)
    if checkStyles { loaded.result.diagnostics += loader.styleDiagnostics(loaded) }
    return try ValidateCommand.configured { () throws(ConfigurationError) in
      try lint.check(path: loaded.path, format: loaded.format.id, result: loaded.result, recording: &recording)
    }
  }

  /// The cue-by-cue check; `nil` when the streamed lint cannot give the whole document's
  /// report (cues out of presentation order, or see `StreamingLinter.finish`).
  private static func streamed(
    _ bytes: [UInt8], format: any CaptionFormat, path: String, loader: CaptionLoader, checkStyles: Bool, lint: inout LintSession,
    recording: inout [Baseline.Item], windowSize: Int
  ) throws(ToolError) -> RunReport.File? {
    let display = CaptionLoader.displayName(path)
    var linter = try ValidateCommand.configured { () throws(ConfigurationError) in
      try lint.streamingLinter(path: display, format: format.id, windowSize: windowSize)
    }
    var styles: [StreamingStyleChecker] = []
    var locator = Fingerprint.CueLocator()
    var result: ReadResult
    do {
      result = try StreamingRead.read(
        bytes, format: format.id, options: loader.options,
        onHeader: { header in
          linter?.begin(header)
          guard checkStyles else { return }
          let defaults = RendererDefaults.forFormat(format.id, document: header)
          styles =
            loader.styleProfiles.isEmpty
            ? [StreamingStyleChecker(header: header, profile: nil, defaults: defaults)]
            : loader.styleProfiles.map { StreamingStyleChecker(header: header, profile: $0, defaults: defaults) }
        },
        onComment: { linter?.add($0) },
        onCue: { cue in
          linter?.add(cue)
          for k in styles.indices { styles[k].add(cue) }
          locator.append(cue)
        })
    } catch {
      throw .io(path: path, message: error.description)
    }
    // As `CaptionLoader.parse` and `styleDiagnostics` give them for the whole document.
    if let note = loader.detectionNote(format: format, path: path) { result.diagnostics.insert(note, at: 0) }
    var styleFindings = styles.flatMap { $0.finish() }
    for i in styleFindings.indices { styleFindings[i].file = display }
    for i in result.diagnostics.indices { result.diagnostics[i].file = display }
    result.diagnostics += styleFindings
    var linted: Linter.Result?
    if linter != nil {
      // `nil`: out of order, or the findings past the cap need the whole document (see
      // `StreamingLinter`).
      guard let r = linter!.finish(readerDiagnostics: result.diagnostics, locator: locator) else { return nil }
      linted = r
    }
    return try ValidateCommand.configured { () throws(ConfigurationError) in
      try lint.check(path: display, format: format.id, streamed: result, lint: linted, locator: locator, recording: &recording)
    }
  }
}
