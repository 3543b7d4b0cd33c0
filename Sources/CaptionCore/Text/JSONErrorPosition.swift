/// Turns a JSON parser's error into a position a person can open: Foundation says "around
/// character N" (a 0-based UTF-8 byte offset) or, at the end of the data, nothing. Shared by
/// the style profile and lint configuration loaders.
package enum JSONErrorPosition {
  /// The reason without its " around character N" part, and the byte offset it named (the end
  /// of the data when it named none).
  package static func split(_ reason: String, length: Int) -> (reason: String, offset: Int) {
    var text = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    var offset = length
    if let r = text.range(of: " around character ") {
      let digits = text[r.upperBound...]
      if let n = Int(digits) {
        offset = min(max(0, n), length)
        text = String(text[..<r.lowerBound])
      }
    }
    if text.hasSuffix(" during JSON parse") { text = String(text.dropLast(18)) }
    return (text, offset)
  }

  /// The reason and the 1-based line and column of a `JSONSerialization` error in `bytes`.
  /// Foundation skips a leading UTF-8 byte order mark and counts its offset from after it, so
  /// the position is found in the text after the mark too (column 1 of line 1 is the first
  /// character after it, as an editor shows it).
  package static func locate(_ reason: String, in bytes: [UInt8]) -> (reason: String, line: Int, column: Int) {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let (r, offset) = split(reason, length: text.count)
    let (line, column) = lineColumn(text, offset: offset)
    return (r, line, column)
  }

  /// The 1-based line and column (in UTF-8 bytes, as all CaptionKit columns) of `offset`.
  package static func lineColumn(_ bytes: [UInt8], offset: Int) -> (line: Int, column: Int) {
    var line = 1, lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return (line, offset - lineStart + 1)
  }
}
