import CaptionKit
import Foundation

/// Renders a `RunReport` as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format),
/// the format GitHub code scanning and other CI dashboards ingest.
///
/// One run; `tool.driver.rules` lists every lint rule (with its summary, default level and
/// threshold source) plus each reader diagnostic code that occurs. Each finding is a `result`
/// with `ruleId`, `ruleIndex`, `level` (error / warning / note for info), the message, a
/// physical location (file URI relative to the working directory, `startLine`) and
/// `partialFingerprints["captionkit/v1"]` (the baseline fingerprint, stable across unrelated
/// edits). Columns are given only when they are 1: CaptionKit counts UTF-8 bytes and SARIF's
/// `columnKind` has no such unit. Files that could not be read become
/// `invocations[0].toolExecutionNotifications`.
struct SARIFReport {
  let report: RunReport

  static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  func encoded() -> [UInt8] {
    var rules: [Rule] = []
    var ruleIndex: [String: Int] = [:]
    for r in RuleCatalog.all {
      ruleIndex[r.code] = rules.count
      rules.append(Rule(
        id: r.code, name: Self.pascalName(r.id), shortDescription: .init(text: r.summary),
        fullDescription: .init(text: r.summary + " Threshold source: " + r.thresholdSource),
        defaultConfiguration: .init(level: Self.level(r.defaultSeverity), enabled: r.enabledByDefault),
        helpUri: nil, properties: .init(thresholdSource: r.thresholdSource, tags: ["captions", String(r.id.split(separator: ".").first ?? "")])))
    }
    var results: [Result] = []
    var notifications: [Notification] = []
    for file in report.files {
      if let error = file.error {
        notifications.append(Notification(level: "error", message: .init(text: "\(file.path): \(error)"), locations: [Location(file.path, nil)]))
        continue
      }
      for (k, d) in file.diagnostics.enumerated() {
        if ruleIndex[d.code] == nil {
          ruleIndex[d.code] = rules.count
          rules.append(Rule(
            id: d.code, name: Self.pascalName(d.code), shortDescription: .init(text: "Reader diagnostic \(d.code)"),
            fullDescription: nil, defaultConfiguration: .init(level: Self.level(d.severity), enabled: true), helpUri: nil, properties: nil))
        }
        let fp = k < file.fingerprints.count ? file.fingerprints[k] : nil
        results.append(Result(
          ruleId: d.code, ruleIndex: ruleIndex[d.code] ?? 0, level: Self.level(d.severity), message: .init(text: d.message),
          locations: [Location(file.path, d.location)], partialFingerprints: fp.map { ["captionkit/v1": $0] }))
      }
    }
    let log = Log(
      schema: Self.schemaURI, version: "2.1.0",
      runs: [Run(
        tool: Tool(driver: Driver(name: "captionkit", version: report.toolVersion, semanticVersion: report.toolVersion, rules: rules)),
        results: results,
        invocations: [Invocation(executionSuccessful: !report.hasIOErrors, toolExecutionNotifications: notifications.isEmpty ? nil : notifications)],
        originalUriBaseIds: nil)])
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array((try? e.encode(log)) ?? Data()) + [0x0A]
  }

  static func level(_ s: Severity) -> String {
    switch s {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  /// `text.line-length` → `TextLineLength`, the SARIF `name` convention.
  static func pascalName(_ id: String) -> String {
    var out = ""
    var upper = true
    for ch in id {
      if ch == "." || ch == "-" || ch == "_" {
        upper = true
      } else {
        out += upper ? ch.uppercased() : String(ch)
        upper = false
      }
    }
    return out
  }

  /// A relative URI reference for a path, percent-encoded; absolute paths become `file://`
  /// URIs. A backslash is part of a POSIX file name, so it is encoded, not made a slash.
  static func uri(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ":;?#[]@!$&'()*+,=\\")
    let p = withoutDotSlash(path)
    let encoded = p.addingPercentEncoding(withAllowedCharacters: allowed) ?? p
    return p.hasPrefix("/") ? "file://" + encoded : encoded
  }

  /// `path` without leading `./`, as CI systems name files relative to the checkout.
  static func withoutDotSlash(_ path: String) -> String {
    var s = Substring(path)
    while s.hasPrefix("./") { s = s.dropFirst(2) }
    return String(s)
  }

  struct Log: Encodable {
    let schema: String
    let version: String
    let runs: [Run]
    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  struct Run: Encodable {
    let tool: Tool
    let results: [Result]
    let invocations: [Invocation]
    let originalUriBaseIds: [String: String]?
  }

  struct Tool: Encodable { let driver: Driver }

  struct Driver: Encodable {
    let name: String
    let version: String
    let semanticVersion: String
    let rules: [Rule]
  }

  struct Text: Encodable { let text: String }

  struct Rule: Encodable {
    let id: String
    let name: String
    let shortDescription: Text
    let fullDescription: Text?
    let defaultConfiguration: Configuration
    let helpUri: String?
    let properties: Properties?
  }

  struct Configuration: Encodable {
    let level: String
    let enabled: Bool
  }

  struct Properties: Encodable {
    let thresholdSource: String
    let tags: [String]
  }

  struct Result: Encodable {
    let ruleId: String
    let ruleIndex: Int
    let level: String
    let message: Text
    let locations: [Location]
    let partialFingerprints: [String: String]?
  }

  struct Location: Encodable {
    let physicalLocation: PhysicalLocation
    init(_ path: String, _ loc: SourceLocation?) {
      physicalLocation = PhysicalLocation(
        artifactLocation: .init(uri: SARIFReport.uri(path)),
        region: loc.map { Region(startLine: max(1, $0.line), startColumn: $0.column == 1 ? 1 : nil) })
    }
  }

  struct PhysicalLocation: Encodable {
    let artifactLocation: ArtifactLocation
    let region: Region?
  }

  struct ArtifactLocation: Encodable { let uri: String }

  struct Region: Encodable {
    let startLine: Int
    let startColumn: Int?
  }

  struct Invocation: Encodable {
    let executionSuccessful: Bool
    let toolExecutionNotifications: [Notification]?
  }

  struct Notification: Encodable {
    let level: String
    let message: Text
    let locations: [Location]
  }
}
