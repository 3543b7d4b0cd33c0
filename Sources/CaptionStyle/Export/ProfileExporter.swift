/// Exports a profile to a platform's style values (`captionkit profile export P --to …`).
public enum ProfileExporter {
  /// The platform text and its loss report.
  public static func export(_ profile: StyleProfile, to target: ExportTarget) -> ProfileExport {
    switch target {
    case .webvtt: WebVTTStyleExporter.export(profile)
    case .ttml: TTMLStyleExporter.export(profile)
    case .cea708: CEA708StyleExporter.export(profile)
    case .apple: AppleStyleExporter.export(profile)
    case .android: AndroidStyleExporter.export(profile)
    }
  }
}
