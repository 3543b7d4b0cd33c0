import CaptionCore

/// WebVTT (W3C WebVTT: The Web Video Text Tracks Format).
public struct WebVTTFormat: CaptionFormat {
  public init() {}
  public var id: String { "webvtt" }
  public var displayName: String { "WebVTT" }
  public var fileExtensions: [String] { ["vtt", "webvtt"] }
  public var features: FeatureSupport {
    FeatureSupport(
      cueIdentifiers: true, positioning: true, regions: true, namedStyles: true, inlineColor: false,
      basicFormatting: true, voices: true, ruby: true, inlineTimestamps: true, comments: true, timeResolution: 1000)
  }

  public func probe(_ prefix: ArraySlice<UInt8>) -> Int {
    var p = prefix
    if p.starts(with: [0xEF, 0xBB, 0xBF]) { p = p.dropFirst(3) }
    return p.starts(with: Array("WEBVTT".utf8)) ? 100 : 0
  }

  public func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    ReadResult(document: CaptionDocument(), diagnostics: [])
  }

  public func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    WriteResult(bytes: Array("WEBVTT\n".utf8), diagnostics: [])
  }
}
