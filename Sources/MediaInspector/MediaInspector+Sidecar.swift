import CaptionCore
import Foundation

extension MediaInspector {
  /// Rebuilds every text subtitle track of a media file as its sidecar equivalent: `subrip`
  /// and `mov_text` tracks as SubRip, `webvtt` tracks (Matroska/WebM, with the identifier and
  /// settings FFmpeg keeps as side data) as WebVTT. ASS and bitmap tracks are skipped.
  ///
  /// - Throws: `MediaInspectorError` when the file cannot be opened.
  public static func sidecarTracks(path: String, maxPackets: Int = 5_000_000) throws(MediaInspectorError) -> [EmbeddedTextTrack] {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { throw .notFound(path) }
    guard let f = BoundedFile(path: path) else { throw .unreadable(path, reason: "cannot open") }
    guard f.size > 0 else { throw .empty(path) }
    let demuxer = try FFmpegDemuxer(path: path)
    let textStreams = demuxer.streams.filter { $0.mediaType == "subtitle" && ["subrip", "webvtt", "mov_text"].contains($0.codecName) }
    // One pass over the file for every text track (a pass per track was quadratic in tracks).
    let packetsByStream = demuxer.rawSubtitlePackets(streamIndices: Set(textStreams.map(\.index)), maxPackets: maxPackets)
    var out: [EmbeddedTextTrack] = []
    for s in textStreams {
      let packets = packetsByStream[s.index] ?? []
      var text = ""
      var lines: [Int] = []
      var line = 1
      func add(_ s: String) {
        text += s
        line += s.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      }
      let isVTT = s.codecName == "webvtt"
      if isVTT { add("WEBVTT\n\n") }
      var n = 0
      for p in packets {
        var payload = p.payload
        if s.codecName == "mov_text" {
          // tx3g sample: 16-bit text length, UTF-8 text, then style boxes.
          guard payload.count >= 2 else { continue }
          let len = Int(payload[0]) << 8 | Int(payload[1])
          if len == 0 { continue }
          payload = Array(payload[2..<min(payload.count, 2 + len)])
        }
        var body = String(decoding: payload, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        while body.hasSuffix("\n") { body.removeLast() }
        n += 1
        if isVTT {
          if let id = p.identifier, !id.isEmpty { add(id + "\n") }
          lines.append(line)
          add("\(stamp(p.start, vtt: true)) --> \(stamp(p.end, vtt: true))\(p.settings.map { $0.isEmpty ? "" : " " + $0 } ?? "")\n")
        } else {
          add("\(n)\n")
          lines.append(line)
          add("\(stamp(p.start, vtt: false)) --> \(stamp(p.end, vtt: false))\n")
        }
        add(body + "\n\n")
      }
      out.append(
        EmbeddedTextTrack(
          index: s.index, codec: s.codecName, language: s.tag("language"), format: isVTT ? "webvtt" : "srt", bytes: Array(text.utf8),
          cueLines: lines))
    }
    return out
  }

  /// `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SubRip).
  static func stamp(_ t: MediaTime, vtt: Bool) -> String {
    let ms = max(0, t.time.roundedMilliseconds)
    func pad(_ v: Int64, _ w: Int) -> String {
      let s = String(v)
      return String(repeating: "0", count: max(0, w - s.count)) + s
    }
    return "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1000 % 60, 2))\(vtt ? "." : ",")\(pad(ms % 1000, 3))"
  }
}
