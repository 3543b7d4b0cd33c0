import CaptionCore

/// SubRip (SRT).
public struct SubRipFormat: CaptionFormat {
  public init() {}
  public var id: String { "srt" }
  public var displayName: String { "SubRip (SRT)" }
  public var fileExtensions: [String] { ["vtt", "srt"] }
  public var features: FeatureSupport {
    FeatureSupport(
      cueIdentifiers: true, positioning: true, regions: true, namedStyles: true, inlineColor: false,
      basicFormatting: true, voices: true, ruby: true, inlineTimestamps: true, comments: true, timeResolution: 1000)
  }

  public func probe(_ prefix: ArraySlice<UInt8>) -> Int {
    var p = prefix
    if p.starts(with: [0xEF, 0xBB, 0xBF]) { p = p.dropFirst(3) }
    return 0
  }

  public func read(_ bytes: [UInt8], options: ReadOptions) throws(CaptionError) -> ReadResult {
    ReadResult(document: CaptionDocument(), diagnostics: [])
  }

  public func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    WriteResult(bytes: Array("".utf8), diagnostics: [])
  }
}
