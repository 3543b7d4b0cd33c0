import Foundation

/// A set of CI requirements that every inspected file must meet, loaded from a JSON policy file
/// or from command-line requirement strings. See `docs/MediaInspector.md` ("Policy").
///
/// JSON shape (`version` 1):
/// ```json
/// { "version": 1,
///   "requirements": [
///     { "type": "track", "language": "en", "sdh": true, "selectableOn": ["apple", "android"] },
///     { "type": "cea608", "channel": "CC1" },
///     { "type": "no-untagged-languages" },
///     { "type": "exactly-one-default" } ] }
/// ```
public struct Policy: Sendable, Hashable {
  public var requirements: [Requirement]

  public init(requirements: [Requirement]) {
    self.requirements = requirements
  }

  // MARK: - Loading

  /// Parses a JSON policy.
  /// - Throws: `MediaInspectorError.invalidPolicy` with the JSON path of the bad value
  ///   (`$.requirements[1].selectableOn[0]`).
  public static func load(json bytes: [UInt8]) throws(MediaInspectorError) -> Policy {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw .invalidPolicy(path: "$", reason: "not valid JSON")
    }
    guard let root = value.object else { throw .invalidPolicy(path: "$", reason: "expected an object") }
    if let v = root["version"] {
      guard v.int == 1 else { throw .invalidPolicy(path: "$.version", reason: "unsupported version (expected 1)") }
    }
    for key in root.keys.sorted() where key != "version" && key != "requirements" {
      throw .invalidPolicy(path: "$.\(key)", reason: "unknown key")
    }
    guard let reqs = root["requirements"]?.array else { throw .invalidPolicy(path: "$.requirements", reason: "expected an array") }
    var out: [Requirement] = []
    for (i, r) in reqs.enumerated() {
      let path = "$.requirements[\(i)]"
      if let s = r.string {
        out.append(try parse(requirement: s, path: path))
        continue
      }
      guard let o = r.object else { throw .invalidPolicy(path: path, reason: "expected an object or a requirement string") }
      out.append(try requirement(from: o, path: path))
    }
    return Policy(requirements: out)
  }

  private static func requirement(from o: [String: JSONValue], path: String) throws(MediaInspectorError) -> Requirement {
    guard let type = o["type"]?.string else { throw .invalidPolicy(path: path + ".type", reason: "expected a string") }
    func allow(_ keys: Set<String>) throws(MediaInspectorError) {
      for k in o.keys.sorted() where k != "type" && !keys.contains(k) {
        throw .invalidPolicy(path: "\(path).\(k)", reason: "unknown key for type '\(type)'")
      }
    }
    func string(_ k: String) throws(MediaInspectorError) -> String? {
      guard let v = o[k] else { return nil }
      guard let s = v.string else { throw .invalidPolicy(path: "\(path).\(k)", reason: "expected a string") }
      return s
    }
    func bool(_ k: String) throws(MediaInspectorError) -> Bool? {
      guard let v = o[k] else { return nil }
      guard let b = v.bool else { throw .invalidPolicy(path: "\(path).\(k)", reason: "expected true or false") }
      return b
    }
    func strings(_ k: String) throws(MediaInspectorError) -> [String]? {
      guard let v = o[k] else { return nil }
      guard let a = v.array else { throw .invalidPolicy(path: "\(path).\(k)", reason: "expected an array of strings") }
      var out: [String] = []
      for (i, x) in a.enumerated() {
        guard let s = x.string else { throw .invalidPolicy(path: "\(path).\(k)[\(i)]", reason: "expected a string") }
        out.append(s)
      }
      return out
    }
    switch type {
    case "track", "subtitle":
      try allow(["language", "sdh", "forced", "default", "codecs", "selectableOn"])
      var t = TrackRequirement()
      t.language = try string("language")
      t.sdh = try bool("sdh")
      t.forced = try bool("forced")
      t.isDefault = try bool("default")
      t.codecs = try strings("codecs")
      for (i, p) in (try strings("selectableOn") ?? []).enumerated() {
        guard let f = PlayerFamily(rawValue: p) else {
          throw .invalidPolicy(path: "\(path).selectableOn[\(i)]", reason: "unknown player family '\(p)' (apple, android, desktop, web)")
        }
        t.selectableOn.append(f)
      }
      return .track(t)
    case "cea608":
      try allow(["channel"])
      let c = (try string("channel") ?? "CC1").uppercased()
      guard ["CC1", "CC2", "CC3", "CC4"].contains(c) else { throw .invalidPolicy(path: path + ".channel", reason: "expected CC1…CC4") }
      return .cea608(channel: c)
    case "cea708":
      try allow(["service"])
      guard let n = o["service"]?.int, (1...63).contains(n) else { throw .invalidPolicy(path: path + ".service", reason: "expected a number 1…63") }
      return .cea708(service: n)
    case "no-untagged-languages":
      try allow([])
      return .noUntaggedLanguages
    case "exactly-one-default":
      try allow([])
      return .exactlyOneDefault
    case "no-errors":
      try allow([])
      return .noErrors
    case "no-rule":
      try allow(["rule"])
      guard let r = try string("rule") else { throw .invalidPolicy(path: path + ".rule", reason: "expected a rule id such as MP4-002") }
      return .noRule(try ruleID(r, path: path + ".rule"))
    default:
      throw .invalidPolicy(path: path + ".type", reason: "unknown requirement type '\(type)'")
    }
  }

  /// Parses one command-line requirement:
  ///
  /// - `track lang=en sdh selectable=apple,android` (also `subtitle …`; flags `sdh`, `forced`,
  ///   `default`, negated with `!`; `codec=webvtt,subrip`)
  /// - `cea608 CC1` (or `cea608=CC1`), `cea708 1`
  /// - `no-untagged-languages`, `exactly-one-default`, `no-errors`, `no-rule MP4-002`
  ///
  /// - Throws: `MediaInspectorError.invalidPolicy` naming the word that is wrong.
  public static func parse(requirement text: String, path: String = "requirement") throws(MediaInspectorError) -> Requirement {
    var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty else { throw .invalidPolicy(path: path, reason: "empty requirement") }
    if let eq = words[0].firstIndex(of: "="), ["cea608", "cea708", "no-rule"].contains(String(words[0][..<eq])) {
      let head = String(words[0][..<eq]), value = String(words[0][words[0].index(after: eq)...])
      words = [head, value] + words.dropFirst()
    }
    let type = words[0].lowercased()
    let args = Array(words.dropFirst())
    switch type {
    case "track", "subtitle", "subtitles":
      var t = TrackRequirement()
      for a in args {
        let (k, v) = a.firstIndex(of: "=").map { (String(a[..<$0]).lowercased(), String(a[a.index(after: $0)...])) } ?? (a.lowercased(), "")
        switch k {
        case "lang", "language": t.language = v
        case "sdh", "!sdh": t.sdh = !k.hasPrefix("!")
        case "forced", "!forced": t.forced = !k.hasPrefix("!")
        case "default", "!default": t.isDefault = !k.hasPrefix("!")
        case "codec", "codecs": t.codecs = v.split(separator: ",").map(String.init)
        case "selectable", "selectable-on", "selectableon":
          for p in v.split(separator: ",") {
            guard let f = PlayerFamily(rawValue: String(p).lowercased()) else {
              throw .invalidPolicy(path: path, reason: "unknown player family '\(p)' (apple, android, desktop, web)")
            }
            t.selectableOn.append(f)
          }
        default: throw .invalidPolicy(path: path, reason: "unknown track filter '\(a)'")
        }
      }
      return .track(t)
    case "cea608", "cc608", "608":
      let c = (args.first ?? "CC1").uppercased()
      guard ["CC1", "CC2", "CC3", "CC4"].contains(c), args.count <= 1 else { throw .invalidPolicy(path: path, reason: "expected CC1…CC4") }
      return .cea608(channel: c)
    case "cea708", "cc708", "708":
      guard args.count == 1, let n = Int(args[0].uppercased().replacingOccurrences(of: "SERVICE", with: "")), (1...63).contains(n) else {
        throw .invalidPolicy(path: path, reason: "expected a service number 1…63")
      }
      return .cea708(service: n)
    case "no-untagged-languages": return .noUntaggedLanguages
    case "exactly-one-default": return .exactlyOneDefault
    case "no-errors": return .noErrors
    case "no-rule":
      guard args.count == 1 else { throw .invalidPolicy(path: path, reason: "expected a rule id such as MP4-002") }
      return .noRule(try ruleID(args[0], path: path))
    default:
      throw .invalidPolicy(path: path, reason: "unknown requirement '\(words[0])'")
    }
  }

  /// The catalog id for a `no-rule` argument: a rule id in any case (`MP4-002`, `mp4-002`) or
  /// its diagnostic code (`media.mp4-002`).
  /// - Throws: `invalidPolicy` for an id that is not in `MediaRuleCatalog`: a typo would
  ///   otherwise never match a finding and the requirement would always pass.
  static func ruleID(_ text: String, path: String) throws(MediaInspectorError) -> String {
    let id = text.lowercased().hasPrefix("media.") ? String(text.dropFirst("media.".count)) : text
    guard let rule = MediaRuleCatalog.rule(id) else {
      throw .invalidPolicy(path: path, reason: "unknown rule '\(text)' (a rule id of MediaRuleCatalog such as MP4-002 or HLS-010)")
    }
    return rule.id
  }

  // MARK: - Evaluation

  /// Evaluates every requirement against every report, in order.
  public func evaluate(_ reports: [MediaReport]) -> [PolicyResult] {
    reports.map(evaluate)
  }

  /// Evaluates every requirement against one report. A report with `error` set fails every
  /// requirement with that error as the reason.
  public func evaluate(_ report: MediaReport) -> PolicyResult {
    if let e = report.error {
      return PolicyResult(path: report.path, failures: [PolicyResult.Failure(requirement: "file can be inspected", reason: e)])
    }
    var failures: [PolicyResult.Failure] = []
    for r in requirements {
      if let why = PolicyEvaluator.check(r, report) {
        failures.append(PolicyResult.Failure(requirement: r.description, reason: why))
      }
    }
    return PolicyResult(path: report.path, failures: failures)
  }
}
