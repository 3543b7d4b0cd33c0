import CaptionCore

/// Human-readable text for `captionkit inspect`: per file, the container and duration, one line
/// per stream, then per subtitle/caption track its facts (with the layer that gave each in
/// brackets where it is not FFmpeg), its verdicts and the findings.
public enum ReportText {
  /// Text from the file (paths, titles, languages, URIs, messages), one item a line: control
  /// characters escaped (`ControlCharacterEscaping`).
  static func escaped(_ s: String) -> String { ControlCharacterEscaping.escaped(s) }

  public static func render(_ r: MediaReport) -> String {
    var s = "\(escaped(r.path))\n"
    if let error = r.error {
      s += "  error: \(escaped(error))\n"
      return s
    }
    var head = "  container: \(escaped(r.container ?? "?"))"
    if let f = r.formatName { head += " (FFmpeg: \(escaped(f)))" }
    if let d = r.duration { head += ", duration \(d)" }
    s += head + "\n"
    var streamIndex: [Int: Int] = [:]
    for t in r.tracks { if let id = t.containerTrackID, streamIndex[id] == nil { streamIndex[id] = t.index } }
    for t in r.tracks {
      s += "  #\(t.index) \(t.mediaType) \(escaped(t.codec))"
      if let tag = t.codecTag { s += " [\(escaped(tag))]" }
      if let c = t.codecID { s += " \(escaped(c))" }
      if let l = t.bestLanguage { s += " lang=\(escaped(l))" }
      if let n = t.title { s += " \"\(escaped(n))\"" }
      s += "\n"
      if let c = t.declaredCaptionServices { s += "      PMT caption services \(c.joined(separator: ", ")) [direct]\n" }
      guard t.isText else { continue }
      var facts: [String] = []
      func src(_ k: String) -> String {
        guard let v = t.sources[k], v != .ffmpeg else { return "" }
        return " [\(v.rawValue)]"
      }
      if let l = t.language { facts.append("language \(escaped(l))\(src("language"))") }
      if let b = t.languageBCP47 { facts.append("bcp47 \(escaped(b))\(src("languageBCP47"))") }
      if !t.dispositions.isEmpty { facts.append("dispositions \(t.dispositions.map(\.rawValue).joined(separator: "+"))") }
      if let e = t.enabled { facts.append("enabled \(e)\(src("enabled"))") }
      if let g = t.alternateGroup { facts.append("alternate_group \(g)\(src("alternateGroup"))") }
      if let h = t.handlerType { facts.append("handler \(escaped(h))\(src("handlerType"))") }
      if let f = t.tx3gDisplayFlags { facts.append("tx3g flags 0x\(String(f, radix: 16, uppercase: true))\(src("tx3gDisplayFlags"))") }
      if !t.characteristics.isEmpty { facts.append("characteristics \(escaped(t.characteristics.joined(separator: ",")))\(src("characteristics"))") }
      if !t.roles.isEmpty { facts.append("roles \(escaped(t.roles.joined(separator: ",")))\(src("roles"))") }
      // tref names container track IDs, not the stream indices (#N) listed here.
      for (k, v) in t.trackReferences.sorted(by: { $0.key < $1.key }) {
        let targets = v.map { id in streamIndex[id].map { "#\($0) (track ID \(id))" } ?? "track ID \(id)" }
        facts.append("tref \(k)→\(targets.joined(separator: ", "))")
      }
      if let g = t.groupID { facts.append("group \(escaped(g))") }
      if let i = t.instreamID { facts.append("instream \(escaped(i))") }
      if let c = t.channels608 { facts.append("608 channels \(c.isEmpty ? "none" : c.joined(separator: ","))\(src("channels608"))") }
      if let n = t.cueCount {
        var c = "cues \(n)"
        if let a = t.firstCueStart, let b = t.lastCueEnd {
          c += " spanning \(a)–\(b)"
          if let d = r.duration, d.seconds > 0 { c += " (\(Length.format(min(((b.seconds - a.seconds) / d.seconds * 100).rounded(.down), 1e6)))% of \(d))" }
        }
        facts.append(c)
      }
      var flags: [String] = []
      if t.isDefault { flags.append("default") }
      if t.isForced { flags.append("forced") }
      if t.isSDH { flags.append("SDH") }
      if !flags.isEmpty { facts.append("→ " + flags.joined(separator: ", ")) }
      for f in facts { s += "      \(f)\n" }
      for v in t.verdicts {
        let mark = v.selectable ? "selectable" : "NOT selectable"
        let auto = v.autoSelected == true ? ", auto-selected" : ""
        s += "      \(v.player.rawValue): \(mark)\(auto) — \(v.reasons.joined(separator: "; "))\n"
      }
    }
    for c in r.closedCaptions {
      let budget = c.budgetSeconds.map { "first \($0) s" } ?? "whole file"
      let found = (c.channels608 + c.services708.map { "SERVICE\($0)" }).joined(separator: ", ")
      let stream = r.kind == "hls" ? "the first video segment" : "#\(c.streamIndex)"
      s += "  embedded captions in \(stream) (\(c.codec), \(budget), \(c.framesDecoded) frames): \(found.isEmpty ? "none found" : found)\n"
    }
    if let h = r.hls {
      for p in h.subtitlePlaylists {
        let fmp4 = p.mapURI.map { " (fMP4, init \(escaped($0))\(p.sampleEntry.map { ": \(escaped($0))" } ?? ""))" } ?? ""
        s += "  subtitle playlist \(escaped(p.uri)): " + (p.checked ? "\(p.segmentCount) segment\(p.segmentCount == 1 ? "" : "s")\(fmp4)" : "not read (\(p.skippedReason ?? "?"))") + "\n"
      }
    }
    for d in r.diagnostics {
      var loc = ""
      // Column 1 is all a playlist line has; MPD (XML) positions are exact.
      if let l = d.location { loc = l.column > 1 ? "line \(l.line):\(l.column): " : "line \(l.line): " }
      s += "  \(d.severity.rawValue): [\(d.code)] \(loc)\(escaped(d.message))\n"
    }
    return s
  }

  /// `FAIL path: requirement: reason` lines, or `PASS path`.
  public static func render(_ p: PolicyResult) -> String {
    if p.passed { return "PASS \(escaped(p.path))\n" }
    return p.failures.map { "FAIL \(escaped(p.path)): \($0.requirement): \(escaped($0.reason))\n" }.joined()
  }
}
