/// Tells HLS playlists and DASH MPDs from media by their first bytes (then by extension).
enum ManifestSniffer {
  static func isHLS(_ head: [UInt8], ext: String) -> Bool {
    var b = head[...]
    if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
    if b.starts(with: Array("#EXTM3U".utf8)) { return true }
    return ext == "m3u8" && !looksBinary(head)
  }

  static func isDASH(_ head: [UInt8], ext: String) -> Bool {
    if looksBinary(head) { return false }
    if ext == "mpd" { return true }
    let s = String(decoding: head, as: UTF8.self)
    return s.contains("<MPD")
  }

  static func looksBinary(_ head: [UInt8]) -> Bool {
    head.prefix(512).contains { $0 == 0 }
  }
}
