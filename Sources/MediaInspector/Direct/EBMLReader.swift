import CaptionCore

/// A bounded Matroska/WebM reader for the TrackEntry elements FFmpeg 5.1 hides or folds:
/// FlagEnabled, LanguageBCP47, the CodecID string, and whether FlagDefault and Language were
/// written at all (RFC 8794 EBML; Matroska element IDs from the Matroska specification).
///
/// It walks the Segment's top-level elements by their sizes (Clusters are skipped, not read)
/// and reads only the Tracks element, which may come after the Clusters (mkvpropedit moves it).
/// Every size is checked against its parent and the file, and at most `maxElements` elements
/// are visited.
struct EBMLReader {
  var maxTracksSize = 16 << 20
  var maxElements = 100_000

  struct Result {
    var docType: String?
    var tracks: [MatroskaTrackFacts] = []
    var diagnostics: [Diagnostic] = []
  }

  static let idEBML: UInt32 = 0x1A45_DFA3
  static let idDocType: UInt32 = 0x4282
  static let idSegment: UInt32 = 0x1853_8067
  static let idTracks: UInt32 = 0x1654_AE6B
  static let idCluster: UInt32 = 0x1F43_B675
  static let idTrackEntry: UInt32 = 0xAE

  /// A variable-length integer at `offset` (RFC 8794 §4): its value (marker bit removed for
  /// sizes), length in bytes, and whether it is the reserved "unknown size".
  static func vint(_ b: [UInt8], _ offset: Int, keepMarker: Bool) -> (value: UInt64, length: Int, unknown: Bool)? {
    guard offset < b.count else { return nil }
    let first = b[offset]
    guard first != 0 else { return nil }
    let length = first.leadingZeroBitCount + 1
    guard offset + length <= b.count else { return nil }
    var v = UInt64(keepMarker ? first : first & (0xFF >> length))
    var allOnes = (first | ~(0xFF >> length)) == 0xFF
    for k in 1..<length {
      v = v << 8 | UInt64(b[offset + k])
      if b[offset + k] != 0xFF { allOnes = false }
    }
    return (v, length, !keepMarker && allOnes)
  }

  func read(_ file: BoundedFile) -> Result {
    var result = Result()
    let head = file.read(at: 0, count: 64)
    guard let id = EBMLReader.vint(head, 0, keepMarker: true), id.value == UInt64(EBMLReader.idEBML),
      let size = EBMLReader.vint(head, id.length, keepMarker: false)
    else {
      result.diagnostics.append(diag("media.mkv.no-ebml-header", "no EBML header"))
      return result
    }
    let headerBodyStart = UInt64(id.length + size.length)
    let header = file.read(at: headerBodyStart, count: Int(min(size.value, 4096)))
    var docType: String?
    forEachChild(header, 0, header.count, &result.diagnostics) { eid, s, e in
      if eid == EBMLReader.idDocType { docType = String(decoding: header[s..<e].prefix { $0 != 0 }, as: UTF8.self) }
    }
    result.docType = docType
    var offset = headerBodyStart + size.value
    // Segment header.
    let segHead = file.read(at: offset, count: 16)
    guard let sid = EBMLReader.vint(segHead, 0, keepMarker: true), sid.value == UInt64(EBMLReader.idSegment),
      let ssize = EBMLReader.vint(segHead, sid.length, keepMarker: false)
    else {
      result.diagnostics.append(diag("media.mkv.no-segment", "no Segment element after the EBML header"))
      return result
    }
    offset += UInt64(sid.length + ssize.length)
    var segmentEnd = ssize.unknown ? file.size : offset &+ ssize.value
    if segmentEnd > file.size || segmentEnd < offset {
      result.diagnostics.append(diag("media.mkv.size-past-end", "the Segment size points past the end of the file"))
      segmentEnd = file.size
    }
    var visited = 0
    while offset < segmentEnd {
      if visited >= maxElements {
        result.diagnostics.append(diag("media.mkv.too-many-elements", "more than \(maxElements) elements in the Segment; the rest is not read"))
        break
      }
      visited += 1
      let h = file.read(at: offset, count: 16)
      guard let eid = EBMLReader.vint(h, 0, keepMarker: true), let esize = EBMLReader.vint(h, eid.length, keepMarker: false) else {
        result.diagnostics.append(diag("media.mkv.bad-element", "unreadable element header at byte \(offset)"))
        break
      }
      let bodyStart = offset + UInt64(eid.length + esize.length)
      guard bodyStart <= segmentEnd else {
        result.diagnostics.append(diag("media.mkv.size-past-end", "element header at byte \(offset) runs past the end of its Segment"))
        break
      }
      if esize.unknown {
        // An unknown-size Cluster (live streams) cannot be skipped without parsing it; Tracks
        // normally precede it, so stop here.
        if UInt32(truncatingIfNeeded: eid.value) != EBMLReader.idTracks { break }
      }
      let bodyEnd = esize.unknown ? segmentEnd : bodyStart &+ esize.value
      if bodyEnd > segmentEnd || bodyEnd < bodyStart {
        result.diagnostics.append(
          diag("media.mkv.size-past-end", "element 0x\(String(eid.value, radix: 16, uppercase: true)) at byte \(offset) has size \(esize.value), past the end of its Segment"))
        if UInt32(truncatingIfNeeded: eid.value) != EBMLReader.idTracks { break }
      }
      if UInt32(truncatingIfNeeded: eid.value) == EBMLReader.idTracks {
        let end = min(bodyEnd, segmentEnd)
        guard end - bodyStart <= UInt64(maxTracksSize) else {
          result.diagnostics.append(diag("media.mkv.tracks-too-large", "the Tracks element is over \(maxTracksSize) bytes"))
          break
        }
        let body = file.read(at: bodyStart, count: Int(end - bodyStart))
        readTracks(body, &result)
        break
      }
      offset = bodyEnd
    }
    if result.tracks.isEmpty && !result.diagnostics.contains(where: { $0.code.hasPrefix("media.mkv") }) {
      result.diagnostics.append(diag("media.mkv.no-tracks", "no Tracks element found"))
    }
    return result
  }

  private func readTracks(_ b: [UInt8], _ result: inout Result) {
    var tracks: [MatroskaTrackFacts] = []
    var capped = false
    var diags: [Diagnostic] = []
    var innerDiags: [Diagnostic] = []
    forEachChild(b, 0, b.count, &diags) { eid, s, e in
      guard eid == EBMLReader.idTrackEntry else { return }
      guard tracks.count < 1024 else {
        capped = true
        return
      }
      var t = MatroskaTrackFacts()
      var inner: [Diagnostic] = []
      forEachChild(b, s, e, &inner) { cid, cs, ce in
        let uint = { () -> UInt64 in
          var v: UInt64 = 0
          for k in cs..<min(ce, cs + 8) { v = v << 8 | UInt64(b[k]) }
          return v
        }
        let str = { String(decoding: b[cs..<ce].prefix { $0 != 0 }, as: UTF8.self) }
        switch cid {
        case 0xD7: t.trackNumber = Int(truncatingIfNeeded: uint())
        case 0x83: t.trackType = Int(truncatingIfNeeded: uint())
        case 0x86: t.codecID = str()
        case 0x536E: t.name = str()
        case 0x22B59C: t.language = str()
        case 0x22B59D: t.languageBCP47 = str()
        case 0xB9: t.flagEnabled = uint() != 0
        case 0x88: t.flagDefault = uint() != 0
        case 0x55AA: t.flagForced = uint() != 0
        case 0x55AB: t.flagHearingImpaired = uint() != 0
        case 0x55AC: t.flagVisualImpaired = uint() != 0
        case 0x55AD: t.flagTextDescriptions = uint() != 0
        case 0x55AE: t.flagOriginal = uint() != 0
        case 0x55AF: t.flagCommentary = uint() != 0
        default: break
        }
      }
      innerDiags += inner
      tracks.append(t)
    }
    result.tracks += tracks
    if capped { diags.append(diag("media.mkv.too-many-tracks", "more than 1024 TrackEntry elements; the rest are ignored")) }
    result.diagnostics += diags + innerDiags
  }

  /// Calls `body(id, start, end)` for each child element in `b[start..<end]`; stops at the first
  /// element whose size runs past `end` and reports it.
  private func forEachChild(_ b: [UInt8], _ start: Int, _ end: Int, _ diagnostics: inout [Diagnostic], _ body: (UInt32, Int, Int) -> Void) {
    var i = start
    var n = 0
    while i < end {
      if n >= maxElements {
        diagnostics.append(diag("media.mkv.too-many-elements", "more than \(maxElements) child elements inside Tracks; the rest is not read"))
        return
      }
      n += 1
      guard let id = EBMLReader.vint(b, i, keepMarker: true), let size = EBMLReader.vint(b, i + id.length, keepMarker: false) else {
        diagnostics.append(diag("media.mkv.bad-element", "unreadable element header inside Tracks"))
        return
      }
      let s = i + id.length + size.length
      guard !size.unknown, s <= end, size.value <= UInt64(end - s) else {
        diagnostics.append(diag("media.mkv.size-past-end", "element 0x\(String(id.value, radix: 16, uppercase: true)) has size \(size.value), past its parent"))
        return
      }
      let e = s + Int(size.value)
      body(UInt32(truncatingIfNeeded: id.value), s, e)
      i = e
    }
  }

  private func diag(_ code: String, _ message: String) -> Diagnostic {
    Diagnostic(code: code, severity: .warning, message: message)
  }
}
