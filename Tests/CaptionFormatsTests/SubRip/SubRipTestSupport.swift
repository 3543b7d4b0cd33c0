import CaptionCore
import CaptionFormats

/// Helpers for the SRT tests.
enum SRT {
  static func read(_ text: String, options: ReadOptions = ReadOptions()) -> ReadResult {
    read(Array(text.utf8), options: options)
  }

  static func read(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) -> ReadResult {
    do {
      return try SubRipFormat().read(bytes, options: options)
    } catch {
      return ReadResult(document: CaptionDocument(), diagnostics: [Diagnostic(code: "test.threw", severity: .error, message: "\(error)")])
    }
  }

  static func write(_ doc: CaptionDocument, options: WriteOptions = WriteOptions()) -> (text: String, diagnostics: [Diagnostic]) {
    let r = SubRipFormat().write(doc, options: options)
    return (String(decoding: r.bytes, as: UTF8.self), r.diagnostics)
  }

  static func ms(_ v: Int64) -> CaptionTime { CaptionTime(milliseconds: v) }

  /// The document with cue identifiers replaced by their sequence numbers, which is what the
  /// writer does (and reports as `srt.write.id-replaced`).
  static func renumbered(_ d: CaptionDocument) -> CaptionDocument {
    var d = d
    for k in d.cues.indices { d.cues[k].id = String(k + 1) }
    return d
  }
}

extension ReadResult {
  /// The diagnostics with this code.
  func diagnostics(_ code: String) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
  var cues: [Cue] { document.cues }
}
