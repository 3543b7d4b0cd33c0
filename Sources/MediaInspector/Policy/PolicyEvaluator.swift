import CaptionCore
/// Checks one requirement against one report and explains a failure in one sentence, naming
/// the rule that decides it where there is one.
enum PolicyEvaluator {
  /// `nil` when the requirement holds, else why not.
  static func check(_ r: Requirement, _ report: MediaReport) -> String? {
    let text = report.textTracks
    switch r {
    case .track(let req): return checkTrack(req, report)
    case .cea608(let channel):
      let offersScanned = !saysNoClosedCaptions(report)
      if offersScanned, report.closedCaptions.contains(where: { $0.channels608.contains(channel) }) { return nil }
      let declared = declaration(channel, in: text)
      if declared.offered { return nil }
      if text.contains(where: { $0.codec == "eia_608" && $0.mediaType == "subtitle" && ($0.channels608 ?? []).contains(channel) }) { return nil }
      if let unoffered = declared.first { return "CEA-608 \(channel) is declared by \(notOffered(unoffered))" }
      if !offersScanned, report.closedCaptions.contains(where: { $0.channels608.contains(channel) }) {
        return "\(channel) caption data is in the video, but every variant says CLOSED-CAPTIONS=NONE, so players do not offer it (HLS-012)"
      }
      let scanned = report.closedCaptions
      if scanned.isEmpty {
        if report.kind == "hls" || report.kind == "dash" {
          return "no CEA-608 \(channel) is declared (\(report.kind == "hls" ? "a CLOSED-CAPTIONS rendition with INSTREAM-ID" : "an Accessibility descriptor urn:scte:dash:cc:cea-608:2015")), and no local video segment was scanned (TS-004)"
        }
        return "no CEA-608 \(channel) declared, and no H.264/HEVC/MPEG-2 video was scanned (TS-004)"
      }
      let found = Set(scanned.flatMap(\.channels608)).sorted()
      let budget = scanned.first?.budgetSeconds.map { "the first \(formatSeconds($0)) s of video" } ?? "the whole video"
      return found.isEmpty
        ? "no CEA-608 caption data found in \(budget) (TS-004)"
        : "\(channel) not found in \(budget); found \(found.joined(separator: ", ")) (TS-004)"
    case .cea708(let service):
      let offersScanned = !saysNoClosedCaptions(report)
      if offersScanned, report.closedCaptions.contains(where: { $0.services708.contains(service) }) { return nil }
      let declared = declaration("SERVICE\(service)", in: text)
      if declared.offered { return nil }
      if let unoffered = declared.first { return "CEA-708 service \(service) is declared by \(notOffered(unoffered))" }
      return "CEA-708 service \(service) not found (TS-004)"
    case .noUntaggedLanguages:
      let bad = text.filter { LanguageTag.isUndetermined($0.language) && LanguageTag.isUndetermined($0.languageBCP47) }
      if bad.isEmpty { return nil }
      return "\(bad.map(RuleFinding.describe).joined(separator: "; ")) \(bad.count == 1 ? "has" : "have") no language (SUB-003)"
    case .exactlyOneDefault:
      if report.kind == "hls" {
        var byGroup: [String: Int] = [:]
        for t in text where t.mediaType == "subtitle" { byGroup[t.groupID ?? "", default: 0] += t.isDefault ? 1 : 0 }
        let bad = byGroup.filter { $0.value != 1 }.sorted { $0.key < $1.key }
        if bad.isEmpty { return nil }
        return bad.map { "SUBTITLES group '\($0.key)' has \($0.value) DEFAULT=YES renditions" }.joined(separator: "; ") + " (HLS-006)"
      }
      if report.kind == "dash" {
        // Each Period offers its own tracks: one default per Period.
        var byPeriod: [Int: Int] = [:]
        for t in text where t.mediaType != "closed-captions" { byPeriod[t.period ?? 0, default: 0] += t.isDefault ? 1 : 0 }
        let bad = byPeriod.filter { $0.value != 1 }.sorted { $0.key < $1.key }
        if bad.isEmpty { return nil }
        return bad.map { "Period \($0.key + 1) has \($0.value) default (Role main) subtitle tracks" }.joined(separator: "; ") + " (SUB-007)"
      }
      let defaults = text.filter { $0.mediaType != "closed-captions" && $0.codec != "eia_608" && $0.isDefault }
      if defaults.count == 1 { return nil }
      let rule = report.container == "mp4" || report.container == "mov" ? "MP4-004" : "SUB-007"
      if defaults.isEmpty { return "no subtitle track is default-flagged (\(rule))" }
      return "\(defaults.count) subtitle tracks are default-flagged: tracks \(defaults.map { String($0.index) }.joined(separator: ", ")) (\(rule))"
    case .noErrors:
      let errors = report.diagnostics.filter { $0.severity == .error }
      if errors.isEmpty { return nil }
      return errors.map(\.message).joined(separator: "; ")
    case .noRule(let id):
      let code = "media." + id.lowercased()
      let hits = report.diagnostics.filter { $0.code == code }
      if hits.isEmpty { return nil }
      return hits.map(\.message).joined(separator: "; ")
    }
  }

  /// The caption tracks that declare `instreamID` (`CC1`…, `SERVICE1`…): whether some player
  /// offers one, and the first. Only caption declarations (HLS CLOSED-CAPTIONS, DASH CEA-608/708
  /// Accessibility) carry a channel: an INSTREAM-ID on a SUBTITLES rendition is invalid
  /// (HLS-010) and declares nothing; an HLS rendition no variant links is offered by no player.
  static func declaration(_ instreamID: String, in text: [TrackReport]) -> (offered: Bool, first: TrackReport?) {
    let declared = text.filter { $0.mediaType == "closed-captions" && $0.instreamID?.uppercased() == instreamID }
    return (declared.contains { $0.verdicts.isEmpty || $0.verdicts.contains(where: \.selectable) }, declared.first)
  }

  /// "track …, but no player offers it: why" for a declaration no player offers.
  static func notOffered(_ t: TrackReport) -> String {
    "\(RuleFinding.describe(t)), but no player offers it: \(t.verdicts.first?.reasons.first ?? "no verdict")"
  }

  /// Whether an HLS master's variants all say CLOSED-CAPTIONS=NONE: caption data found in its
  /// video is then not offered to viewers (RFC 8216 §4.3.4.2).
  static func saysNoClosedCaptions(_ report: MediaReport) -> Bool {
    guard report.kind == "hls", let variants = report.hls?.variants, !variants.isEmpty else { return false }
    return variants.allSatisfy(\.closedCaptionsNone)
  }

  static func formatSeconds(_ s: Double) -> String {
    Length.format(s)  // not Int(s): a policy's 1e300 seconds would trap
  }

  static func checkTrack(_ req: TrackRequirement, _ report: MediaReport) -> String? {
    // CEA-608/708 are checked by the cea608/cea708 requirements, not as subtitle tracks.
    var candidates = report.textTracks.filter { $0.mediaType != "closed-captions" && $0.codec != "eia_608" && $0.codec != "eia_708" }
    let label = req.label
    if candidates.isEmpty { return "no subtitle or caption track (SUB-001)" }
    // Metadata and text descriptions (WebM D_WEBVTT/METADATA and /DESCRIPTIONS, HTML kinds
    // `metadata` and `descriptions`) are text tracks nobody reads on screen.
    let shown = candidates.filter(\.isShownText)
    if shown.isEmpty {
      return "no subtitle or caption track: \(candidates.map(RuleFinding.describe).joined(separator: ", ")) \(candidates.count == 1 ? "is" : "are") metadata or text descriptions, not shown as subtitles (SUB-001)"
    }
    candidates = shown
    if let lang = req.language {
      let all = candidates
      candidates = candidates.filter { t in
        [t.languageBCP47, t.language].compactMap { $0 }.contains { LanguageTag.matches($0, wanted: lang) }
      }
      if candidates.isEmpty {
        let found = Set(all.compactMap(\.bestLanguage)).sorted()
        return "no subtitle track with language \(lang) (found: \(found.isEmpty ? "none tagged" : found.joined(separator: ", "))) (SUB-002)"
      }
    }
    let appleMP4 = req.selectableOn.contains(.apple) && (report.container == "mp4" || report.container == "mov")
    if let sdh = req.sdh {
      let matching = candidates.filter { $0.isSDH == sdh }
      if matching.isEmpty {
        let rule = candidates.allSatisfy({ $0.codec == "dvb_teletext" }) ? "TS-003" : sdhRule(report)
        return sdh
          ? "\(req.language ?? "") track found but none is marked SDH: \(candidates.map(RuleFinding.describe).joined(separator: ", ")) (\(rule))"
          : "every matching track is SDH"
      }
      candidates = matching
      if sdh && appleMP4 {
        let tagged = candidates.filter { $0.codec == "eia_608" || TrackReport.sdhCharacteristics.allSatisfy($0.characteristics.contains) }
        if tagged.isEmpty {
          return "\(label) track found but not SDH for apple: \(RuleFinding.describe(candidates[0])) has no tagc characteristics transcribes-spoken-dialog and describes-music-and-sound (MP4-006)"
        }
        candidates = tagged
      }
    }
    if let forced = req.forced {
      let matching = candidates.filter { $0.isForced == forced }
      if matching.isEmpty {
        let rule = report.container == "matroska" || report.container == "webm" ? "MKV-006" : "SUB-006"
        return forced ? "\(req.language ?? "") track found but none is forced (\(rule))" : "every matching track is forced"
      }
      candidates = matching
      // In MP4 only the tx3g all-samples-forced flag makes AVFoundation and ExoPlayer treat a
      // track as forced; an ISO `kind` box alone does not (MP4-009).
      let mp4 = report.container == "mp4" || report.container == "mov"
      if forced, mp4, let player = [PlayerFamily.apple, .android].first(where: req.selectableOn.contains) {
        let flagged = candidates.filter { ($0.tx3gDisplayFlags ?? 0) & 0x8000_0000 != 0 }
        if flagged.isEmpty {
          return "\(label) track found but not forced for \(player.rawValue): \(RuleFinding.describe(candidates[0])) lacks the tx3g all-samples-forced flag 0x80000000 (MP4-009)"
        }
        candidates = flagged
      }
    }
    if let d = req.isDefault {
      let matching = candidates.filter { $0.isDefault == d }
      if matching.isEmpty { return "\(label) track found but none is \(d ? "" : "not ")default-flagged (SUB-007)" }
      candidates = matching
    }
    if let codecs = req.codecs {
      let matching = candidates.filter { codecs.contains($0.codec) || ($0.codecTag.map(codecs.contains) ?? false) }
      if matching.isEmpty {
        return "\(label) track found but in \(Set(candidates.map(\.codec)).sorted().joined(separator: "/")), not \(codecs.joined(separator: "/")) (SUB-004)"
      }
      candidates = matching
    }
    for player in req.selectableOn {
      let matching = candidates.filter { t in t.verdicts.first { $0.player == player }?.selectable ?? false }
      if matching.isEmpty {
        let why = candidates.first?.verdicts.first { $0.player == player }?.reasons.first ?? "no verdict"
        return "\(label) track found but not selectable on \(player.rawValue): \(why)"
      }
      candidates = matching
    }
    return nil
  }

  static func sdhRule(_ report: MediaReport) -> String {
    switch report.container {
    case "mp4", "mov": "MP4-006"
    case "matroska": "MKV-005"
    case "webm": "WEBM-002"
    case "mpegts": "TS-002"
    case "hls": "HLS-009"
    case "dash": "DASH-003"
    default: "SUB-005"
    }
  }
}
