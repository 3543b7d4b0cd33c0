/// Platforms a profile can be exported to (`captionkit profile export P --to …`).
public enum ExportTarget: String, Sendable, Hashable, CaseIterable {
  /// WebVTT `STYLE` block with a `::cue` rule (CSS).
  case webvtt
  /// TTML/IMSC `<styling>` with a text style and a region style.
  case ttml
  /// CTA-708 SetPenAttributes, SetPenColor and SetWindowAttributes values, quantised.
  case cea708
  /// Apple MediaAccessibility (`MACaptionAppearance`) and CoreMedia `CMTextMarkup` values.
  case apple
  /// Android `CaptioningManager.CaptionStyle` / Media3 `CaptionStyleCompat` values.
  case android
}
