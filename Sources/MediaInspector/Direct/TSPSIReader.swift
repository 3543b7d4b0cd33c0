import CaptionCore

/// A bounded MPEG-TS PSI reader (ISO/IEC 13818-1 §2.4.4) for what FFmpeg 5.1 does not parse:
/// the ATSC A/65 `caption_service_descriptor` (tag 0x86) in the PMT ES loop, which declares the
/// CEA-608 fields and CEA-708 services each video stream carries.
///
/// Reads at most `maxBytes` from the start, only sections that fit one TS packet, and only
/// sections whose CRC-32 is correct.
struct TSPSIReader {
  var maxBytes = 4 << 20

  struct Result {
    /// Per elementary PID: the declared services, as `CC1` / `CC3` (608 field 1 / 2) or
    /// `SERVICEn` (708), with their language.
    var captionServices: [Int: [(service: String, language: String)]] = [:]
    var sawPMT = false
  }

  func read(_ file: BoundedFile) -> Result {
    var result = Result()
    let data = file.read(at: 0, count: maxBytes)
    var pmtPIDs = Set<Int>()
    var parsedPMTs = Set<Int>()
    data.withUnsafeBufferPointer { b in
      var off = 0
      // Find the packet alignment (a 0x47 repeated 188 bytes later).
      while off + 188 < b.count, !(b[off] == 0x47 && b[off + 188] == 0x47) { off += 1 }
      while off + 188 <= b.count {
        defer { off += 188 }
        guard b[off] == 0x47, b[off + 1] & 0x40 != 0 else { continue }
        let pid = Int(b[off + 1] & 0x1F) << 8 | Int(b[off + 2])
        let afc = (b[off + 3] >> 4) & 0x3
        guard afc & 0x1 != 0 else { continue }
        var p = off + 4
        if afc & 0x2 != 0 { p += 1 + Int(b[p]) }
        guard p < off + 188 else { continue }
        let start = p + 1 + Int(b[p])  // pointer_field
        guard start + 3 <= off + 188 else { continue }
        let sectionLength = Int(b[start + 1] & 0x0F) << 8 | Int(b[start + 2])
        let end = start + 3 + sectionLength
        guard sectionLength >= 9, end <= off + 188, TSPSIReader.crc32(b, start, end) == 0 else { continue }
        if pid == 0 && b[start] == 0x00 {
          var i = start + 8
          while i + 4 <= end - 4 {
            let program = Int(b[i]) << 8 | Int(b[i + 1])
            if program != 0 { pmtPIDs.insert(Int(b[i + 2] & 0x1F) << 8 | Int(b[i + 3])) }
            i += 4
          }
        } else if pmtPIDs.contains(pid) && b[start] == 0x02 && !parsedPMTs.contains(pid) {
          parsedPMTs.insert(pid)
          result.sawPMT = true
          parsePMT(b, start, end - 4, into: &result)
        }
        if !pmtPIDs.isEmpty && parsedPMTs == pmtPIDs { break }
      }
    }
    return result
  }

  private func parsePMT(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into result: inout Result) {
    guard start + 12 <= end else { return }
    let programInfo = Int(b[start + 10] & 0x0F) << 8 | Int(b[start + 11])
    var i = start + 12 + programInfo
    while i + 5 <= end {
      let pid = Int(b[i + 1] & 0x1F) << 8 | Int(b[i + 2])
      let esInfo = Int(b[i + 3] & 0x0F) << 8 | Int(b[i + 4])
      var d = i + 5
      let dEnd = min(end, d + esInfo)
      while d + 2 <= dEnd {
        let tag = b[d], len = Int(b[d + 1])
        guard d + 2 + len <= dEnd else { break }
        if tag == 0x86, len >= 1 {
          let count = Int(b[d + 2] & 0x1F)
          var s = d + 3
          for _ in 0..<count where s + 6 <= d + 2 + len {
            let lang = String(decoding: UnsafeBufferPointer(rebasing: b[s..<(s + 3)]), as: UTF8.self)
            let flags = b[s + 3]
            let service = flags & 0x80 != 0 ? "SERVICE\(flags & 0x3F)" : (flags & 0x01 == 0 ? "CC1" : "CC3")
            result.captionServices[pid, default: []].append((service, lang))
            s += 6
          }
        }
        d += 2 + len
      }
      i = d > dEnd ? d : dEnd
    }
  }

  /// CRC-32/MPEG-2 over `b[start..<end]`; 0 when the section's trailing CRC is correct.
  static func crc32(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for k in start..<end {
      crc ^= UInt32(b[k]) << 24
      for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
    }
    return crc
  }
}
