internal import CLibXML2
import CaptionCore

/// Parses XML 1.0 + Namespaces (UTF-8, already decoded) into an `XMLElementNode` tree with
/// libxml2's SAX2 interface, configured for hostile input.
///
/// Configuration (libxml2 2.9):
/// - `XML_PARSE_NONET`, and never `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`,
///   `XML_PARSE_DTDVALID` or `XML_PARSE_HUGE`: no external DTD or entity is loaded, and
///   libxml2's own limits stay on (256 levels of elements, 10 MB text nodes and attribute
///   values, entity amplification checks). The SAX `resolveEntity` and `externalSubset`
///   callbacks are removed and the process-wide external entity loader refuses everything,
///   so no file or network is ever read.
/// - `XML_PARSE_RECOVER`: after a well-formedness error, libxml2 goes on where it can, so a
///   truncated file keeps what was read.
/// - `XML_PARSE_IGNORE_ENC`: the input is already UTF-8 (see `TextDecoder`); the encoding
///   named in the XML declaration is not applied again.
///
/// Internal entities are expanded by libxml2 (its SAX2 path parses entity content into our
/// callbacks, with its loop and amplification checks); on top of that, everything produced
/// beyond the input size counts against `XMLParserLimits.maxEntityExpansion`, past which
/// reading stops with `ttml.xml.entity-expansion-limit`. External entities are reported
/// (`ttml.xml.external-entity`: a warning where declared, an error where used) and expand to
/// nothing; an external DTD is reported (`ttml.xml.external-dtd`) and not read. Elements
/// deeper than `XMLParserLimits.maxDepth` are flattened into their ancestor.
///
/// Every libxml2 error becomes a `ttml.xml.*` diagnostic at its UTF-8 byte line:column.
public enum XMLTreeParser {
  /// The result: the root element, if any, and every problem found.
  public struct Result: Sendable {
    public var root: XMLElementNode?
    public var diagnostics: [Diagnostic]
    /// Every namespace URI that an element or attribute of the document is in (a superset
    /// when elements were dropped for depth), so callers can skip a walk that looks for one.
    public var namespacesUsed: Set<String> = []
    /// Whether any element is in no namespace (so callers can skip a walk that looks for one).
    public var elementsInNoNamespace = false
    /// How many `xml:id` attributes the document has (for tables of identifiers to reserve).
    public var xmlIDCount = 0
  }

  /// libxml2 set up once per process: initialised, and with an external entity loader that
  /// refuses every resource (a second guard after the per-parse configuration).
  private static let setUp: Bool = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in nil }
    return true
  }()

  static let options: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// Parses `utf8` (already decoded, without a byte order mark).
  public static func parse(_ utf8: [UInt8], limits: XMLParserLimits = XMLParserLimits(), maxDiagnostics: Int = 10_000) -> Result {
    parse(utf8, limits: limits, maxDiagnostics: maxDiagnostics, halvesFrom: halvesMinimumSize)
  }

  /// `parse`, reading in halves from `halvesFrom` bytes up (tests read small documents as
  /// large ones are read).
  static func parse(_ utf8: [UInt8], limits: XMLParserLimits, maxDiagnostics: Int, halvesFrom: Int) -> Result {
    let builder = XMLTreeBuilder(bytes: utf8, limits: limits, maxDiagnostics: maxDiagnostics)
    guard !utf8.isEmpty, utf8.count < Int(Int32.max) else {
      builder.report(
        "ttml.xml.not-xml", .error, utf8.isEmpty ? "the file is empty" : "the file is too large for the XML parser",
        at: builder.positions.location(0))
      return Result(root: nil, diagnostics: builder.sink.finished)
    }
    // libxml2 would spend quadratic time on an element with very many attributes: read the
    // document up to that element only.
    var input = utf8
    if let cut = XMLAttributeCounter.firstCrowdedTag(utf8, limit: limits.maxAttributesPerElement) {
      builder.report(
        "ttml.xml.too-many-attributes", .error,
        "an element has more than \(limits.maxAttributesPerElement) attributes (a denial-of-service pattern for XML parsers); the document is read up to this element\(limits.raiseHint(.attributesPerElement))",
        at: builder.positions.location(cut))
      input = Array(utf8[..<cut])
      if input.isEmpty { return Result(root: nil, diagnostics: builder.sink.finished) }
    }
    if utf8.count >= halvesFrom, input.count == utf8.count, let result = XMLHalves.parse(input, positions: builder.positions, limits: limits, maxDiagnostics: maxDiagnostics) {
      return result
    }
    run(input, builder)
    return Result(
      root: builder.root, diagnostics: builder.sink.finished, namespacesUsed: builder.namespacesUsed,
      elementsInNoNamespace: builder.elementsInNoNamespace, xmlIDCount: builder.xmlIDCount)
  }

  /// Documents from this size up (bytes of UTF-8) are parsed in two halves at once (see
  /// `XMLHalves`).
  static let halvesMinimumSize = 1 << 20

  /// Runs libxml2 over `input`, with `builder` receiving its events (and `finish`ed).
  static func run(_ input: [UInt8], _ builder: XMLTreeBuilder) {
    _ = setUp
    let ctxt: xmlParserCtxtPtr? = input.withUnsafeBufferPointer { p in
      p.baseAddress.flatMap { base in
        base.withMemoryRebound(to: CChar.self, capacity: p.count) { xmlCreateMemoryParserCtxt($0, Int32(p.count)) }
      }
    }
    guard let ctxt else {
      builder.report("ttml.xml.not-xml", .error, "the XML parser could not be started", at: builder.positions.location(0))
      return
    }
    defer {
      if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
      ctxt.pointee.myDoc = nil
      xmlFreeParserCtxt(ctxt)
    }
    builder.main = ctxt
    // The SAX handler libxml2 allocated for the context is filled in place (it frees it).
    if let sax = ctxt.pointee.sax { sax.pointee = LibXML2Handlers.handler() }
    xmlCtxtUseOptions(ctxt, options)
    // Globals that the options do not reset (another user of libxml2 in the process could
    // have changed the defaults).
    ctxt.pointee.replaceEntities = 0
    ctxt.pointee.loadsubset = 0
    ctxt.pointee.validate = 0
    ctxt.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
    ctxt.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
    withExtendedLifetime(builder) { _ = xmlParseDocument(ctxt) }
    if let dict = ctxt.pointee.dict { builder.dictionaryUsage = Int(xmlDictGetUsage(dict)) }
    builder.finish()
  }
}
