internal import CLibXML2
import CaptionCore

/// Receives libxml2's SAX2 events for one document and builds the `XMLElementNode` tree,
/// with exact positions and our diagnostics. Reached from the C callbacks through the parser
/// context's `_private` field (libxml2 never touches it and copies it into the contexts it
/// makes for entity content).
final class XMLTreeBuilder {
  // The fields are `@exclusivity(unchecked)`: libxml2 calls the builder on one thread, one
  // callback at a time, and no callback holds a field in an inout access while calling back
  // in, so the run-time check (5% of building the tree) cannot fail.
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

  let positions: XMLSourcePositions
  let limits: XMLParserLimits
  @exclusivity(unchecked) var sink: DiagnosticSink
  /// The document's parser context (entity content is parsed in short-lived child contexts).
  @exclusivity(unchecked) var main: xmlParserCtxtPtr?

  struct Frame {
    var node: XMLElementNode
    var skipped: Bool
  }
  @exclusivity(unchecked) var stack: [Frame] = []
  @exclusivity(unchecked) var keptDepth = 0
  @exclusivity(unchecked) var root: XMLElementNode?
  @exclusivity(unchecked) var text: [UInt8] = []
  @exclusivity(unchecked) var textStart = 0
  /// Where the last markup ended: character data that follows starts here.
  @exclusivity(unchecked) var markupEnd = 0

  @exclusivity(unchecked) var depthReported = false
  @exclusivity(unchecked) var expansionReported = false
  @exclusivity(unchecked) var stopped = false
  @exclusivity(unchecked) var errorCount = 0
  @exclusivity(unchecked) var reportsByCode: [String: Int] = [:]
  /// Bytes of text, attribute values and elements produced so far. Without entities this
  /// cannot exceed the input size, so the excess is what entity expansion produced.
  @exclusivity(unchecked) var produced = 0
  /// Elements started so far (checked against `XMLParserLimits.maxElements`).
  @exclusivity(unchecked) var elementCount = 0
  /// The attribute names of the start tag being read, as byte ranges in source order, and
  /// where to look for the next one (see `attributeLocation`).
  @exclusivity(unchecked) var attributeNames: [Range<Int>] = []
  @exclusivity(unchecked) var nextAttributeName = 0
  /// The `<` of the start tag whose attribute names `attributeNames` would hold, before they
  /// are scanned (only when an attribute is not found from its value, see `attributeLocation`),
  /// and where the last name found from its value starts.
  @exclusivity(unchecked) var unscannedTag: Int?
  @exclusivity(unchecked) var lastNameFound = -1
  /// Where libxml2's copy of the document starts and ends, and the offset of its start.
  @exclusivity(unchecked) var inputBase: UnsafePointer<xmlChar>?
  @exclusivity(unchecked) var inputEnd: UnsafePointer<xmlChar>?
  @exclusivity(unchecked) var inputConsumed = 0
  @exclusivity(unchecked) private var lineHint = 0

  // libxml2 interns names in the context's dictionary, so a pointer identifies a name.
  @exclusivity(unchecked) private var names = XMLNameTable()
  @exclusivity(unchecked) private var qualifiedNames = XMLNameTable()
  /// The namespace URIs elements and attributes are in (see `XMLTreeParser.Result`).
  @exclusivity(unchecked) var namespacesUsed: Set<String> = []
  /// Whether any element is in no namespace.
  @exclusivity(unchecked) var elementsInNoNamespace = false
  /// `xml:id` attributes read so far.
  @exclusivity(unchecked) var xmlIDCount = 0
  @exclusivity(unchecked) private var namespaceNames = XMLNameTable()

  /// Where the document's own bytes start in the input libxml2 reads: not zero for the second
  /// half of a document read in halves (see `XMLHalves`), whose input starts with copies of the
  /// start tags open where it was cut. Their elements are thrown away: their positions are not
  /// looked for.
  var ownBytesFrom = 0
  /// Set by the first diagnostic of either half of a document read in halves, which is then
  /// read again in one parse: both halves stop reading at their next start tag.
  var halves: XMLHalves.Abandon?
  /// libxml2's name table's size when the parse ended (`xmlDictGetUsage`).
  var dictionaryUsage = 0

  convenience init(bytes: [UInt8], limits: XMLParserLimits, maxDiagnostics: Int) {
    self.init(positions: XMLSourcePositions(bytes), limits: limits, maxDiagnostics: maxDiagnostics)
  }

  init(positions: XMLSourcePositions, limits: XMLParserLimits, maxDiagnostics: Int) {
    self.positions = positions
    self.limits = limits
    sink = DiagnosticSink(limit: maxDiagnostics)
  }

  // MARK: - Positions

  /// The byte offset libxml2 has reached in the document, when it is reading the document
  /// itself (not entity or DTD replacement text).
  var offset: Int? {
    guard let main, main.pointee.inputNr == 1 else { return nil }
    let consumed = Int(xmlByteConsumed(main))
    return consumed >= 0 ? min(consumed, positions.bytes.count) : nil
  }

  func name(_ p: UnsafePointer<xmlChar>?) -> String {
    guard let p else { return "" }
    if let s = names.lookup(p) { return s }
    let read = String(cString: p)
    let s = TTMLNamespace.shared[read] ?? read
    names.insert(s, p)
    return s
  }

  /// `name(p)` for the namespace URI of an element or attribute, recorded in `namespacesUsed`.
  func namespaceName(_ p: UnsafePointer<xmlChar>) -> String {
    if let s = namespaceNames.lookup(p) { return s }
    let s = name(p)
    namespaceNames.insert(s, p)
    namespacesUsed.insert(s)
    return s
  }

  func qualifiedName(_ prefix: UnsafePointer<xmlChar>?, _ local: UnsafePointer<xmlChar>?) -> String {
    if let s = qualifiedNames.lookup(local, prefix) { return s }
    let s = prefix == nil ? name(local) : name(prefix) + ":" + name(local)
    qualifiedNames.insert(s, local, prefix)
    return s
  }

  /// `positions.location(offset)`, with the line of the previous call as the hint.
  func location(_ offset: Int) -> SourceLocation {
    positions.location(offset, line: &lineHint)
  }

  // MARK: - Diagnostics

  func report(_ code: String, _ severity: Severity, _ message: String, at location: SourceLocation) {
    // Both halves stop at their next start tag (see `startElement`), not here: stopping libxml2
    // frees its input, which the caller may still be reading (an attribute value).
    halves?.raise()
    if severity == .error { errorCount += 1 }
    let n = reportsByCode[code, default: 0]
    reportsByCode[code] = n + 1
    // Runs of the same problem (a binary file, thousands of control characters) are
    // reported 20 times, not thousands.
    if n >= 20, code != "ttml.xml.mismatched-end-tag" { return }
    sink.report(code, severity, message, at: location)
  }

  /// Stops libxml2: the document context and the one delivering the current event.
  func stop(_ ctxt: xmlParserCtxtPtr?) {
    stopped = true
    if let ctxt { xmlStopParser(ctxt) }
    if let main, main != ctxt { xmlStopParser(main) }
  }

  /// Counts output against the entity expansion budget; false (after reporting and
  /// stopping the parser) when it is spent.
  func produce(_ n: Int, _ ctxt: xmlParserCtxtPtr?) -> Bool {
    produced += n
    // Saturating: a limit of Int.max means "no limit", not an overflow trap.
    let (budget, overflow) = positions.bytes.count.addingReportingOverflow(limits.maxEntityExpansion)
    if overflow || produced <= budget { return true }
    if !expansionReported {
      expansionReported = true
      report(
        "ttml.xml.entity-expansion-limit", .error,
        "entity references expand to more than \(limits.maxEntityExpansion) bytes (an entity expansion bomb?); reading stopped here\(limits.raiseHint(.entityExpansion))",
        at: location(offset ?? markupEnd))
    }
    stop(ctxt)
    return false
  }

  // MARK: - Content

  func flushText() {
    guard !text.isEmpty else { return }
    let s = String(decoding: text, as: UTF8.self)
    text.removeAll(keepingCapacity: true)
    guard let top = stack.indices.last else { return }
    // Text inside elements dropped for depth goes to the nearest kept ancestor.
    var k = top
    while k > 0, stack[k].skipped { k -= 1 }
    stack[k].node.children.append(.text(s, location(textStart)))
  }

  func characters(_ ch: UnsafePointer<xmlChar>?, _ len: Int, _ ctxt: xmlParserCtxtPtr?) {
    guard !stopped, let ch, len > 0, !stack.isEmpty else { return }
    guard produce(len, ctxt) else { return }
    // Nothing was delivered since the last markup ended, so this text (or the entity
    // reference it comes from) starts there.
    if text.isEmpty { textStart = markupEnd }
    text.append(contentsOf: UnsafeBufferPointer(start: ch, count: len))
  }

  /// Comments and processing instructions end a run of text (as they did in the document).
  func otherMarkup() {
    guard !stopped else { return }
    flushText()
    if let o = offset { markupEnd = o }
  }

  func startElement(
    _ ctxt: xmlParserCtxtPtr?, local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
    namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, namespaceCount: Int,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int
  ) {
    guard !stopped else { return }
    if let halves, halves.raised {
      stop(ctxt)
      return
    }
    flushText()
    guard produce(4, ctxt) else { return }
    elementCount += 1
    let qname = qualifiedName(prefix, local)
    // In the document itself the start tag ends here; inside entity content, the element
    // is placed at the entity reference.
    var tagStart = offset ?? markupEnd
    attributeNames.removeAll(keepingCapacity: true)
    nextAttributeName = 0
    unscannedTag = nil
    lastNameFound = -1
    inputBase = nil
    if ctxt == main, let end = offset {
      let b = positions.bytes
      markupEnd = end < b.count && b[end] == UInt8(ascii: "/") ? end + 2 : end + 1
      if end >= ownBytesFrom, let lt = positions.startTag(endingAt: end, named: qname) {
        tagStart = lt
        if attributeCount > 0 {
          unscannedTag = lt
          if let input = main?.pointee.input, let base = input.pointee.base, let inputEnd = input.pointee.end {
            inputBase = base
            self.inputEnd = inputEnd
            inputConsumed = Int(input.pointee.consumed)
          }
        }
      }
    }
    if elementCount > limits.maxElements {
      report(
        "ttml.xml.too-many-elements", .error,
        "the document has more than \(limits.maxElements) elements; reading stopped at this one\(limits.raiseHint(.elements))", at: location(tagStart))
      stop(ctxt)
      return
    }
    var ens = uri.map { namespaceName($0) } ?? ""
    if uri == nil, prefix != nil { ens = "" }
    if ens.isEmpty { elementsInNoNamespace = true }
    var node = XMLElementNode(name: XMLName(ens, name(local)), qualifiedName: qname, location: location(tagStart))
    if let namespaces {
      for k in 0..<namespaceCount {
        let p = namespaces[2 * k].map { name($0) } ?? ""
        let u = namespaces[2 * k + 1].map { name($0) } ?? ""
        node.declarations.append(.init(p, u))
      }
    }
    if let attributes {
      node.attributes.reserveCapacity(attributeCount)
      for k in 0..<attributeCount {
        let a = attributes + 5 * k
        let aLocal = a[0], aPrefix = a[1], aURI = a[2]
        guard let vStart = a[3], let vEnd = a[4] else { continue }
        let an = qualifiedName(aPrefix, aLocal)
        var ns = ""
        if let aURI { ns = namespaceName(aURI) } else if aPrefix != nil { ns = "urn:captionkit:unbound:" + name(aPrefix) }
        if an.utf8.count == 6, an == "xml:id" { xmlIDCount += 1 }
        let location = attributeLocation(an, default: tagStart, value: vStart)
        let value = attributeValue(vStart, vEnd, ctxt, name: an, at: location)
        if stopped { return }
        node.attributes.append(XMLAttribute(name: XMLName(ns, name(aLocal)), qualifiedName: an, value: value, location: location))
      }
    }
    let skipped = keptDepth >= limits.maxDepth
    if skipped {
      if !depthReported {
        depthReported = true
        report(
          "ttml.xml.nesting-too-deep", .error,
          "elements are nested more than \(limits.maxDepth) levels deep; deeper elements are dropped and their text joins the nearest kept ancestor, so it is lost where that ancestor holds no text\(limits.raiseHint(.depth))", at: node.location)
      }
      node = XMLElementNode(name: node.name, qualifiedName: "", location: node.location)
    } else {
      keptDepth += 1
    }
    stack.append(Frame(node: node, skipped: skipped))
  }

  /// Where the attribute named `qname` of the current start tag is, or `d`. libxml2 passes
  /// attributes in source order (namespace declarations apart), so the search starts after
  /// the name found last and nearly always matches at once.
  func attributeLocation(_ qname: String, default d: Int, value: UnsafePointer<xmlChar>) -> SourceLocation {
    // Most values are in libxml2's copy of the document (not those with references, nor DTD
    // defaults): the name is then just before the value, `name="`, which is checked.
    if let base = inputBase, let end = inputEnd, value >= base, value < end,
      let start = positions.attributeName(qname, beforeValueAt: inputConsumed + (value - base))
    {
      lastNameFound = start
      // Once the names are scanned, the search goes on after this one, as it would have.
      if unscannedTag == nil, !attributeNames.isEmpty {
        nextAttributeName = attributeNames.firstIndex { $0.lowerBound > start } ?? attributeNames.count
      }
      return location(start)
    }
    if let lt = unscannedTag {
      // Scanned only now, with the search going on after the names already found.
      unscannedTag = nil
      positions.attributeNames(ofStartTagAt: lt, into: &attributeNames)
      nextAttributeName = attributeNames.firstIndex { $0.lowerBound > lastNameFound } ?? attributeNames.count
    }
    let n = attributeNames.count
    for step in 0..<n {
      let k = (nextAttributeName + step) % n
      if positions.spells(attributeNames[k], qname) {
        nextAttributeName = k + 1
        return location(attributeNames[k].lowerBound)
      }
    }
    return location(d)
  }

  /// The attribute value, with references resolved and cut to the length limit. libxml2
  /// leaves references in values when it is not substituting entities (our configuration,
  /// so that external entities are never loaded); its own decoder resolves them, within its
  /// expansion checks, exactly as its DOM builder does.
  func attributeValue(
    _ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>, _ ctxt: xmlParserCtxtPtr?, name: String, at location: SourceLocation
  ) -> String {
    var len = end - start
    guard len >= 0 else { return "" }
    var decoded: UnsafeMutablePointer<xmlChar>?
    defer { if let decoded { captionkit_xmlFree(decoded) } }
    var p = start
    if UnsafeBufferPointer(start: start, count: len).contains(UInt8(ascii: "&")), let ctxt {
      decoded = xmlStringLenDecodeEntities(ctxt, start, Int32(len), Int32(XML_SUBSTITUTE_REF), 0, 0, 0)
      if let decoded {
        p = UnsafePointer(decoded)
        len = 0
        while decoded[len] != 0 { len += 1 }
      }
    }
    guard produce(len, ctxt) else { return "" }
    if len > limits.maxAttributeValueLength {
      report(
        "ttml.xml.attribute-too-long", .error,
        "attribute value longer than \(limits.maxAttributeValueLength) bytes; the rest is ignored\(limits.raiseHint(.attributeValueLength))", at: location)
      len = limits.maxAttributeValueLength
    }
    return String(decoding: UnsafeBufferPointer(start: p, count: len), as: UTF8.self)
  }

  func endElement(_ ctxt: xmlParserCtxtPtr?) {
    guard !stopped else { return }
    flushText()
    if ctxt == main, let o = offset { markupEnd = o }
    popElement()
  }

  func popElement() {
    guard let f = stack.popLast() else { return }
    if f.skipped { return }
    keptDepth -= 1
    if stack.isEmpty {
      if root == nil { root = f.node }
    } else {
      stack[stack.count - 1].node.children.append(.element(f.node))
    }
  }

  /// After libxml2 returns: keeps what was read of unclosed elements.
  func finish() {
    flushText()
    if let open = stack.last, errorCount == 0 {
      report(
        "ttml.xml.unexpected-end", .error,
        "the document ends inside <\(open.node.qualifiedName)> (opened at \(open.node.location))", at: location(positions.bytes.count))
    }
    while !stack.isEmpty { popElement() }
    if root == nil, reportsByCode["ttml.xml.not-xml"] == nil {
      report("ttml.xml.not-xml", .error, "the file holds no XML element that could be read", at: location(0))
    }
  }
}
