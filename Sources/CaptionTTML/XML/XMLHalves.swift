import CaptionCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses a large document in two halves at once, on two threads, into the tree one parse
/// would build.
///
/// The document is cut before a start tag near its middle. A scan of the bytes before the cut
/// finds the start tags still open there (for a TTML document, `tt`, `body` and a `div`). The
/// first half is read with end tags for them added. The second half is read on a side thread
/// from an input as long as the document: spaces (white space before the root element, which
/// XML allows), copies of the open start tags (the same namespaces in scope, the same depth),
/// then the document's bytes from the cut on, at their own offsets. So positions are the
/// document's, and libxml2's limits that depend on the position (`XML_MAX_LOOKUP_LIMIT`,
/// "Huge input lookup", near the end of a document of over 10,000,000 bytes) see what one
/// parse sees. The second half's elements are then moved under the first half's open elements.
///
/// Only a document that both halves read without a single diagnostic is put together so:
/// anything else (a DOCTYPE, an error, a limit reached, a cut the scan misread) is read again
/// in one parse, so that every diagnostic is what one parse reports; the first diagnostic of
/// either half stops both at their next start tag (`Abandon`). What the scan guessed is checked: the first half's open
/// elements must be those whose tags were copied. libxml2's name table is bounded per parse
/// (`XML_MAX_DICTIONARY_LIMIT`): halves whose two tables together come near it are read again
/// in one parse.
enum XMLHalves {
  /// libxml2's bound on a parse's name table, in bytes.
  static let dictionaryLimit = 10_000_000
  /// libxml2's bound on nesting (without XML_PARSE_HUGE): a document with more elements open
  /// at the cut is one parse's to report.
  static let maximumOpenElements = 256

  /// Raised by either half's first diagnostic: the other stops too (see
  /// `XMLTreeBuilder.halves`), as the document will be read again in one parse.
  final class Abandon: Sendable {
    private let flag = Atomic<Bool>(false)
    var raised: Bool { flag.load(ordering: .relaxed) }
    func raise() { flag.store(true, ordering: .relaxed) }
  }

  /// The tree one parse of `input` gives, or nil when the halves cannot give it.
  static func parse(_ input: [UInt8], positions: XMLSourcePositions, limits: XMLParserLimits, maxDiagnostics: Int) -> XMLTreeParser.Result? {
    guard let (cut, open) = cut(input), open.count <= min(maximumOpenElements, limits.maxDepth) else { return nil }
    var prefix: [UInt8] = []
    var closers: [UInt8] = []
    for tag in open { prefix += input[tag] }
    for tag in open.reversed() { closers += Array("</".utf8) + name(of: tag, in: input) + Array(">".utf8) }
    guard prefix.count <= cut else { return nil }
    let abandon = Abandon()
    let secondBuilder = XMLTreeBuilder(positions: positions, limits: limits, maxDiagnostics: maxDiagnostics)
    secondBuilder.ownBytesFrom = cut
    secondBuilder.halves = abandon
    let second = SideThread(name: "captionkit-xml-second-half") { [secondBuilder] in
      var bytes = [UInt8](repeating: 0x20, count: cut - prefix.count)
      bytes.reserveCapacity(input.count)
      bytes += prefix
      bytes += input[cut...]
      XMLTreeParser.run(bytes, secondBuilder)
      return secondBuilder
    }
    let firstBuilder = XMLTreeBuilder(positions: positions, limits: limits, maxDiagnostics: maxDiagnostics)
    firstBuilder.halves = abandon
    var firstBytes = Array(input[..<cut])
    firstBytes += closers
    XMLTreeParser.run(firstBytes, firstBuilder)
    let secondDone = second.join()
    return join(firstBuilder, secondDone, open: open, limits: limits)
  }

  /// The halves put together, or nil when either read anything but a clean document, or the
  /// open elements are not those the scan found.
  static func join(_ a: XMLTreeBuilder, _ b: XMLTreeBuilder, open: [Range<Int>], limits: XMLParserLimits) -> XMLTreeParser.Result? {
    guard a.sink.diagnostics.isEmpty, b.sink.diagnostics.isEmpty, a.errorCount == 0, b.errorCount == 0, !a.stopped, !b.stopped,
      a.elementCount + b.elementCount - open.count <= limits.maxElements,
      // One parse's table holds at most what the two hold (less the names both have).
      a.dictionaryUsage + b.dictionaryUsage < dictionaryLimit / 2,
      var root = a.root, let other = b.root
    else { return nil }
    // The builder lets go of the tree, so that the elements grafted onto are not shared (a
    // shared one would copy its children, tens of thousands of them, to append the rest).
    a.root = nil
    var spineIDs = 0
    guard graft(other, into: &root, open: open[...], xmlIDs: &spineIDs) else { return nil }
    return XMLTreeParser.Result(
      root: root, diagnostics: [], namespacesUsed: a.namespacesUsed.union(b.namespacesUsed),
      elementsInNoNamespace: a.elementsInNoNamespace || b.elementsInNoNamespace, xmlIDCount: a.xmlIDCount + b.xmlIDCount - spineIDs)
  }

  /// Moves the children of the second half's copy of each open element to the end of the
  /// first half's (the copy's first child is the copy of the next open element, which is
  /// merged in turn). `first` must be the element whose tag is at `open.first`.
  static func graft(_ second: XMLElementNode, into first: inout XMLElementNode, open: ArraySlice<Range<Int>>, xmlIDs: inout Int) -> Bool {
    guard let tag = open.first, first.location.offset == tag.lowerBound, first.qualifiedName == second.qualifiedName else { return false }
    if first.attribute(TTMLNamespace.xml, "id") != nil { xmlIDs += 1 }
    var moved = second.children[...]
    if open.count > 1 {
      // The next open element: the last child of this one in the first half, the first in
      // the second (no text comes between the copied tags).
      guard case .element(let next) = moved.first, case .element(var inner) = first.children.last else { return false }
      moved = moved.dropFirst()
      first.children.removeLast()
      guard graft(next, into: &inner, open: open.dropFirst(), xmlIDs: &xmlIDs) else { return false }
      first.children.append(.element(inner))
    }
    first.children += moved
    return true
  }

  /// The qualified name of the start tag at `tag`.
  static func name(of tag: Range<Int>, in b: [UInt8]) -> [UInt8] {
    var k = tag.lowerBound + 1
    while k < tag.upperBound, !XMLSourcePositions.isSpace(b[k]), b[k] != UInt8(ascii: ">"), b[k] != UInt8(ascii: "/") { k += 1 }
    return Array(b[(tag.lowerBound + 1)..<k])
  }

  /// Where to cut `b`: the first start tag from the middle on, and the start tags open there
  /// (outermost first). Nil when there is none within 1 MiB, or the scan meets what it does
  /// not follow.
  static func cut(_ b: [UInt8]) -> (Int, [Range<Int>])? {
    b.withUnsafeBufferPointer { p -> (Int, [Range<Int>])? in
      var k = p.count / 2
      let stop = min(p.count - 1, k + (1 << 20))
      while k < stop, !(p[k] == UInt8(ascii: "<") && isNameStart(p[k + 1])) { k += 1 }
      guard k < stop, let open = openStartTags(p, before: k), !open.isEmpty else { return nil }
      return (k, open)
    }
  }

  /// ASCII letters, `_` and `:` (names of other letters are not cut before).
  static func isNameStart(_ c: UInt8) -> Bool {
    (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_") || c == UInt8(ascii: ":")
  }

  /// The start tags open at `cut` (outermost first), as byte ranges from `<` to `>`, by a scan
  /// of the markup before it: end tags close the last one open (by position, not name:
  /// `join` checks the names); comments, CDATA sections and processing instructions are
  /// skipped. Nil when anything else is met (a DOCTYPE), or the cut falls inside markup.
  static func openStartTags(_ p: UnsafeBufferPointer<UInt8>, before cut: Int) -> [Range<Int>]? {
    guard let base = p.baseAddress else { return nil }
    var open: [Range<Int>] = []
    var k = 0
    /// The offset just past the first `terminator` at or after `from`, before `cut`.
    func after(_ terminator: StaticString, from: Int) -> Int? {
      let t = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
      var j = from
      while j + t.count <= cut {
        guard let hit = memchr(base + j, Int32(t[0]), cut - j) else { return nil }
        j = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        if j + t.count <= cut, memcmp(base + j, t.baseAddress!, t.count) == 0 { return j + t.count }
        j += 1
      }
      return nil
    }
    while k < cut {
      guard let hit = memchr(base + k, Int32(UInt8(ascii: "<")), cut - k) else { break }
      k = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
      guard k + 1 < cut else { return nil }
      switch p[k + 1] {
      case UInt8(ascii: "/"):
        guard !open.isEmpty, let end = after(">", from: k + 2) else { return nil }
        open.removeLast()
        k = end
      case UInt8(ascii: "?"):
        guard let end = after("?>", from: k + 2) else { return nil }
        k = end
      case UInt8(ascii: "!"):
        if k + 4 <= cut, p[k + 2] == UInt8(ascii: "-"), p[k + 3] == UInt8(ascii: "-") {
          guard let end = after("-->", from: k + 4) else { return nil }
          k = end
        } else if k + 9 <= cut, memcmp(base + k, "<![CDATA[", 9) == 0 {
          guard let end = after("]]>", from: k + 9) else { return nil }
          k = end
        } else {
          return nil  // a DOCTYPE, or what is not XML
        }
      default:
        var j = k + 1
        var quote: UInt8 = 0
        while j < cut {
          let c = p[j]
          if quote != 0 {
            if c == quote { quote = 0 }
          } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            quote = c
          } else if c == UInt8(ascii: ">") {
            break
          }
          j += 1
        }
        guard j < cut else { return nil }
        if p[j - 1] != UInt8(ascii: "/") {
          open.append(k..<(j + 1))
          if open.count > maximumOpenElements { return nil }  // deeper than libxml2 reads
        }
        k = j + 1
      }
    }
    return open
  }
}
