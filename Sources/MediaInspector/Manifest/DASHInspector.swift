import CaptionCore
import CaptionTTML
import Foundation

/// Inspects a DASH MPD: text AdaptationSets (contentType, mimeType, codecs, `@lang`), their
/// Role and Accessibility descriptors, and the SCTE 214-1 CEA-608/708 Accessibility descriptors
/// on video sets. Applies the DASH-00x rules and sets verdicts. Nothing is fetched.
///
/// The MPD is read with CaptionTTML's `XMLTreeParser` (libxml2 SAX2 with no network, no
/// external DTD or entity, depth and entity-expansion limits), bounded here by
/// `InspectOptions.maxManifestSize` and `maxManifestElements`. XML problems become
/// `media.dash.xml.*` diagnostics at their line:column (the `ttml.xml.*` codes of the shared
/// reader, renamed); what was read before a well-formedness error is still inspected.
struct DASHInspector {
  var options: InspectOptions

  static let roleScheme = TrackReport.roleScheme
  /// The TV-Anytime audio purpose "for the hard of hearing", as an Accessibility descriptor.
  static let hardOfHearingPurpose = "urn:tva:metadata:cs:AudioPurposeCS:2007 2"
  static let cea608Scheme = "urn:scte:dash:cc:cea-608:2015"
  static let cea708Scheme = "urn:scte:dash:cc:cea-708:2015"

  /// Adds a Role or Accessibility descriptor as `schemeIdUri value`.
  static func addDescriptor(_ c: XMLElementNode, to a: inout DASHAdaptationSet) {
    let v = "\(knownScheme(c.attribute("", "schemeIdUri") ?? "")) \(c.attribute("", "value") ?? "")"
    if c.name.local == "Role" { a.roles.append(v) } else { a.accessibility.append(v) }
  }

  /// `uri` spelt as CaptionKit's constant when it names a known scheme in another case:
  /// URN scheme and namespace names are case-insensitive (RFC 8141 §3.1), and players match
  /// these descriptors ignoring case (ExoPlayer's `equalsIgnoreCase`, Shaka).
  static func knownScheme(_ uri: String) -> String {
    let known = [roleScheme, cea608Scheme, cea708Scheme, String(hardOfHearingPurpose.prefix { $0 != " " })]
    guard !known.contains(uri) else { return uri }
    let lower = uri.lowercased()
    return known.first { $0.lowercased() == lower } ?? uri
  }

  func inspect(path: String, file: BoundedFile, into report: inout MediaReport) {
    var d: [Diagnostic] = []
    let raw = file.read(at: 0, count: options.maxManifestSize)
    if file.size > UInt64(options.maxManifestSize) {
      d.append(
        Diagnostic(
          code: "media.dash.too-large", severity: .error,
          message: "the MPD is \(file.size) bytes, over the limit of \(options.maxManifestSize) bytes; only the start was read (raise it with --max-manifest-size)"))
    }
    let text = TextDecoder.decode(raw, utf8Only: true)
    d += text.diagnostics
    if text.encoding != .utf8 {
      d.append(
        Diagnostic(
          code: "media.dash.encoding", severity: .warning,
          message: "the MPD is \(text.encoding.rawValue), not UTF-8 (DASH-IF IOP); it was read, but some players and packagers expect UTF-8",
          location: SourceLocation(line: 1, column: 1)))
    }
    let parsed = XMLTreeParser.parse(text.utf8, limits: XMLParserLimits(maxElements: options.maxManifestElements), maxDiagnostics: 200)
    for var x in parsed.diagnostics {
      if x.code == "ttml.xml.too-many-elements" {
        x.code = "media.dash.too-many-elements"
        x.message = "the MPD has more than \(options.maxManifestElements) elements; the rest was not read (raise the limit with --max-manifest-elements)"
      } else if x.code.hasPrefix("ttml.xml.") {
        x.code = "media.dash.xml." + x.code.dropFirst("ttml.xml.".count)
      }
      d.append(x)
    }
    var dash = DASHReport()
    if let root = parsed.root, root.name.local == "MPD" {
      dash.adaptationSets = Self.adaptationSets(in: root)
    } else {
      report.error = "\(path): not a DASH MPD (no MPD element)"
      let what = parsed.root.map { "the root element is <\($0.qualifiedName)>, not <MPD>" } ?? "no MPD element could be read"
      d.append(Diagnostic(code: "media.dash.not-mpd", severity: .error, message: what, location: parsed.root?.location))
    }
    d += rules(dash)
    report.dash = dash
    let (listed, sets, truncated) = tracks(dash)
    report.tracks = listed
    if truncated {
      d.append(Diagnostic(
        code: "media.dash.too-many-tracks", severity: .warning,
        message: "the MPD declares more than \(Self.maxTracks) subtitle and caption tracks (AdaptationSets and CEA-608/708 Accessibility entries); only the first \(Self.maxTracks) are listed"))
    }
    let audioLanguage = ProgrammeAudio.language(of: dash)
    for i in report.tracks.indices {
      report.tracks[i].verdicts = PlayerFamily.allCases.map { verdict(report.tracks[i], from: sets[i], $0, audioLanguage: audioLanguage) }
    }
    report.diagnostics += d
  }

  /// Every AdaptationSet under `root`, in document order, with what its descendants add:
  /// Representation count (and mimeType/codecs when the set has none), Role and Accessibility
  /// descriptors. Iterative: the tree is at most `XMLParserLimits.maxDepth` deep anyway.
  static func adaptationSets(in root: XMLElementNode) -> [DASHAdaptationSet] {
    var out: [DASHAdaptationSet] = []
    var stack: [(element: XMLElementNode, period: Int?)] = [(root, nil)]
    var periods = 0
    while let (e, inPeriod) = stack.popLast() {
      guard e.name.local == "AdaptationSet" else {
        var period = inPeriod
        if e.name.local == "Period" {
          period = periods
          periods += 1
        }
        stack.append(contentsOf: e.elements.reversed().map { ($0, period) })
        continue
      }
      var a = DASHAdaptationSet(line: e.location.line)
      a.period = inPeriod
      a.column = e.location.column
      a.id = e.attribute("", "id")
      a.contentType = e.attribute("", "contentType")
      a.mimeType = e.attribute("", "mimeType")
      a.codecs = e.attribute("", "codecs")
      a.lang = e.attribute("", "lang")
      // Text muxed with the video: a ContentComponent of contentType text (ISO/IEC 23009-1
      // §5.3.4) is a text track of its own, with its own lang and descriptors.
      var components: [DASHAdaptationSet] = []
      var inner: [XMLElementNode] = e.elements.reversed()
      while let c = inner.popLast() {
        switch c.name.local {
        case "Representation":
          a.representationCount += 1
          if a.mimeType == nil { a.mimeType = c.attribute("", "mimeType") }
          if a.codecs == nil { a.codecs = c.attribute("", "codecs") }
        case "Role", "Accessibility":
          Self.addDescriptor(c, to: &a)
        case "Label":
          if a.label == nil { a.label = c.textContent.trimmingSpaces }
        case "ContentComponent":
          var t = DASHAdaptationSet(line: c.location.line)
          t.column = c.location.column
          t.period = inPeriod
          t.id = e.attribute("", "id")
          t.contentComponent = c.attribute("", "id") ?? ""
          t.contentType = c.attribute("", "contentType")
          t.lang = c.attribute("", "lang")
          for d in c.elements {
            if d.name.local == "Role" || d.name.local == "Accessibility" { Self.addDescriptor(d, to: &t) }
            if d.name.local == "Label", t.label == nil { t.label = d.textContent.trimmingSpaces }
          }
          components.append(t)
          continue  // its descriptors are its own, not the set's
        default: break
        }
        inner.append(contentsOf: c.elements.reversed())
      }
      out.append(a)
      for var t in components where t.contentType == "text" {
        t.mimeType = a.mimeType
        t.codecs = a.codecs?.split(separator: ",").map { String($0).trimmingSpaces }.first { $0.hasPrefix("stpp") || $0.hasPrefix("wvtt") }
        t.representationCount = a.representationCount
        out.append(t)
      }
    }
    return out
  }

  func rules(_ dash: DASHReport) -> [Diagnostic] {
    var d: [Diagnostic] = []
    func rule(_ id: String, _ sev: Severity, _ m: String, _ line: Int, _ column: Int) {
      var x = RuleFinding.make(id, sev, m)
      x.location = SourceLocation(line: line, column: column)
      d.append(x)
    }
    for a in dash.adaptationSets {
      let set = "AdaptationSet \(a.id.map { "'\($0)'" } ?? "at line \(a.line)")"
      let what = a.contentComponent.map { "text ContentComponent\($0.isEmpty ? "" : " '\($0)'") of \(set)" } ?? set
      let roleValues = a.roles.filter { $0.hasPrefix(DASHInspector.roleScheme + " ") }.map { String($0.dropFirst(DASHInspector.roleScheme.count + 1)) }
      let textRole = roleValues.contains { ["subtitle", "caption", "forced-subtitle", "forced_subtitle"].contains($0) }
      if !a.isText {
        if textRole || a.contentType == "text" {
          rule("DASH-001", .error, "\(what) has a subtitle/caption Role but its mimeType '\(a.mimeType ?? "?")' / codecs '\(a.codecs ?? "?")' is not recognisable as text", a.line, a.column ?? 1)
        }
        if a.isVideo {
          let cc = a.accessibility.filter { $0.hasPrefix(DASHInspector.cea608Scheme) || $0.hasPrefix(DASHInspector.cea708Scheme) }
          for c in cc {
            let is608 = c.hasPrefix(DASHInspector.cea608Scheme)
            let value = String(c.dropFirst((is608 ? DASHInspector.cea608Scheme : DASHInspector.cea708Scheme).count + 1))
            guard !value.isEmpty, !value.split(separator: ";").allSatisfy({ Self.isExplicitEntry(String($0), cea608: is608) }) else { continue }
            // ExoPlayer reads only these forms; otherwise it lists one track with no channel or
            // language (Shaka guesses channels: CC1 and CC3 for two languages, else in order).
            let form = is608 ? "CCn=lang (CC1–CC4)" : "n=lang:xxx (services 1–63)"
            rule("DASH-004", .warning, "\(what): CEA-\(is608 ? "608" : "708") Accessibility value '\(value)' is not in \(form) form; players disagree on its channels", a.line, a.column ?? 1)
          }
        }
        continue
      }
      if let l = a.lang {
        if !LanguageTag.isWellFormedBCP47(l) { rule("DASH-002", .warning, "\(what): lang '\(l)' is not a well-formed language tag", a.line, a.column ?? 1) }
      } else {
        rule("DASH-002", .warning, "text \(what) has no lang", a.line, a.column ?? 1)
      }
      if roleValues.isEmpty {
        rule("DASH-003", .warning, "text \(what) has no urn:mpeg:dash:role:2011 Role (subtitle, caption or forced-subtitle)", a.line, a.column ?? 1)
      } else if roleValues.contains("forced_subtitle") {
        rule("DASH-003", .info, "text \(what) uses the old Role spelling 'forced_subtitle'; the final value is 'forced-subtitle'", a.line, a.column ?? 1)
      }
    }
    return d
  }

  /// The most tracks listed: each `CCn=lang` entry of an Accessibility value is a track, so a
  /// small MPD could otherwise list millions (as Matroska's 1,024 TrackEntry elements).
  static let maxTracks = 1024

  /// The text tracks, the set (or text ContentComponent) each comes from, and whether some
  /// were left out past `maxTracks`.
  func tracks(_ dash: DASHReport) -> (tracks: [TrackReport], sets: [DASHAdaptationSet], truncated: Bool) {
    var out: [TrackReport] = []
    var sets: [DASHAdaptationSet] = []
    var truncated = false
    for a in dash.adaptationSets {
      if a.isText {
        guard out.count < Self.maxTracks else {
          truncated = true
          break
        }
        let codec: String
        if a.mimeType == "text/vtt" { codec = "webvtt" } else if a.mimeType == "application/ttml+xml" { codec = "ttml" } else if let c = a.codecs, c.hasPrefix("stpp") { codec = "stpp" } else if let c = a.codecs, c.hasPrefix("wvtt") { codec = "wvtt" } else { codec = a.codecs ?? a.mimeType ?? "unknown" }
        var t = TrackReport(index: out.count, mediaType: "subtitle", codec: codec)
        t.groupID = a.id
        t.period = a.period
        t.sources["codec"] = .derived
        if let label = a.label, !label.isEmpty {
          t.title = label
          t.sources["title"] = .direct
        }
        if let l = a.lang {
          t.languageBCP47 = l
          t.sources["languageBCP47"] = .direct
          let iso = LanguageTag.canonical(l)
          if iso.count == 3 {
            t.language = iso
            t.sources["language"] = .derived
          }
        }
        t.roles = a.roles + a.accessibility.filter { $0.hasPrefix(DASHInspector.roleScheme) }
        t.sources["roles"] = .direct
        // Only the role scheme defines these values (ISO/IEC 23009-1 §5.8.5.5); the same word in
        // another scheme means whatever that scheme says, so it sets no flag.
        if t.hasRole("forced-subtitle") || t.hasRole("forced_subtitle") { t.dispositions.append(.forced) }
        if t.hasRole("main") { t.dispositions.append(.default) }
        // DVB-DASH (ETSI TS 103 285) marks subtitles for the hard of hearing with the TV-Anytime
        // AudioPurposeCS value 2, as Shaka and ExoPlayer read it.
        if a.accessibility.contains(where: { $0.lowercased() == DASHInspector.hardOfHearingPurpose.lowercased() }) {
          t.dispositions.append(.hearingImpaired)
        }
        out.append(t)
        sets.append(a)
      } else if a.isVideo {
        for acc in a.accessibility {
          let is608 = acc.hasPrefix(DASHInspector.cea608Scheme + " ")
          let is708 = acc.hasPrefix(DASHInspector.cea708Scheme + " ")
          guard is608 || is708 else { continue }
          let value = acc.dropFirst((is608 ? DASHInspector.cea608Scheme : DASHInspector.cea708Scheme).count + 1)
          let entries = value.split(separator: ";")
          // Entries with only a language get channels in order, as Shaka assigns them: CC1 and
          // CC3 when there are two (the two fields' first channels), else CC1, CC2…; services 1, 2…
          var nextChannel = 1
          // Numbers the value names itself are not given again.
          let named = Set(entries.compactMap { e -> Int? in
            let p = e.split(separator: "=", maxSplits: 1)
            guard p.count == 2 else { return nil }
            let c = String(p[0]).trimmingSpaces.uppercased()
            return Int(c.hasPrefix("CC") ? String(c.dropFirst(2)) : c)
          })
          for entry in entries {
            guard out.count < Self.maxTracks else {
              truncated = true
              break
            }
            // SCTE 214-1: `CC1=eng` (608) or `1=lang:eng,…` (708); an entry without a channel or
            // service number is only a language (ExoPlayer then knows no channel either).
            let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            // An entry of only `=` names nothing (found by the mpd fuzzer: it indexed an empty list).
            guard !parts.isEmpty else { continue }
            var t = TrackReport(index: out.count, mediaType: "closed-captions", codec: is608 ? "eia_608" : "eia_708")
            t.groupID = a.id
            t.period = a.period
            var channel = parts.count == 2 ? parts[0] : (DASHInspector.isChannel(parts[0], cea608: is608) ? parts[0] : nil)
            var lang = parts.count == 2 ? parts[1] : (channel == nil ? parts[0] : "")
            var source = FactSource.direct
            if channel == nil, !lang.isEmpty {
              while named.contains(nextChannel) { nextChannel += 1 }
              if nextChannel <= (is608 ? 4 : 63) {
                channel = is608 ? "CC\(nextChannel)" : String(nextChannel)
                source = .derived
              }
              nextChannel += is608 && entries.count == 2 ? 2 : 1
            }
            if let c = channel {
              // `1=eng` is channel CC1 (SCTE 214-1 writes CC1; Shaka and packagers accept both).
              let upper = c.uppercased()
              t.instreamID = is608 ? (upper.hasPrefix("CC") ? upper : "CC" + upper) : "SERVICE" + c
              t.sources["instreamID"] = source
            }
            if lang.hasPrefix("lang:") { lang = String(lang.dropFirst(5)).split(separator: ",").first.map(String.init) ?? "" }
            if !lang.isEmpty {
              if lang.count == 3, !LanguageTag.isUndetermined(lang) {
                t.language = lang
                t.sources["language"] = .direct
                t.languageBCP47 = LanguageTag.bcp47(fromISO639: lang)
                t.sources["languageBCP47"] = .derived
              } else {
                t.languageBCP47 = lang
                t.sources["languageBCP47"] = .direct
              }
            }
            out.append(t)
            sets.append(a)
          }
        }
      }
    }
    return (out, sets, truncated)
  }

  /// FFmpeg's DASH demuxer (mpv): it takes a set as subtitles when `contentType` or `mimeType`
  /// contains "text" (`dashdec.c`), and it decodes WebVTT, not TTML (no stpp decoder); it reads
  /// no Accessibility descriptor and no ContentComponent.
  func desktopVerdict(_ t: TrackReport, from set: DASHAdaptationSet) -> SelectabilityVerdict {
    var reason: String?
    if t.mediaType != "subtitle" {
      reason = "FFmpeg's DASH demuxer ignores Accessibility descriptors"
    } else if set.contentComponent != nil {
      reason = "FFmpeg's DASH demuxer does not list text muxed in a video Representation"
    } else if !(set.contentType ?? "").lowercased().containsUTF8("text") && !(set.mimeType ?? "").lowercased().containsUTF8("text") {
      reason = "FFmpeg's DASH demuxer takes a set as subtitles only when contentType or mimeType says text"
    } else if !["webvtt", "wvtt"].contains(t.codec) {
      reason = "FFmpeg has no \(t.codec == "stpp" || t.codec == "ttml" ? "TTML" : t.codec) subtitle decoder"
    }
    return SelectabilityVerdict(player: .desktop, selectable: reason == nil, autoSelected: false, reasons: [reason ?? "FFmpeg's DASH demuxer exposes text sets as webvtt streams"])
  }

  /// Whether a CEA-608/708 Accessibility entry names its channel the way ExoPlayer reads it:
  /// `CC1=eng`–`CC4=…` (SCTE 214-1), or a 708 service `1=lang:eng`.
  static func isExplicitEntry(_ entry: String, cea608: Bool) -> Bool {
    let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
    guard parts.count == 2, isChannel(parts[0], cea608: cea608) else { return false }
    return cea608 ? parts[0].hasPrefix("CC") : parts[1].hasPrefix("lang:")
  }

  /// A 608 channel (`CC1`–`CC4`) or a 708 service number (1–63).
  static func isChannel(_ s: String, cea608: Bool) -> Bool {
    if cea608 { return ["CC1", "CC2", "CC3", "CC4"].contains(s.uppercased()) }
    return s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (Int(s).map { (1...63).contains($0) } ?? false)
  }

  func verdict(_ t: TrackReport, from set: DASHAdaptationSet, _ player: PlayerFamily, audioLanguage: String?) -> SelectabilityVerdict {
    switch player {
    case .apple:
      return SelectabilityVerdict(player: player, selectable: false, autoSelected: false, reasons: ["AVFoundation does not play DASH (SEL-APPLE)"])
    case .android:
      return SelectabilityVerdict(player: player, selectable: true, autoSelected: t.isDefault || ProgrammeAudio.showsForced(t, audioLanguage: audioLanguage), reasons: ["ExoPlayer lists text AdaptationSets and declared 608/708 channels (SEL-ANDROID)"])
    case .desktop:
      return desktopVerdict(t, from: set)
    case .web:
      return SelectabilityVerdict(player: player, selectable: true, autoSelected: t.isDefault, reasons: ["offered by JS players (dash.js, Shaka) (SEL-WEB)"])
    }
  }
}
