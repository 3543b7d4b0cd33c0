import CaptionCore

/// Counts the blocks of chosen Matroska/WebM tracks and the time they span, by walking the
/// Clusters' element headers (RFC 8794 EBML; Matroska `SimpleBlock`, `BlockGroup`, `Block`,
/// `BlockDuration`, Cluster `Timestamp`, Info `TimestampScale`).
///
/// This replaces a libavformat packet pass for cue counting: only headers are parsed, reads go
/// through a 16 KiB window (pread into one buffer), and an element larger than the window (a
/// video frame at a usual bit rate) is skipped with a seek, not read. Bounded by `maxElements`.
struct MatroskaBlockCounter {
  var maxElements = 20_000_000

  struct TrackCount {
    var count = 0
    var firstStart: MediaTime?
    var lastEnd: MediaTime?
  }

  struct Result {
    /// By Matroska track number.
    var tracks: [Int: TrackCount] = [:]
    /// False when a limit or a damaged element stopped the walk before the end.
    var complete = true
    var diagnostics: [Diagnostic] = []
  }

  static let idInfo: UInt32 = 0x1549_A966
  static let idTimestampScale: UInt32 = 0x2A_D7B1
  static let idClusterTimestamp: UInt32 = 0xE7
  static let idSimpleBlock: UInt32 = 0xA3
  static let idBlockGroup: UInt32 = 0xA0
  static let idBlock: UInt32 = 0xA1
  static let idBlockDuration: UInt32 = 0x9B

  /// Reads through a window so that runs of small elements cost one read.
  struct Window {
    let file: BoundedFile
    var start: UInt64 = 0
    var bytes: [UInt8] = []
    /// Small enough that a video frame at a usual bit rate (tens of KiB) is skipped by a seek.
    static let size = 1 << 14

    init(_ file: BoundedFile) { self.file = file }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    mutating func read(at offset: UInt64, count: Int) -> [UInt8] {
      if offset < start || offset + UInt64(count) > start + UInt64(bytes.count) {
        file.read(at: offset, count: max(Window.size, count), into: &bytes)
        start = offset
      }
      let s = Int(offset - start)
      return Array(bytes[min(s, bytes.count)..<min(s + count, bytes.count)])
    }
  }

  /// An element header: its ID, where its body starts and ends (nil end: unknown size).
  struct Header {
    var id: UInt32
    var body: UInt64
    var end: UInt64?
  }

  static func header(_ w: inout Window, at offset: UInt64) -> Header? {
    let h = w.read(at: offset, count: 12)
    guard let id = EBMLReader.vint(h, 0, keepMarker: true), id.length <= 4,
      let size = EBMLReader.vint(h, id.length, keepMarker: false)
    else { return nil }
    let body = offset + UInt64(id.length + size.length)
    let (end, overflow) = body.addingReportingOverflow(size.value)
    return Header(id: UInt32(truncatingIfNeeded: id.value), body: body, end: size.unknown || overflow ? nil : end)
  }

  static func unsigned(_ b: [UInt8]) -> UInt64 {
    b.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// Counts the blocks of `trackNumbers` in `file`.
  func count(_ file: BoundedFile, trackNumbers: Set<Int>) -> Result {
    var result = Result()
    for t in trackNumbers { result.tracks[t] = TrackCount() }
    var w = Window(file)
    // EBML header, then the Segment.
    guard let ebml = Self.header(&w, at: 0), ebml.id == EBMLReader.idEBML, let ebmlEnd = ebml.end,
      let segment = Self.header(&w, at: ebmlEnd), segment.id == EBMLReader.idSegment
    else {
      result.complete = false
      return result
    }
    let segmentEnd = min(segment.end ?? file.size, file.size)
    var scale: UInt64 = 1_000_000  // ns per timestamp tick (Matroska default)
    var visited = 0
    var offset = segment.body
    func stop(_ why: String) {
      result.complete = false
      result.diagnostics.append(Diagnostic(code: "media.mkv.block-count-stopped", severity: .warning, message: why))
    }
    while offset < segmentEnd {
      guard let e = Self.header(&w, at: offset) else { stop("unreadable element header at byte \(offset); cue counts are partial"); break }
      visited += 1
      if visited > maxElements { stop("more than \(maxElements) elements; cue counts are partial"); break }
      var end = min(e.end ?? segmentEnd, segmentEnd)
      switch e.id {
      case Self.idInfo:
        var p = e.body
        while p < end, let c = Self.header(&w, at: p), let ce = c.end, ce <= end {
          if c.id == Self.idTimestampScale {
            let v = Self.unsigned(w.read(at: c.body, count: Int(min(ce - c.body, 8))))
            if v > 0 { scale = v }
          }
          p = ce
        }
      case EBMLReader.idCluster:
        // An unknown-size Cluster (live capture) or a damaged one: let FFmpeg's demuxer, which
        // resynchronises, count instead.
        guard e.end != nil else { stop("a Cluster of unknown size at byte \(offset)"); return result }
        end = walkCluster(&w, e, end: end, scale: scale, into: &result, visited: &visited)
      default:
        break
      }
      guard end > offset else { break }
      offset = end
    }
    return result
  }

  /// Walks one Cluster; returns where it ended (an unknown-size Cluster ends where the next
  /// top-level element starts).
  func walkCluster(_ w: inout Window, _ cluster: Header, end: UInt64, scale: UInt64, into result: inout Result, visited: inout Int) -> UInt64 {
    var clusterTime: UInt64 = 0
    var p = cluster.body
    while p < end {
      guard let c = Self.header(&w, at: p), let ce = c.end, ce <= end else {
        // A child that does not fit its Cluster: the sizes cannot be trusted from here on.
        result.complete = false
        result.diagnostics.append(Diagnostic(code: "media.mkv.block-count-stopped", severity: .warning, message: "a damaged element at byte \(p) inside a Cluster"))
        return end
      }
      visited += 1
      if visited > maxElements { result.complete = false; return end }
      switch c.id {
      case Self.idClusterTimestamp:
        clusterTime = Self.unsigned(w.read(at: c.body, count: Int(min(ce - c.body, 8))))
      case Self.idSimpleBlock:
        record(&w, block: c.body, blockEnd: ce, duration: nil, clusterTime: clusterTime, scale: scale, into: &result)
      case Self.idBlockGroup:
        var block: (UInt64, UInt64)?
        var duration: UInt64?
        var q = c.body
        while q < ce, let g = Self.header(&w, at: q), let ge = g.end, ge <= ce {
          if g.id == Self.idBlock { block = (g.body, ge) }
          if g.id == Self.idBlockDuration { duration = Self.unsigned(w.read(at: g.body, count: Int(min(ge - g.body, 8)))) }
          q = ge
        }
        if let (b, be) = block { record(&w, block: b, blockEnd: be, duration: duration, clusterTime: clusterTime, scale: scale, into: &result) }
      default:
        break
      }
      p = ce
    }
    return end
  }

  /// A block's track number (a vint), its 16-bit signed timestamp relative to the Cluster, and
  /// flags; a block of a counted track with a payload is one cue.
  func record(_ w: inout Window, block: UInt64, blockEnd: UInt64, duration: UInt64?, clusterTime: UInt64, scale: UInt64, into result: inout Result) {
    let h = w.read(at: block, count: 12)
    guard let track = EBMLReader.vint(h, 0, keepMarker: false), h.count >= track.length + 3,
      var stats = result.tracks[Int(truncatingIfNeeded: track.value)]
    else { return }
    let headerLength = UInt64(track.length + 3)
    guard blockEnd > block + headerLength else { return }  // no payload: not a cue
    let relative = Int64(Int16(bitPattern: UInt16(h[track.length]) << 8 | UInt16(h[track.length + 1])))
    let ticks = Int64(clamping: clusterTime) &+ relative
    stats.count += 1
    if let start = Self.time(ticks, scale) {
      let end = Self.time(ticks &+ Int64(clamping: duration ?? 0), scale) ?? start
      if stats.firstStart.map({ start < $0 }) ?? true { stats.firstStart = start }
      if stats.lastEnd.map({ end > $0 }) ?? true { stats.lastEnd = end }
    }
    result.tracks[Int(truncatingIfNeeded: track.value)] = stats
  }

  /// `ticks` × `scale` nanoseconds, exactly, or nil when out of range.
  static func time(_ ticks: Int64, _ scale: UInt64) -> MediaTime? {
    guard scale <= UInt64(Int64.max) else { return nil }
    let (ns, overflow) = ticks.multipliedReportingOverflow(by: Int64(scale))
    guard !overflow else { return nil }
    return MediaTime(CaptionTime(value: ns, timescale: 1_000_000_000))
  }
}
