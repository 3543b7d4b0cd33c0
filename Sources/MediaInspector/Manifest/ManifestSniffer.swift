/// Tells HLS playlists and DASH MPDs from media by their first bytes (then by extension).
enum ManifestSniffer {
  static func isHLS(_ head: [UInt8], ext: String) -> Bool {
    var b = head[...]
    if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
    if b.starts(with: Array("#EXTM3U".utf8)) { return true }
    return ext == "m3u8" && !looksBinary(head)
  }

  static func isDASH(_ head: [UInt8], ext: String) -> Bool {
    // A UTF-16 MPD (with its byte order mark) is text with zero bytes; the DASH reader decodes
    // it and says it is not UTF-8.
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      let le = head[0] == 0xFF
      let units = stride(from: 2, to: head.count - 1, by: 2).map { le ? UInt16(head[$0]) | UInt16(head[$0 + 1]) << 8 : UInt16(head[$0]) << 8 | UInt16(head[$0 + 1]) }
      return ext == "mpd" || String(decoding: units, as: UTF16.self).containsUTF8("<MPD")
    }
    if looksBinary(head) { return false }
    if ext == "mpd" { return true }
    let s = String(decoding: head, as: UTF8.self)
    return s.containsUTF8("<MPD")
  }

  static func looksBinary(_ head: [UInt8]) -> Bool {
    head.prefix(512).contains { $0 == 0 }
  }
}
