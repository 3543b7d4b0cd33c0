/// Builds the merged track records: FFmpeg's view of each stream, overlaid with what the
/// direct MP4 or Matroska reader found for the same track (matched by track id).
enum TrackAssembler {
  static func tracks(
    ffmpeg streams: [FFmpegStream], mp4: [MP4TrackFacts]?, mkv: [MatroskaTrackFacts]?, container: String
  ) -> [TrackReport] {
    var out: [TrackReport] = []
    for s in streams {
      var t = TrackReport(index: s.index, mediaType: s.mediaType, codec: s.codecName)
      t.containerTrackID = s.id
      t.sources["codec"] = .ffmpeg
      t.sources["mediaType"] = .ffmpeg
      if let tag = s.codecTag {
        t.codecTag = tag
        t.sources["codecTag"] = .ffmpeg
        if s.codecName == "none", tag == "wvtt" || tag == "stpp" {
          t.codec = tag
          t.sources["codec"] = .derived
        }
      }
      if let lang = s.tag("language") {
        t.language = lang
        t.sources["language"] = .ffmpeg
      }
      if let title = s.tag("title") {
        t.title = title
        t.sources["title"] = .ffmpeg
      }
      if let h = s.tag("handler_name") {
        t.handlerName = h
        t.sources["handlerName"] = .ffmpeg
      }
      t.dispositions = Disposition.decode(s.dispositionBits)
      t.sources["dispositions"] = .ffmpeg
      if s.codecName == "dvb_subtitle" {
        t.dvbSubtitlingTypes = stride(from: 4, to: s.extradata.count, by: 5).map { Int(s.extradata[$0]) }
        t.sources["dvbSubtitlingTypes"] = .ffmpeg
      } else if s.codecName == "dvb_teletext" {
        t.teletextTypes = stride(from: 0, to: s.extradata.count - 1, by: 2).map { Int(s.extradata[$0] >> 3) }
        t.sources["teletextTypes"] = .ffmpeg
      }
      if let mp4, let f = mp4.first(where: { $0.trackID == s.id }) ?? (s.index < mp4.count ? mp4[s.index] : nil) {
        merge(mp4: f, into: &t)
      }
      // FFmpeg leaves AVStream.id at 0 for Matroska and creates streams in TrackEntry order, for
      // the entries it accepts (video, audio, subtitle and metadata types with a CodecID), then
      // one per attachment.
      if let mkv, let f = matroskaFacts(mkv, streamIndex: s.index, streamCount: streams.count) {
        merge(mkv: f, into: &t)
      }
      if t.languageBCP47 == nil, let l = t.language, !LanguageTag.isUndetermined(l) {
        t.languageBCP47 = LanguageTag.bcp47(fromISO639: l.split(separator: ",").first.map(String.init) ?? l)
        t.sources["languageBCP47"] = .derived
      }
      out.append(t)
    }
    return out
  }

  /// The TrackEntry FFmpeg made stream `streamIndex` from.
  static func matroskaFacts(_ mkv: [MatroskaTrackFacts], streamIndex: Int, streamCount: Int) -> MatroskaTrackFacts? {
    let accepted = mkv.filter { [0x01, 0x02, 0x11, 0x21].contains($0.trackType) && $0.codecID != nil }
    if accepted.count <= streamCount { return streamIndex < accepted.count ? accepted[streamIndex] : nil }
    return mkv.first { $0.trackNumber == streamIndex + 1 }
  }

  static func merge(mp4 f: MP4TrackFacts, into t: inout TrackReport) {
    t.enabled = f.enabled
    t.alternateGroup = f.alternateGroup
    t.sources["enabled"] = .direct
    t.sources["alternateGroup"] = .direct
    if let h = f.handlerType {
      t.handlerType = h
      t.sources["handlerType"] = .direct
    }
    if t.handlerName == nil, let n = f.handlerName, !n.isEmpty {
      t.handlerName = n
      t.sources["handlerName"] = .direct
    }
    if t.language == nil, let l = f.language {
      t.language = l
      t.sources["language"] = .direct
    }
    if let e = f.elng, !e.isEmpty {
      t.languageBCP47 = e
      t.sources["languageBCP47"] = .direct
    }
    if let e = f.sampleEntry, t.codecTag == nil {
      t.codecTag = e
      t.sources["codecTag"] = .direct
    }
    if let fl = f.tx3gDisplayFlags {
      t.tx3gDisplayFlags = fl
      t.sources["tx3gDisplayFlags"] = .direct
    }
    if !f.characteristics.isEmpty {
      t.characteristics = f.characteristics
      t.sources["characteristics"] = .direct
    }
    if !f.kinds.isEmpty {
      t.roles = f.kinds
      t.sources["roles"] = .direct
    }
    if t.title == nil, let n = f.name, !n.isEmpty {
      t.title = n
      t.sources["title"] = .direct
    }
    if !f.references.isEmpty {
      t.trackReferences = f.references
      t.sources["trackReferences"] = .direct
    }
    if let fl = f.tx3gDisplayFlags, fl & 0x8000_0000 != 0, !t.dispositions.contains(.forced) {
      t.sources["forced"] = .direct
    }
  }

  static func merge(mkv f: MatroskaTrackFacts, into t: inout TrackReport) {
    // FFmpeg leaves AVStream.id at 0 for Matroska; the TrackNumber is the container's own ID.
    if f.trackNumber > 0, (t.containerTrackID ?? 0) == 0 {
      t.containerTrackID = f.trackNumber
      t.sources["containerTrackID"] = .direct
    }
    if let c = f.codecID {
      t.codecID = c
      t.sources["codecID"] = .direct
      if t.codec == "none" && c == "S_TEXT/WEBVTT" {
        t.codec = "webvtt"
        t.sources["codec"] = .direct
      }
    }
    t.enabled = f.flagEnabled ?? true
    t.sources["enabled"] = f.flagEnabled == nil ? .containerDefault : .direct
    // Track flags FFmpeg 5.1 does not turn into dispositions (FlagTextDescriptions, and the
    // others when an older FFmpeg is installed): added from the TrackEntry itself.
    let flags: [(Bool?, Disposition)] = [
      (f.flagHearingImpaired, .hearingImpaired), (f.flagVisualImpaired, .visualImpaired), (f.flagTextDescriptions, .descriptions),
      (f.flagOriginal, .original), (f.flagCommentary, .comment), (f.flagForced, .forced),
    ]
    var added = false
    for (flag, d) in flags where flag == true && !t.dispositions.contains(d) {
      t.dispositions.append(d)
      t.sources["disposition." + d.rawValue] = .direct
      added = true
    }
    if added { t.dispositions = Disposition.allCases.filter(t.dispositions.contains) }
    t.flagDefaultWritten = f.flagDefault != nil
    t.languageElementWritten = f.language != nil
    t.sources["flagDefaultWritten"] = .direct
    t.sources["languageElementWritten"] = .direct
    if let b = f.languageBCP47, !b.isEmpty {
      t.languageBCP47 = b
      t.sources["languageBCP47"] = .direct
    }
    if t.language == nil, let l = f.language {
      // FFmpeg drops an explicit "und" and leaves the tag unset.
      t.language = l
      t.sources["language"] = .direct
    } else if f.language == nil, t.language != nil {
      // Absent Language element: FFmpeg reports the spec default, eng.
      t.sources["language"] = .containerDefault
    }
  }
}
