extension Region {
  /// The text style that content flowed into this region inherits from it (TTML2 §10.4: a
  /// region's computed style is the parent of the content it presents): its referenced styles
  /// (`basedOn` chains resolved by `resolver`), then its own, inherited properties only.
  /// Empty when the region sets none. Writers of formats whose regions hold no text style
  /// (SRT, WebVTT) apply it beneath each cue's own style.
  public func inheritedTextStyle(_ resolver: inout NamedStyleResolver) -> TextStyle {
    var s = TextStyle()
    for id in styleRefs {
      if let r = resolver.resolve(id) { s = s.merged(with: r) }
    }
    return s.merged(with: style).inheritable
  }
}
