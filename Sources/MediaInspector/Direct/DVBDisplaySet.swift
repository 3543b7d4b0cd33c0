/// The page composition of a DVB subtitle packet (ETSI EN 300 743 §7.2.2), enough to tell a
/// new subtitle from a repeat of the one shown and from a "clear" (a page with no regions).
///
/// A packet holds subtitling segments, each `0x0F`, segment type, page id (2 bytes), length
/// (2 bytes) and data; the page composition segment (type `0x10`) has a time-out byte, a byte
/// whose top four bits are the page version, then six bytes per region shown.
struct DVBDisplaySet: Equatable {
  /// The page version (0–15); a decoder ignores a page with the version it already has.
  var version: Int
  /// Regions the page shows; 0 clears the screen.
  var regionCount: Int

  /// The page composition in `bytes` (an FFmpeg DVB subtitle packet, which starts at the first
  /// segment), or nil when it has none.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var i = 0
    if bytes.count >= 2, bytes[0] == 0x20, bytes[1] == 0x00 { i = 2 }  // PES data_identifier, stream id
    while i + 6 <= bytes.count, bytes[i] == 0x0F {
      let type = bytes[i + 1]
      let length = Int(bytes[i + 4]) << 8 | Int(bytes[i + 5])
      if type == 0x10, length >= 2, i + 6 + 2 <= bytes.count {
        version = Int(bytes[i + 7] >> 4)
        // Only the region entries the packet really holds (a hostile length claims more).
        regionCount = (min(length, bytes.count - i - 6) - 2) / 6
        return
      }
      i += 6 + length
    }
    return nil
  }
}
