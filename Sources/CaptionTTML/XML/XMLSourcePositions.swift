import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
      guard let base = p.baseAddress else { return }
      let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
      var k = 0
      while k < p.count {
        if k + 8 <= p.count {
          // Eight bytes a step while none is CR or LF (a zero byte in w ^ pattern).
          let w = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
          let lf = w ^ (ones &* 0x0A), cr = w ^ (ones &* 0x0D)
          if ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs == 0 {
            k += 8
            continue
          }
        }
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
    var line = 0
    return location(offset, line: &line)
  }

  /// `location(offset)`, starting from the 0-based line index `line` (a hint, updated): a
  /// reader that moves forward through the document finds the line at once.
  func location(_ offset: Int, line: inout Int) -> SourceLocation {
    let offset = max(0, min(offset, bytes.count))
    let last = lineStarts.count - 1
    if line > last { line = last }
    var candidate = line
    while candidate <= min(line + 1, last) {
      if lineStarts[candidate] <= offset, candidate == last || offset < lineStarts[candidate + 1] {
        line = candidate
        return SourceLocation(line: candidate + 1, column: offset - lineStarts[candidate] + 1, offset: offset)
      }
      candidate += 1
    }
    var lo = 0, hi = last
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    line = lo
    return SourceLocation(line: lo + 1, column: offset - lineStarts[lo] + 1, offset: offset)
  }

  /// The offset of the nearest `byte` at or before `offset`, looking back at most `limit`
  /// bytes (nil if there is none).
  func lastIndex(of byte: UInt8, atOrBefore offset: Int, limit: Int = .max) -> Int? {
    guard !bytes.isEmpty else { return nil }
    var k = min(offset, bytes.count - 1)
    let floor = limit == .max ? 0 : max(0, offset - limit)
    guard k >= floor else { return nil }
    return bytes.withUnsafeBufferPointer { p in
      // Eight bytes a step: a start tag's `<` is tens of bytes back from its `>`.
      let base = UnsafeRawPointer(p.baseAddress!)
      let ones: UInt64 = 0x0101_0101_0101_0101, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      while k - 7 >= floor {
        let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k - 7, as: UInt64.self)) ^ (ones &* UInt64(byte))
        // Exactly 0x80 in each byte of x that is zero, that is, each byte equal to `byte`.
        let zero = ~(((x & low7) &+ low7) | x | low7)
        // The highest such byte is the last match (the word is loaded little-endian).
        if zero != 0 { return k - 7 + (63 - zero.leadingZeroBitCount) >> 3 }
        k -= 8
      }
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

  /// Appends to `names` the byte ranges of the attribute names of the (already well-formed)
  /// start tag at `lt`, in source order, namespace declarations included.
  func attributeNames(ofStartTagAt lt: Int, into names: inout [Range<Int>]) {
    bytes.withUnsafeBufferPointer { b in
      let n = b.count
      func isSpace(_ k: Int) -> Bool { XMLSourcePositions.isSpace(b[k]) }
      var k = lt + 1
      while k < n, !isSpace(k), b[k] != UInt8(ascii: ">"), b[k] != UInt8(ascii: "/") { k += 1 }
      while k < n {
        while k < n, isSpace(k) { k += 1 }
        guard k < n, b[k] != UInt8(ascii: ">"), b[k] != UInt8(ascii: "/") else { break }
        let nameStart = k
        while k < n, !isSpace(k), b[k] != UInt8(ascii: "=") { k += 1 }
        let nameEnd = k
        while k < n, b[k] != UInt8(ascii: "\""), b[k] != UInt8(ascii: "'") { k += 1 }
        guard k < n else { break }
        let quote = b[k]
        k += 1
        while k < n, b[k] != quote { k += 1 }
        k += 1
        names.append(nameStart..<nameEnd)
      }
    }
  }

  /// Where the attribute named `qualifiedName` starts, given where its value starts: the name,
  /// after a white-space byte, then optional white space, `=`, optional white space and the
  /// quote. Nil when the bytes are not so.
  func attributeName(_ qualifiedName: String, beforeValueAt value: Int) -> Int? {
    bytes.withUnsafeBufferPointer { b in
      var k = value - 1
      guard k > 0, k < b.count, b[k] == UInt8(ascii: "\"") || b[k] == UInt8(ascii: "'") else { return nil }
      k -= 1
      while k > 0, XMLSourcePositions.isSpace(b[k]) { k -= 1 }
      guard b[k] == UInt8(ascii: "=") else { return nil }
      k -= 1
      while k > 0, XMLSourcePositions.isSpace(b[k]) { k -= 1 }
      let start = k + 1 - qualifiedName.utf8.count
      guard start > 0, XMLSourcePositions.isSpace(b[start - 1]), spells(start..<(k + 1), qualifiedName) else { return nil }
      return start
    }
  }

  /// Whether the bytes in `range` spell `name`.
  func spells(_ range: Range<Int>, _ name: String) -> Bool {
    var name = name
    return name.withUTF8 { u in
      guard u.count == range.count, range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
      guard let name = u.baseAddress else { return true }
      return bytes.withUnsafeBufferPointer { b in memcmp(b.baseAddress! + range.lowerBound, name, u.count) == 0 }
    }
  }
}
