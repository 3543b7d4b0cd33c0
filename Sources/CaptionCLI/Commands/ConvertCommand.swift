import CaptionKit

/// `captionkit convert INPUT OUTPUT`: converts between caption formats and reports, per cue,
/// everything the target format cannot hold.
enum ConvertCommand: CLICommand {
  static let name = "convert"
  static let summary = "Convert between WebVTT, SRT, TTML, JSON and transcripts, reporting every loss"
  static let valuedOptions: Set<String> = CaptionLoader.valuedOptions.union(["to", "flavor", "output", "line-ending"])
  static let aliases = ["-o": "--output", "-t": "--to"]
  static let help = """
    Usage: captionkit convert [options] INPUT [OUTPUT]
           captionkit convert [options] INPUT --to FORMAT        (writes to standard output)

    Reads INPUT ('-' for standard input) and writes it in another format. The target format is
    --to, or else OUTPUT's extension (.vtt, .srt, .ttml, .dfxp, .xml, .imsc, .json, .txt, .md;
    see 'captionkit formats'). OUTPUT '-' or no OUTPUT writes to standard output, and then --to
    is needed. Output files are written atomically (a temporary file,
    then a rename); the input file is never overwritten.

    Every feature the target cannot hold is reported on standard error, per cue, for example
      input.vtt:12:1: warning: [srt.write.position-dropped] cue 3: position 20% has no SRT equivalent, dropped
    Problems found while reading the input are reported the same way.

    Options:
      --to FORMAT            webvtt (vtt), srt, ttml, json, transcript (txt), transcript-md (md)
      --flavor NAME          Writer variant (TTML: imsc1.1 (default; dfxp for a .dfxp output), ebu-tt-d,
                             dfxp; SRT: plain, without {\\anN} position tags; transcripts: timestamps)
      --line-ending lf|crlf  Line endings to write (default lf)
      --profile P            Write style profile P (a .json file or a shipped id) into the output:
                             WebVTT STYLE ::cue rules, TTML styles; what cannot be held is reported
      --fail-on-loss         Exit 1 when anything is dropped: warning-level loss reports, and
                             errors reading the input (content the reader skipped, such as a
                             cue with a broken timing line, is lost too)
      --from FORMAT          Don't detect the input format
      --encoding NAME        Decode the input with this encoding
      --max-file-size BYTES  Largest input read
      --max-nesting-depth N  Deepest markup kept; deeper tags are flattened and reported (default 256)
      --max-cue-elements N   Most tags (TTML: spans) in one cue; later ones are flattened and
                             reported (default 10000)
      --max-timed-content N  TTML: cue-text nodes built for p's whose content changes while shown
                             (default 1000000); past it such a p is one cue, reported
      --max-xml-elements N, --max-xml-attributes N (per element), --max-attribute-length BYTES,
      --max-entity-expansion BYTES
                             TTML's XML parser bounds (defaults 4000000, 1000, 1048576, 1048576)
      --max-cue-attribute-text BYTES
                             TTML: style, reference, language and agent text one style, region
                             or cue carries, inherited or its own (default 1024); the rest is
                             dropped and reported
      --max-line-length BYTES
                             SRT and WebVTT lines longer than this are reported (default 1048576)
      --max-diagnostics N    Diagnostics kept per file, when reading and again for the writers'
                             loss reports; the rest are counted in one summary (default 10000)
      --quiet                Don't print info-level notes

    Exit codes: 0 converted, 1 converted but lossy (or the input partly unreadable) with
    --fail-on-loss, 2 usage or I/O error.

    """

  static func run(_ args: inout ArgumentScanner, io: ToolIO) throws(ToolError) -> ExitCode {
    let loader = try CaptionLoader(&args)
    let failOnLoss = args.flag("fail-on-loss")
    let quiet = args.flag("quiet")
    var options = WriteOptions(flavor: args.value("flavor"), maxDiagnostics: loader.options.limits.maxDiagnostics)
    if let le = args.value("line-ending") {
      switch le {
      case "lf": options.lineEnding = .lf
      case "crlf": options.lineEnding = .crlf
      default: throw .usage("--line-ending takes lf or crlf")
      }
    }
    var output = args.value("output")
    let to = args.value("to")
    try args.checkAllUnderstood()
    let pos = args.positionals
    guard pos.count == 1 || pos.count == 2 else { throw .usage("convert takes INPUT and an optional OUTPUT") }
    if pos.count == 2 {
      if output != nil { throw .usage("give OUTPUT either as an argument or with --output, not both") }
      output = pos[1]
    }
    let input = pos[0]
    let out = output ?? "-"
    let targetName: String
    if let to {
      targetName = to
    } else if let ext = CaptionLoader.fileExtension(out) {
      targetName = ext
      // A `.dfxp` file is expected to hold DFXP, not the default IMSC 1.1.
      if ext.lowercased() == "dfxp", options.flavor == nil { options.flavor = "dfxp" }
    } else {
      throw .usage("name the target format with --to (webvtt, srt, ttml, json, txt or md)")
    }

    // What the command line asks for but will not get is said before the work.
    try Self.checkTarget(targetName, given: to != nil, flavor: options.flavor, output: out, command: "convert", io: io)
    // A bad output path fails now, not after the whole conversion and its report.
    if out != "-" {
      try FileAccess.checkWritable(out, protecting: [input] + loader.profileFiles)
      if input == "-" { try FileAccess.checkNotStandardInput(out, io: io) }
    }
    let (inputBytes, inputFormat) = try loader.loadBytes(input, io: io)
    if loader.styleProfiles.isEmpty, targetName.lowercased() != "json", let target = FormatRegistry.format(named: targetName),
      StreamingConversion.supports(from: inputFormat.id, to: target.id)
    {
      return try streamConvert(
        inputBytes, from: inputFormat, to: target, input: input, output: out, loader: loader, options: options, quiet: quiet,
        failOnLoss: failOnLoss, io: io)
    }
    let loaded = try loader.parse(inputBytes, format: inputFormat, path: input)
    let printer = DiagnosticPrinter(color: io.colorAllowed(stderr: true))
    for d in loaded.result.diagnostics where !quiet || d.severity > .info {
      io.errLine(printer.line(d))
    }
    try refuseEmptyOutput(cueCount: loaded.result.document.cues.count, read: loaded.result.diagnostics, bytes: inputBytes, input: input, output: out)
    // JSON is written after the losses are printed, in pieces (`writeJSON`).
    var bytes: [UInt8] = []
    var losses: [Diagnostic] = []
    var document = loaded.result.document
    let target = FormatRegistry.format(named: targetName)
    for profile in loader.styleProfiles {
      let (styled, notes) = profile.apply(to: document, format: target?.id)
      document = styled
      losses += notes
    }
    let json = targetName.lowercased() == "json"
    if json {
      losses += CaptionJSON.flatteningDiagnostics(document)
    } else {
      guard let target else {
        throw .usage("unknown target format '\(targetName)'; known: \(FormatRegistry.builtIn.map(\.id).joined(separator: ", ")), json")
      }
      // Only TTML has <initial>: other formats get its properties as their all-cues style.
      let written = target.write(target.id == "ttml" ? document : TTMLFormat.movingInitialToGlobalStyle(document), options: options)
      bytes = written.bytes
      losses += written.diagnostics
    }
    let cues = loaded.result.document.cues
    for var d in losses where !quiet || d.severity > .info {
      // Point each loss at the input location of the cue it is about.
      d.file = loaded.path
      if d.location == nil, let i = d.cueIndex, i >= 0, i < cues.count { d.location = cues[i].source }
      io.errLine(printer.line(d))
    }
    if json {
      try writeJSON(document, to: out, protecting: [input] + loader.profileFiles, input: input, io: io)
    } else if out == "-" {
      io.writeOut(bytes)
    } else {
      try FileAccess.writeAtomically(bytes, to: out, protecting: [input] + loader.profileFiles)
    }
    // Content the reader could not read never reached the output: that is a loss too.
    let unread = loaded.result.diagnostics.contains(where: Self.isUnreadContent)
    io.keepUntilDone([loaded, document, bytes, inputBytes] as [Any])
    return failOnLoss && (unread || losses.contains(where: { $0.severity >= .warning })) ? .findings : .success
  }

  /// Writes `document` as JSON to `out` (`-`: standard output) a piece at a time
  /// (`CaptionJSON.encode`), so that memory does not grow with the output, which can be a
  /// thousand times the input's size; a file is still replaced atomically.
  /// - Throws: `ToolError.io` naming `input` when the document cannot be encoded (a file output
  ///   is then left as it was), or when the output cannot be written.
  static func writeJSON(_ document: CaptionDocument, to out: String, protecting inputs: [String], input: String, io: ToolIO) throws(ToolError) {
    let file = out == "-" ? nil : try AtomicFileWriter(out, protecting: inputs)
    do {
      try CaptionJSON.encode(document) { piece in
        if let file { file.write(piece) } else { io.writeOut(piece) }
      }
    } catch {
      file?.discard()
      throw .io(path: input, message: "the document could not be encoded as JSON: \(error)")
    }
    try file?.commit()
  }

  /// SRT and WebVTT to SRT and WebVTT, cue by cue (`StreamingConversion`): the same output and
  /// the same diagnostics in the same order as reading the whole document and writing it, with
  /// memory for the input, the output and one cue. Losses found while reading are held in a
  /// `LossSpool` until the reading diagnostics are printed.
  private static func streamConvert(
    _ bytes: [UInt8], from format: any CaptionFormat, to target: any CaptionFormat, input: String, output out: String,
    loader: CaptionLoader, options: WriteOptions, quiet: Bool, failOnLoss: Bool, io: ToolIO
  ) throws(ToolError) -> ExitCode {
    let display = CaptionLoader.displayName(input)
    let printer = DiagnosticPrinter(color: io.colorAllowed(stderr: true))
    let spool = LossSpool()
    // A file output is written as it is produced, never held whole, straight into the
    // (atomically renamed) output: for WebVTT the header first, then the cues. STYLE blocks for
    // classes the cues bring in are only known at the end; when there are any, they are
    // inserted after the header (`AtomicFileWriter.insert`).
    let file = out == "-" ? nil : try AtomicFileWriter(out, protecting: [input] + loader.profileFiles)
    let sink: (([UInt8]) -> Void)? = file.map { file in { chunk in file.write(chunk) } }
    var headSize = 0
    let headSink: (([UInt8]) -> Void)? = file.map { file in { head in file.write(head); headSize = head.count } }
    let converted: StreamingConversion.Output
    do {
      converted = try StreamingConversion.convert(
        bytes, from: format.id, to: target.id, readOptions: loader.options, writeOptions: options,
        onLoss: { loss, source in
        if loss.severity >= .warning { spool.lossy = true }
        guard !quiet || loss.severity > .info else { return }
        var d = loss
        // Point each loss at the input location of the cue it is about.
        d.file = display
        if d.location == nil, let i = d.cueIndex, i >= 0 { d.location = source }
        spool.append { printer.appendLine(d, to: &$0) }
      }, bodySink: sink, headSink: headSink,
        // The callbacks above need nothing from this thread: the writer may run on another.
        pipelined: StreamingConversion.shouldPipeline(byteCount: bytes.count))
    } catch {
      throw .io(path: input, message: error.description)
    }
    var lines: [UInt8] = []
    func flush() {
      if !lines.isEmpty { io.errBytes(lines) }
      lines.removeAll(keepingCapacity: true)
    }
    let note = loader.detectionNote(format: format, path: input)
    for var d in (note.map { [$0] } ?? []) + converted.read.diagnostics where !quiet || d.severity > .info {
      d.file = display
      printer.appendLine(d, to: &lines)
      if lines.count >= 1 << 16 { flush() }
    }
    var lossy = spool.lossy
    func printLoss(_ loss: Diagnostic) {
      if loss.severity >= .warning { lossy = true }
      guard !quiet || loss.severity > .info else { return }
      var d = loss
      d.file = display
      printer.appendLine(d, to: &lines)
    }
    for d in converted.leadingLosses { printLoss(d) }
    flush()
    spool.drain(to: io)
    for d in converted.trailingLosses { printLoss(d) }
    flush()
    // Not committed: the existing output stays as it was.
    try refuseEmptyOutput(cueCount: converted.cueCount, read: converted.read.diagnostics, bytes: bytes, input: input, output: out)
    if let file {
      // The header and the cues are in the file; WebVTT's STYLE blocks (if any) go between them.
      file.insert(converted.chunks.flatMap { $0 }, at: headSize)
      try file.commit()
    } else {
      for chunk in converted.chunks { io.writeOut(chunk) }
    }
    // Content the reader could not read never reached the output: that is a loss too.
    let unread = converted.read.diagnostics.contains(where: Self.isUnreadContent)
    return failOnLoss && (lossy || unread) ? .findings : .success
  }

  /// The writer flavors each target takes (`--flavor`), by format id.
  static let flavors: [String: [String]] = [
    "ttml": ["imsc1.1", "ebu-tt-d", "dfxp"], "srt": ["plain"], "transcript": ["timestamps"], "transcript-md": ["timestamps"],
    "webvtt": [], "json": [],
  ]

  /// The format id and name an output format name or extension stands for; JSON (the model,
  /// written by the CLI) is not in the format registry.
  static func target(named name: String) -> (id: String, displayName: String)? {
    if name.lowercased() == "json" { return ("json", "CaptionKit JSON") }
    return FormatRegistry.format(named: name).map { ($0.id, $0.displayName) }
  }

  /// What the command line asks for but will not get, said before the work (`convert` and
  /// `extract`): a flavor the target does not have is refused, and a `--to` (`given`) that
  /// contradicts the output's extension is warned about.
  static func checkTarget(_ name: String, given: Bool, flavor: String?, output: String, command: String, io: ToolIO) throws(ToolError) {
    guard let target = target(named: name) else { return }
    try checkFlavor(flavor, for: target)
    if given, let ext = CaptionLoader.fileExtension(output), let named = Self.target(named: ext), named.id != target.id {
      io.errLine("captionkit \(command): warning: writing \(target.displayName) (--to \(ControlCharacterEscaping.escaped(name))) to \(ControlCharacterEscaping.escaped(output)), whose extension says \(named.displayName)")
    }
  }

  /// Refuses a `--flavor` the target does not have (a usage error, before any work): a typo
  /// would otherwise write the default flavor, exit 0.
  static func checkFlavor(_ flavor: String?, for target: (id: String, displayName: String)) throws(ToolError) {
    guard let flavor, let known = flavors[target.id] else { return }
    // TTML reads its flavor names in any case; the SRT and transcript writers as written.
    let ok = target.id == "ttml" ? TTMLFlavor(option: flavor) != nil : known.contains(flavor)
    guard !ok else { return }
    let name = ControlCharacterEscaping.escaped(flavor)
    if known.isEmpty { throw .usage("--flavor '\(name)': \(target.displayName) output has no flavors") }
    throw .usage("unknown flavor '\(name)' for \(target.displayName) output; known: \(known.joined(separator: ", "))")
  }

  /// Refuses to write an output when not one cue was read from an input with content and the
  /// reader says the file could not be read as its format (a wrong WebVTT signature, SRT text
  /// without a cue, TTML that is not XML, is cut off or has another root): the input was not
  /// what it claimed (an HTML page saved as .srt), and an empty output, exit 0, would replace
  /// a good file with nothing and pass a CI step. An empty or blank input still converts to an
  /// empty document, and so does one that reads as an empty document, conformance errors and
  /// all (a TTML body with no p; an XML declaration after a blank line, which libxml2 recovers).
  private static func refuseEmptyOutput(cueCount: Int, read: [Diagnostic], bytes: [UInt8], input: String, output: String) throws(ToolError) {
    guard notReadAsItsFormat(cueCount: cueCount, read: read, bytes: bytes) else { return }
    throw .io(path: input, message: "no cue could be read (see the errors above); \(output == "-" ? "nothing was written" : "\(output) was not written")")
  }

  /// Whether an input with content gave no cue and the reader says it could not be read as its
  /// format at all (see `refuseEmptyOutput`; `diff` refuses to compare such a file).
  static func notReadAsItsFormat(cueCount: Int, read: [Diagnostic], bytes: [UInt8]) -> Bool {
    guard cueCount == 0, read.contains(where: { $0.severity >= .error && isUnreadable($0.code) }) else { return false }
    return !isBlank(bytes)
  }

  /// Whether the input holds nothing but white space (and a byte order mark).
  static func isBlank(_ bytes: [UInt8]) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
  }

  /// Codes that say the file as a whole could not be read as its format.
  static func isUnreadable(_ code: String) -> Bool {
    switch code {
    case "webvtt.signature.invalid", "srt.file.no-cues", "ttml.xml.not-xml", "ttml.xml.unexpected-end", "ttml.structure.root",
      "ttml.xml.too-many-elements", "ttml.xml.entity-expansion-limit":
      true
    default: false
    }
  }

  /// Reading diagnostics that mean content never reached the model, for `--fail-on-loss`:
  /// every reading error, and the warnings that say the reader left something a viewer would see
  /// (content the file holds correctly but the text model cannot: image subtitles, animation),
  /// or markup a reading limit flattened to its text (nesting depth, elements per cue) and
  /// timed content a limit merged into one cue: `diff` of two files that differ only there
  /// said they matched.
  /// TTML's profile and rendering-model checks (`ttml.profile.*`, `ttml.hrm.*`), and an unknown
  /// or misplaced attribute, judge the document and lose nothing. Other conformance errors can
  /// (an unknown element's text, text directly in a div, a p inside a span): they count.
  static func isUnreadContent(_ d: Diagnostic) -> Bool {
    if d.code.hasPrefix("ttml.profile.") || d.code.hasPrefix("ttml.hrm.") || conformanceOnlyCodes.contains(d.code) { return false }
    return d.severity >= .error || (d.severity >= .warning && unreadContentCodes.contains(d.code))
  }

  static let unreadContentCodes: Set<String> = [
    "ttml.content.image-dropped", "ttml.content.animation-ignored", "ttml.content.too-many-elements", "ttml.timing.too-many-changes",
    "webvtt.cuetext.nesting-too-deep", "webvtt.cuetext.too-many-elements", "srt.tag.nesting-too-deep", "srt.tag.too-many-elements",
  ]
  static let conformanceOnlyCodes: Set<String> = [
    "ttml.validate.unknown-attribute", "ttml.validate.misplaced-attribute", "ttml.validate.missing-lang", "ttml.validate.missing-attribute",
    "ttml.validate.element-order", "ttml.validate.duplicate-element",
  ]
}
