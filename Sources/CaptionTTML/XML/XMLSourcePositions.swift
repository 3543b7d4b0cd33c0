import CaptionCore

/// Byte offsets → 1-based line and UTF-8 byte column, plus the two small scans that give
/// exact positions for what libxml2 reports.
///
/// Why this exists: libxml2 reports line numbers and character (not byte) columns, and only
/// at the point where it detected something (for a start tag, its `>`). Diagnostics point at
/// the `<` of an element and at an attribute's name, in bytes. libxml2 has already checked
/// the markup these scans walk, and in well-formed XML no `<` can occur inside a start tag
/// (not even in attribute values), so the scans are trivial and never tokenize content.
struct XMLSourcePositions {
  let bytes: [UInt8]
  private var lineStarts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    lineStarts.reserveCapacity(bytes.count / 40 + 1)
    bytes.withUnsafeBufferPointer { p in
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

  /// The 1-based line and UTF-8 byte column of a byte offset (clamped to the input).
  func location(_ offset: Int) -> SourceLocation {
    let offset = max(0, min(offset, bytes.count))
    var lo = 0, hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return SourceLocation(line: lo + 1, column: offset - lineStarts[lo] + 1, offset: offset)
  }

  /// The offset of the nearest `byte` at or before `offset`, looking back at most `limit`
  /// bytes (nil if there is none).
  func lastIndex(of byte: UInt8, atOrBefore offset: Int, limit: Int = .max) -> Int? {
    guard !bytes.isEmpty else { return nil }
    var k = min(offset, bytes.count - 1)
    let floor = limit == .max ? 0 : max(0, offset - limit)
    return bytes.withUnsafeBufferPointer { p in
      while k >= floor {
        if p[k] == byte { return k }
        k -= 1
      }
      return nil
    }
  }

  /// The `<` of the start tag whose `>` (or `/>`) is at `end`, if the bytes after it spell
  /// `qualifiedName`.
  func startTag(endingAt end: Int, named qualifiedName: String) -> Int? {
    guard let lt = lastIndex(of: UInt8(ascii: "<"), atOrBefore: end) else { return nil }
    var k = lt + 1
    for c in qualifiedName.utf8 {
      guard k < bytes.count, bytes[k] == c else { return nil }
      k += 1
    }
    return lt
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  /// The offsets of the attribute names of the (already well-formed) start tag at `lt`, in
  /// source order, with their qualified names as bytes. Namespace declarations included.
  func attributeOffsets(ofStartTagAt lt: Int) -> [(name: ArraySlice<UInt8>, offset: Int)] {
    var out: [(ArraySlice<UInt8>, Int)] = []
    var k = lt + 1
    let n = bytes.count
    while k < n, !XMLSourcePositions.isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">"), bytes[k] != UInt8(ascii: "/") { k += 1 }
    while k < n {
      while k < n, XMLSourcePositions.isSpace(bytes[k]) { k += 1 }
      guard k < n, bytes[k] != UInt8(ascii: ">"), bytes[k] != UInt8(ascii: "/") else { break }
      let nameStart = k
      while k < n, !XMLSourcePositions.isSpace(bytes[k]), bytes[k] != UInt8(ascii: "=") { k += 1 }
      let name = bytes[nameStart..<k]
      while k < n, bytes[k] != UInt8(ascii: "\""), bytes[k] != UInt8(ascii: "'") { k += 1 }
      guard k < n else { break }
      let quote = bytes[k]
      k += 1
      while k < n, bytes[k] != quote { k += 1 }
      k += 1
      out.append((name, nameStart))
    }
    return out
  }
}
