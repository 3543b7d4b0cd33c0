import Foundation

/// The caption model as JSON (`captionkit convert … --to json`), schema `captionkit.document`
/// version 1. See `docs/json-schema.md` for every field.
///
/// Times are seconds as numbers (`start`, `end`) plus the exact rational as a string
/// (`startExact`, `endExact`, `"value/timescale"`), so scripts get convenience and tools get
/// exactness. Cue settings use the WebVTT API names (`line`, `snapToLines`, `position`,
/// `positionAlign`, `size`, `align`, `lineAlign`, `vertical`, `region`).
public enum CaptionJSON {
  /// The schema name written in every document.
  public static let schema = "captionkit.document"
  /// The schema version. Additive changes keep it; breaking changes bump it.
  public static let schemaVersion = 1

  /// The deepest cue-text element nesting written as a tree. Foundation's encoder stops at 512
  /// levels of JSON and each element takes two (object and `children`), so deeper elements are
  /// written as one text node holding their plain text, and reported.
  public static let maxTreeDepth = 200

  /// Cues whose markup nests deeper than this are written on one line: pretty-printing indents
  /// each level further, so a cue's size grew with the square of its depth (6,000 cues of 256
  /// nested `<i>`, 4.8 MB of WebVTT, ran out of memory as 4 GB of JSON).
  public static let prettyTreeDepth = 16

  /// Encodes a document as pretty-printed, key-sorted (deterministic) UTF-8 JSON; a cue nested
  /// deeper than `prettyTreeDepth` is written on one line.
  ///
  /// - Returns: the JSON, and the warnings of `flatteningDiagnostics(_:)`; when the document
  ///   cannot be encoded, no bytes and a `json.write.failed` error.
  public static func write(_ document: CaptionDocument) -> WriteResult {
    let diagnostics = flatteningDiagnostics(document)
    var out: [UInt8] = []
    do {
      try encode(document, pieceSize: Int.max) { out += $0 }
      return WriteResult(bytes: out, diagnostics: diagnostics)
    } catch {
      return WriteResult(bytes: [], diagnostics: diagnostics + [
        Diagnostic(code: "json.write.failed", severity: .error, message: "the document could not be encoded as JSON: \(error)")
      ])
    }
  }

  /// A `json.write.tree-flattened` warning for each cue whose text tree is deeper than
  /// `maxTreeDepth` (its `tree` is written as plain text; its `text` field is still complete).
  public static func flatteningDiagnostics(_ document: CaptionDocument) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (i, c) in document.cues.enumerated() where NodeDTO.depth(c.content) > maxTreeDepth {
      diagnostics.append(Diagnostic(
        code: "json.write.tree-flattened", severity: .warning,
        message: "cue \(i + 1): markup nested deeper than \(maxTreeDepth) levels is written as plain text in `tree`", cueIndex: i))
    }
    return diagnostics
  }

  /// The bytes `write(_:)` returns, handed to `sink` in pieces of about `pieceSize` bytes (a
  /// piece ends after a whole cue), so that the output never has to be held whole: a TTML `div`
  /// styled with every property carries that style into each of its cues, about 1.5 KB of JSON
  /// for an 8-byte `<p>x</p>`.
  ///
  /// - Throws: `EncodingError` when a value cannot be encoded (pieces before it were given), or
  ///   what `sink` throws.
  public static func encode(
    _ document: CaptionDocument, pieceSize: Int = 1 << 20, into sink: ([UInt8]) throws -> Void
  ) throws {
    try encodeCueByCue(document, makeEncoder(), pieceSize: pieceSize, into: sink)
    try sink([0x0A])
  }

  static func makeEncoder(pretty: Bool = true) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// What `encoder.encode(DocumentDTO(document))` gives, byte for byte (but for cues deeper
  /// than `prettyTreeDepth`, on one line each), without building the
  /// encoder's tree for the whole document (about 6 KB per cue: 580 MB at 100k cues): the
  /// document is encoded without its cues, then each cue on its own, indented to its place.
  static func encodeCueByCue(
    _ document: CaptionDocument, _ encoder: JSONEncoder, pieceSize: Int = Int.max, into sink: ([UInt8]) throws -> Void
  ) throws {
    var frame = document
    frame.cues = []
    let skeleton = Array(try encoder.encode(DocumentDTO(frame)))
    guard !document.cues.isEmpty else { return try sink(skeleton) }
    // Keys are sorted and the root's keys are indented by two spaces, so this is the root's
    // empty `cues` array, written as `[`, an empty line, and `]` at the key's indentation.
    let empty = Array("\n  \"cues\" : [\n\n  ]".utf8)
    guard let at = skeleton.firstRange(of: empty) else { return try sink(Array(try encoder.encode(DocumentDTO(document)))) }
    var out = Array(skeleton[..<at.lowerBound])
    out.reserveCapacity(min(pieceSize, skeleton.count + document.cues.count * 640) + (1 << 16))
    out += Array("\n  \"cues\" : [\n".utf8)
    let oneLine = makeEncoder(pretty: false)
    for (k, cue) in document.cues.enumerated() {
      if k > 0 { out += Array(",\n".utf8) }
      if out.count >= pieceSize {
        try sink(out)
        out.removeAll(keepingCapacity: true)
      }
      // Each line of the cue's own encoding, two levels (four spaces) deeper.
      out += [0x20, 0x20, 0x20, 0x20]
      let deep = NodeDTO.depth(cue.content) > prettyTreeDepth
      for b in try (deep ? oneLine : encoder).encode(CueDTO(cue)) {
        out.append(b)
        if b == 0x0A { out += [0x20, 0x20, 0x20, 0x20] }
      }
    }
    out += Array("\n  ]".utf8)
    out += skeleton[at.upperBound...]
    try sink(out)
  }

  /// Encodes a document as JSON; see `write(_:)` for the diagnostics this drops.
  public static func encode(_ document: CaptionDocument) -> [UInt8] {
    write(document).bytes
  }

  struct DocumentDTO: Encodable {
    let schema = CaptionJSON.schema
    let schemaVersion = CaptionJSON.schemaVersion
    let metadata: MetadataDTO
    let styleSheets: [String]
    let styles: [NamedStyleDTO]
    let regions: [RegionDTO]
    let cues: [CueDTO]
    let comments: [CommentDTO]

    init(_ d: CaptionDocument) {
      metadata = MetadataDTO(d.metadata)
      styleSheets = d.styleSheets
      styles = d.styles.map(NamedStyleDTO.init)
      regions = d.regions.map(RegionDTO.init)
      cues = d.cues.map(CueDTO.init)
      comments = d.comments.map { CommentDTO(text: $0.text, beforeCue: $0.beforeCue) }
    }
  }

  struct MetadataDTO: Encodable {
    let language: String?
    let title: String?
    let signatureSuffix: String
    let headerLines: [String]
    let timestampMap: TimestampMapDTO?
    let parameters: [String: String]
    init(_ m: DocumentMetadata) {
      language = m.language
      title = m.title
      signatureSuffix = m.signatureSuffix
      headerLines = m.headerLines
      timestampMap = m.timestampMap.map { TimestampMapDTO(mpegts: $0.mpegts, local: $0.local.seconds) }
      parameters = m.parameters
    }
  }

  struct TimestampMapDTO: Encodable {
    let mpegts: Int64
    let local: Double
  }

  struct CommentDTO: Encodable {
    let text: String
    let beforeCue: Int
  }

  struct NamedStyleDTO: Encodable {
    let id: String
    let basedOn: [String]
    let style: StyleDTO
    init(_ s: NamedStyle) {
      id = s.id
      basedOn = s.basedOn
      style = StyleDTO(s.style)
    }
  }

  struct RegionDTO: Encodable {
    let id: String
    let width: Double
    let lines: Double
    let regionAnchorX: Double
    let regionAnchorY: Double
    let viewportAnchorX: Double
    let viewportAnchorY: Double
    let scroll: String
    let origin: [String]?
    let extent: [String]?
    let style: StyleDTO?
    init(_ r: Region) {
      id = r.id
      width = r.width
      lines = r.lines
      regionAnchorX = r.regionAnchor.x
      regionAnchorY = r.regionAnchor.y
      viewportAnchorX = r.viewportAnchor.x
      viewportAnchorY = r.viewportAnchor.y
      scroll = r.scroll.rawValue
      origin = r.origin.map { [$0.x.description, $0.y.description] }
      extent = r.extent.map { [$0.x.description, $0.y.description] }
      style = r.style.isEmpty ? nil : StyleDTO(r.style)
    }
  }

  struct CueDTO: Encodable {
    let id: String
    let start: Double
    let end: Double
    let startExact: String
    let endExact: String
    let line: JSONScalar
    let snapToLines: Bool
    let position: JSONScalar
    let positionAlign: String
    let size: Double
    let align: String
    let lineAlign: String
    let vertical: String
    let region: String?
    let style: StyleDTO?
    let styleRefs: [String]?
    let text: String
    /// The cue text as written (markup and character references intact), when it differs from
    /// `text`: what a WebVTT `VTTCue.text` holds.
    let sourceText: String?
    let tree: [NodeDTO]
    let sourceLine: Int?

    init(_ c: Cue) {
      id = c.id
      start = c.start.seconds
      end = c.end.seconds
      startExact = "\(c.start.value)/\(c.start.timescale)"
      endExact = "\(c.end.value)/\(c.end.timescale)"
      switch c.settings.line {
      case .auto: line = .string("auto")
      case .value(let v): line = .number(v)
      }
      snapToLines = c.settings.snapToLines
      position = c.settings.position.map { .number($0) } ?? .string("auto")
      positionAlign = c.settings.positionAlign.rawValue
      size = c.settings.size
      align = c.settings.align.rawValue
      lineAlign = c.settings.lineAlign.rawValue
      vertical = c.settings.vertical.rawValue
      region = c.settings.region
      style = c.style.map(StyleDTO.init)
      styleRefs = c.styleRefs.isEmpty ? nil : c.styleRefs
      let plain = c.plainText
      text = plain
      sourceText = c.markupSourceText.flatMap { $0 == plain ? nil : $0 }
      tree = c.content.map { NodeDTO($0, depth: 0) }
      sourceLine = c.source?.line
    }
  }

  final class NodeDTO: Encodable {
    let type: String
    let value: String?
    let seconds: Double?
    let name: String?
    let lang: String?
    let classes: [String]?
    let style: StyleDTO?
    let children: [NodeDTO]?

    /// The element nesting depth of a node list.
    static func depth(_ nodes: [CueNode]) -> Int {
      var best = 0
      var stack: [([CueNode], Int)] = [(nodes, 0)]
      while let (list, d) = stack.popLast() {
        for n in list {
          if case .element(let e) = n {
            best = max(best, d + 1)
            stack.append((e.children, d + 1))
          }
        }
      }
      return best
    }

    init(_ n: CueNode, depth: Int) {
      if depth >= CaptionJSON.maxTreeDepth, case .element = n {
        self.type = "text"
        self.value = n.plainText
        self.seconds = nil
        self.name = nil
        self.lang = nil
        self.classes = nil
        self.style = nil
        self.children = nil
        return
      }
      var type = "", value: String? = nil, seconds: Double? = nil, name: String? = nil, lang: String? = nil
      var classes: [String]? = nil, style: StyleDTO? = nil, children: [NodeDTO]? = nil
      switch n {
      case .text(let s): type = "text"; value = s
      case .lineBreak: type = "lineBreak"
      case .timestamp(let t): type = "timestamp"; seconds = t.seconds
      case .element(let e):
        switch e.kind {
        case .span: type = "span"
        case .italic: type = "italic"
        case .bold: type = "bold"
        case .underline: type = "underline"
        case .ruby: type = "ruby"
        case .rubyText: type = "rubyText"
        case .voice(let v): type = "voice"; name = v
        case .language(let l): type = "language"; lang = l
        }
        classes = e.classes.isEmpty ? nil : e.classes
        style = e.style.map(StyleDTO.init)
        children = e.children.map { NodeDTO($0, depth: depth + 1) }
      }
      self.type = type
      self.value = value
      self.seconds = seconds
      self.name = name
      self.lang = lang
      self.classes = classes
      self.style = style
      self.children = children
    }
  }

  struct StyleDTO: Encodable {
    let color: String?
    let backgroundColor: String?
    let fontFamily: [String]?
    let fontSize: String?
    let fontStyle: String?
    let fontWeight: String?
    let textDecoration: [String]?
    let textOutline: String?
    let textShadow: [String]?
    let textAlign: String?
    let displayAlign: String?
    let lineHeight: String?
    let opacity: Double?
    let visible: Bool?
    let displayed: Bool?
    let writingMode: String?
    let direction: String?
    let forcedDisplay: Bool?
    let linePadding: String?
    let multiRowAlign: String?
    let other: [String: String]?

    init(_ s: TextStyle) {
      color = s.color?.hex
      backgroundColor = s.backgroundColor?.hex
      fontFamily = s.fontFamily
      fontSize = s.fontSize.map { v in s.fontSizeVertical.map { "\(v) \($0)" } ?? v.description }
      fontStyle = s.fontStyle?.rawValue
      fontWeight = s.fontWeight?.rawValue
      textDecoration = s.textDecoration.map { d in
        var out: [String] = []
        if d.contains(.underline) { out.append("underline") }
        if d.contains(.lineThrough) { out.append("lineThrough") }
        if d.contains(.overline) { out.append("overline") }
        return out
      }
      textOutline = s.textOutline.map { o in
        [o.color?.hex, o.thickness.description, o.blur?.description].compactMap { $0 }.joined(separator: " ")
      }
      textShadow = s.textShadow.map { list in
        list.map { sh in
          [sh.offsetX.description, sh.offsetY.description, sh.blur?.description, sh.color?.hex].compactMap { $0 }.joined(separator: " ")
        }
      }
      textAlign = s.textAlign?.rawValue
      displayAlign = s.displayAlign?.rawValue
      lineHeight = s.lineHeight?.description
      opacity = s.opacity
      visible = s.visible
      displayed = s.displayed
      writingMode = s.writingMode?.rawValue
      direction = s.direction?.rawValue
      forcedDisplay = s.forcedDisplay
      linePadding = s.linePadding?.description
      multiRowAlign = s.multiRowAlign
      other = s.other.isEmpty ? nil : s.other
    }
  }
}
