import CaptionCore

/// Checks a document as it would display under a viewer's profile: the profile's own
/// legibility findings (warnings and errors), then each cue against the profile's layout and
/// timing limits.
enum ProfileDisplayChecker {
  static func check(_ doc: CaptionDocument, profile: StyleProfile, into sink: inout DiagnosticSink) {
    header(profile, into: &sink)
    var previousEnd: CaptionTime?
    for (i, cue) in doc.cues.enumerated() {
      check(cue, index: i, profile: profile, previousEnd: previousEnd, into: &sink)
      previousEnd = cue.end
    }
  }

  /// The frame rate `timing.minGapFrames` counts in: a profile has none, so the streaming rate
  /// the frame counts usually come from (Netflix TTSG, 23.976 fps).
  static let gapFrameDuration = CaptionTime(value: 1001, timescale: 24000)

  /// The profile's own findings, reported before any cue's.
  static func header(_ profile: StyleProfile, into sink: inout DiagnosticSink) {
    for f in ProfileChecker.check(profile) where f.severity >= .warning {
      sink.report(Diagnostic(code: f.code, severity: f.severity, message: "under profile \(profile.id): [\(f.ruleID)] \(f.message)"))
    }
  }

  /// One cue (`index` in the file) against the profile's layout and timing limits.
  /// `previousEnd` is the end of the cue before it in the file, for the gap check.
  static func check(_ cue: Cue, index i: Int, profile: StyleProfile, previousEnd: CaptionTime?, into sink: inout DiagnosticSink) {
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
    if let previousEnd, timing.minGapFrames > 0 {
      let gap = cue.start - previousEnd
      let minGap = CaptionTime(value: ProfileDisplayChecker.gapFrameDuration.value * Int64(timing.minGapFrames), timescale: ProfileDisplayChecker.gapFrameDuration.timescale)
      if gap > .zero, gap < minGap {
        sink.report(
          Diagnostic(
            code: "style.timing.gap-too-short", severity: .warning,
            message: "starts \(NumberFormat.fixed(gap.seconds, 3)) s after the cue before it ends, under \(timing.minGapFrames) frames (\(NumberFormat.fixed(minGap.seconds, 3)) s at 23.976 fps) under profile \(id) (CS-T03)",
            location: loc, cueIndex: i))
      }
    }
    let seconds = cue.duration.seconds
    guard seconds > 0 else { return }
    let chars = lines.reduce(0, +)
    let cps = Double(chars) / seconds
    let words = text.split { $0 == " " || $0 == "\n" }.count
    let wpm = Double(words) / seconds * 60
    if cps > timing.maxCharsPerSecond || wpm > timing.maxWordsPerMinute {
      let over = cps > timing.maxCharsPerSecond ? "\(NumberFormat.plain(timing.maxCharsPerSecond)) characters/s" : "\(NumberFormat.plain(timing.maxWordsPerMinute)) words/min"
      sink.report(
        Diagnostic(
          code: "style.timing.reading-rate", severity: .warning,
          message:
            "reading rate \(NumberFormat.fixed(cps, 1)) characters/s (\(NumberFormat.fixed(wpm, 0)) words/min) > \(over) under profile \(id) (CS-T01)",
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
