internal import CLibXML2
import CaptionCore

/// The SAX2 callbacks given to libxml2, and the mapping of its errors to our diagnostics.
///
/// libxml2 passes its parser context to every callback (`userData` is left as the context,
/// so its own DTD and entity handlers keep working); the `XMLTreeBuilder` is in `_private`.
enum LibXML2Handlers {
  static func builder(_ ctx: UnsafeMutableRawPointer?) -> XMLTreeBuilder? {
    guard let ctx else { return nil }
    let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let p = ctxt.pointee._private else { return nil }
    return Unmanaged<XMLTreeBuilder>.fromOpaque(p).takeUnretainedValue()
  }

  static func context(_ ctx: UnsafeMutableRawPointer?) -> xmlParserCtxtPtr? {
    ctx?.assumingMemoryBound(to: xmlParserCtxt.self)
  }

  /// Once a document is not well-formed, libxml2 stops replacing entity references, even
  /// `&amp;` and `&lt;`: one undefined entity would silently drop every later `&` and `<` of
  /// the text. Each error is reported when it happens; recovery then goes on as for a
  /// well-formed document (the expansion budget and the limits do not depend on this flag).
  /// libxml2 clears the flag after reporting, so the callbacks that follow set it again.
  @inline(__always) static func keepRecovering(_ ctx: UnsafeMutableRawPointer?) {
    guard let ctxt = context(ctx), ctxt.pointee.wellFormed == 0, ctxt.pointee.recovery != 0 else { return }
    ctxt.pointee.wellFormed = 1
  }

  /// An entity for an HTML 4 name (libxml2's HTML table) that the document does not declare,
  /// added to the document's internal subset as if declared there, so libxml2 expands it
  /// like any internal entity, in text and in attribute values, and frees it with the
  /// document. Nil for other names.
  static func htmlEntity(_ name: UnsafePointer<xmlChar>, doc: xmlDocPtr) -> (xmlEntityPtr, UInt32)? {
    guard let desc = htmlEntityLookup(name), let scalar = Unicode.Scalar(UInt32(desc.pointee.value)) else { return nil }
    if doc.pointee.intSubset == nil { _ = xmlCreateIntSubset(doc, nil, nil, nil) }
    let content = Array(String(Character(scalar)).utf8) + [0]
    let entity = content.withUnsafeBufferPointer {
      xmlAddDocEntity(doc, name, Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue), nil, nil, $0.baseAddress)
    }
    guard let entity else { return nil }
    return (entity, scalar.value)
  }

  static func handler() -> xmlSAXHandler {
    var h = xmlSAXHandler()
    // libxml2's SAX2 defaults: document, DTD and entity bookkeeping (no tree of elements).
    xmlSAXVersion(&h, 2)
    // Never fetch anything.
    h.resolveEntity = { _, _, _ in nil }
    h.externalSubset = nil
    // No printing: every problem arrives through `serror`.
    h.warning = nil
    h.error = nil
    h.fatalError = nil
    h.serror = { ctx, error in
      guard let error, let b = LibXML2Handlers.builder(ctx) else { return }
      LibXML2Handlers.report(error.pointee, b)
    }
    h.internalSubset = { ctx, name, externalID, systemID in
      if externalID != nil || systemID != nil, let b = LibXML2Handlers.builder(ctx) {
        b.report(
          "ttml.xml.external-dtd", .warning, "the external DTD is not loaded (no file or network access)",
          at: b.positions.location(b.offset ?? 0))
      }
      xmlSAX2InternalSubset(ctx, name, externalID, systemID)
    }
    h.entityDecl = { ctx, name, type, publicID, systemID, content in
      xmlSAX2EntityDecl(ctx, name, type, publicID, systemID, content)
      let t = xmlEntityType(UInt32(type))
      guard t == XML_EXTERNAL_GENERAL_PARSED_ENTITY || t == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY,
        let b = LibXML2Handlers.builder(ctx)
      else { return }
      b.report(
        "ttml.xml.external-entity", .warning, "external entity '\(name.map { String(cString: $0) } ?? "")' is declared; it will not be fetched",
        at: b.positions.location(b.offset ?? 0))
    }
    h.getEntity = { ctx, name in
      LibXML2Handlers.keepRecovering(ctx)
      if let e = xmlSAX2GetEntity(ctx, name) { return e }
      // An entity no DTD declares, but HTML names (`&nbsp;`, `&hellip;`): files from HTML-minded
      // tools use them, and dropping them glues words together ("Wait&nbsp;for" → "Waitfor").
      // Declared on first use, so later uses find it (and are not reported again).
      guard let name, let ctxt = LibXML2Handlers.context(ctx),
        let doc = LibXML2Handlers.builder(ctx)?.main?.pointee.myDoc ?? ctxt.pointee.myDoc,
        let (entity, scalar) = LibXML2Handlers.htmlEntity(name, doc: doc)
      else { return nil }
      if let b = LibXML2Handlers.builder(ctx) {
        let at = b.offset.flatMap { b.positions.lastIndex(of: UInt8(ascii: "&"), atOrBefore: $0, limit: 1024) } ?? b.offset ?? 0
        b.report(
          "ttml.xml.html-entity", .error,
          "'&\(String(cString: name));' is an HTML entity that no DTD of this document declares (XML has only &lt; &gt; &amp; &apos; &quot;); read as the character HTML gives it, \(CodePointName.of(scalar)), here and wherever else it is used",
          at: b.positions.location(at))
      }
      return entity
    }
    h.reference = { ctx, name in
      LibXML2Handlers.keepRecovering(ctx)
      // Called for entities libxml2 did not expand into our callbacks: external ones.
      guard let name, let b = LibXML2Handlers.builder(ctx), let ctxt = LibXML2Handlers.context(ctx) else { return }
      let doc = b.main?.pointee.myDoc ?? ctxt.pointee.myDoc
      guard let entity = xmlGetDocEntity(doc, name) else { return }
      let t = entity.pointee.etype
      guard t == XML_EXTERNAL_GENERAL_PARSED_ENTITY || t == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY else { return }
      let at = b.offset.flatMap { b.positions.lastIndex(of: UInt8(ascii: "&"), atOrBefore: $0, limit: 1024) } ?? b.offset ?? 0
      b.report(
        "ttml.xml.external-entity", .error,
        "'&\(String(cString: name));' refers to an external entity, which is never fetched (no file or network access)",
        at: b.positions.location(at))
    }
    h.startElementNs = { ctx, local, prefix, uri, nbNamespaces, namespaces, nbAttributes, nbDefaulted, attributes in
      LibXML2Handlers.keepRecovering(ctx)
      // Attributes defaulted from the DTD come last; they are not in the document, and the
      // previous parser did not add them either.
      LibXML2Handlers.builder(ctx)?.startElement(
        LibXML2Handlers.context(ctx), local: local, prefix: prefix, uri: uri,
        namespaces: namespaces, namespaceCount: Int(nbNamespaces),
        attributes: attributes, attributeCount: Int(max(0, nbAttributes - nbDefaulted)))
    }
    h.endElementNs = { ctx, _, _, _ in
      LibXML2Handlers.keepRecovering(ctx)
      LibXML2Handlers.builder(ctx)?.endElement(LibXML2Handlers.context(ctx))
    }
    h.characters = { ctx, ch, len in
      LibXML2Handlers.keepRecovering(ctx)
      LibXML2Handlers.builder(ctx)?.characters(ch, Int(len), LibXML2Handlers.context(ctx))
    }
    h.ignorableWhitespace = h.characters
    h.cdataBlock = h.characters
    h.comment = { ctx, _ in LibXML2Handlers.builder(ctx)?.otherMarkup() }
    h.processingInstruction = { ctx, _, _ in LibXML2Handlers.builder(ctx)?.otherMarkup() }
    // SAX1 element callbacks are never used in SAX2 mode.
    h.startElement = nil
    h.endElement = nil
    return h
  }

  /// Turns one libxml2 error into a diagnostic.
  static func report(_ e: xmlError, _ b: XMLTreeBuilder) {
    if b.stopped { return }
    var message = e.message.map { String(cString: $0) } ?? "XML error \(e.code)"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    let severity: Severity = e.level == XML_ERR_WARNING ? .warning : .error
    let here = b.offset
    var at = here ?? 0
    var location: SourceLocation
    if here == nil, e.line > 0 {
      location = SourceLocation(line: Int(e.line), column: 1)
    } else {
      location = b.positions.location(at)
    }
    let code: String
    switch xmlParserErrors(UInt32(e.code)) {
    case XML_ERR_DOCUMENT_EMPTY:
      code = "not-xml"
    case XML_ERR_DOCUMENT_END, XML_ERR_EXTRA_CONTENT:
      code = "content-after-root"
    case XML_ERR_TAG_NAME_MISMATCH:
      code = "mismatched-end-tag"
      // Reported after the end tag's '>'; point at its '<'.
      if here != nil, let lt = b.positions.lastIndex(of: UInt8(ascii: "<"), atOrBefore: max(0, at - 1)) {
        at = lt
        location = b.positions.location(at)
      }
    case XML_ERR_TAG_NOT_FINISHED:
      code = "unexpected-end"
      if let open = b.stack.last {
        message = "the document ends inside <\(open.node.qualifiedName)> (opened at \(open.node.location)); the file is truncated or an end tag is missing"
      }
    case XML_ERR_COMMENT_NOT_FINISHED, XML_ERR_PI_NOT_FINISHED, XML_ERR_CDATA_NOT_FINISHED, XML_ERR_ATTRIBUTE_NOT_FINISHED,
      XML_ERR_STRING_NOT_CLOSED, XML_ERR_LTSLASH_REQUIRED:
      code = at >= b.positions.bytes.count ? "unexpected-end" : (message.containsUTF8("too long") ? "attribute-too-long" : "not-well-formed")
    case XML_ERR_GT_REQUIRED:
      code = at >= b.positions.bytes.count ? "unexpected-end" : "not-well-formed"
    case XML_ERR_ENTITY_LOOP:
      // libxml2 reports the loop again at each level of the expansion it unwinds (20 times
      // for two entities that name each other): one report says it all.
      if b.expansionReported { return }
      b.expansionReported = true
      code = "entity-expansion-limit"
      // Reported after the reference; point at its '&'.
      if here != nil, let amp = b.positions.lastIndex(of: UInt8(ascii: "&"), atOrBefore: max(0, at - 1)) {
        location = b.positions.location(amp)
      }
      message += " (an entity expansion bomb?); libxml2 stops reading there, so the rest of the document is not read"
    case XML_ERR_UNDECLARED_ENTITY, XML_WAR_UNDECLARED_ENTITY:
      code = "undefined-entity"
    case XML_ERR_ENTITY_IS_EXTERNAL, XML_ERR_UNPARSED_ENTITY, XML_ERR_EXT_ENTITY_STANDALONE:
      code = "external-entity"
    case XML_ERR_ATTRIBUTE_REDEFINED, XML_NS_ERR_ATTRIBUTE_REDEFINED:
      code = "duplicate-attribute"
    case XML_NS_ERR_UNDEFINED_NAMESPACE:
      code = "unbound-prefix"
    case XML_NS_ERR_EMPTY, XML_NS_ERR_XML_NAMESPACE, XML_NS_ERR_QNAME, XML_NS_ERR_COLON:
      code = "namespace"
    case XML_ERR_INVALID_CHAR:
      code = "invalid-character"
    case XML_ERR_INVALID_CHARREF, XML_ERR_INVALID_HEX_CHARREF, XML_ERR_INVALID_DEC_CHARREF, XML_ERR_ENTITYREF_SEMICOL_MISSING:
      code = "bad-reference"
    case XML_ERR_INTERNAL_ERROR where message.containsUTF8("depth"):
      code = "nesting-too-deep"
      if b.depthReported { return }
      b.depthReported = true
      message = "elements are nested more than 256 levels deep, libxml2's fixed limit, which no flag raises; the rest of the document is not read"
    case XML_ERR_USER_STOP:
      return
    default:
      if e.domain == Int32(XML_FROM_IO.rawValue) {
        code = "external-entity"
        message = "an external resource was not loaded (no file or network access): " + message
      } else {
        code = "not-well-formed"
      }
    }
    if code == "attribute-too-long" { message = "attribute value longer than libxml2's limit of 10,000,000 bytes; the rest of the element is not read" }
    b.report("ttml.xml." + code, severity, message, at: location)
  }
}
