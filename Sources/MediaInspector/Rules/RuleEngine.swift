import CaptionCore

/// Applies the rule table of the reference doc (§4: SUB-, MP4-, MKV-, WEBM-, TS-, SEL- rules)
/// to a media report: appends a diagnostic per finding and sets each text track's verdicts.
/// HLS and DASH rules are applied by their inspectors, which also call `verdicts` here.
enum RuleEngine {
  static func apply(to report: inout MediaReport) {
    var d: [Diagnostic] = []
    let container = report.container ?? ""
    let text = report.tracks.filter(\.isText)
    let cc = report.closedCaptions.filter(\.found)

    if text.isEmpty && cc.isEmpty {
      d.append(RuleFinding.make("SUB-001", .info, "no subtitle or caption track, and no embedded CEA-608/708 found"))
    }
    for t in text {
      if LanguageTag.isUndetermined(t.language) && LanguageTag.isUndetermined(t.languageBCP47) {
        d.append(RuleFinding.make("SUB-003", .warning, "\(RuleFinding.describe(t)) has no language (missing or 'und')"))
      } else if t.languageElementWritten == false {
        d.append(RuleFinding.make("SUB-003", .warning, "\(RuleFinding.describe(t)) has no Language element; players assume 'eng'"))
      }
      if t.codec == "none" {
        d.append(RuleFinding.make("SUB-004", .warning, "\(RuleFinding.describe(t)): FFmpeg does not recognise this subtitle codec"))
      }
    }
    // SUB-006: forced tracks need a full track in the same language.
    for t in text where t.isForced {
      let lang = t.bestLanguage.map(LanguageTag.canonical)
      let twin = text.contains { $0.index != t.index && !$0.isForced && $0.bestLanguage.map(LanguageTag.canonical) == lang }
      if !twin {
        d.append(RuleFinding.make("SUB-006", .warning, "forced \(RuleFinding.describe(t)) has no full (non-forced) track in the same language"))
      }
    }
    // SUB-007: at most one default per language (MP4, Matroska).
    if ["mp4", "mov", "matroska", "webm"].contains(container) {
      var byLang: [String: [Int]] = [:]
      // Disabled tracks count too: FFmpeg and ExoPlayer see their default flag.
      for t in text where t.isDefault {
        byLang[LanguageTag.canonical(t.bestLanguage ?? "und"), default: []].append(t.index)
      }
      for (lang, ids) in byLang.sorted(by: { $0.key < $1.key }) where ids.count > 1 {
        d.append(RuleFinding.make("SUB-007", .warning, "\(ids.count) default subtitle tracks for language '\(lang)': tracks \(ids.map(String.init).joined(separator: ", "))"))
      }
    }
    switch container {
    case "mp4", "mov": d += mp4Rules(report)
    case "matroska", "webm": d += matroskaRules(report)
    case "mpegts": d += tsRules(report)
    default: break
    }
    if !text.isEmpty {
      d.append(RuleFinding.make("SEL-WEB", .info, "in-band text tracks of a progressive file are not offered by Chrome or Firefox; ship a sidecar WebVTT or a manifest rendition"))
    }
    let audioLanguage = ProgrammeAudio.language(of: report.tracks)
    for i in report.tracks.indices where report.tracks[i].isText {
      report.tracks[i].verdicts = PlayerFamily.allCases.map { verdict(for: report.tracks[i], in: report, player: $0, audioLanguage: audioLanguage) }
    }
    report.diagnostics += d
  }

  // MARK: - MP4 / MOV

  static func isLegible(_ t: TrackReport) -> Bool {
    t.isText
  }

  /// The legible (subtitle/caption) alternate groups and the problems with them.
  static func mp4GroupProblem(_ t: TrackReport, in report: MediaReport) -> (rule: String, reason: String)? {
    guard let g = t.alternateGroup else { return nil }
    if g == 0 { return ("MP4-002", "alternate_group 0") }
    let legible = report.tracks.filter(isLegible)
    let others = report.tracks.filter { !isLegible($0) && $0.alternateGroup == g }
    if !others.isEmpty {
      return ("MP4-002", "alternate_group \(g) is shared with \(others[0].mediaType) track \(others[0].index)")
    }
    let groups = Set(legible.compactMap(\.alternateGroup))
    if groups.count > 1 {
      // FFmpeg's pattern after several defaults: each track's group is its stream index.
      let perStream = report.tracks.allSatisfy { $0.alternateGroup == $0.index }
      if perStream { return ("MP4-003", "every track has its own alternate_group (\(g)), as FFmpeg writes after several defaults") }
      return ("MP4-002", "legible tracks are split across alternate groups \(groups.sorted().map(String.init).joined(separator: ", "))")
    }
    return nil
  }

  static func mp4Rules(_ report: MediaReport) -> [Diagnostic] {
    var d: [Diagnostic] = []
    let text = report.tracks.filter(\.isText)
    var groupReported = Set<String>()
    for t in text {
      let desc = RuleFinding.describe(t)
      if t.handlerType == "text" || (t.codecTag == "text" && t.handlerType == nil) {
        d.append(RuleFinding.make("MP4-001", .warning, "\(desc) uses the QuickTime 'text' handler, not 'sbtl'+'tx3g'; Apple subtitle menus expect sbtl"))
      }
      if let p = mp4GroupProblem(t, in: report) {
        let key = p.rule + p.reason
        if p.rule == "MP4-003" {
          if !groupReported.contains("MP4-003") {
            d.append(RuleFinding.make("MP4-003", .error, "legible tracks are each in their own alternate group; Apple lists one group"))
            groupReported.insert("MP4-003")
          }
        } else if !groupReported.contains(key) || p.reason == "alternate_group 0" {
          d.append(RuleFinding.make(p.rule, .error, "\(desc): \(p.reason); Apple players need all legible tracks in one non-zero group of their own"))
          groupReported.insert(key)
        }
      }
      if LanguageTag.isUndetermined(t.language) {
        d.append(RuleFinding.make("MP4-005", .warning, "\(desc): mdhd language is 'und'"))
      } else if t.sources["languageBCP47"] == .direct, let e = t.languageBCP47, let l = t.language, !LanguageTag.matches(e, wanted: l) {
        d.append(RuleFinding.make("MP4-005", .warning, "\(desc): elng '\(e)' disagrees with mdhd '\(l)'"))
      }
      let hasTagc = TrackReport.sdhCharacteristics.allSatisfy(t.characteristics.contains)
      let claimsSDH = t.dispositions.contains(.hearingImpaired) || t.dispositions.contains(.captions) || t.roles.contains { $0.hasSuffix(" caption") }
      if claimsSDH && !hasTagc && t.codec != "eia_608" {
        d.append(RuleFinding.make("MP4-006", .warning, "\(desc) is flagged SDH for FFmpeg/DASH but lacks the two Apple tagc characteristics (transcribes-spoken-dialog, describes-music-and-sound)"))
      }
      if hasTagc && !t.roles.contains(where: { $0.hasSuffix(" caption") }) {
        d.append(RuleFinding.make("MP4-007", .info, "\(desc) is SDH by tagc but has no ISO kind 'caption' (what FFmpeg and DASH packagers read)"))
      }
      let tx3gForced = (t.tx3gDisplayFlags ?? 0) & 0x8000_0000 != 0
      if t.dispositions.contains(.forced) && !tx3gForced && t.codecTag == "tx3g" {
        d.append(RuleFinding.make("MP4-009", .warning, "\(desc) is forced only by an ISO kind box; the tx3g all-samples-forced flag (0x80000000) is not set, so Apple and ExoPlayer do not treat it as forced"))
      }
      if tx3gForced {
        let lang = t.bestLanguage.map(LanguageTag.canonical)
        let full = text.first { $0.index != t.index && !$0.isForced && $0.bestLanguage.map(LanguageTag.canonical) == lang }
        if let full {
          if full.alternateGroup != t.alternateGroup {
            d.append(RuleFinding.make("MP4-008", .warning, "forced-only \(desc) is not in the alternate group of its full track \(full.index)"))
          }
          let refs = full.trackReferences["forc"] ?? []
          if let id = t.containerTrackID, !refs.contains(id) {
            d.append(RuleFinding.make("MP4-008", .info, "full track \(full.index) has no tref 'forc' pointing to forced-only \(desc)"))
          }
        }
      }
      if t.codec == "wvtt" || t.codec == "stpp" {
        d.append(RuleFinding.make("MP4-010", .info, "\(desc) is \(t.codec) in a progressive file: fine for ExoPlayer, unverified for Apple"))
      }
      if t.codec == "eia_608", let g = t.alternateGroup {
        let subGroups = Set(text.filter { $0.codec != "eia_608" }.compactMap(\.alternateGroup))
        if g == 0 || (!subGroups.isEmpty && !subGroups.contains(g)) {
          d.append(RuleFinding.make("MP4-012", .warning, "\(desc): the clcp track is not in the legible alternate group"))
        }
      }
    }
    // MP4-004: exactly one enabled track per legible group.
    var groups: [Int: [TrackReport]] = [:]
    for t in text { if let g = t.alternateGroup, g != 0 { groups[g, default: []].append(t) } }
    let perStream = d.contains { $0.code == "media.mp4-003" }
    for (g, members) in groups.sorted(by: { $0.key < $1.key }) where !perStream {
      let enabled = members.filter { $0.enabled == true }
      if enabled.count > 1 {
        d.append(RuleFinding.make("MP4-004", .warning, "\(enabled.count) enabled tracks in legible alternate group \(g): tracks \(enabled.map { String($0.index) }.joined(separator: ", "))"))
      } else if enabled.isEmpty && members.count > 0 {
        d.append(RuleFinding.make("MP4-004", .warning, "no enabled track in legible alternate group \(g)"))
      }
    }
    let enabledSubs = text.filter { $0.codec != "eia_608" && $0.enabled == true }
    if enabledSubs.count > 1 && !d.contains(where: { $0.code == "media.mp4-004" }) {
      d.append(RuleFinding.make("MP4-004", .warning, "\(enabledSubs.count) subtitle tracks are enabled: tracks \(enabledSubs.map { String($0.index) }.joined(separator: ", "))"))
    }
    if text.allSatisfy({ $0.codec != "eia_608" }), report.closedCaptions.contains(where: { !$0.channels608.isEmpty || !$0.services708.isEmpty }) {
      d.append(RuleFinding.make("MP4-011", .warning, "CEA-608/708 captions exist only as SEI in the video; ExoPlayer will not list them in a progressive MP4 (add a c608 track)"))
    }
    return d
  }

  // MARK: - Matroska / WebM

  static func matroskaRules(_ report: MediaReport) -> [Diagnostic] {
    var d: [Diagnostic] = []
    let webm = report.container == "webm"
    let text = report.tracks.filter(\.isText)
    for t in text {
      let desc = RuleFinding.describe(t)
      if t.enabled == false {
        d.append(RuleFinding.make("MKV-001", .warning, "\(desc) has FlagEnabled=0: unusable for players that honour it (mpv and ExoPlayer ignore it)"))
      }
      if let c = t.codecID {
        if webm {
          if !c.hasPrefix("D_WEBVTT/") {
            d.append(RuleFinding.make("WEBM-001", .error, "\(desc) has CodecID \(c); WebM allows only D_WEBVTT/*"))
          }
        } else if c.hasPrefix("D_WEBVTT/") {
          d.append(RuleFinding.make("MKV-002", .warning, "\(desc) has CodecID \(c) (FFmpeg's WebVTT mapping), which ExoPlayer does not play in Matroska; use S_TEXT/WEBVTT"))
        } else if c == "S_TEXT/WEBVTT" {
          d.append(RuleFinding.make("MKV-002", .info, "\(desc) has CodecID S_TEXT/WEBVTT, which FFmpeg 5.1 cannot decode"))
        }
      }
      if t.sources["languageBCP47"] == .direct, let b = t.languageBCP47, let l = t.language, !LanguageTag.matches(b, wanted: l) {
        d.append(RuleFinding.make("MKV-003", .warning, "\(desc): LanguageBCP47 '\(b)' disagrees with Language '\(l)' (mpv follows LanguageBCP47; FFmpeg and ExoPlayer follow Language)"))
      }
      if t.isDefault && !t.isForced && !t.isSDH {
        d.append(RuleFinding.make("SUB-008", .info, "\(desc) is a regular subtitle marked default: ExoPlayer, mpv and VLC will show it without a user choice"))
      }
    }
    let implicit = text.filter { $0.flagDefaultWritten == false }
    if implicit.count > 1 {
      d.append(RuleFinding.make("MKV-004", .warning, "\(implicit.count) subtitle tracks have no FlagDefault element (so default=1): tracks \(implicit.map { String($0.index) }.joined(separator: ", ")); a remux to MP4 by FFmpeg would split the alternate groups"))
    }
    return d
  }

  // MARK: - MPEG-TS

  static func tsRules(_ report: MediaReport) -> [Diagnostic] {
    var d: [Diagnostic] = []
    let text = report.tracks.filter(\.isText)
    for t in text where (t.codec == "dvb_subtitle" || t.codec == "dvb_teletext") && LanguageTag.isUndetermined(t.language) {
      d.append(RuleFinding.make("TS-001", .warning, "\(RuleFinding.describe(t)) carries no ISO-639 language"))
    }
    if !text.isEmpty && text.allSatisfy({ $0.codec == "dvb_teletext" }) {
      d.append(RuleFinding.make("TS-006", .warning, "teletext is the only subtitle format; ExoPlayer has no teletext decoder"))
    }
    for s in report.closedCaptions where s.found {
      let what = (s.channels608 + s.services708.map { "SERVICE\($0)" }).joined(separator: ", ")
      d.append(RuleFinding.make("TS-004", .info, "embedded captions in video stream \(s.streamIndex): \(what.isEmpty ? "cc_data present" : what)"))
    }
    // TS-005: the PMT caption_service_descriptor against what the video carries. 608 fields
    // are declared, not channels: CC1 stands for field 1 (CC1/CC2), CC3 for field 2 (CC3/CC4).
    for v in report.tracks where v.mediaType == "video" {
      let scan = report.closedCaptions.first { $0.streamIndex == v.index }
      let found = Set((scan?.channels608 ?? []).map { $0 == "CC2" ? "CC1" : ($0 == "CC4" ? "CC3" : $0) } + (scan?.services708 ?? []).map { "SERVICE\($0)" })
      guard let declaredList = v.declaredCaptionServices else {
        if !found.isEmpty {
          d.append(RuleFinding.make("TS-005", .info, "video stream \(v.index) carries captions but its PMT has no caption_service_descriptor; ExoPlayer will offer one generic CEA-608 track"))
        }
        continue
      }
      let declared = Set(declaredList.compactMap { $0.split(separator: "=").first.map(String.init) })
      guard let scan else { continue }
      for s in declared.subtracting(found).sorted() {
        let within = scan.budgetSeconds.map { "the first \(PolicyEvaluator.formatSeconds($0)) s" } ?? "the whole video"
        d.append(RuleFinding.make("TS-005", .warning, "video stream \(v.index): the PMT declares \(s) but no such caption data was found in \(within)"))
      }
      for s in found.subtracting(declared).sorted() {
        d.append(RuleFinding.make("TS-005", .warning, "video stream \(v.index) carries \(s) captions that its PMT caption_service_descriptor does not declare"))
      }
    }
    return d
  }

  // MARK: - Verdicts

  /// `audioLanguage`: the programme audio's (`ProgrammeAudio.language(of:)`), worked out once
  /// per report.
  static func verdict(for t: TrackReport, in report: MediaReport, player: PlayerFamily, audioLanguage: String?) -> SelectabilityVerdict {
    let container = report.container ?? ""
    var reasons: [String] = []
    var ok = true
    func fail(_ r: String) {
      ok = false
      reasons.append(r)
    }
    switch player {
    case .apple:
      switch container {
      case "mp4", "mov":
        if t.codec == "eia_608" {
          if t.handlerType != nil && t.handlerType != "clcp" { fail("handler '\(t.handlerType!)' is not clcp (MP4-001)") }
        } else if t.codecTag == "wvtt" || t.codecTag == "stpp" {
          fail("\(t.codecTag!) in a progressive file is unverified for Apple (MP4-010)")
        } else if t.handlerType != "sbtl" || t.codecTag != "tx3g" {
          fail("handler '\(t.handlerType ?? "?")' with sample entry '\(t.codecTag ?? "?")', not sbtl+tx3g (MP4-001)")
        }
        if let p = mp4GroupProblem(t, in: report) { fail("\(p.reason) (\(p.rule))") }
        if LanguageTag.isUndetermined(t.language) { fail("mdhd language 'und' (MP4-005)") }
      case "matroska", "webm": fail("AVFoundation does not play Matroska or WebM (SEL-APPLE)")
      case "mpegts": fail("Apple plays MPEG-TS only inside HLS (SEL-APPLE)")
      default: fail("Apple players do not open '\(container)' files (SEL-APPLE)")
      }
      if ok { reasons.append("sbtl/clcp track in the shared legible alternate group (SEL-APPLE)") }
      let auto = ok ? (t.enabled == true || ((t.tx3gDisplayFlags ?? 0) & 0x8000_0000 != 0)) : false
      return SelectabilityVerdict(player: player, selectable: ok, autoSelected: auto, reasons: reasons)
    case .android:
      switch container {
      case "mp4", "mov":
        if !["tx3g", "wvtt", "stpp", "c608"].contains(t.codecTag ?? "") {
          fail("sample entry '\(t.codecTag ?? "?")' is not one ExoPlayer decodes (tx3g, wvtt, stpp, c608) (SUB-004)")
        }
      case "matroska":
        let ok = ["S_TEXT/UTF8", "S_TEXT/ASS", "S_TEXT/SSA", "S_ASS", "S_SSA", "S_TEXT/WEBVTT", "S_HDMV/PGS", "S_VOBSUB", "S_DVBSUB"]
        if let c = t.codecID, !ok.contains(c) {
          fail(c.hasPrefix("D_WEBVTT/") ? "CodecID \(c) is not recognised by ExoPlayer (MKV-002)" : "CodecID \(c) is not supported by ExoPlayer (SUB-004)")
        }
      case "webm":
        fail("ExoPlayer does not play D_WEBVTT text in WebM (SUB-004)")
      case "mpegts":
        if t.codec == "dvb_teletext" { fail("ExoPlayer has no teletext decoder (SUB-004)") }
      default: break
      }
      if ok { reasons.append("codec supported by ExoPlayer (SEL-ANDROID)") }
      // ExoPlayer ignores every MP4 flag; Matroska FlagDefault/FlagForced drive auto-selection.
      let auto: Bool = ok && (container == "matroska" || container == "webm") ? (t.isDefault || ProgrammeAudio.showsForced(t, audioLanguage: audioLanguage)) : false
      if ok && (container == "mp4" || container == "mov") { reasons.append("MP4 track flags are ignored; shown only by language preference (SEL-ANDROID)") }
      return SelectabilityVerdict(player: player, selectable: ok, autoSelected: auto, reasons: reasons)
    case .desktop:
      if t.codec == "none" && t.codecID != "S_TEXT/WEBVTT" { fail("codec not decodable by libavcodec (SUB-004)") }
      if t.codec == "wvtt" || t.codec == "stpp" { fail("FFmpeg 5.1 reads \(t.codec) as data, so mpv cannot show it (SUB-004)") }
      if ok { reasons.append("decodable subtitle stream; mpv ignores FlagEnabled and the MP4 alternate group") }
      // mpv (0.37 and later) also picks a forced track in the audio's language.
      let auto = t.isDefault || ProgrammeAudio.showsForced(t, audioLanguage: audioLanguage)
      return SelectabilityVerdict(player: player, selectable: ok, autoSelected: ok ? auto : false, reasons: reasons)
    case .web:
      fail("in-band text tracks of a progressive file are not exposed by Chrome or Firefox (SEL-WEB)")
      return SelectabilityVerdict(player: player, selectable: false, autoSelected: false, reasons: reasons)
    }
  }
}
