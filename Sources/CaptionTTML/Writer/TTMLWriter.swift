import CaptionCore

enum TTMLWriter {
  static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
    WriteResult(bytes: [], diagnostics: [])
  }
}
