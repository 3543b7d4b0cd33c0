import CaptionKit

/// Prints diagnostics in the compiler style, `file:line:col: severity: [code] message`, with
/// colour only where `ToolIO.colorAllowed` says so.
struct DiagnosticPrinter {
  let color: Bool

  func line(_ d: Diagnostic) -> String {
    guard color else { return d.description }
    var s = ""
    if let f = d.file { s += f + ":" }
    if let l = d.location { s += "\(l.line):\(l.column):" }
    if !s.isEmpty { s = "\u{1B}[1m" + s + "\u{1B}[0m " }
    let sev: String
    switch d.severity {
    case .error: sev = "\u{1B}[1;31merror\u{1B}[0m"
    case .warning: sev = "\u{1B}[1;33mwarning\u{1B}[0m"
    case .info: sev = "\u{1B}[1;36minfo\u{1B}[0m"
    }
    return s + sev + ": [\(d.code)] " + d.message
  }
}
