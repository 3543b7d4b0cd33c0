import CaptionCore

/// Checks a document as it would display under a viewer's profile: the profile's own
/// legibility findings (warnings and errors), then each cue against the profile's layout and
/// timing limits.
enum ProfileDisplayChecker {
  static func check(_ doc: CaptionDocument, profile: StyleProfile, into sink: inout DiagnosticSink) {
    header(profile, into: &sink)
    for (i, cue) in doc.cues.enumerated() { check(cue, index: i, profile: profile, into: &sink) }
  }

  /// The profile's own findings, reported before any cue's.
  static func header(_ profile: StyleProfile, into sink: inout DiagnosticSink) {
    for f in ProfileChecker.check(profile) where f.severity >= .warning {
      sink.report(Diagnostic(code: f.code, severity: f.severity, message: "under profile \(profile.id): [\(f.ruleID)] \(f.message)"))
    }
  }

  /// One cue (`index` in the file) against the profile's layout and timing limits.
  static func check(_ cue: Cue, index i: Int, profile: StyleProfile, into sink: inout DiagnosticSink) {
    let layout = profile.layout
    let timing = profile.timing
    let advance = (profile.text.fontFamily.last ?? "").lowercased().hasPrefix("monospace") ? 0.6 : 0.5
    let limitWidth = min(layout.safeArea, layout.maxLineWidth)
    let id = profile.id
    let text = cue.plainText
    var lines: [Int] = [0]
    for ch in text {
      if ch == "\n" { lines.append(0) } else { lines[lines.count - 1] += 1 }
    }
    let loc = cue.source
    if lines.count > layout.maxLines {
      sink.report(
        Diagnostic(
          code: "style.layout.too-many-lines", severity: lines.count > 4 ? .error : .warning,
          message: "\(lines.count) lines; profile \(id) allows \(layout.maxLines) (CS-L01)", location: loc, cueIndex: i))
    }
    let longest = lines.max() ?? 0
    if longest > layout.maxCharsPerLine {
      sink.report(
        Diagnostic(
          code: "style.layout.line-too-long", severity: .warning,
          message: "line of \(longest) characters; profile \(id) allows \(layout.maxCharsPerLine) (CS-L02)", location: loc, cueIndex: i))
    } else {
      let width = Double(longest) * (advance + profile.text.letterSpacing) * profile.effectiveFontSize / 100 / layout.aspectRatio
      if width > limitWidth {
        sink.report(
          Diagnostic(
            code: "style.layout.line-too-wide", severity: .warning,
            message:
              "a \(longest)-character line at \(NumberFormat.fixed(profile.effectiveFontSize, 2)) rh is about \(NumberFormat.percent(width)) of the video width, over \(NumberFormat.percent(limitWidth)) under profile \(id) (CS-L03)",
            location: loc, cueIndex: i))
      }
    }
    let seconds = cue.duration.seconds
    guard seconds > 0 else { return }
    let chars = lines.reduce(0, +)
    let cps = Double(chars) / seconds
    if cps > timing.maxCharsPerSecond {
      let words = text.split { $0 == " " || $0 == "\n" }.count
      let wpm = Double(words) / seconds * 60
      sink.report(
        Diagnostic(
          code: "style.timing.reading-rate", severity: .warning,
          message:
            "reading rate \(NumberFormat.fixed(cps, 1)) characters/s (\(NumberFormat.fixed(wpm, 0)) words/min) > \(NumberFormat.plain(timing.maxCharsPerSecond)) under profile \(id) (CS-T01)",
          location: loc, cueIndex: i))
    }
    if seconds < timing.minDuration {
      sink.report(
        Diagnostic(
          code: "style.timing.too-short", severity: .warning,
          message: "shown for \(NumberFormat.fixed(seconds, 3)) s < \(NumberFormat.plain(timing.minDuration)) s under profile \(id) (CS-T02)",
          location: loc, cueIndex: i))
    } else if seconds > timing.maxDuration {
      sink.report(
        Diagnostic(
          code: "style.timing.too-long", severity: .info,
          message: "shown for \(NumberFormat.fixed(seconds, 3)) s > \(NumberFormat.plain(timing.maxDuration)) s under profile \(id) (CS-T02)",
          location: loc, cueIndex: i))
    }

  }
}
