/// The programme's audio language, which decides whether a forced subtitle track is shown
/// without the viewer asking: ExoPlayer, mpv (0.37 and later) and AVFoundation show forced
/// subtitles only in the language of the audio being played (ExoPlayer#9797, mpv#8396).
enum ProgrammeAudio {
  /// The language of the audio a player starts with: the default audio track (else the first
  /// one with a language) of a media file.
  static func language(of tracks: [TrackReport]) -> String? {
    let audio = tracks.filter { $0.mediaType == "audio" && known($0.bestLanguage) }
    return (audio.first(where: \.isDefault) ?? audio.first)?.bestLanguage
  }

  /// The DEFAULT=YES AUDIO rendition's language (else the first AUDIO rendition's) of an HLS
  /// master playlist.
  static func language(of hls: HLSReport) -> String? {
    let audio = hls.renditions.filter { $0.type == "AUDIO" && known($0.language) }
    return (audio.first(where: \.isDefault) ?? audio.first)?.language
  }

  /// The first audio AdaptationSet's language of a DASH manifest (a `main` one first).
  static func language(of dash: DASHReport) -> String? {
    let audio = dash.adaptationSets.filter { ($0.contentType == "audio" || ($0.mimeType?.hasPrefix("audio/") ?? false)) && known($0.lang) }
    return (audio.first { $0.roles.contains(TrackReport.roleScheme + " main") } ?? audio.first)?.lang
  }

  /// Whether `track` is forced and in the audio's language, so a player shows it unasked.
  static func showsForced(_ track: TrackReport, audioLanguage: String?) -> Bool {
    guard track.isForced, let audio = audioLanguage, let lang = track.bestLanguage, known(lang) else { return false }
    return LanguageTag.canonical(lang) == LanguageTag.canonical(audio)
  }

  static func known(_ language: String?) -> Bool {
    guard let l = language?.lowercased(), !l.isEmpty else { return false }
    return l != "und" && l != "mul" && l != "zxx" && l != "mis"
  }
}
