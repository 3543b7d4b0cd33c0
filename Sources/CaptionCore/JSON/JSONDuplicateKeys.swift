/// Finds names given twice in one JSON object, which `JSONSerialization` accepts silently
/// (the last value wins). RFC 8259 §4 says names SHOULD be unique; in a style profile or a
/// configuration file a repeated name is almost always an editing mistake that hides a value.
///
/// The cost is linear in the input: the path is kept as a stack of its parts and a path string
/// is built only for the duplicates listed (the first `maxListed`, each at most
/// `JSONPathText.maxLength` characters); the rest are counted.
package enum JSONDuplicateKeys {
  /// Most duplicate names listed by path; the others are only counted.
  package static let maxListed = 20

  /// The repeated names found: the JSON paths (`$.background.opacity`, `$[1].text.color`) of
  /// the first `limit` in document order, elided as `JSONPathText` does, and how many more
  /// there are.
  package struct Found: Equatable {
    package var paths: [String] = []
    package var unlisted = 0

    package init(paths: [String] = [], unlisted: Int = 0) {
      self.paths = paths
      self.unlisted = unlisted
    }
  }

  /// The repeated names in `bytes`, which must already be valid UTF-8 JSON (parse it first).
  package static func find(in bytes: [UInt8], limit: Int = maxListed) -> Found {
    var scan = Scanner(bytes: bytes, limit: limit)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scan.i = 3 }
    scan.value(depth: 0)
    return scan.found
  }

  private struct Scanner {
    let bytes: [UInt8]
    let limit: Int
    var i = 0
    var found = Found()
    /// The path to the current value, one part a level (`$`, `.name`, `[3]`), and its length
    /// in characters: what a listed path is built from.
    var parts = ["$"]
    var length = 1

    init(bytes: [UInt8], limit: Int) {
      self.bytes = bytes
      self.limit = limit
    }

    /// Descends into the member or element `part` (which is `count` characters long).
    mutating func push(_ part: String, count: Int) {
      parts.append(part)
      length += count
    }

    mutating func pop(count: Int) {
      parts.removeLast()
      length -= count
    }

    mutating func skipSpace() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    mutating func value(depth: Int) {
      skipSpace()
      // JSONSerialization's own nesting limit is lower; this only keeps the stack bounded.
      guard i < bytes.count, depth < 512 else { return }
      switch bytes[i] {
      case UInt8(ascii: "{"):
        i += 1
        var names: Set<String> = []
        while true {
          skipSpace()
          guard i < bytes.count else { return }
          if bytes[i] == UInt8(ascii: "}") { i += 1; return }
          if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
          guard bytes[i] == UInt8(ascii: "\"") else { return }
          let name = string()
          let count = name.count + 1
          push("." + name, count: count)
          if !names.insert(name).inserted {
            if found.paths.count < limit {
              found.paths.append(JSONPathText.elided(parts, length: length))
            } else {
              found.unlisted += 1
            }
          }
          skipSpace()
          if i < bytes.count, bytes[i] == UInt8(ascii: ":") { i += 1 }
          value(depth: depth + 1)
          pop(count: count)
        }
      case UInt8(ascii: "["):
        i += 1
        var index = 0
        while true {
          skipSpace()
          guard i < bytes.count else { return }
          if bytes[i] == UInt8(ascii: "]") { i += 1; return }
          if bytes[i] == UInt8(ascii: ",") { i += 1; index += 1; continue }
          let part = "[\(index)]"
          push(part, count: part.utf8.count)
          value(depth: depth + 1)
          pop(count: part.utf8.count)
        }
      case UInt8(ascii: "\""):
        _ = string()
      default:
        // A number, true, false or null.
        while i < bytes.count, !",}] \t\r\n".utf8.contains(bytes[i]) { i += 1 }
      }
    }

    /// Reads a string at `i` (at its opening quote), decoding escapes so that `"\u0061"` and
    /// `"a"` are the same name.
    mutating func string() -> String {
      i += 1
      var units: [UInt16] = []
      var raw: [UInt8] = []
      func flush() {
        units += String(decoding: raw, as: UTF8.self).utf16
        raw.removeAll()
      }
      while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
        guard bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count else {
          raw.append(bytes[i])
          i += 1
          continue
        }
        flush()
        let e = bytes[i + 1]
        i += 2
        switch e {
        case UInt8(ascii: "u"):
          let hex = bytes[i..<min(bytes.count, i + 4)]
          units.append(UInt16(String(decoding: hex, as: UTF8.self), radix: 16) ?? 0xFFFD)
          i += 4
        case UInt8(ascii: "n"): units.append(0x0A)
        case UInt8(ascii: "t"): units.append(0x09)
        case UInt8(ascii: "r"): units.append(0x0D)
        case UInt8(ascii: "b"): units.append(0x08)
        case UInt8(ascii: "f"): units.append(0x0C)
        default: units.append(UInt16(e))  // \" \\ \/
        }
      }
      flush()
      i += 1
      return String(decoding: units, as: UTF16.self)
    }
  }
}
