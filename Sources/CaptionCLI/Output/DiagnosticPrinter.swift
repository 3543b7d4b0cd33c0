import CaptionKit

/// Prints diagnostics in the compiler style, `file:line:col: severity: [code] message`, with
/// colour only where `ToolIO.colorAllowed` says so.
struct DiagnosticPrinter {
  let color: Bool

  func line(_ d: Diagnostic) -> String {
    guard color else {
      var out: [UInt8] = []
      appendLine(d, to: &out)
      out.removeLast()
      return String(decoding: out, as: UTF8.self)
    }
    var s = ""
    if let f = d.file { s += ControlCharacterEscaping.escaped(f) + ":" }
    if let l = d.location { s += "\(l.line):\(l.column):" }
    if !s.isEmpty { s = "\u{1B}[1m" + s + "\u{1B}[0m " }
    let sev: String
    switch d.severity {
    case .error: sev = "\u{1B}[1;31merror\u{1B}[0m"
    case .warning: sev = "\u{1B}[1;33mwarning\u{1B}[0m"
    case .info: sev = "\u{1B}[1;36minfo\u{1B}[0m"
    }
    return s + sev + ": [\(d.code)] " + ControlCharacterEscaping.escaped(d.message)
  }

  /// Appends `line(d)` and a newline as UTF-8 (without building intermediate strings when there
  /// is no colour: conversions can report millions of losses).
  func appendLine(_ d: Diagnostic, to out: inout [UInt8]) {
    guard !color else {
      out.append(contentsOf: line(d).utf8)
      out.append(0x0A)
      return
    }
    var prefixed = false
    if let f = d.file {
      ControlCharacterEscaping.append(f, to: &out)
      out.append(UInt8(ascii: ":"))
      prefixed = true
    }
    if let l = d.location {
      Self.appendDecimal(l.line, to: &out)
      out.append(UInt8(ascii: ":"))
      Self.appendDecimal(l.column, to: &out)
      out.append(UInt8(ascii: ":"))
      prefixed = true
    }
    if prefixed { out.append(0x20) }
    out.append(contentsOf: d.severity.rawValue.utf8)
    out.append(contentsOf: ": [".utf8)
    out.append(contentsOf: d.code.utf8)
    out.append(contentsOf: "] ".utf8)
    // File names and messages quote input text: one diagnostic stays one line.
    ControlCharacterEscaping.append(d.message, to: &out)
    out.append(0x0A)
  }

  static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
    if n < 0 {
      out.append(contentsOf: String(n).utf8)
      return
    }
    var x = n
    var count = 1
    while x >= 10 { x /= 10; count += 1 }
    let start = out.count
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    x = n
    for k in stride(from: start + count - 1, through: start, by: -1) {
      out[k] = UInt8(ascii: "0") + UInt8(x % 10)
      x /= 10
    }
  }
}
