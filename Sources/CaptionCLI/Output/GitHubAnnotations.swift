import CaptionKit
import Foundation

/// Renders a `RunReport` as GitHub Actions workflow commands, which the Actions runner turns
/// into annotations on the pull request's changed files:
/// `::error file=captions/ep1.vtt,line=12,col=1,title=lint.text.line-length::line 1 of cue 3 …`.
///
/// Severity maps to `error`, `warning` and `notice` (info). Property values escape `%`, CR, LF,
/// `:` and `,`; messages escape `%`, CR and LF, as the runner's command parser requires. Other
/// control characters (quoted from broken input) become U+FFFD.
struct GitHubAnnotations {
  let report: RunReport

  func lines() -> [String] {
    var out: [String] = []
    for file in report.files {
      if let error = file.error {
        out.append("::error file=\(Self.property(file.path)),title=captionkit::\(Self.data(error))")
        continue
      }
      for d in file.diagnostics {
        var props = ["file=" + Self.property(SARIFReport.withoutDotSlash(file.path))]
        if let l = d.location {
          props.append("line=\(l.line)")
          props.append("col=\(l.column)")
        }
        props.append("title=" + Self.property(d.code))
        out.append("::\(Self.command(d.severity)) \(props.joined(separator: ","))::\(Self.data(d.message))")
      }
    }
    return out
  }

  static func command(_ s: Severity) -> String {
    switch s {
    case .error: "error"
    case .warning: "warning"
    case .info: "notice"
    }
  }

  static func data(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default:
        // Other control characters (quoted from broken input) would corrupt the log line.
        if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  static func property(_ s: String) -> String {
    data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
