import CaptionCore

/// The TTML family: TTML1, TTML2, IMSC 1.0–1.3 Text, DFXP, EBU-TT-D and SMPTE-TT.
///
/// Reading follows TTML2 (W3C Recommendation 2018, with the 2021 edition's errata) and reads
/// TTML1 documents as TTML2 does; writing produces IMSC 1.1 Text (default), EBU-TT-D
/// (`WriteOptions.flavor = "ebu-tt-d"`) or DFXP-compatible TTML1 (`"dfxp"`). See `docs/TTML.md`.
public struct TTMLFormat: CaptionFormat {
  public init() {}
  public var id: String { "ttml" }
  public var displayName: String { "TTML" }
  public var fileExtensions: [String] { ["ttml", "dfxp", "xml", "imsc"] }
  public var features: FeatureSupport {
    FeatureSupport(
      cueIdentifiers: true, positioning: true, regions: true, namedStyles: true, inlineColor: true,
      basicFormatting: true, voices: true, ruby: true, inlineTimestamps: false, comments: false, timeResolution: 0)
  }

  /// 95 when the prefix holds a `tt` root element in a TTML namespace; 40 for other XML.
  public func probe(_ prefix: ArraySlice<UInt8>) -> Int {
    var p = prefix
    if p.starts(with: [0xEF, 0xBB, 0xBF]) { p = p.dropFirst(3) }
    let s = String(decoding: p, as: UTF8.self)
    let hasTTNS = s.containsUTF8("http://www.w3.org/ns/ttml") || s.containsUTF8("http://www.w3.org/2006/10/ttaf1") || s.containsUTF8("http://www.w3.org/2006/04/ttaf1")
    if hasTTNS && (s.containsUTF8("<tt") || s.containsUTF8(":tt")) { return 95 }
    if let first = p.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }), first == UInt8(ascii: "<"), s.containsUTF8("<tt") {
      return 40
    }
    return 0
  }

  public func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    try TTMLReader.read(bytes, options: options, details: false).result
  }

  /// Reads a document and also returns the computed style of every run of text (with the
  /// source location of each run) and the document's significant times.
  ///
  /// - Throws: `CaptionError.fileTooLarge` when the input is over `ReadLimits.maxFileSize`.
  public func readDetails(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) throws(CaptionError) -> TTMLReadDetails {
    let o = try TTMLReader.read(bytes, options: options)
    return TTMLReadDetails(result: o.result, styledRuns: o.runs, significantTimes: o.significantTimes)
  }

  public func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    TTMLWriter.write(document, options: options)
  }

  /// `document` with what TTML2 `<initial>` elements set (kept by the reader as the parameter
  /// `captionkit:initial`) moved into the style for all cue text (the named style with the
  /// empty id: WebVTT `::cue`, the TTML writer's `body` style), under what that style already
  /// sets, and without the properties a region sets (which initial values rank below). For
  /// writing formats, or TTML flavors, that have no `<initial>`; a no-op without one.
  public static func movingInitialToGlobalStyle(_ document: CaptionDocument) -> CaptionDocument {
    guard document.metadata.parameters["captionkit:initial"] != nil else { return document }
    var initial = TTMLStyleResolver.initialOverrides(document)
    var doc = document
    doc.metadata.parameters["captionkit:initial"] = nil
    // Initial values rank below what a region sets (content inherits from its region); as a
    // body style they would rank above it, so properties any region sets are left out.
    var named = NamedStyleResolver(doc.styles)
    for r in doc.regions {
      var rs = TextStyle()
      for ref in r.styleRefs { rs = rs.merged(with: named.resolve(ref) ?? TextStyle()) }
      initial = initial.removing(propertiesSetIn: rs.merged(with: r.style))
    }
    guard !initial.isEmpty else { return doc }
    if let k = doc.styles.firstIndex(where: { $0.id.isEmpty }) {
      doc.styles[k].style = initial.merged(with: doc.styles[k].style)
    } else {
      doc.styles.insert(NamedStyle(id: "", style: initial), at: 0)
    }
    return doc
  }
}
