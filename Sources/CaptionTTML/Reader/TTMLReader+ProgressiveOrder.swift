import CaptionCore

extension TTMLReader {
  /// IMSC `ittp:progressivelyDecodable="true"`, rule 2: a `p` that comes later in the document is
  /// not shown in a presentation that starts before one showing an earlier `p`. Checked on the
  /// `p`s' begin times (the first cue each made): a `p` beginning before a `p` above it breaks
  /// the rule (`ttml.profile.not-progressively-decodable`, error). The other rules need only the
  /// tree (`TTMLValidator.checkIMSCStructure`).
  mutating func checkProgressiveOrder(profile: String, root: XMLElementNode) {
    guard root.attribute(TTMLNamespace.imscParameter, "progressivelyDecodable").map({ TTMLWhitespace.trimmed($0) == "true" }) ?? false else { return }
    var begins: [Int: (time: CaptionTime, location: SourceLocation)] = [:]
    for cue in doc.cues {
      guard let at = cue.source else { continue }
      if let known = begins[at.offset], known.time <= cue.start { continue }
      begins[at.offset] = (cue.start, at)
    }
    var latest: (time: CaptionTime, location: SourceLocation)?
    var reported = 0
    for offset in begins.keys.sorted() {
      let p = begins[offset]!
      if let l = latest, p.time < l.time {
        reported += 1
        guard reported <= TTMLValidator.maxProgressiveReports else { continue }
        sink.report(
          "ttml.profile.not-progressively-decodable", .error,
          "\(profile): ittp:progressivelyDecodable=\"true\": this p begins at \(TTMLRenderModel.format(p.time.seconds)) s, before the p on line \(l.location.line) above it (\(TTMLRenderModel.format(l.time.seconds)) s)",
          at: p.location)
      } else if latest.map({ p.time > $0.time }) ?? true {
        latest = p
      }
    }
    if reported > TTMLValidator.maxProgressiveReports {
      sink.report(
        "ttml.profile.not-progressively-decodable", .error,
        "\(profile): \(reported - TTMLValidator.maxProgressiveReports) more p elements begin before one above them", at: root.location)
    }
  }
}
