import CaptionCore

/// What a content element passes down to its children while the reader walks the body.
struct TTMLReaderContext {
  /// The region in force (the nearest `region` attribute, or an inline region), if any.
  var region: String?
  /// The nearest `region` attribute of an ancestor, which an element naming another region
  /// contradicts (TTML2 §11.3.1.3: such an element is shown in neither).
  var namedRegion: String? = nil
  /// The inline styles of `body`/`div` ancestors, folded (later ancestors win). Cues carry
  /// them in `Cue.style` so that a writer keeps them.
  var ancestorsStyle: TextStyle
  /// The parent's computed style.
  var computed: TextStyle
  /// `xml:space="preserve"` in force.
  var preserve: Bool
  /// The `ttm:agent` in force (from a `div`), as a display name.
  var agent: String?
  /// `xml:lang` in force.
  var lang: String?
  /// Non-transparent backgrounds painted so far, region first.
  var layers: [Color] = []
  /// The element each of `layers` belongs to (`TTMLStyledRun.backgroundOwners`).
  var layerOwners: [Int] = []
  /// The `style` references of `body`/`div` ancestors, outermost first; cues list them before
  /// their own.
  var ancestorRefs: [String] = []
  /// Whether the ancestors hide their content (display none, inline or through `ancestorRefs`),
  /// worked out once for each `body` and `div` rather than for each of their `p`s.
  var ancestorsHidden = false
  /// Lint suppressions (`ck:disable`) of `div` ancestors; each cue below carries them.
  var lintDirectives: [TTMLReader.LintDirective] = []
  /// Styles already computed for children of this context (see `TTMLSiblingStyleCache`).
  var siblings: TTMLSiblingStyleCache?
}
