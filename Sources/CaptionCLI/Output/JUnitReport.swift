import CaptionKit

/// Renders a `RunReport` as JUnit XML, the format CI systems (GitLab, Jenkins, Azure, CircleCI)
/// show as test results.
///
/// `<testsuites>` holds one `<testsuite>` per file, named by its path. Each suite has one
/// `<testcase>` per check: `read` for the reader's own diagnostics (format rules), then one per
/// lint rule that ran, named by its code (`lint.text.line-length`), with `classname` the file
/// path and `file` set. A case fails (`<failure type="SEVERITY">`) when it has a finding at or
/// above `--fail-on`, and lists every finding (`line:col: severity: message`) in the failure
/// body; findings below `--fail-on` go to `<system-out>` of a passing case. A file that could not
/// be read has a `read` case with `<error>`.
struct JUnitReport {
  let report: RunReport

  func encoded() -> [UInt8] {
    var suites: [String] = []
    var totalTests = 0, totalFailures = 0, totalErrors = 0
    for file in report.files {
      var cases: [String] = []
      var failures = 0, errors = 0
      let cls = Self.escape(file.path)
      if let error = file.error {
        cases.append("    <testcase name=\"read\" classname=\"\(cls)\" file=\"\(cls)\">\n      <error type=\"io\" message=\"\(Self.escape(error))\"/>\n    </testcase>")
        errors += 1
      } else {
        var byCode: [String: [Diagnostic]] = [:]
        for d in file.diagnostics { byCode[d.code.hasPrefix("lint.") ? d.code : "read", default: []].append(d) }
        // Reader codes that are not lint rules all belong to the `read` case.
        var names = ["read"] + file.rulesChecked.map { "lint." + $0 }
        for code in byCode.keys.sorted() where !names.contains(code) { names.append(code) }
        for name in names {
          let found = byCode[name] ?? []
          let failing = found.filter { $0.severity >= report.failOn(for: file) }
          var xml = "    <testcase name=\"\(Self.escape(name))\" classname=\"\(cls)\" file=\"\(cls)\""
          if found.isEmpty {
            xml += "/>"
          } else {
            xml += ">\n"
            let body = found.map { d in
              let loc = d.location.map { "\($0.line):\($0.column): " } ?? ""
              return "\(loc)\(d.severity.rawValue): [\(d.code)] \(d.message)"
            }.joined(separator: "\n")
            if let worst = failing.map(\.severity).max() {
              failures += 1
              let msg = "\(failing.count) finding\(failing.count == 1 ? "" : "s") at or above \(report.failOn(for: file).rawValue)"
              xml += "      <failure type=\"\(worst.rawValue)\" message=\"\(Self.escape(msg))\">\(Self.escape(body))</failure>\n"
            } else {
              xml += "      <system-out>\(Self.escape(body))</system-out>\n"
            }
            xml += "    </testcase>"
          }
          cases.append(xml)
        }
      }
      totalTests += cases.count
      totalFailures += failures
      totalErrors += errors
      suites.append("  <testsuite name=\"\(cls)\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n" + cases.joined(separator: "\n") + "\n  </testsuite>")
    }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"\(Self.escape(report.tool))\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"\(totalErrors)\">\n"
    out += suites.joined(separator: "\n")
    if !suites.isEmpty { out += "\n" }
    out += "</testsuites>\n"
    return Array(out.utf8)
  }

  /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold.
  static func escape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\t": out += "&#9;"
      case "\r": out += "&#13;"
      default:
        let v = scalar.value
        if v < 0x20 || v == 0xFFFE || v == 0xFFFF || (0xD800...0xDFFF).contains(v) {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
