import CaptionCore

/// A bounded ISO BMFF / QuickTime box walker for the track facts FFmpeg 5.1 does not expose:
/// `tkhd` enabled flag and alternate_group (ISO/IEC 14496-12 §8.3.2), `hdlr` handler type
/// (§8.4.3), `mdhd` language (§8.4.2), QuickTime `elng`, `stsd` sample entry and the tx3g display
/// flags (3GPP TS 26.245 §5.16), `udta/tagc` (Apple tagged characteristics), `udta/kind`
/// (§8.10.4), `udta/name` and `tref` (§8.3.3).
///
/// Only the top-level box headers and the `moov` box are read (at most `maxMoovSize` bytes).
/// Nesting is bounded by `maxDepth` and the number of boxes by `maxBoxes`; a size that points
/// past its parent is reported and the walk of that parent stops.
struct MP4BoxReader {
  var maxMoovSize = 64 << 20
  var maxDepth = 12
  var maxBoxes = 200_000

  struct Result {
    var tracks: [MP4TrackFacts] = []
    var majorBrand: String?
    var diagnostics: [Diagnostic] = []
  }

  private static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "udta", "tref", "edts", "dinf"]

  func read(_ file: BoundedFile) -> Result {
    var result = Result()
    var offset: UInt64 = 0
    var count = 0
    var moov: [UInt8]?
    while offset + 8 <= file.size {
      if count >= maxBoxes {
        result.diagnostics.append(diag("media.mp4.too-many-boxes", "more than \(maxBoxes) top-level boxes; the rest of the file is not read"))
        break
      }
      count += 1
      let head = file.read(at: offset, count: 16)
      guard head.count >= 8 else { break }
      var size = UInt64(be32(head, 0))
      let type = FourCC.printable(head[4..<8]) ?? "????"
      var headerSize: UInt64 = 8
      if size == 1 {
        guard head.count >= 16 else { break }
        size = be64(head, 8)
        headerSize = 16
      } else if size == 0 {
        size = file.size - offset
      }
      if size < headerSize {
        result.diagnostics.append(diag("media.mp4.box-size-invalid", "top-level box '\(type)' at byte \(offset) has size \(size)"))
        break
      }
      if size > file.size - offset {  // not `offset + size`: a 64-bit size can overflow it
        result.diagnostics.append(
          diag("media.mp4.box-past-end", "box '\(type)' at byte \(offset) has size \(size), past the end of the \(file.size)-byte file"))
        if type != "moov" { break }
      }
      if type == "ftyp", size >= 12 { result.majorBrand = FourCC.printable(file.read(at: offset + 8, count: 4)[...]) }
      if type == "moov" {
        let bodySize = min(size, file.size - offset) - headerSize
        if bodySize > UInt64(maxMoovSize) {
          result.diagnostics.append(diag("media.mp4.moov-too-large", "moov is \(bodySize) bytes, over the \(maxMoovSize)-byte limit"))
          break
        }
        moov = file.read(at: offset + headerSize, count: Int(bodySize))
        break
      }
      offset += size
    }
    guard let moov else {
      if result.diagnostics.isEmpty { result.diagnostics.append(diag("media.mp4.no-moov", "no moov box: track facts could not be read directly")) }
      return result
    }
    var boxes = 0
    moov.withUnsafeBufferPointer { buf in
      walk(buf, 0, buf.count, depth: 1, path: ["moov"], boxes: &boxes, result: &result)
    }
    return result
  }

  private func walk(
    _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, depth: Int, path: [String], boxes: inout Int,
    result: inout Result
  ) {
    if depth > maxDepth {
      result.diagnostics.append(diag("media.mp4.nesting-too-deep", "boxes nested deeper than \(maxDepth) under \(path.joined(separator: "/")); the rest is ignored"))
      return
    }
    var i = start
    while i + 8 <= end {
      boxes += 1
      if boxes > maxBoxes {
        result.diagnostics.append(diag("media.mp4.too-many-boxes", "more than \(maxBoxes) boxes in moov; the rest is ignored"))
        return
      }
      var size = Int(be32(b, i))
      let type = FourCC.printable(UnsafeBufferPointer(rebasing: b[i + 4..<i + 8]).map { $0 }[...]) ?? "????"
      var header = 8
      if size == 1 {
        guard i + 16 <= end else { return }
        let big = be64(b, i + 8)
        size = big > UInt64(Int.max) ? Int.max : Int(big)
        header = 16
      } else if size == 0 {
        size = end - i
      }
      if size < header || size > end - i {
        result.diagnostics.append(
          diag("media.mp4.box-past-end", "box '\(type)' in \(path.joined(separator: "/")) has size \(size), past its parent"))
        return
      }
      let bodyStart = i + header, bodyEnd = i + size
      if type == "trak" && path.last == "moov" {
        result.tracks.append(MP4TrackFacts())
      }
      if MP4BoxReader.containers.contains(type) {
        walk(b, bodyStart, bodyEnd, depth: depth + 1, path: path + [type], boxes: &boxes, result: &result)
      } else if path.contains("trak"), !result.tracks.isEmpty {
        leaf(type, b, bodyStart, bodyEnd, parent: path.last ?? "", into: &result.tracks[result.tracks.count - 1])
      }
      i = bodyEnd
    }
  }

  private func leaf(_ type: String, _ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, parent: String, into t: inout MP4TrackFacts) {
    let n = e - s
    switch (parent, type) {
    case ("trak", "tkhd"):
      guard n >= 4 else { return }
      let version = b[s]
      t.enabled = b[s + 3] & 0x01 != 0
      let idOff = version == 1 ? 20 : 12
      let groupOff = version == 1 ? 4 + 8 + 8 + 4 + 4 + 8 + 8 + 2 : 4 + 4 + 4 + 4 + 4 + 4 + 8 + 2
      if n >= idOff + 4 { t.trackID = Int(be32(b, s + idOff)) }
      if n >= groupOff + 2 { t.alternateGroup = Int(Int16(bitPattern: UInt16(b[s + groupOff]) << 8 | UInt16(b[s + groupOff + 1]))) }
    case ("tref", _):
      var ids: [Int] = []
      var j = s
      while j + 4 <= e, ids.count < 1024 {
        ids.append(Int(be32(b, j)))
        j += 4
      }
      t.references[type, default: []] += ids
    case ("mdia", "mdhd"):
      guard n >= 4 else { return }
      let off = b[s] == 1 ? 4 + 8 + 8 + 4 + 8 : 4 + 4 + 4 + 4 + 4
      guard n >= off + 2 else { return }
      t.language = MP4BoxReader.language(UInt16(b[s + off]) << 8 | UInt16(b[s + off + 1]))
    case ("mdia", "elng"):
      guard n > 4 else { return }
      t.elng = cString(b, s + 4, e)
    case ("mdia", "hdlr"):
      guard n >= 24 else { return }
      t.handlerType = FourCC.printable(Array(UnsafeBufferPointer(rebasing: b[s + 8..<s + 12]))[...])
      if n > 24 {
        // ISO: NUL-terminated UTF-8. QuickTime: a Pascal string (length byte first).
        let first = Int(b[s + 24])
        if first > 0 && first == n - 25 {
          t.handlerName = String(decoding: UnsafeBufferPointer(rebasing: b[s + 25..<e]), as: UTF8.self)
        } else {
          t.handlerName = cString(b, s + 24, e)
        }
      }
    case ("stbl", "stsd"):
      // version/flags 4, entry_count 4, then the first entry: size 4, type 4, reserved 6, dref 2.
      guard n >= 16 else { return }
      t.sampleEntry = FourCC.printable(Array(UnsafeBufferPointer(rebasing: b[s + 12..<s + 16]))[...])
      if t.sampleEntry == "tx3g" && n >= 8 + 16 + 4 {
        t.tx3gDisplayFlags = be32(b, s + 8 + 16)
      }
    case ("udta", "tagc"):
      if t.characteristics.count < 64 { t.characteristics.append(cString(b, s, e)) }
    case ("udta", "name"):
      t.name = cString(b, s, e)
    case ("udta", "kind"):
      guard n > 4 else { return }
      let scheme = cString(b, s + 4, e)
      let valueStart = min(e, s + 4 + scheme.utf8.count + 1)
      let value = cString(b, valueStart, e)
      if t.kinds.count < 64 { t.kinds.append(value.isEmpty ? scheme : "\(scheme) \(value)") }
    default: break
    }
  }

  /// Packed ISO 639-2/T (three 5-bit letters) or a classic QuickTime Macintosh language code.
  static func language(_ v: UInt16) -> String? {
    if v == 0x7FFF { return "und" }
    if v < 0x400 {
      let mac = [
        "eng", "fra", "deu", "ita", "nld", "swe", "spa", "dan", "por", "nor", "heb", "jpn", "ara", "fin", "ell", "isl", "mlt", "tur",
        "hrv", "zho", "urd", "hin", "tha", "kor", "lit", "pol", "hun", "est", "lav",
      ]
      return Int(v) < mac.count ? mac[Int(v)] : "mac:\(v)"
    }
    let c = [(v >> 10) & 0x1F, (v >> 5) & 0x1F, v & 0x1F]
    guard c.allSatisfy({ $0 >= 1 && $0 <= 26 }) else { return nil }
    return String(decoding: c.map { UInt8($0) + 0x60 }, as: UTF8.self)
  }

  private func cString(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> String {
    var j = s
    while j < e && b[j] != 0 { j += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: b[s..<j]), as: UTF8.self)
  }

  private func diag(_ code: String, _ message: String) -> Diagnostic {
    Diagnostic(code: code, severity: .warning, message: message)
  }
}

func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
  guard i + 4 <= b.count else { return 0 }
  return UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
}

func be32(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
  guard i >= 0, i + 4 <= b.count else { return 0 }
  return UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
}

func be64(_ b: [UInt8], _ i: Int) -> UInt64 {
  guard i + 8 <= b.count else { return 0 }
  var v: UInt64 = 0
  for k in 0..<8 { v = v << 8 | UInt64(b[i + k]) }
  return v
}

func be64(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
  guard i >= 0, i + 8 <= b.count else { return 0 }
  var v: UInt64 = 0
  for k in 0..<8 { v = v << 8 | UInt64(b[i + k]) }
  return v
}
