/// The namespace URIs of the TTML family (TTML2 §5.3, IMSC 1.1 §6.3, EBU-TT-D §3.2, SMPTE ST 2052-1).
public enum TTMLNamespace {
  public static let tt = "http://www.w3.org/ns/ttml"
  public static let parameter = "http://www.w3.org/ns/ttml#parameter"
  public static let styling = "http://www.w3.org/ns/ttml#styling"
  public static let metadata = "http://www.w3.org/ns/ttml#metadata"
  public static let feature = "http://www.w3.org/ns/ttml#feature"
  public static let audio = "http://www.w3.org/ns/ttml#audio"
  public static let xml = "http://www.w3.org/XML/1998/namespace"
  public static let imscStyling = "http://www.w3.org/ns/ttml/profile/imsc1#styling"
  public static let imscParameter = "http://www.w3.org/ns/ttml/profile/imsc1#parameter"
  public static let imscMetadata = "http://www.w3.org/ns/ttml/profile/imsc1#metadata"
  public static let ebuStyling = "urn:ebu:tt:style"
  public static let ebuMetadata = "urn:ebu:tt:metadata"
  public static let smpte2010 = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"
  public static let smpte2013 = "http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt"
  /// CaptionKit's lint suppressions: `<ck:disable xmlns:ck="urn:captionkit:lint">RULE…</ck:disable>`
  /// inside a `metadata` element (docs/Lint.md).
  public static let captionkitLint = "urn:captionkit:lint"

  /// The 2006 DFXP (TTML candidate recommendation) namespaces, read as their TTML1 equivalents.
  static let legacy: [String: String] = [
    "http://www.w3.org/2006/10/ttaf1": tt,
    "http://www.w3.org/2006/10/ttaf1#styling": styling,
    "http://www.w3.org/2006/10/ttaf1#style": styling,
    "http://www.w3.org/2006/10/ttaf1#parameter": parameter,
    "http://www.w3.org/2006/10/ttaf1#metadata": metadata,
    "http://www.w3.org/2006/04/ttaf1": tt,
    "http://www.w3.org/2006/04/ttaf1#styling": styling,
    "http://www.w3.org/2006/04/ttaf1#parameter": parameter,
    "http://www.w3.org/2006/04/ttaf1#metadata": metadata,
  ]

  /// Every namespace above by URI, so a parser can store the constant itself: Swift compares
  /// two strings that share storage without reading their bytes, and the readers and the
  /// validator compare namespaces with these constants on every attribute.
  static let shared: [String: String] = {
    let all = [
      tt, parameter, styling, metadata, feature, audio, xml, imscStyling, imscParameter, imscMetadata, ebuStyling,
      ebuMetadata, smpte2010, smpte2013, captionkitLint,
    ]
    return Dictionary(uniqueKeysWithValues: all.map { ($0, $0) })
  }()

  /// Whether a namespace belongs to TTML itself (its vocabulary is closed: unknown names are errors).
  static func isTTML(_ ns: String) -> Bool {
    ns == tt || ns == parameter || ns == styling || ns == metadata || ns == feature || ns == audio
  }
}
