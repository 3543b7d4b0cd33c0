import CaptionCore
import Foundation

/// Inspects a DASH MPD: text AdaptationSets (contentType, mimeType, codecs, `@lang`), their
/// Role and Accessibility descriptors, and the SCTE 214-1 CEA-608/708 Accessibility descriptors
/// on video sets. Applies the DASH-00x rules and sets verdicts. Nothing is fetched.
struct DASHInspector {
  var options: InspectOptions

  static let roleScheme = "urn:mpeg:dash:role:2011"
  static let cea608Scheme = "urn:scte:dash:cc:cea-608:2015"
  static let cea708Scheme = "urn:scte:dash:cc:cea-708:2015"

  func inspect(path: String, file: BoundedFile, into report: inout MediaReport) {
    let bytes = file.read(at: 0, count: options.maxManifestSize)
    var dash = DASHReport()
    var d: [Diagnostic] = []
    var current: DASHAdaptationSet?
    var sawMPD = false
    for tag in XMLTagScanner.scan(bytes) {
      switch (tag.name, tag.isEnd) {
      case ("MPD", false): sawMPD = true
      case ("AdaptationSet", false):
        var a = DASHAdaptationSet(line: tag.line)
        a.id = tag.attributes["id"]
        a.contentType = tag.attributes["contentType"]
        a.mimeType = tag.attributes["mimeType"]
        a.codecs = tag.attributes["codecs"]
        a.lang = tag.attributes["lang"]
        if tag.selfClosing { dash.adaptationSets.append(a) } else { current = a }
      case ("AdaptationSet", true):
        if let a = current { dash.adaptationSets.append(a) }
        current = nil
      case ("Representation", false):
        guard current != nil else { break }
        current!.representationCount += 1
        if current!.mimeType == nil { current!.mimeType = tag.attributes["mimeType"] }
        if current!.codecs == nil { current!.codecs = tag.attributes["codecs"] }
      case ("Role", false), ("Accessibility", false):
        guard current != nil else { break }
        let v = "\(tag.attributes["schemeIdUri"] ?? "") \(tag.attributes["value"] ?? "")"
        if tag.name == "Role" { current!.roles.append(v) } else { current!.accessibility.append(v) }
      default: break
      }
    }
    if !sawMPD {
      report.error = "\(path): not a DASH MPD (no MPD element)"
      d.append(Diagnostic(code: "media.dash.not-mpd", severity: .error, message: "no MPD element"))
    }
    d += rules(dash)
    report.dash = dash
    report.tracks = tracks(dash)
    for i in report.tracks.indices {
      report.tracks[i].verdicts = PlayerFamily.allCases.map { verdict(report.tracks[i], $0) }
    }
    report.diagnostics += d
  }

  func rules(_ dash: DASHReport) -> [Diagnostic] {
    var d: [Diagnostic] = []
    func rule(_ id: String, _ sev: Severity, _ m: String, _ line: Int) {
      var x = RuleFinding.make(id, sev, m)
      x.location = SourceLocation(line: line, column: 1)
      d.append(x)
    }
    for a in dash.adaptationSets {
      let what = "AdaptationSet \(a.id.map { "'\($0)'" } ?? "at line \(a.line)")"
      let roleValues = a.roles.filter { $0.hasPrefix(DASHInspector.roleScheme + " ") }.map { String($0.dropFirst(DASHInspector.roleScheme.count + 1)) }
      let textRole = roleValues.contains { ["subtitle", "caption", "forced-subtitle", "forced_subtitle"].contains($0) }
      if !a.isText {
        if textRole || a.contentType == "text" {
          rule("DASH-001", .error, "\(what) has a subtitle/caption Role but its mimeType '\(a.mimeType ?? "?")' / codecs '\(a.codecs ?? "?")' is not recognisable as text", a.line)
        }
        if a.isVideo {
          let cc = a.accessibility.filter { $0.hasPrefix(DASHInspector.cea608Scheme) || $0.hasPrefix(DASHInspector.cea708Scheme) }
          for c in cc where c.hasPrefix(DASHInspector.cea608Scheme) {
            let value = String(c.dropFirst(DASHInspector.cea608Scheme.count + 1))
            if !value.split(separator: ";").allSatisfy({ $0.hasPrefix("CC") && $0.contains("=") }) {
              rule("DASH-004", .warning, "\(what): CEA-608 Accessibility value '\(value)' is not in CCn=lang form", a.line)
            }
          }
        }
        continue
      }
      if let l = a.lang {
        if !LanguageTag.isWellFormedBCP47(l) { rule("DASH-002", .warning, "\(what): lang '\(l)' is not a well-formed language tag", a.line) }
      } else {
        rule("DASH-002", .warning, "text \(what) has no lang", a.line)
      }
      if roleValues.isEmpty {
        rule("DASH-003", .warning, "text \(what) has no urn:mpeg:dash:role:2011 Role (subtitle, caption or forced-subtitle)", a.line)
      } else if roleValues.contains("forced_subtitle") {
        rule("DASH-003", .info, "text \(what) uses the old Role spelling 'forced_subtitle'; the final value is 'forced-subtitle'", a.line)
      }
    }
    return d
  }

  func tracks(_ dash: DASHReport) -> [TrackReport] {
    var out: [TrackReport] = []
    for a in dash.adaptationSets {
      if a.isText {
        let codec: String
        if a.mimeType == "text/vtt" { codec = "webvtt" } else if a.mimeType == "application/ttml+xml" { codec = "ttml" } else if let c = a.codecs, c.hasPrefix("stpp") { codec = "stpp" } else if let c = a.codecs, c.hasPrefix("wvtt") { codec = "wvtt" } else { codec = a.codecs ?? a.mimeType ?? "unknown" }
        var t = TrackReport(index: out.count, mediaType: "subtitle", codec: codec)
        t.groupID = a.id
        t.sources["codec"] = .derived
        if let l = a.lang {
          t.languageBCP47 = l
          t.sources["languageBCP47"] = .direct
        }
        t.roles = a.roles + a.accessibility.filter { $0.hasPrefix(DASHInspector.roleScheme) }
        t.sources["roles"] = .direct
        if t.roles.contains(where: { $0.hasSuffix(" forced-subtitle") || $0.hasSuffix(" forced_subtitle") }) { t.dispositions.append(.forced) }
        if t.roles.contains(where: { $0.hasSuffix(" main") }) { t.dispositions.append(.default) }
        out.append(t)
      } else if a.isVideo {
        for acc in a.accessibility {
          let is608 = acc.hasPrefix(DASHInspector.cea608Scheme + " ")
          let is708 = acc.hasPrefix(DASHInspector.cea708Scheme + " ")
          guard is608 || is708 else { continue }
          let value = acc.dropFirst((is608 ? DASHInspector.cea608Scheme : DASHInspector.cea708Scheme).count + 1)
          for entry in value.split(separator: ";") {
            let parts = entry.split(separator: "=", maxSplits: 1)
            var t = TrackReport(index: out.count, mediaType: "closed-captions", codec: is608 ? "eia_608" : "eia_708")
            t.groupID = a.id
            if is608 {
              t.instreamID = parts.first.map { String($0).uppercased() }
            } else {
              t.instreamID = parts.first.map { "SERVICE\($0)" }
            }
            if parts.count == 2 {
              let lang = parts[1].hasPrefix("lang:") ? String(parts[1].dropFirst(5)).split(separator: ",").first.map(String.init) ?? "" : String(parts[1])
              t.languageBCP47 = lang
              t.sources["languageBCP47"] = .direct
            }
            t.sources["instreamID"] = .direct
            out.append(t)
          }
        }
      }
    }
    return out
  }

  func verdict(_ t: TrackReport, _ player: PlayerFamily) -> SelectabilityVerdict {
    switch player {
    case .apple:
      return SelectabilityVerdict(player: player, selectable: false, autoSelected: false, reasons: ["AVFoundation does not play DASH (SEL-APPLE)"])
    case .android:
      return SelectabilityVerdict(player: player, selectable: true, autoSelected: t.isForced || t.isDefault, reasons: ["ExoPlayer lists text AdaptationSets and declared 608/708 channels (SEL-ANDROID)"])
    case .desktop:
      let ok = t.mediaType == "subtitle"
      return SelectabilityVerdict(player: player, selectable: ok, autoSelected: false, reasons: [ok ? "FFmpeg's DASH demuxer exposes text sets as webvtt streams" : "FFmpeg's DASH demuxer ignores Accessibility descriptors"])
    case .web:
      return SelectabilityVerdict(player: player, selectable: true, autoSelected: t.isDefault, reasons: ["offered by JS players (dash.js, Shaka) (SEL-WEB)"])
    }
  }
}
