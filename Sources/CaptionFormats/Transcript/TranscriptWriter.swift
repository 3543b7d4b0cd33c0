import CaptionCore

/// Lays out a transcript from cues.
///
/// - Cues are taken in presentation order (start time, then source order). A cue whose text
///   repeats the previous cue's exactly (roll-up and paint-on captions) is skipped.
/// - Each cue is split into segments by voice span; text outside any voice span keeps the
///   speaker of the previous segment in the same cue, or none.
/// - Segments join into paragraphs: a paragraph continues while the speaker stays the same and
///   the next cue starts less than `paragraphGap` (3 s) after the previous one ended. Lines of
///   a cue are joined with spaces; a line starting with a dialogue dash (`- `) starts a new
///   paragraph.
/// - Plain text: `Name: text`, paragraphs separated by a blank line; the title first if known.
///   Markdown: `# Title`, `**Name:** text`, with Markdown punctuation escaped.
/// - `timestamps`: `[h:mm:ss] ` (Markdown: `` `h:mm:ss` ``) before each paragraph.
///
/// Timing (except with `timestamps`), positions and styles are not kept; one info diagnostic
/// `transcript.write.layout-dropped` says so. Ruby annotations are left out of the reading,
/// said once with the count of cues (`transcript.write.ruby-dropped`, a warning: text is lost).
struct TranscriptWriter {
  let style: TranscriptFormat.Style
  let timestamps: Bool
  let lineEnding: String
  let paragraphGap = CaptionTime(value: 3, timescale: 1)

  struct Paragraph {
    var speaker: String?
    var start: CaptionTime
    var text: String
  }

  func write(_ document: CaptionDocument) -> WriteResult {
    let order = document.cues.indices.sorted { (document.cues[$0].start, $0) < (document.cues[$1].start, $1) }
    var paragraphs: [Paragraph] = []
    var lastEnd: CaptionTime?
    var lastText: String?
    var rubyCues = 0
    var firstRubyCue = 0
    for i in order {
      let cue = document.cues[i]
      let plain = cue.plainText
      if plain == lastText { continue }
      lastText = plain
      var speaker: String?
      var first = true
      let (cueSegments, droppedRuby) = segments(cue.content)
      if droppedRuby {
        if rubyCues == 0 { firstRubyCue = i }
        rubyCues += 1
      }
      for segment in cueSegments {
        if let s = segment.speaker { speaker = s }
        for line in segment.lines {
          let trimmed = collapse(line)
          if trimmed.isEmpty { continue }
          let dash = trimmed.hasPrefix("- ") || trimmed.hasPrefix("– ")
          let text = dash ? String(trimmed.dropFirst(2)) : trimmed
          let continues: Bool
          if let last = paragraphs.last, !dash, last.speaker == speaker {
            continues = !first || (lastEnd.map { cue.start - $0 < paragraphGap } ?? false)
          } else {
            continues = false
          }
          if continues {
            paragraphs[paragraphs.count - 1].text += " " + text
          } else {
            paragraphs.append(Paragraph(speaker: speaker, start: cue.start, text: text))
          }
          first = false
        }
      }
      if lastEnd.map({ cue.end > $0 }) ?? true { lastEnd = cue.end }
    }
    var out: [String] = []
    if let title = document.metadata.title, !title.isEmpty {
      out.append(style == .markdown ? "# " + escape(title) : title)
      out.append("")
    }
    for (k, p) in paragraphs.enumerated() {
      if k > 0 { out.append("") }
      var line = ""
      if timestamps { line += style == .markdown ? "`\(clock(p.start))` " : "[\(clock(p.start))] " }
      if let s = p.speaker, !s.isEmpty { line += style == .markdown ? "**\(escape(s)):** " : "\(s): " }
      line += style == .markdown ? escape(p.text) : p.text
      out.append(line)
    }
    let text = out.isEmpty ? "" : out.joined(separator: lineEnding) + lineEnding
    let note = Diagnostic(
      code: "transcript.write.layout-dropped", severity: .info,
      message: timestamps ? "cue end times, positions and styles are not kept in a transcript" : "cue times, positions and styles are not kept in a transcript (add --flavor timestamps for start times)")
    var diagnostics = document.cues.isEmpty ? [] : [note]
    if rubyCues > 0 {
      diagnostics.append(Diagnostic(
        code: "transcript.write.ruby-dropped", severity: .warning,
        message: "ruby annotations are left out of the transcript (\(rubyCues == 1 ? "1 cue" : "\(rubyCues) cues"), first: cue \(firstRubyCue + 1)); the base text is kept"))
    }
    return WriteResult(bytes: Array(text.utf8), diagnostics: diagnostics)
  }

  struct Segment {
    var speaker: String?
    var lines: [String]
  }

  /// Splits cue text into voice segments, each a list of lines; `droppedRuby` says whether
  /// ruby annotations were left out.
  func segments(_ nodes: [CueNode]) -> (segments: [Segment], droppedRuby: Bool) {
    var out: [Segment] = [Segment(speaker: nil, lines: [""])]
    var droppedRuby = false
    func append(_ s: String, speaker: String?) {
      let current = out[out.count - 1]
      if current.speaker != speaker {
        if current.lines.allSatisfy({ $0.isEmpty }) {
          out[out.count - 1].speaker = speaker
        } else {
          out.append(Segment(speaker: speaker, lines: [""]))
        }
      }
      out[out.count - 1].lines[out[out.count - 1].lines.count - 1] += s
    }
    func walk(_ ns: [CueNode], speaker: String?, depth: Int) {
      guard depth < 64 else {
        // Deeper markup is flattened to its text (ruby annotations aside), not walked on.
        let text = ns.plainTextWithoutRuby
        if text != ns.plainText { droppedRuby = true }
        for (k, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          if k > 0 { out[out.count - 1].lines.append("") }
          append(String(part), speaker: speaker ?? out[out.count - 1].speaker)
        }
        return
      }
      for n in ns {
        switch n {
        case .text(let s): append(s, speaker: speaker ?? out[out.count - 1].speaker)
        case .lineBreak: out[out.count - 1].lines.append("")
        case .timestamp: break
        case .element(let e):
          if case .voice(let name) = e.kind {
            walk(e.children, speaker: name.isEmpty ? speaker : name, depth: depth + 1)
          } else if case .rubyText = e.kind {
            droppedRuby = droppedRuby || !e.children.plainText.isEmpty
            continue  // ruby annotations would interrupt the reading
          } else {
            walk(e.children, speaker: speaker, depth: depth + 1)
          }
        }
      }
    }
    walk(nodes, speaker: nil, depth: 0)
    return (out.filter { !$0.lines.allSatisfy { $0.isEmpty } }, droppedRuby)
  }

  func collapse(_ s: String) -> String {
    s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  /// `h:mm:ss`, rounded down to the second.
  func clock(_ t: CaptionTime) -> String {
    let ms = max(0, t.roundedMilliseconds)
    let s = ms / 1000
    let h = s / 3600, m = s / 60 % 60, sec = s % 60
    return "\(h):\(m < 10 ? "0" : "")\(m):\(sec < 10 ? "0" : "")\(sec)"
  }

  /// Escapes Markdown punctuation so caption text shows literally (`[music]`, `*sighs*`,
  /// `~~~`, `&copy;`), and what would start a block at the beginning of the text (a heading
  /// `#`, a list `-`, `+` or `2024.`, a setext underline `=`). Line breaks become spaces: each
  /// paragraph and the title are one line.
  func escape(_ s: String) -> String {
    // By code point: "*" with a combining mark after it is one Character, and still emphasis.
    var out = ""
    var leadingDigits = 0
    var onlyDigitsSoFar = true
    for (k, u) in s.unicodeScalars.enumerated() {
      switch u {
      case "\\", "*", "_", "`", "[", "]", "<", ">", "|", "~", "&":
        out.append("\\")
        out.unicodeScalars.append(u)
      case "#", "-", "+", "=":
        if k == 0 { out.append("\\") }
        out.unicodeScalars.append(u)
      case ".", ")":
        // `2024. A year` would start an ordered list.
        if onlyDigitsSoFar, leadingDigits > 0 { out.append("\\") }
        out.unicodeScalars.append(u)
      case "\n", "\r":
        out.append(" ")
      default:
        out.unicodeScalars.append(u)
      }
      if onlyDigitsSoFar, ("0"..."9").contains(u) { leadingDigits += 1 } else { onlyDigitsSoFar = false }
    }
    return out
  }
}
