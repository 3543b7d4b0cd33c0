import CaptionKit
import Foundation

/// The `validate --format json` report, schema `captionkit.validate` version 1
/// (documented in `docs/json-schema.md`).
struct ValidationReport: Encodable {
  struct FileEntry: Encodable {
    let path: String
    let format: String?
    let encoding: String?
    let cueCount: Int?
    /// An I/O or detection error that stopped the file from being read, if any.
    let error: String?
    /// The file's own failing severity (from its `.captionkit.json`), only when it differs
    /// from the summary's `failOn`.
    let failOn: String?
    let diagnostics: [DiagnosticEntry]
  }

  struct DiagnosticEntry: Encodable {
    let code: String
    let severity: String
    let message: String
    let line: Int?
    let column: Int?
    let offset: Int?
    let cueIndex: Int?

    init(_ d: Diagnostic) {
      code = d.code
      severity = d.severity.rawValue
      message = d.message
      line = d.location?.line
      column = d.location?.column
      offset = d.location?.offset
      cueIndex = d.cueIndex
    }
  }

  struct Summary: Encodable {
    let files: Int
    let filesWithErrors: Int
    let errors: Int
    let warnings: Int
    let infos: Int
    let failOn: String
    let passed: Bool
  }

  let schema = "captionkit.validate"
  let schemaVersion = 1
  let tool = "captionkit \(CaptionTool.version)"
  let files: [FileEntry]
  let summary: Summary

  func encoded() -> [UInt8] {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array((try? e.encode(self)) ?? Data()) + [0x0A]
  }
}
