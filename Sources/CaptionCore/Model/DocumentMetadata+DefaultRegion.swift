extension DocumentMetadata {
  /// The `parameters` key with which the TTML reader marks a document that defines no region
  /// (value `implied`): its cues are read unplaced, the TTML writer writes it back without a
  /// layout, and the SRT and WebVTT writers say where its text goes.
  public static let defaultRegionKey = "captionkit:default-region"

  /// Whether the document was read from TTML that defines no region (see `defaultRegionKey`).
  public var readWithoutRegions: Bool {
    get { parameters[Self.defaultRegionKey] == "implied" }
    set { parameters[Self.defaultRegionKey] = newValue ? "implied" : nil }
  }

  /// What the SRT and WebVTT writers report for such a document.
  public static let unplacedDefaultRegionNote =
    "the TTML document defines no region: a TTML processor shows its text at the top of the frame (the implied default region); it is written without a position, so players put it at the bottom, as other converters do"
}
