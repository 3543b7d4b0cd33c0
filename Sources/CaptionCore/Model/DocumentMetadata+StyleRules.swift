extension DocumentMetadata {
  /// The `parameters` key with which the WebVTT reader notes the `STYLE` selectors it could not
  /// map to named styles (`#c1, b, v[voice="Esme"]`, comma-separated): a writer that carries
  /// only named styles (TTML) reports them as dropped, while WebVTT keeps the style sheet whole.
  public static let unmappedStyleRulesKey = "captionkit:unmapped-css"
}
