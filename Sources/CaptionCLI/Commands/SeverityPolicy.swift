import CaptionKit

/// The `--fail-on` / `--strict` policy: which severity makes the exit code 1.
struct SeverityPolicy {
  var failOn: Severity = .error

  init(_ args: inout ArgumentScanner) throws(ToolError) {
    if let v = args.value("fail-on") {
      guard let s = Severity(rawValue: v) else { throw .usage("--fail-on takes error, warning or info") }
      failOn = s
    }
    if args.flag("strict") { failOn = min(failOn, .warning) }
  }

  static let valuedOptions: Set<String> = ["fail-on"]

  func fails(_ diagnostics: [Diagnostic]) -> Bool {
    diagnostics.contains { $0.severity >= failOn }
  }
}
