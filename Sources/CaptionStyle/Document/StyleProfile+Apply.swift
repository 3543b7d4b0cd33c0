import CaptionCore

extension StyleProfile {
  /// Writes this profile into a document, for `captionkit convert IN OUT --profile P`.
  ///
  /// - Appends a `::cue { … }` rule to `styleSheets` (what a WebVTT writer emits in a `STYLE`
  ///   block).
  /// - Adds a named style with the profile's id (`textStyle`) and puts it first in every cue's
  ///   `styleRefs` (what a TTML writer emits as `<style>` and `p/@style`); authored styles keep
  ///   precedence for the properties they set, as `::cue(.class)` rules do over `::cue`.
  /// - Adds a window style `<id>-window` to every region's `styleRefs` when the window is visible.
  ///
  /// - Parameter format: the output format id (`webvtt`, `ttml`, `srt`…), to report what it
  ///   cannot hold; `nil` reports nothing format-specific.
  /// - Returns: the document and the loss report (`style.export.*`, `style.apply.*` codes).
  public func apply(to document: CaptionDocument, format: String? = nil) -> (CaptionDocument, [Diagnostic]) {
    var doc = document
    var diags: [Diagnostic] = []
    let (css, cssDiags) = WebVTTStyleExporter.css(self)
    doc.styleSheets.append("/* caption style profile \(id) */\n" + css)
    doc.styles.removeAll { $0.id == id || $0.id == id + "-window" }
    doc.styles.append(NamedStyle(id: id, style: textStyle))
    for i in doc.cues.indices where !doc.cues[i].styleRefs.contains(id) {
      doc.cues[i].styleRefs.insert(id, at: 0)
    }
    if window.opacity > 0 {
      if doc.regions.isEmpty {
        if format != "webvtt" {
          diags.append(
            Diagnostic(
              code: "style.apply.window-without-region", severity: .info,
              message: "the document has no regions, so the profile's window (\(Paint(window.color, opacity: window.opacity))) is not written"))
        }
      } else {
        doc.styles.append(NamedStyle(id: id + "-window", style: windowStyle))
        for i in doc.regions.indices where !doc.regions[i].styleRefs.contains(id + "-window") {
          doc.regions[i].styleRefs.insert(id + "-window", at: 0)
        }
      }
    }
    switch format?.lowercased() {
    case "webvtt", "vtt":
      diags += cssDiags
    case "ttml", "dfxp", "imsc", "ttml2", "ebu-tt-d", "smpte-tt":
      diags += TTMLStyleExporter.export(self).diagnostics
    case "srt", "subrip":
      diags.append(
        Diagnostic(
          code: "style.apply.format-cannot-hold-style", severity: .warning,
          message: "SRT has no style sheets: only a text colour can be written (<font color>); background, edge, size and window are lost"))
    default:
      break
    }
    for f in ProfileChecker.check(self) where f.severity == .error {
      diags.append(
        Diagnostic(code: "style.apply.profile-fails", severity: .warning, message: "profile \(id) fails legibility: [\(f.ruleID)] \(f.message)"))
    }
    return (doc, diags)
  }
}
