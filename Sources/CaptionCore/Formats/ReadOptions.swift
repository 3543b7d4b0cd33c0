/// Options common to every reader.
public struct ReadOptions: Sendable {
  /// Decode the input with this encoding instead of detecting it (`--encoding`).
  public var encoding: TextEncoding?
  /// Bounds that keep hostile input from using unbounded time or memory.
  public var limits: ReadLimits
  /// The validation profile to check against (for TTML: `imsc1.1`, `ebu-tt-d`, `ttml2`…);
  /// `nil` takes it from the document.
  public var profile: String?
  /// TTML: also check IMSC Text Profile documents against the IMSC Hypothetical Render Model
  /// (`ttml.hrm.*`; `captionkit validate` turns it on). It needs every run's computed style and
  /// a pass over every presentation, which makes reading about 1.5 times as long, so it is off
  /// by default.
  public var checksRenderModel = false

  public init(encoding: TextEncoding? = nil, limits: ReadLimits = ReadLimits(), profile: String? = nil) {
    self.encoding = encoding
    self.limits = limits
    self.profile = profile
  }
}

/// Resource limits for readers. Each limit, when hit, produces a diagnostic that names it and
/// the command-line flag that raises it.
public struct ReadLimits: Sendable, Hashable {
  /// Largest input accepted, in bytes (`--max-file-size`). Default 512 MiB.
  public var maxFileSize: Int = 512 << 20
  /// Deepest nesting of cue-text or XML elements kept; deeper markup is flattened to its text
  /// and reported. Default 256.
  public var maxNestingDepth: Int = 256
  /// Most elements in one cue's text (`--max-cue-elements`): SRT and WebVTT tags (and WebVTT
  /// inline timestamps), TTML spans. Later ones are flattened into their parent, their text
  /// kept, and reported once per cue. Bounds the memory of a cue built to be hostile (a line of
  /// millions of `<b>` tags, a `p` of millions of spans): each element costs about 150 bytes in
  /// the model, and about ten times that while encoded as JSON. Default 10,000 (real cues hold
  /// a few).
  public var maxCueElements: Int = 10_000
  /// TTML: most bytes of style, style reference, language, agent and `ck:disable` text that one
  /// `<style>`, region, `body` or `div`, or cue carries, its own and what it inherits, and of
  /// agent names one cue's spans take from the head (`--max-cue-attribute-text`). A value stated
  /// once applies to every cue below or naming it, and each writer repeats it for each cue:
  /// without a bound, a 1 MB `ttm:role` on a `div` of 22,000 `p`s became 22 GB of JSON. What
  /// does not fit is dropped, `ttml.content.cue-attributes-too-long`. Default 1,024 (the
  /// corpus's cues carry at most 79).
  public var maxCueAttributeText: Int = 1024
  /// Most diagnostics kept per file. Default 10,000.
  public var maxDiagnostics: Int = 10_000
  /// TTML: most cue-text nodes built, over the whole document, for `p`s whose content changes
  /// while shown (each interval between changes becomes a cue holding all of the `p`'s content
  /// active then, so a `p` with many timed spans multiplies its content); every 16 bytes of
  /// text count as one node more, and each interval one node more for every 16 children of the
  /// `p` (the work of finding what is shown in it). Default 1,000,000, which the TTML reader raises
  /// to four nodes per input byte for larger documents (a value set here is used as given)
  /// (`--max-timed-content`). A `p` that would pass it, or that changes more than 10,000
  /// times, becomes one cue from its begin to its end with all its content, reported as
  /// `ttml.timing.too-many-changes`. (At 4,000,000, 52 KB of spans that begin one after another
  /// and never end made 313 MB of JSON.)
  public var maxTimedContentNodes: Int = 1_000_000
  /// SRT and WebVTT: longest line, in bytes, read without a warning (`--max-line-length`).
  /// A longer line is still read whole (reading stays linear in its length) and reported as
  /// `srt.line.too-long` or `webvtt.line.too-long`: no caption line is that long, so it marks a
  /// file that is not what it claims, or one built to be hostile. Default 1 MiB.
  public var maxLineLength: Int = 1 << 20
  /// TTML: most XML elements read (`--max-xml-elements`); past it reading stops with
  /// `ttml.xml.too-many-elements`. Bounds the tree's memory. Default 4,000,000.
  public var maxXMLElements: Int = 4_000_000
  /// TTML: most attributes on one element (`--max-xml-attributes`); the document is read up
  /// to an element with more, `ttml.xml.too-many-attributes` (libxml2's duplicate check is
  /// quadratic in this number). Default 1,000.
  public var maxXMLAttributes: Int = 1_000
  /// TTML: longest attribute value kept, in UTF-8 bytes (`--max-attribute-length`); the rest
  /// is ignored, `ttml.xml.attribute-too-long`. Default 1 MiB.
  public var maxAttributeLength: Int = 1 << 20
  /// TTML: most bytes entity references may add to a document (`--max-entity-expansion`);
  /// past it reading stops, `ttml.xml.entity-expansion-limit` ("billion laughs"). Default 1 MiB.
  public var maxEntityExpansion: Int = 1 << 20

  public init() {}

  /// The message for a line over `maxLineLength`.
  public func longLineMessage(_ length: Int) -> String {
    "line is \(length) bytes long, over the \(maxLineLength)-byte line limit; it is read whole (raise the limit with --max-line-length)"
  }
}
