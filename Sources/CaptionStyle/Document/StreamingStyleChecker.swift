import CaptionCore

/// `DocumentStyleChecker.check` for a file read cue by cue: give it the header, then each cue
/// in source order; `finish()` returns the same diagnostics, in the same order and under the
/// same cap, as checking the whole document.
///
/// Memory: the header's styles, the appearances already judged and the diagnostics (at most
/// the checker's cap of 2,000), never the cues.
public struct StreamingStyleChecker {
  private var authored: DocumentStyleChecker.AuthoredWalk
  private let profile: StyleProfile?
  // The whole-document check reports every authored finding, then the profile's; here both go
  // on side by side and are joined in `finish`.
  private var authoredSink = DiagnosticSink(limit: DocumentStyleChecker.diagnosticLimit)
  private var displaySink = DiagnosticSink(limit: DocumentStyleChecker.diagnosticLimit)
  private var count = 0

  /// - Parameters:
  ///   - header: the document without (or before) its cues: style sheets, styles, regions,
  ///     parameters.
  ///   - profile: also check the file as displayed under this profile (see
  ///     `DocumentStyleChecker`).
  ///   - defaults: the player's defaults (`RendererDefaults.forFormat`).
  /// The end of the cue added before (for the profile's gap check).
  private var previousEnd: CaptionTime?

  public init(header: CaptionDocument, profile: StyleProfile?, defaults: RendererDefaults) {
    // Under a profile, authored colours sit on the profile's box where they have none.
    authored = DocumentStyleChecker.AuthoredWalk(
      header, validation: profile?.validation ?? StyleProfile.Validation(), defaults: profile.map { defaults.underProfile($0) } ?? defaults)
    self.profile = profile
    if let profile { ProfileDisplayChecker.header(profile, into: &displaySink) }
  }

  /// The next cue in source order.
  public mutating func add(_ cue: Cue) {
    authored.check(cue, index: count, into: &authoredSink)
    if let profile { ProfileDisplayChecker.check(cue, index: count, profile: profile, previousEnd: previousEnd, into: &displaySink) }
    previousEnd = cue.end
    count += 1
  }

  /// The diagnostics, as `DocumentStyleChecker.check` of the whole document gives them.
  public func finish() -> [Diagnostic] {
    var sink = DiagnosticSink(limit: DocumentStyleChecker.diagnosticLimit)
    sink.absorb(authoredSink)
    sink.absorb(displaySink)
    return sink.finished
  }
}
