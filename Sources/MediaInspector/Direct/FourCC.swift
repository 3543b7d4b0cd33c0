/// Four-character codes as strings.
enum FourCC {
  /// A little-endian `codec_tag` (FFmpeg's `MKTAG`) as four printable characters, or `nil`.
  static func string(_ tag: UInt32) -> String? {
    if tag == 0 { return nil }
    let b = [UInt8(tag & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 24 & 0xFF)]
    return printable(b[...])
  }

  /// Four bytes as they appear in a box header, or `nil` when not printable ASCII.
  static func printable(_ b: ArraySlice<UInt8>) -> String? {
    guard b.count == 4, b.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: b, as: UTF8.self)
  }
}
