extension Region {
  /// The region's full style: its referenced styles (`basedOn` chains resolved by `resolver`),
  /// then its own properties.
  public func resolvedStyle(_ resolver: inout NamedStyleResolver) -> TextStyle {
    var s = TextStyle()
    for id in styleRefs {
      if let r = resolver.resolve(id) { s = s.merged(with: r) }
    }
    return s.merged(with: style)
  }

  /// The style a writer of a format whose regions hold no style (SRT, WebVTT) puts beneath
  /// each cue in the region: the inherited properties but the text alignment (which the cue's
  /// settings carry), and the region's background colour, faded by its opacity, when it is not
  /// transparent: such formats can only draw it behind the text (without it, a region's dark
  /// text would lose the light box it was written for).
  /// Content flowed into a region inherits from it (TTML2 §10.4: a region's computed style is
  /// the parent of the content it presents).
  public func cueTextStyle(_ resolver: inout NamedStyleResolver) -> TextStyle {
    let full = resolvedStyle(&resolver)
    var s = full.inheritable
    // The region's alignment is the cue's own setting in those formats.
    s.textAlign = nil
    if var bg = full.backgroundColor, bg.alpha > 0 {
      // `tts:opacity` on the region fades its whole area, background included.
      if let o = full.opacity { bg.alpha = UInt8((Double(bg.alpha) * max(0, min(1, o))).rounded()) }
      if bg.alpha > 0 { s.backgroundColor = bg }
    }
    return s
  }
}

extension CaptionDocument {
  /// `Region.cueTextStyle` of every region that gives its cues one, by id (the first
  /// definition of an id winning, as in `region(id:)`).
  public func regionCueTextStyles(_ resolver: inout NamedStyleResolver) -> [String: TextStyle] {
    var map: [String: TextStyle] = [:]
    var seen: Set<String> = []
    for r in regions where seen.insert(r.id).inserted {
      let s = r.cueTextStyle(&resolver)
      if !s.isEmpty { map[r.id] = s }
    }
    return map
  }
}
