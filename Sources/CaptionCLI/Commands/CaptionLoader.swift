import CaptionKit

/// Reads one caption file for any command: bytes, format detection and the reader, with every
/// diagnostic tagged with the file's path.
struct CaptionLoader {
  /// A loaded file.
  struct Loaded {
    var path: String
    var format: any CaptionFormat
    var result: ReadResult
  }

  var formatName: String?
  var options = ReadOptions()
  /// Style profiles named with `--profile` (the file is also checked as it would display under
  /// each).
  var styleProfiles: [StyleProfile] = []
  /// The style profile files read (`--profile FILE`): inputs that no output may replace.
  var profileFiles: [String] = []

  /// TTML validation profile names accepted by `--profile` (anything else names a style profile).
  static let ttmlProfiles: Set<String> = [
    "imsc1.1", "imsc11", "imsc", "imsc1.0", "imsc10", "imsc1", "ebu-tt-d", "ebuttd", "ttml1", "dfxp", "ttml2", "smpte-tt", "smpte",
  ]

  /// Reads the shared reading options (`--from`, `--encoding`, `--max-file-size`, `--profile`).
  init(_ args: inout ArgumentScanner) throws(ToolError) {
    formatName = args.value("from")
    if let f = formatName, FormatRegistry.format(named: f) == nil {
      throw .usage("unknown format '\(f)' for --from; known: \(FormatRegistry.builtIn.map(\.id).joined(separator: ", "))")
    }
    if let e = args.value("encoding") {
      guard let enc = TextEncoding(label: e) else {
        throw .usage("unknown encoding '\(e)'; known: \(TextEncoding.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      options.encoding = enc
    }
    if let m = args.value("max-file-size") {
      guard let n = Int(m), n > 0 else { throw .usage("--max-file-size takes a positive number of bytes") }
      options.limits.maxFileSize = n
    }
    if let m = args.value("max-nesting-depth") {
      guard let n = Int(m), n > 0, n <= 100_000 else { throw .usage("--max-nesting-depth takes a number from 1 to 100000") }
      options.limits.maxNestingDepth = n
    }
    if let m = args.value("max-cue-elements") {
      guard let n = Int(m), n > 0 else { throw .usage("--max-cue-elements takes a positive number") }
      options.limits.maxCueElements = n
    }
    if let m = args.value("max-timed-content") {
      guard let n = Int(m), n > 0 else { throw .usage("--max-timed-content takes a positive number of cue-text nodes") }
      options.limits.maxTimedContentNodes = n
    }
    for (flag, path) in CaptionLoader.xmlLimitFlags {
      if let m = args.value(flag) {
        guard let n = Int(m), n > 0 else { throw .usage("--\(flag) takes a positive number") }
        // Expanded entities are held about three times over while the tree is built: past
        // 256 MiB a raised limit would exhaust memory before it was reached.
        if flag == "max-entity-expansion", n > CaptionLoader.maxEntityExpansionFlag {
          throw .usage("--max-entity-expansion takes at most \(CaptionLoader.maxEntityExpansionFlag) bytes")
        }
        options.limits[keyPath: path] = n
      }
    }
    if let m = args.value("max-diagnostics") {
      guard let n = Int(m), n > 0 else { throw .usage("--max-diagnostics takes a positive number") }
      options.limits.maxDiagnostics = n
    }
    for p in args.values("profile") {
      if CaptionLoader.ttmlProfiles.contains(p.lowercased()) {
        options.profile = p
      } else if ProfileLoader.isStyleProfileReference(p) {
        if FileAccess.entryExists(p) { profileFiles.append(p) }
        do {
          styleProfiles += try ProfileLoader.load(p)
        } catch {
          throw .profile(error, reference: p)
        }
      } else {
        throw .usage(
          "--profile '\(p)' is neither a TTML profile (imsc1.1, ebu-tt-d, ttml2, ttml1, smpte-tt) nor a style profile (a .json file or a shipped id; see 'captionkit profile list')")
      }
    }
  }

  /// The legibility findings for a loaded file: the styles it carries, checked against what is
  /// behind them, and the file as it would display under each `--profile` style profile.
  func styleDiagnostics(_ loaded: Loaded) -> [Diagnostic] {
    let doc = loaded.result.document
    let defaults = RendererDefaults.forFormat(loaded.format.id, document: doc)
    var out: [Diagnostic] = []
    if styleProfiles.isEmpty {
      out = DocumentStyleChecker.check(doc, profile: nil, defaults: defaults)
    } else {
      for p in styleProfiles { out += DocumentStyleChecker.check(doc, profile: p, defaults: defaults) }
    }
    for i in out.indices { out[i].file = loaded.path }
    return out
  }

  /// The options every reading command accepts.
  static let valuedOptions: Set<String> = Set(
    ["from", "encoding", "max-file-size", "max-nesting-depth", "max-cue-elements", "max-timed-content", "max-diagnostics", "profile"] + xmlLimitFlags.map(\.0))

  /// The most `--max-entity-expansion` accepts (256 MiB).
  static let maxEntityExpansionFlag = 256 << 20

  /// TTML's XML parser limits, its cue attribute text limit and the line length limit, and the
  /// flags that set them.
  static let xmlLimitFlags: [(String, WritableKeyPath<ReadLimits, Int> & Sendable)] = [
    ("max-xml-elements", \.maxXMLElements), ("max-xml-attributes", \.maxXMLAttributes),
    ("max-attribute-length", \.maxAttributeLength), ("max-entity-expansion", \.maxEntityExpansion),
    ("max-cue-attribute-text", \.maxCueAttributeText), ("max-line-length", \.maxLineLength),
  ]

  /// Loads `path` (`-` is standard input).
  func load(_ path: String, io: ToolIO) throws(ToolError) -> Loaded {
    let (bytes, format) = try loadBytes(path, io: io)
    return try parse(bytes, format: format, path: path)
  }

  /// Parses bytes read from `path` by `loadBytes`; the detection note (see `detectionNote`)
  /// comes first among the diagnostics.
  func parse(_ bytes: [UInt8], format: any CaptionFormat, path: String) throws(ToolError) -> Loaded {
    var result: ReadResult
    do {
      result = try format.read(bytes, options: options)
    } catch {
      throw .io(path: path, message: error.description)
    }
    if let note = detectionNote(format: format, path: path) { result.diagnostics.insert(note, at: 0) }
    let display = CaptionLoader.displayName(path)
    for i in result.diagnostics.indices { result.diagnostics[i].file = display }
    return Loaded(path: display, format: format, result: result)
  }

  /// `core.format.extension-mismatch` when the format was detected from the content (no
  /// `--from`) and the file's extension names another one.
  func detectionNote(format: any CaptionFormat, path: String) -> Diagnostic? {
    guard formatName == nil, path != "-" else { return nil }
    var d = FormatRegistry.extensionMismatch(detected: format, fileExtension: Self.fileExtension(path))
    if d != nil { d?.message += " (name the format with --from to read it as another)" }
    return d
  }

  /// The extension of the last path component (what follows its last dot), if it has one: not
  /// for `-`, a name ending in a dot (`subs.`) or a dot file without another dot (`.vtt`), and
  /// never a folder's (`out.d/captions`).
  static func fileExtension(_ path: String) -> String? {
    guard path != "-" else { return nil }
    let ext = PathText.pathExtension(path)
    return ext.isEmpty ? nil : ext
  }

  /// How diagnostics name `path`.
  static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// Reads `path` (`-` is standard input) and finds its format, without parsing it.
  func loadBytes(_ path: String, io: ToolIO) throws(ToolError) -> (bytes: [UInt8], format: any CaptionFormat) {
    let bytes = try FileAccess.read(path, io: io, limit: options.limits.maxFileSize)
    let format: any CaptionFormat
    if let formatName, let f = FormatRegistry.format(named: formatName) {
      format = f
    } else {
      let ext = path == "-" ? nil : Self.fileExtension(path)
      do {
        format = try FormatRegistry.detect(bytes, fileExtension: ext)
      } catch {
        throw .io(path: path, message: "\(error) (name it with --from)")
      }
    }
    return (bytes, format)
  }
}
