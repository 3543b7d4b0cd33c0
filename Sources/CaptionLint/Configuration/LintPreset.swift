import CaptionCore

/// A named set of thresholds and rule switches, with the published source of every number.
///
/// The figures come from the guidelines summarised in
/// `docs/reference/caption-styling-and-contrast.md` §2.5 (Netflix Timed Text Style Guide, BBC
/// Subtitle Guidelines, Ofcom, FCC 79.102 / CEA-608, DCMP Captioning Key). `streaming` is the
/// default: it is what most delivery specs a new user meets ask for.
public struct LintPreset: Sendable, Hashable {
  /// The name used on the command line and in `.captionkit.json`.
  public var id: String
  /// One line for `--help` and docs.
  public var summary: String
  /// The thresholds.
  public var thresholds: LintThresholds
  /// Rules that are off by default but this preset turns on (the CEA-608 rules).
  public var enabledRules: Set<String>
  /// Where each number comes from, by threshold name.
  public var sources: [String: String]

  public init(id: String, summary: String, thresholds: LintThresholds, enabledRules: Set<String> = [], sources: [String: String]) {
    self.id = id
    self.summary = summary
    self.thresholds = thresholds
    self.enabledRules = enabledRules
    self.sources = sources
  }

  /// The preset a run uses when nothing names one.
  public static let defaultID = "streaming"

  /// The built-in presets, the default first.
  public static let builtIn: [LintPreset] = [streaming, broadcast, cea608] + dcmpLevels

  /// The preset with this id, if built in.
  public static func named(_ id: String) -> LintPreset? { builtIn.first { $0.id == id } }

  /// Netflix Timed Text Style Guide (general requirements and the English template): 42
  /// characters per line, 2 lines, 17 characters per second (200 wpm) for adult programmes,
  /// durations 5/6 s to 7 s, a 2-frame minimum gap.
  public static let streaming = LintPreset(
    id: "streaming", summary: "Netflix TTSG: 42 chars, 2 lines, 17 cps / 200 wpm, 5/6–7 s, 2-frame gaps",
    thresholds: LintThresholds(
      minDuration: CaptionTime(value: 5, timescale: 6), maxDuration: CaptionTime(value: 7, timescale: 1),
      minGapFrames: 2, maxCharactersPerSecond: 17, maxWordsPerMinute: 200, maxCharactersPerLine: 42, maxLinesPerCue: 2,
      allowsChainedCues: false),
    sources: [
      "maxCharactersPerLine": "Netflix TTSG general requirements: 42 characters per line",
      "maxLinesPerCue": "Netflix TTSG general requirements: 2 lines",
      "maxCharactersPerSecond": "Netflix TTSG English template: adult programmes 17 characters per second",
      "maxWordsPerMinute": "Netflix TTSG English template: adult programmes 200 words per minute",
      "minDuration": "Netflix TTSG: minimum duration 5/6 second (20 frames at 24 fps)",
      "maxDuration": "Netflix TTSG: maximum duration 7 seconds",
      "minGapFrames": "Netflix TTSG: 2 frames minimum gap between subtitles",
      "allowChainedCues": "Netflix TTSG: the 2-frame gap applies between all subtitles, chained ones too (Subtitle Edit's Netflix check flags a gap of 0)",
    ])

  /// UK broadcast (BBC Subtitle Guidelines, Ofcom/ITC guidance): at most 180 words per minute
  /// for pre-recorded programmes, 2 lines, about 37 characters (68% of a 16:9 width), 25 fps.
  public static let broadcast = LintPreset(
    id: "broadcast", summary: "BBC/Ofcom: 180 wpm, 2 lines, 37 chars (68% of 16:9 width), 25 fps",
    thresholds: LintThresholds(
      minDuration: CaptionTime(value: 5, timescale: 6), maxDuration: CaptionTime(value: 7, timescale: 1),
      minGapFrames: 2, frameRate: FrameRate(25)!, maxCharactersPerSecond: nil, maxWordsPerMinute: 180,
      maxCharactersPerLine: 37, maxLinesPerCue: 2),
    sources: [
      "maxWordsPerMinute": "BBC Subtitle Guidelines and Ofcom: 160–180 wpm for pre-recorded programmes (upper bound)",
      "maxLinesPerCue": "BBC Subtitle Guidelines and Ofcom: 2 lines, 3 only if nothing important is covered",
      "maxCharactersPerLine": "BBC Subtitle Guidelines: line length at most 68% of a 16:9 width, about 37 characters at the standard size",
      "frameRate": "UK broadcast: 25 fps",
      "minDuration": "No BBC/Ofcom figure in the reference notes; the streaming figure (5/6 s) is kept",
      "maxDuration": "No BBC/Ofcom figure in the reference notes; the streaming figure (7 s) is kept",
      "minGapFrames": "No BBC/Ofcom figure in the reference notes; the streaming figure (2 frames) is kept",
    ])

  /// CEA-608 (line 21) captions: 32 columns and 4 rows (FCC 79.102, CEA-608), with the
  /// 608 rules on.
  public static let cea608 = LintPreset(
    id: "cea608", summary: "CEA-608: 32 columns, 4 rows, 608 rules on, 29.97 fps",
    thresholds: LintThresholds(
      minDuration: CaptionTime(value: 5, timescale: 6), maxDuration: nil, minGapFrames: 2,
      frameRate: FrameRate(30000, 1001)!, maxCharactersPerSecond: nil, maxWordsPerMinute: nil,
      maxCharactersPerLine: 32, maxLinesPerCue: 4),
    enabledRules: ["cea608.columns", "cea608.rows"],
    sources: [
      "cea608Columns": "CEA-608 and FCC 79.102: 32 characters per row (4:3)",
      "cea608Rows": "FCC 79.102: at most 4 rows displayed",
      "maxCharactersPerLine": "CEA-608: 32 columns",
      "maxLinesPerCue": "FCC 79.102: 4 rows",
      "frameRate": "NTSC: 30000/1001 fps",
      "minDuration": "No 608 figure; the streaming figure (5/6 s) is kept",
    ])

  /// The DCMP Captioning Key reading-rate levels, each with DCMP's 32-character line and 2 lines.
  public static let dcmpLevels: [LintPreset] = [
    dcmp("dcmp-educational", "DCMP lower/middle educational: 130 wpm", wpm: 130, source: "DCMP Captioning Key: 120–130 wpm for lower and middle level educational media (upper bound)"),
    dcmp("dcmp-children", "DCMP children's cultural movies: 150 wpm", wpm: 150, source: "DCMP Captioning Key: 150 wpm for children's cultural movies"),
    dcmp("dcmp-adult", "DCMP adult special interest: 160 wpm", wpm: 160, source: "DCMP Captioning Key: 150–160 wpm for adult special-interest media (upper bound)"),
    dcmp("dcmp-cultural", "DCMP adult cultural movies: 225 wpm, never under 2 s", wpm: 225, minDuration: CaptionTime(value: 2, timescale: 1), source: "DCMP Captioning Key: adult cultural movies near-verbatim but at most 225 wpm and never under 2 s on screen"),
  ]

  static func dcmp(_ id: String, _ summary: String, wpm: Double, minDuration: CaptionTime? = nil, source: String) -> LintPreset {
    LintPreset(
      id: id, summary: summary + ", 32 chars, 2 lines",
      thresholds: LintThresholds(
        minDuration: minDuration ?? CaptionTime(value: 5, timescale: 6), maxDuration: CaptionTime(value: 7, timescale: 1),
        minGapFrames: 2, frameRate: FrameRate(30000, 1001)!, maxCharactersPerSecond: nil, maxWordsPerMinute: wpm,
        maxCharactersPerLine: 32, maxLinesPerCue: 2),
      sources: [
        "maxWordsPerMinute": source,
        "maxCharactersPerLine": "DCMP Captioning Guidelines: 32-character line",
        "maxLinesPerCue": "DCMP Captioning Key: 2 lines",
        "minDuration": minDuration != nil ? source : "No DCMP figure for this level; the streaming figure (5/6 s) is kept",
        "maxDuration": "No DCMP figure; the streaming figure (7 s) is kept",
        "minGapFrames": "No DCMP figure; the streaming figure (2 frames) is kept",
      ])
  }
}
