import CaptionCore
import Foundation

/// Inspects media files and streaming manifests for subtitle and caption tracks: what they
/// are, how they are flagged, and whether each player family will offer them.
///
/// Every entry point returns plain Swift values; FFmpeg is used inside and never escapes. The
/// library never prints and never exits. See `docs/MediaInspector.md`.
public enum MediaInspector {
  /// The JSON schema name of `InspectionOutput`; `schemaVersion` is bumped on incompatible changes.
  public static let schema = "captionkit.inspect"
  /// The version of `schema`, written beside it as the other JSON documents do (docs/json-schema.md).
  public static let schemaVersion = 1

  /// Inspects one file: a media file (MP4, MOV, M4V, MKV, WebM, TS…), an HLS master playlist
  /// (`.m3u8`) or a DASH MPD (`.mpd`), chosen by content then extension.
  ///
  /// - Returns: the report, with rule findings in `diagnostics` and per-track verdicts. A file
  ///   that cannot be inspected at all still yields a report with `error` set, so that one bad
  ///   file never stops a directory walk.
  public static func inspect(path: String, options: InspectOptions = InspectOptions()) -> MediaReport {
    var report = MediaReport(path: path)
    do {
      try inspect(path: path, options: options, into: &report)
    } catch {
      report.error = error.description
      report.diagnostics.append(
        Diagnostic(code: "media.file.unreadable", severity: .error, message: error.description, file: path))
    }
    for i in report.diagnostics.indices where report.diagnostics[i].file == nil { report.diagnostics[i].file = path }
    return report
  }

  private static func inspect(path: String, options: InspectOptions, into report: inout MediaReport) throws(MediaInspectorError) {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { throw .notFound(path) }
    guard BoundedFile.isRegularFile(path) else { throw .unreadable(path, reason: "not a regular file (a FIFO, device or socket)") }
    guard let file = BoundedFile(path: path) else { throw .unreadable(path, reason: "cannot open: " + String(cString: strerror(errno))) }
    guard file.size > 0 else { throw .empty(path) }
    let head = file.read(at: 0, count: 1024)
    let ext = PathText.pathExtension(path).lowercased()
    if !options.mediaOnly, ManifestSniffer.isHLS(head, ext: ext) {
      report.kind = "hls"
      report.container = "hls"
      HLSInspector(options: options).inspect(path: path, file: file, into: &report)
      return
    }
    if !options.mediaOnly, ManifestSniffer.isDASH(head, ext: ext) {
      report.kind = "dash"
      report.container = "dash"
      DASHInspector(options: options).inspect(path: path, file: file, into: &report)
      return
    }
    let demuxer = try FFmpegDemuxer(path: path)
    report.formatName = demuxer.formatName
    report.duration = demuxer.duration
    let streams = demuxer.streams
    var mp4: [MP4TrackFacts]?
    var mkv: [MatroskaTrackFacts]?
    let formatName = demuxer.formatName
    if formatName.hasPrefix("mov") {
      let r = MP4BoxReader().read(file)
      mp4 = r.tracks
      report.diagnostics += r.diagnostics
      report.container = (r.majorBrand == "qt  " || ext == "mov") ? "mov" : "mp4"
    } else if formatName.hasPrefix("matroska") {
      let r = EBMLReader().read(file)
      mkv = r.tracks
      report.diagnostics += r.diagnostics
      report.container = r.docType == "webm" ? "webm" : "matroska"
    } else {
      report.container = formatName.split(separator: ",").first.map(String.init) ?? formatName
    }
    var tracks = TrackAssembler.tracks(ffmpeg: streams, mp4: mp4, mkv: mkv, container: report.container ?? "")
    if formatName == "mpegts" {
      let psi = TSPSIReader().read(file)
      for i in tracks.indices where tracks[i].mediaType == "video" {
        guard let pid = tracks[i].containerTrackID, let services = psi.captionServices[pid] else { continue }
        tracks[i].declaredCaptionServices = services.map { "\($0.service)=\($0.language)" }
        tracks[i].sources["declaredCaptionServices"] = .direct
      }
    }
    var textIndices = Set(tracks.filter(\.isText).map(\.index))
    // Matroska: count cues from the Clusters' block headers, seeking past video and audio,
    // rather than demuxing every packet.
    if options.countCues, mkv != nil, !textIndices.isEmpty {
      let numbers = Dictionary(tracks.filter { textIndices.contains($0.index) }.compactMap { t in t.containerTrackID.map { ($0, t.index) } }, uniquingKeysWith: { a, _ in a })
      let counted = MatroskaBlockCounter().count(file, trackNumbers: Set(numbers.keys))
      // Damage the walk found is worth saying even when FFmpeg's pass then does the counting.
      report.diagnostics += counted.diagnostics.map {
        var d = $0
        d.message += "; cue counts come from FFmpeg's demuxer and may be partial"
        return d
      }
      if counted.complete {
        for (number, stats) in counted.tracks {
          guard let index = numbers[number], let i = tracks.firstIndex(where: { $0.index == index }) else { continue }
          tracks[i].cueCount = stats.count
          tracks[i].firstCueStart = stats.firstStart
          tracks[i].lastCueEnd = stats.lastEnd
          tracks[i].sources["cueCount"] = .direct
          textIndices.remove(index)
        }
      }
    }
    // Reading packets costs a pass over the file: only when there is something to count.
    if (options.countCues && !textIndices.isEmpty) || options.scanClosedCaptions {
      let scan = demuxer.scanPackets(
        textStreams: options.countCues ? textIndices : [], ccScan: options.scanClosedCaptions,
        ccBudgetSeconds: options.closedCaptionBudgetSeconds, maxPackets: options.maxPackets)
      for i in tracks.indices {
        guard let st = scan.text[tracks[i].index] else { continue }
        tracks[i].cueCount = st.count
        tracks[i].firstCueStart = st.firstStart
        tracks[i].lastCueEnd = st.lastEnd
        tracks[i].sources["cueCount"] = .ffmpeg
      }
      report.closedCaptions = scan.closedCaptions
      if scan.truncated {
        report.diagnostics.append(
          Diagnostic(code: "media.scan.packet-limit", severity: .warning, message: "stopped after \(options.maxPackets) packets; counts are partial"))
      }
    }
    // A QuickTime c608 track names its channels only inside its samples.
    let c608 = tracks.indices.filter { tracks[$0].codec == "eia_608" && tracks[$0].mediaType == "subtitle" }
    var c608Packets: [Int: [RawSubtitlePacket]] = [:]
    if !c608.isEmpty, let d = try? FFmpegDemuxer(path: path) {  // one pass for all of them
      c608Packets = d.rawSubtitlePackets(streamIndices: Set(c608.map { tracks[$0].index }), maxPackets: options.maxPackets)
    }
    for i in c608 {
      var parser = CCDataParser()
      for p in c608Packets[tracks[i].index] ?? [] {
        // FFmpeg 5.1 turns cdat/cdt2 atoms into cc_data triplets; accept raw atoms too.
        let b = p.payload
        if b.count >= 8, b[4..<8].elementsEqual("cdat".utf8) || b[4..<8].elementsEqual("cdt2".utf8) {
          parser.feedC608Sample(b)
        } else {
          b.withUnsafeBufferPointer { parser.feed($0) }
        }
      }
      tracks[i].channels608 = parser.channels608
      tracks[i].sources["channels608"] = .direct
    }
    report.tracks = tracks
    RuleEngine.apply(to: &report)
  }
}
