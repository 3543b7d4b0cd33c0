import CaptionKit
import MediaInspector

/// `captionkit validate MEDIA`: lints the text subtitle tracks inside a media file with the
/// same readers (and so the same rules) as sidecar files. Each track is rebuilt as its sidecar
/// (`MediaInspector.sidecarTracks`); diagnostics are reported per track and cue, without the
/// line numbers of the rebuilt file.
enum MediaValidation {
  /// Media extensions `validate` lints (manifests are for `inspect`).
  static let extensions: Set<String> = MediaInspector.mediaExtensions.subtracting(["m3u8", "mpd"])

  static func isMedia(_ path: String) -> Bool {
    guard let ext = CaptionLoader.fileExtension(path) else { return false }
    return extensions.contains(ext.lowercased())
  }

  /// One linted track.
  struct TrackResult {
    /// `file.mkv#2` (file and stream index).
    var path: String
    var format: String
    /// The track read as its sidecar file: reader diagnostics carry the cue number instead of
    /// a sidecar line, and cues have no source location (the sidecar text is not a real file).
    var result: ReadResult
  }

  static func validate(_ path: String, options: ReadOptions) throws(ToolError) -> [TrackResult] {
    let tracks: [EmbeddedTextTrack]
    do {
      tracks = try MediaInspector.sidecarTracks(path: path)
    } catch {
      throw .io(path: path, message: error.description.hasPrefix(path + ": ") ? String(error.description.dropFirst(path.count + 2)) : error.description)
    }
    var out: [TrackResult] = []
    for t in tracks {
      guard let format = FormatRegistry.format(named: t.format) else { continue }
      let display = "\(path)#\(t.index)"
      let result: ReadResult
      do {
        result = try format.read(t.bytes, options: options)
      } catch {
        throw .io(path: display, message: error.description)
      }
      let diags = result.diagnostics.map { d -> Diagnostic in
        var d = d
        d.file = display
        let cue = d.cueIndex ?? d.location.flatMap { t.cueIndex(forLine: $0.line) }
        d.cueIndex = cue
        d.location = nil
        if let cue, !d.message.hasPrefix("cue ") { d.message = "cue \(cue + 1): " + d.message }
        return d
      }
      var mapped = result
      mapped.diagnostics = diags
      for i in mapped.document.cues.indices { mapped.document.cues[i].source = nil }
      out.append(TrackResult(path: display, format: format.id, result: mapped))
    }
    return out
  }
}
