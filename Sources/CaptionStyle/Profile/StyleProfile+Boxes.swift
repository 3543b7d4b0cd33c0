extension StyleProfile {
  /// The per-line box behind the glyphs (`background` group): 708 pen background, Apple and
  /// Android background, cue `background-color`, span `tts:backgroundColor`.
  public struct Background: Sendable, Hashable {
    public var color: RGB = .black
    public var opacity: Double = 1
    /// Inline padding in em (`ebutts:linePadding`).
    public var paddingInline: Double = 0.25
    /// Whether the box fills the gap between lines (`itts:fillLineGap`).
    public var fillLineGap: Bool = true

    public init() {}
  }

  /// The box behind all lines (`window` group): 708 window fill, Apple and Android window,
  /// region `tts:backgroundColor`.
  public struct Window: Sendable, Hashable {
    public var color: RGB = .black
    public var opacity: Double = 0
    /// Corner radius in em.
    public var cornerRadius: Double = 0
    /// Padding in em.
    public var padding: Double = 0

    public init() {}
  }
}
