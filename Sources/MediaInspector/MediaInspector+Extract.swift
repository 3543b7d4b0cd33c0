import CaptionCore
import Foundation

extension MediaInspector {
  /// Text subtitle codecs `extractTrack` decodes.
  public static let extractableCodecs: Set<String> = ["mov_text", "subrip", "srt", "ass", "ssa", "webvtt", "text", "eia_608"]

  /// Decodes one text subtitle track (mov_text, subrip, ass, webvtt; also a MOV `c608` track
  /// through FFmpeg's CEA-608 decoder) with libavcodec into a caption document.
  ///
  /// - Parameters:
  ///   - path: the media file.
  ///   - index: FFmpeg's stream index (as `inspect` reports it in `TrackReport.index`).
  /// - Returns: a document whose cues carry exact start/end times in the stream's time base,
  ///   with italic/bold/underline from the decoder's ASS output; `metadata.language` is the
  ///   track's language as BCP 47 and `metadata.title` its title.
  /// - Throws: `MediaInspectorError.notFound`/`.empty`/`.notMedia` for the file,
  ///   `.noSuchTrack` when `index` is not a subtitle stream, `.unsupportedCodec` for bitmap or
  ///   unknown codecs.
  public static func extractTrack(path: String, index: Int, maxPackets: Int = 5_000_000) throws(MediaInspectorError) -> CaptionDocument {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { throw .notFound(path) }
    guard let f = BoundedFile(path: path) else { throw .unreadable(path, reason: "cannot open") }
    guard f.size > 0 else { throw .empty(path) }
    let demuxer = try FFmpegDemuxer(path: path)
    let streams = demuxer.streams
    guard index >= 0, index < streams.count else { throw .noSuchTrack(index, reason: "the file has \(streams.count) streams") }
    let s = streams[index]
    guard s.mediaType == "subtitle" else { throw .noSuchTrack(index, reason: "stream \(index) is \(s.mediaType), not a subtitle track") }
    guard extractableCodecs.contains(s.codecName) else { throw .unsupportedCodec(s.codecName) }
    let events = try demuxer.decodeSubtitles(streamIndex: index, maxPackets: maxPackets)
    var doc = CaptionDocument()
    if let l = s.tag("language"), !LanguageTag.isUndetermined(l) { doc.metadata.language = LanguageTag.bcp47(fromISO639: l) }
    doc.metadata.title = s.tag("title")
    for e in events {
      var content: [CueNode] = []
      for (k, line) in e.assLines.enumerated() {
        if k > 0 { content.append(.lineBreak) }
        content += ASSTextConverter.nodes(ASSTextConverter.textField(line))
      }
      if content.isEmpty { continue }
      var cue = Cue(start: e.start.time, end: e.end.time, content: content)
      if let a = e.assLines.compactMap({ ASSTextConverter.anchor(ASSTextConverter.textField($0)) }).last {
        cue.settings = NumpadAnchor.settings(for: a)
      }
      doc.cues.append(cue)
    }
    return doc
  }
}
