import CaptionCore

/// `markup.unknown-tag`: a tag the cue's format does not define. WebVTT defines `c`, `i`, `b`,
/// `u`, `ruby`, `rt`, `v` and `lang` (WebVTT §4.2.2); SRT players understand `i`, `b`, `u`,
/// `font`, `s`/`strike` and `br`. Unknown tags are dropped by WebVTT parsers and shown as text by some SRT players.
///
/// Works on `Cue.sourceText`; when the format is unknown, the union of both lists is accepted.
///
/// Threshold: none.
public struct UnknownMarkupRule: LintRule {
  public init() {}
  public var id: String { "markup.unknown-tag" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "Cue text may only use the tags its format defines." }
  public var thresholdSource: String { "WebVTT §4.2.2 cue text tags; SubRip's de facto i, b, u, font, s, strike, br" }
  public var readerEquivalents: [String] { ["cuetext.unknown-tag", "tag.unknown"] }

  static let webvtt: Set<String> = ["c", "i", "b", "u", "ruby", "rt", "v", "lang"]
  /// What SRT readers (FFmpeg, players, CaptionKit's reader) take as markup: `s`/`strike`
  /// strike through, `br` a line break.
  static let srt: Set<String> = ["i", "b", "u", "font", "s", "strike", "br"]

  /// The tags a format defines (both lists when the format is unknown).
  static func known(for format: String?) -> Set<String> {
    switch format {
    case "webvtt": webvtt
    case "srt": srt
    default: webvtt.union(srt)
    }
  }

  public func check(_ input: LintRuleInput, into findings: inout [LintFinding]) {
    let known = Self.known(for: input.context.format)
    for (i, cue) in input.document.cues.enumerated() {
      guard let text = cue.markupSourceText, text.utf8.contains(UInt8(ascii: "<")) else { continue }
      if let bad = MarkupScanner.tags(text, srt: input.context.format == "srt").first(where: { !known.contains($0.name) }) {
        findings.append(LintFinding(cueIndex: i, message: "\(input.cueName(i)) uses <\(bad.name)>, which \(input.context.format ?? "the format") does not define"))
      }
    }
  }
}
