import CaptionCore

/// A non-validating XML 1.0 + Namespaces parser over UTF-8 bytes, written for hostile input.
///
/// Why our own parser rather than FoundationXML's `XMLParser` (libxml2 underneath): on Linux
/// it reports no error messages (only numeric codes), accepts a document truncated inside an
/// element as successfully parsed, places the line:column of an element at the end of its
/// start tag, does not bound nesting depth, and does not give attribute namespaces. This parser:
/// - never reads a file or the network: external entities and external DTD subsets are
///   reported (`ttml.xml.external-entity`, `ttml.xml.external-dtd`) and never fetched;
/// - expands internal entities within `XMLParserLimits.maxEntityExpansion` bytes per document
///   and `maxEntityDepth` levels, so entity bombs end with `ttml.xml.entity-expansion-limit`;
/// - keeps at most `maxDepth` levels of elements (deeper ones are flattened and reported);
/// - is iterative (no recursion on input structure) and linear in the input size;
/// - reports every well-formedness error with its line and UTF-8 byte column and recovers
///   where it can (an unclosed element at end of input is closed and reported).
///
/// Implements XML 1.0 (Fifth Edition) §2–§4 for documents without markup inside entities,
/// and Namespaces in XML 1.0 (Third Edition).
public struct SafeXMLParser {
  /// The result: the root element, if any, and every problem found.
  public struct Result: Sendable {
    public var root: XMLElementNode?
    public var diagnostics: [Diagnostic]
  }

  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

  let b: [UInt8]
  var i = 0
  var sink: DiagnosticSink
  let limits: XMLParserLimits
  var lineStarts: [Int] = [0]

  // Entities declared in the internal DTD subset: name → replacement text, or nil when external.
  var entities: [String: [UInt8]?] = [:]
  var expanded = 0
  var expansionLimitReported = false

  // Element stack.
  struct Frame {
    var node: XMLElementNode
    var rawName: ArraySlice<UInt8>
    var bindingCount: Int
    var skipped: Bool
  }
  var stack: [Frame] = []
  var bindings: [(prefix: String, uri: String)] = []
  var depthReported = false
  var keptDepth = 0
  var text: [UInt8] = []
  var textStart = 0
  var root: XMLElementNode?
  var invalidCharReports = 0

  /// Parses `utf8` (already decoded, without a byte order mark).
  public static func parse(_ utf8: [UInt8], limits: XMLParserLimits = XMLParserLimits(), maxDiagnostics: Int = 10_000) -> Result {
    var p = SafeXMLParser(b: utf8, sink: DiagnosticSink(limit: maxDiagnostics), limits: limits)
    p.indexLines()
    p.run()
    return Result(root: p.root, diagnostics: p.sink.finished)
  }

  // MARK: - Positions

  mutating func indexLines() {
    lineStarts.reserveCapacity(b.count / 40 + 1)
    b.withUnsafeBufferPointer { p in
      var k = 0
      while k < p.count {
        let c = p[k]
        if c == 0x0A {
          lineStarts.append(k + 1)
        } else if c == 0x0D {
          if k + 1 < p.count, p[k + 1] == 0x0A { k += 1 }
          lineStarts.append(k + 1)
        }
        k += 1
      }
    }
  }

  /// The 1-based line and UTF-8 byte column of a byte offset.
  func location(_ offset: Int) -> SourceLocation {
    var lo = 0, hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return SourceLocation(line: lo + 1, column: offset - lineStarts[lo] + 1, offset: offset)
  }

  mutating func error(_ code: String, _ message: String, at offset: Int) {
    sink.report("ttml.xml." + code, .error, message, at: location(offset))
  }

  mutating func warning(_ code: String, _ message: String, at offset: Int) {
    sink.report("ttml.xml." + code, .warning, message, at: location(offset))
  }

  // MARK: - Byte helpers

  func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }

  func at(_ s: StaticString) -> Bool {
    let n = s.utf8CodeUnitCount
    guard i + n <= b.count else { return false }
    return s.withUTF8Buffer { buf in
      for k in 0..<n where b[i + k] != buf[k] { return false }
      return true
    }
  }

  /// The end of a run of bytes that need no attention: not `quote`, `<`, `&`, CR, or a control
  /// character other than tab and line feed.
  static func plainRunEnd(_ b: [UInt8], from start: Int, quote: UInt8, attribute: Bool = false) -> Int {
    b.withUnsafeBufferPointer { p in
      var k = start
      while k < p.count {
        let c = p[k]
        if c == quote || c == 0x3C || c == 0x26 || (c < 0x20 && (attribute || (c != 0x09 && c != 0x0A))) { break }
        k += 1
      }
      return k
    }
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  static func isNameStart(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A || c >= 0x80
  }

  static func isNameChar(_ c: UInt8) -> Bool {
    isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
  }

  mutating func skipSpace() {
    while i < b.count, SafeXMLParser.isSpace(b[i]) { i += 1 }
  }

  /// Reads an XML Name at `i`; empty if there is none.
  mutating func readName() -> ArraySlice<UInt8> {
    let s = i
    guard i < b.count, SafeXMLParser.isNameStart(b[i]) else { return b[s..<s] }
    i += 1
    while i < b.count, SafeXMLParser.isNameChar(b[i]) { i += 1 }
    return b[s..<i]
  }

  /// Moves past the next occurrence of `terminator`; returns false at end of input.
  mutating func skip(past terminator: StaticString) -> Bool {
    while i < b.count {
      if at(terminator) {
        i += terminator.utf8CodeUnitCount
        return true
      }
      i += 1
    }
    return false
  }

  // MARK: - Document

  mutating func run() {
    // Prolog.
    var sawMarkup = false
    while true {
      skipSpace()
      guard i < b.count else {
        if !sawMarkup {
          error("not-xml", b.isEmpty ? "the file is empty" : "the file holds no XML element", at: 0)
        } else {
          error("no-root", "the document has no root element", at: i)
        }
        return
      }
      if at("<?") {
        sawMarkup = true
        let s = i
        if !skip(past: "?>") { error("unexpected-end", "processing instruction is not closed", at: s); return }
      } else if at("<!--") {
        sawMarkup = true
        let s = i
        if !skip(past: "-->") { error("unexpected-end", "comment is not closed", at: s); return }
      } else if at("<!DOCTYPE") {
        sawMarkup = true
        parseDoctype()
      } else if peek() == UInt8(ascii: "<"), let c = peek(1), SafeXMLParser.isNameStart(c) {
        break
      } else {
        error(sawMarkup ? "not-well-formed" : "not-xml",
              sawMarkup ? "unexpected content before the root element" : "the file does not start with XML markup", at: i)
        return
      }
    }
    content()
  }

  // MARK: - Content

  mutating func flushText() {
    guard !text.isEmpty else { return }
    let s = String(decoding: text, as: UTF8.self)
    text.removeAll(keepingCapacity: true)
    guard let top = stack.indices.last else { return }
    // Text inside elements dropped for depth goes to the nearest kept ancestor.
    var k = top
    while k > 0, stack[k].skipped { k -= 1 }
    stack[k].node.children.append(.text(s, location(textStart)))
  }

  mutating func appendText(_ c: UInt8, at offset: Int) {
    if text.isEmpty { textStart = offset }
    text.append(c)
  }

  mutating func content() {
    while i < b.count {
      let c = b[i]
      if c == UInt8(ascii: "<") {
        if stack.isEmpty, root != nil {
          // Misc after the root element.
          if at("<!--") {
            let s = i
            if !skip(past: "-->") { error("unexpected-end", "comment is not closed", at: s) }
            continue
          }
          if at("<?") {
            let s = i
            if !skip(past: "?>") { error("unexpected-end", "processing instruction is not closed", at: s) }
            continue
          }
          error("content-after-root", "markup after the end of the root element", at: i)
          return
        }
        if at("</") {
          flushText()
          endTag()
        } else if at("<!--") {
          flushText()
          let s = i
          if !skip(past: "-->") { error("unexpected-end", "comment is not closed", at: s); break }
        } else if at("<![CDATA[") {
          let s = i
          i += 9
          var closed = false
          while i < b.count {
            if at("]]>") { i += 3; closed = true; break }
            charData(b[i], at: i)
            i += 1
          }
          if !closed { error("unexpected-end", "CDATA section is not closed", at: s) }
        } else if at("<?") {
          flushText()
          let s = i
          if !skip(past: "?>") { error("unexpected-end", "processing instruction is not closed", at: s); break }
        } else if at("<!") {
          error("not-well-formed", "unexpected declaration in content", at: i)
          i += 2
        } else {
          flushText()
          if !startTag() { return }
        }
      } else if stack.isEmpty {
        if !SafeXMLParser.isSpace(c) {
          error("content-after-root", "text after the end of the root element", at: i)
          return
        }
        i += 1
      } else if c == UInt8(ascii: "&") {
        contentReference()
      } else {
        let runEnd = SafeXMLParser.plainRunEnd(b, from: i, quote: UInt8(ascii: "<"))
        if runEnd > i {
          if text.isEmpty { textStart = i }
          text.append(contentsOf: b[i..<runEnd])
          i = runEnd
        } else {
          charData(c, at: i)
          i += 1
        }
      }
    }
    flushText()
    if let open = stack.last {
      let name = String(decoding: open.rawName, as: UTF8.self)
      error("unexpected-end", "the document ends inside <\(name)> (opened at \(open.node.location)); the file is truncated or an end tag is missing", at: b.count)
      while !stack.isEmpty { popElement() }
    }
  }

  /// Appends one byte of character data, normalising line ends and checking characters.
  mutating func charData(_ c: UInt8, at offset: Int) {
    if c == 0x0D {
      if offset + 1 < b.count, b[offset + 1] == 0x0A { return }
      appendText(0x0A, at: offset)
      return
    }
    if c < 0x20, c != 0x09, c != 0x0A {
      if invalidCharReports < 20 {
        invalidCharReports += 1
        error("invalid-character", "control character U+\(hex(c)) is not allowed in XML", at: offset)
      }
      return
    }
    appendText(c, at: offset)
  }

  func hex(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
  }

  func hex(_ v: UInt8) -> String { hex(UInt32(v)) }

  // MARK: - Tags

  /// Parses a start tag at `i` (which is `<`); returns false when parsing must stop.
  mutating func startTag() -> Bool {
    let tagStart = i
    i += 1
    let rawName = readName()
    var rawAttrs: [(name: ArraySlice<UInt8>, value: [UInt8], offset: Int)] = []
    var selfClosing = false
    while true {
      let hadSpace = i < b.count && SafeXMLParser.isSpace(b[i])
      skipSpace()
      guard i < b.count else {
        error("unexpected-end", "the document ends inside a start tag", at: tagStart)
        if root == nil, stack.isEmpty { return false }
        return false
      }
      if b[i] == UInt8(ascii: ">") { i += 1; break }
      if at("/>") { i += 2; selfClosing = true; break }
      let attrStart = i
      if !hadSpace { error("not-well-formed", "attributes must be separated by white space", at: i) }
      let an = readName()
      if an.isEmpty {
        error("not-well-formed", "unexpected character in start tag", at: i)
        // Recover: skip to the end of the tag.
        while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
        if i < b.count { i += 1 }
        break
      }
      skipSpace()
      guard peek() == UInt8(ascii: "=") else {
        error("not-well-formed", "attribute '\(String(decoding: an, as: UTF8.self))' has no value", at: attrStart)
        continue
      }
      i += 1
      skipSpace()
      guard let q = peek(), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else {
        error("not-well-formed", "attribute value must be quoted", at: i)
        while i < b.count, !SafeXMLParser.isSpace(b[i]), b[i] != UInt8(ascii: ">") { i += 1 }
        continue
      }
      i += 1
      var value: [UInt8] = []
      var tooLong = false
      var closed = false
      while i < b.count {
        // Copy a run of ordinary bytes in one step (hot path for long values).
        let runEnd = SafeXMLParser.plainRunEnd(b, from: i, quote: q, attribute: true)
        if runEnd > i {
          let room = limits.maxAttributeValueLength - value.count
          if room > 0 { value.append(contentsOf: b[i..<min(runEnd, i + room)]) }
          if runEnd - i > room, !tooLong {
            tooLong = true
            error("attribute-too-long", "attribute value longer than \(limits.maxAttributeValueLength) bytes; the rest is ignored", at: attrStart)
          }
          i = runEnd
          continue
        }
        let c = b[i]
        if c == q { i += 1; closed = true; break }
        if c == UInt8(ascii: "<") {
          error("not-well-formed", "'<' is not allowed in an attribute value", at: i)
          i += 1
          continue
        }
        if value.count >= limits.maxAttributeValueLength {
          if !tooLong {
            tooLong = true
            error("attribute-too-long", "attribute value longer than \(limits.maxAttributeValueLength) bytes; the rest is ignored", at: attrStart)
          }
          i += 1
          continue
        }
        if c == UInt8(ascii: "&") {
          reference(inAttribute: true, into: &value)
          continue
        }
        if c == 0x0D {
          if i + 1 < b.count, b[i + 1] == 0x0A { i += 1 }
          value.append(0x20)
        } else if c == 0x09 || c == 0x0A {
          value.append(0x20)
        } else if c < 0x20 {
          error("invalid-character", "control character U+\(hex(c)) is not allowed in XML", at: i)
        } else {
          value.append(c)
        }
        i += 1
      }
      if !closed {
        error("unexpected-end", "the document ends inside an attribute value", at: attrStart)
        return false
      }
      if rawAttrs.contains(where: { $0.name == an }) {
        error("duplicate-attribute", "attribute '\(String(decoding: an, as: UTF8.self))' appears twice", at: attrStart)
      } else {
        rawAttrs.append((an, value, attrStart))
      }
    }
    if rawName.isEmpty { return true }
    if stack.isEmpty, root != nil {
      error("content-after-root", "a second root element", at: tagStart)
      return false
    }

    // Namespace declarations first (they apply to the element's own name and attributes).
    let bindingCount = bindings.count
    for a in rawAttrs {
      let n = String(decoding: a.name, as: UTF8.self)
      let v = String(decoding: a.value, as: UTF8.self)
      if n == "xmlns" {
        bindings.append(("", v))
      } else if n.hasPrefix("xmlns:") {
        let p = String(n.dropFirst(6))
        if v.isEmpty { error("namespace", "the prefix '\(p)' cannot be undeclared in XML 1.0", at: a.offset) }
        bindings.append((p, v))
      }
    }
    let qname = String(decoding: rawName, as: UTF8.self)
    let (ePrefix, eLocal) = split(qname)
    var ens = ""
    if let u = resolve(ePrefix ?? "") {
      ens = u
    } else if let ePrefix {
      error("unbound-prefix", "the prefix '\(ePrefix)' of <\(qname)> is not declared", at: tagStart)
    }
    var node = XMLElementNode(name: XMLName(ens, eLocal), qualifiedName: qname, location: location(tagStart))
    for bi in bindingCount..<bindings.count {
      node.declarations.append(.init(bindings[bi].prefix, bindings[bi].uri))
    }
    var seen = Set<XMLName>()
    for a in rawAttrs {
      let n = String(decoding: a.name, as: UTF8.self)
      if n == "xmlns" || n.hasPrefix("xmlns:") { continue }
      let (p, l) = split(n)
      var ns = ""
      if let p {
        if let u = resolve(p) {
          ns = u
        } else {
          error("unbound-prefix", "the prefix '\(p)' of attribute '\(n)' is not declared", at: a.offset)
          ns = "urn:captionkit:unbound:" + p
        }
      }
      let xn = XMLName(ns, l)
      if !seen.insert(xn).inserted {
        error("duplicate-attribute", "attribute '\(n)' appears twice after namespace resolution", at: a.offset)
        continue
      }
      node.attributes.append(XMLAttribute(name: xn, qualifiedName: n, value: String(decoding: a.value, as: UTF8.self), location: location(a.offset)))
    }

    let skipped = keptDepth >= limits.maxDepth
    if !skipped { keptDepth += 1 }
    if skipped, !depthReported {
      depthReported = true
      error("nesting-too-deep", "elements are nested more than \(limits.maxDepth) levels deep; deeper elements are kept as text only", at: tagStart)
    }
    if skipped { node = XMLElementNode(name: node.name, qualifiedName: "", location: node.location) }
    stack.append(Frame(node: node, rawName: rawName, bindingCount: bindingCount, skipped: skipped))
    if selfClosing { popElement() }
    return true
  }

  func split(_ qname: String) -> (String?, String) {
    guard let colon = qname.utf8.firstIndex(of: UInt8(ascii: ":")) else { return (nil, qname) }
    let p = String(qname[..<colon])
    let l = String(qname[qname.index(after: colon)...])
    return (p, l)
  }

  func resolve(_ prefix: String) -> String? {
    if prefix == "xml" { return SafeXMLParser.xmlNamespace }
    for k in stride(from: bindings.count - 1, through: 0, by: -1) where bindings[k].prefix == prefix {
      return bindings[k].uri
    }
    return prefix.isEmpty ? "" : nil
  }

  mutating func popElement() {
    guard let f = stack.popLast() else { return }
    bindings.removeSubrange(f.bindingCount...)
    if f.skipped { return }
    keptDepth -= 1
    if stack.isEmpty {
      root = f.node
    } else {
      // The parent may itself be kept (it always is when this frame is kept).
      stack[stack.count - 1].node.children.append(.element(f.node))
    }
  }

  mutating func endTag() {
    let s = i
    i += 2
    let name = readName()
    skipSpace()
    if peek() == UInt8(ascii: ">") {
      i += 1
    } else {
      error(i >= b.count ? "unexpected-end" : "not-well-formed", "end tag is not closed with '>'", at: s)
      while i < b.count, b[i] != UInt8(ascii: ">"), b[i] != UInt8(ascii: "<") { i += 1 }
      if peek() == UInt8(ascii: ">") { i += 1 }
    }
    guard let top = stack.last else {
      error("not-well-formed", "end tag without a start tag", at: s)
      return
    }
    if top.rawName == name {
      popElement()
      return
    }
    let n = String(decoding: name, as: UTF8.self)
    let t = String(decoding: top.rawName, as: UTF8.self)
    // Recover by closing up to a matching open element, if there is one near.
    if let k = stack.lastIndex(where: { $0.rawName == name }), stack.count - k <= 8 {
      error("mismatched-end-tag", "</\(n)> closes <\(t)> opened at \(top.node.location), which was not closed", at: s)
      while stack.count > k { popElement() }
    } else {
      error("mismatched-end-tag", "</\(n)> does not match the open element <\(t)> (opened at \(top.node.location)); ignored", at: s)
    }
  }

  // MARK: - References

  /// Parses `&…;` in content at `i` and appends its replacement to the text.
  mutating func contentReference() {
    var bytes: [UInt8] = []
    let s = i
    guard parseReference(&bytes) != nil else { return }
    for c in bytes { appendText(c, at: s) }
  }

  mutating func reference(inAttribute: Bool, into out: inout [UInt8]) {
    var bytes: [UInt8] = []
    guard parseReference(&bytes) != nil else { return }
    for c in bytes { out.append(SafeXMLParser.isSpace(c) ? 0x20 : c) }
  }

  /// Parses a character or entity reference at `i`, appending its replacement to `out`.
  /// Returns nil (after reporting) when the reference is malformed or cannot be expanded.
  mutating func parseReference(_ out: inout [UInt8]) -> Bool? {
    let s = i
    i += 1
    if peek() == UInt8(ascii: "#") {
      i += 1
      var hexForm = false
      if peek() == UInt8(ascii: "x") { hexForm = true; i += 1 }
      var v: UInt32 = 0
      var digits = 0
      while let c = peek() {
        var d: UInt32
        switch c {
        case 0x30...0x39: d = UInt32(c - 0x30)
        case 0x61...0x66 where hexForm: d = UInt32(c - 0x61 + 10)
        case 0x41...0x46 where hexForm: d = UInt32(c - 0x41 + 10)
        default: d = 99
        }
        if d == 99 { break }
        if v < 0x110000 { v = v * (hexForm ? 16 : 10) + d }
        digits += 1
        i += 1
      }
      guard digits > 0, peek() == UInt8(ascii: ";") else {
        error("bad-reference", "malformed character reference", at: s)
        return nil
      }
      i += 1
      guard v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || (v >= 0x10000 && v <= 0x10FFFF),
        let scalar = Unicode.Scalar(v)
      else {
        error("bad-reference", "character reference to U+\(hex(v)), which is not an XML character", at: s)
        return nil
      }
      out.append(contentsOf: Array(String(Character(scalar)).utf8))
      return true
    }
    let name = readName()
    guard !name.isEmpty, peek() == UInt8(ascii: ";") else {
      error("bad-reference", "'&' must start a reference such as &amp; (write &amp; for a literal '&')", at: s)
      // Keep the ampersand as text so nothing disappears.
      i = s + 1
      out.append(UInt8(ascii: "&"))
      return true
    }
    i += 1
    let n = String(decoding: name, as: UTF8.self)
    switch n {
    case "lt": out.append(UInt8(ascii: "<"))
    case "gt": out.append(UInt8(ascii: ">"))
    case "amp": out.append(UInt8(ascii: "&"))
    case "apos": out.append(UInt8(ascii: "'"))
    case "quot": out.append(UInt8(ascii: "\""))
    default:
      var visiting: [String] = []
      return expandEntity(n, at: s, depth: 0, visiting: &visiting, into: &out) ? true : nil
    }
    return true
  }

  /// Expands an internal general entity into `out`, within the document's expansion budget.
  mutating func expandEntity(_ name: String, at s: Int, depth: Int, visiting: inout [String], into out: inout [UInt8]) -> Bool {
    guard let decl = entities[name] else {
      error("undefined-entity", "entity '&\(name);' is not declared", at: s)
      return false
    }
    guard let value = decl else {
      error("external-entity", "'&\(name);' refers to an external entity, which is never fetched (no file or network access)", at: s)
      return false
    }
    if visiting.contains(name) {
      error("entity-loop", "entity '&\(name);' refers to itself", at: s)
      return false
    }
    if depth >= limits.maxEntityDepth {
      error("entity-expansion-limit", "entity references nested more than \(limits.maxEntityDepth) levels deep", at: s)
      return false
    }
    visiting.append(name)
    defer { visiting.removeLast() }
    var k = 0
    while k < value.count {
      if expanded >= limits.maxEntityExpansion {
        if !expansionLimitReported {
          expansionLimitReported = true
          error("entity-expansion-limit", "entity references expand to more than \(limits.maxEntityExpansion) bytes (an entity expansion bomb?); the rest is not expanded", at: s)
        }
        return false
      }
      let c = value[k]
      if c == UInt8(ascii: "&") {
        // A nested reference inside the entity value.
        var e = k + 1
        while e < value.count, value[e] != UInt8(ascii: ";"), e - k < 256 { e += 1 }
        guard e < value.count, value[e] == UInt8(ascii: ";") else {
          out.append(c)
          expanded += 1
          k += 1
          continue
        }
        let inner = String(decoding: value[(k + 1)..<e], as: UTF8.self)
        k = e + 1
        if inner.hasPrefix("#") {
          var scalarValue: UInt32?
          if inner.hasPrefix("#x") { scalarValue = UInt32(inner.dropFirst(2), radix: 16) } else { scalarValue = UInt32(inner.dropFirst(1)) }
          if let v = scalarValue, let sc = Unicode.Scalar(v) {
            let u = Array(String(Character(sc)).utf8)
            out.append(contentsOf: u)
            expanded += u.count
          }
          continue
        }
        switch inner {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "apos": out.append(UInt8(ascii: "'"))
        case "quot": out.append(UInt8(ascii: "\""))
        default:
          if !expandEntity(inner, at: s, depth: depth + 1, visiting: &visiting, into: &out) { return false }
          continue
        }
        expanded += 1
        continue
      }
      out.append(c)
      expanded += 1
      k += 1
    }
    return true
  }

  // MARK: - DOCTYPE

  /// Parses `<!DOCTYPE …>`: records internal entity declarations; never loads anything.
  mutating func parseDoctype() {
    let s = i
    i += 9
    skipSpace()
    _ = readName()
    skipSpace()
    if at("SYSTEM") || at("PUBLIC") {
      warning("external-dtd", "the external DTD is not loaded (no file or network access)", at: i)
      while i < b.count, b[i] != UInt8(ascii: "["), b[i] != UInt8(ascii: ">") {
        if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") { skipQuoted() } else { i += 1 }
      }
    }
    if peek() == UInt8(ascii: "[") {
      i += 1
      while i < b.count {
        skipSpace()
        if peek() == UInt8(ascii: "]") { i += 1; break }
        if at("<!ENTITY") {
          i += 8
          parseEntityDecl()
        } else if at("<!--") {
          if !skip(past: "-->") { break }
        } else if at("<?") {
          if !skip(past: "?>") { break }
        } else if at("<!") {
          // ELEMENT, ATTLIST, NOTATION: skip, honouring quotes.
          while i < b.count, b[i] != UInt8(ascii: ">") {
            if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") { skipQuoted() } else { i += 1 }
          }
          if i < b.count { i += 1 }
        } else if peek() == UInt8(ascii: "%") {
          warning("parameter-entity", "parameter entity references in the DTD are ignored", at: i)
          while i < b.count, b[i] != UInt8(ascii: ";") { i += 1 }
          if i < b.count { i += 1 }
        } else if i < b.count {
          error("not-well-formed", "unexpected content in the DTD", at: i)
          i += 1
        }
      }
    }
    skipSpace()
    if peek() == UInt8(ascii: ">") {
      i += 1
    } else {
      error("unexpected-end", "the DOCTYPE declaration is not closed", at: s)
      while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
      if i < b.count { i += 1 }
    }
  }

  mutating func skipQuoted() {
    let q = b[i]
    i += 1
    while i < b.count, b[i] != q { i += 1 }
    if i < b.count { i += 1 }
  }

  mutating func parseEntityDecl() {
    let s = i - 8
    skipSpace()
    var parameter = false
    if peek() == UInt8(ascii: "%") { parameter = true; i += 1; skipSpace() }
    let name = String(decoding: readName(), as: UTF8.self)
    skipSpace()
    var value: [UInt8]?
    if let q = peek(), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
      i += 1
      let vs = i
      while i < b.count, b[i] != q { i += 1 }
      value = Array(b[vs..<min(i, b.count)])
      if i < b.count { i += 1 }
    } else {
      // SYSTEM or PUBLIC: external, never fetched.
      while i < b.count, b[i] != UInt8(ascii: ">") {
        if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") { skipQuoted() } else { i += 1 }
      }
      if !parameter {
        warning("external-entity", "external entity '\(name)' is declared; it will not be fetched", at: s)
      }
    }
    while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
    if i < b.count { i += 1 }
    if parameter || name.isEmpty { return }
    if entities[name] == nil { entities[name] = .some(value) }
  }
}
