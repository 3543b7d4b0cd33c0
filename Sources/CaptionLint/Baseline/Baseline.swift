import CaptionCore
import Foundation

/// A recorded set of accepted findings (`--write-baseline FILE`); a run with `--baseline FILE`
/// fails only on findings not in it.
///
/// File format (schema `captionkit.baseline`, version 1), sorted for stable diffs:
/// ```json
/// { "schema": "captionkit.baseline", "schemaVersion": 1,
///   "findings": [ { "code": "lint.text.line-length", "file": "ep1.vtt",
///                   "fingerprint": "9f0c…", "count": 1, "message": "line 1 of cue 3 has 44 characters, over 42" } ] }
/// ```
/// Matching is by fingerprint (see `Fingerprint`) with counts: if a baseline records a
/// fingerprint twice, the first two matching findings are accepted and a third is new.
public struct Baseline: Sendable, Hashable {
  /// One recorded finding.
  public struct Entry: Sendable, Hashable, Codable {
    public var code: String
    public var file: String
    public var fingerprint: String
    public var count: Int
    /// The message when it was recorded, for people reading the file (not used to match).
    public var message: String?

    public init(code: String, file: String, fingerprint: String, count: Int, message: String?) {
      self.code = code
      self.file = file
      self.fingerprint = fingerprint
      self.count = count
      self.message = message
    }
  }

  /// A finding to record or check: the diagnostic and the text of the cue it is about.
  public struct Item: Sendable {
    public let diagnostic: Diagnostic
    public let cueText: String
    /// The item's fingerprint (`Fingerprint.make` of its code, file and cue text).
    public let fingerprint: String
    public init(diagnostic: Diagnostic, cueText: String) {
      self.init(diagnostic: diagnostic, cueText: cueText, fingerprint: Fingerprint.make(code: diagnostic.code, file: diagnostic.file ?? "", cueText: cueText))
    }
    /// An item whose fingerprint was already made, by a caller that makes each one once for
    /// the many findings of one code about one cue (hashing a long cue's text per finding would
    /// be quadratic). `fingerprint` must be `Fingerprint.make` of the same code, file and text.
    public init(diagnostic: Diagnostic, cueText: String, fingerprint: String) {
      self.diagnostic = diagnostic
      self.cueText = cueText
      self.fingerprint = fingerprint
    }
  }

  public static let schema = "captionkit.baseline"
  public static let schemaVersion = 1

  /// The entries, sorted by file, code and fingerprint.
  public private(set) var entries: [Entry]

  public init(entries: [Entry] = []) {
    self.entries = entries.sorted { ($0.file, $0.code, $0.fingerprint) < ($1.file, $1.code, $1.fingerprint) }
  }

  /// A baseline that accepts exactly these findings.
  public init(recording items: [Item]) {
    var byPrint: [String: Entry] = [:]
    for item in items {
      let fp = item.fingerprint
      if var e = byPrint[fp] {
        e.count += 1
        byPrint[fp] = e
      } else {
        byPrint[fp] = Entry(code: item.diagnostic.code, file: Fingerprint.normalizedPath(item.diagnostic.file ?? ""), fingerprint: fp, count: 1, message: item.diagnostic.message)
      }
    }
    self.init(entries: Array(byPrint.values))
  }

  /// How many findings each fingerprint accepts: entries with the same fingerprint add up,
  /// saturating (a hand-edited baseline with two counts near `Int.max` stopped the process).
  var acceptedCounts: [String: Int] {
    var counts: [String: Int] = [:]
    for e in entries {
      let (sum, overflow) = counts[e.fingerprint, default: 0].addingReportingOverflow(max(e.count, 0))
      counts[e.fingerprint] = overflow ? .max : sum
    }
    return counts
  }

  /// For each finding, whether the baseline accepts it (in order; counts are consumed).
  public func acceptance(_ items: [Item]) -> [Bool] {
    var remaining = acceptedCounts
    return items.map { item in
      let fp = item.fingerprint
      guard let n = remaining[fp], n > 0 else { return false }
      remaining[fp] = n - 1
      return true
    }
  }

  /// Splits findings into new ones and ones the baseline accepts, keeping their order.
  public func partition(_ items: [Item]) -> (new: [Item], accepted: [Item]) {
    var remaining = acceptedCounts
    var new: [Item] = [], accepted: [Item] = []
    for item in items {
      let fp = item.fingerprint
      if let n = remaining[fp], n > 0 {
        remaining[fp] = n - 1
        accepted.append(item)
      } else {
        new.append(item)
      }
    }
    return (new, accepted)
  }

  private struct FileDTO: Codable {
    var schema: String
    var schemaVersion: Int
    var findings: [Entry]
  }

  /// The baseline as pretty, key-sorted JSON with a final newline.
  public func encoded() -> [UInt8] {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? e.encode(FileDTO(schema: Self.schema, schemaVersion: Self.schemaVersion, findings: entries))) ?? Data()
    return Array(data) + [0x0A]
  }

  /// Reads a baseline file.
  ///
  /// - Throws: `ConfigurationError` when the bytes are not a version-1 baseline.
  public static func parse(_ bytes: [UInt8], path: String? = nil) throws(ConfigurationError) -> Baseline {
    let dto: FileDTO
    do {
      dto = try JSONDecoder().decode(FileDTO.self, from: Data(bytes))
    } catch {
      throw ConfigurationError(file: path, path: "$", message: "not a CaptionKit baseline (\(error.localizedDescription))")
    }
    guard dto.schema == schema else { throw ConfigurationError(file: path, path: "$.schema", message: "expected \"\(schema)\"") }
    guard dto.schemaVersion == schemaVersion else {
      throw ConfigurationError(file: path, path: "$.schemaVersion", message: "unsupported version \(dto.schemaVersion)")
    }
    return Baseline(entries: dto.findings)
  }
}
