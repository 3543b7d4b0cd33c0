import CaptionCore

enum WebVTTWriter {
  static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    WriteResult(bytes: Array("WEBVTT\n".utf8), diagnostics: [])
  }
}
