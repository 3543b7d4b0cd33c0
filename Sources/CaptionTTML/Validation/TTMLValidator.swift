import CaptionCore

/// Checks a TTML document tree against TTML1/TTML2 and a profile (IMSC 1.1 Text, EBU-TT-D).
struct TTMLValidator {
  let root: XMLElementNode
  let profile: String?
  let parameters: TTMLTimingParameters
  var diagnostics: [Diagnostic] = []

  init(root: XMLElementNode, profile: String?, parameters: TTMLTimingParameters) {
    self.root = root
    self.profile = profile
    self.parameters = parameters
  }

  mutating func validate() {}
}
