import CaptionCore

/// The result of exporting a profile: the platform text and what could not be carried over
/// exactly (loss reports and quantisation warnings).
public struct ProfileExport: Sendable, Hashable {
  public var target: ExportTarget
  /// The platform values, ready to paste (CSS, XML, a key/value listing).
  public var text: String
  /// Approximations and losses (`style.export.*` codes).
  public var diagnostics: [Diagnostic]

  public init(target: ExportTarget, text: String, diagnostics: [Diagnostic]) {
    self.target = target
    self.text = text
    self.diagnostics = diagnostics
  }
}
