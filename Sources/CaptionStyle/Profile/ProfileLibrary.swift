import CaptionCore
import Foundation

/// A set of profiles by id, with `basedOn` inheritance resolved on demand.
///
/// Files are validated when added (every schema problem is reported at once, with JSON
/// paths); `profile(_:)` then applies the `basedOn` chain from the root down, child fields
/// winning, and detects cycles. A profile added later replaces an earlier one with the same id,
/// so user files can shadow the built-in profiles.
public struct ProfileLibrary: Sendable {
  struct Entry: @unchecked Sendable {
    /// The parsed JSON object (`JSONSerialization` values, never mutated).
    let json: [String: Any]
    let file: String
  }

  private var entries: [String: Entry] = [:]

  public init() {}

  /// A library holding the profiles shipped with CaptionKit (`Profiles/*.json`).
  public static let builtIn: ProfileLibrary = {
    var lib = ProfileLibrary()
    for (name, json) in BuiltInProfiles.files {
      _ = try? lib.add(data: Data(json.utf8), file: "Profiles/" + name)
    }
    return lib
  }()

  /// The ids known, sorted.
  public var ids: [String] { entries.keys.sorted() }

  /// The file a profile came from.
  public func file(of id: String) -> String? { entries[id]?.file }

  /// Adds the profile (a JSON object) or profiles (a JSON array of objects) in `data`.
  /// - Returns: the ids added, in file order.
  /// - Throws: `ProfileError.invalidJSON`, `.invalidProfile` (all issues, with paths) or
  ///   `.duplicateID` when one file defines an id twice.
  @discardableResult
  public mutating func add(data: Data, file: String) throws(ProfileError) -> [String] {
    let top: Any
    do {
      top = try JSONSerialization.jsonObject(with: data, options: [])
    } catch {
      let (reason, line, column) = JSONErrorPosition.locate(Self.reason(error), in: Array(data))
      throw .invalidJSON(file: file, reason: reason, line: line, column: column)
    }
    var objects: [(String, [String: Any])] = []
    if let o = top as? [String: Any] {
      objects = [("$", o)]
    } else if let a = top as? [Any] {
      for (i, e) in a.enumerated() {
        guard let o = e as? [String: Any] else {
          throw .invalidProfile(file: file, issues: [ProfileIssue(path: "$[\(i)]", kind: .wrongType(expected: "a profile object"))])
        }
        objects.append(("$[\(i)]", o))
      }
    } else {
      throw .invalidJSON(file: file, reason: "the top level must be a profile object or an array of them")
    }
    // JSONSerialization keeps the last of duplicate names silently: report them instead (the
    // first few by path, then a count).
    let duplicates = JSONDuplicateKeys.find(in: Array(data))
    var issues = duplicates.paths.map { ProfileIssue(path: $0, kind: .duplicateKey) }
    if duplicates.unlisted > 0 { issues.append(ProfileIssue(path: "$", kind: .duplicateKeysNotListed(count: duplicates.unlisted))) }
    var added: [String] = []
    var batch: [String: Entry] = [:]
    for (prefix, o) in objects {
      var local: [ProfileIssue] = []
      let p = ProfileDecoder.apply(o, to: StyleProfile(id: ""), requireHeader: true, issues: &local)
      for var issue in local {
        if prefix != "$" { issue.path = prefix + issue.path.dropFirst() }
        issues.append(issue)
      }
      guard !p.id.isEmpty else { continue }
      if batch[p.id] != nil { throw .duplicateID(id: p.id, files: [file]) }
      batch[p.id] = Entry(json: o, file: file)
      added.append(p.id)
    }
    if !issues.isEmpty { throw .invalidProfile(file: file, issues: issues) }
    entries.merge(batch) { _, new in new }
    return added
  }

  /// Adds a profile file, or every `*.json` file in a folder (sorted by name).
  @discardableResult
  public mutating func add(contentsOf url: URL) throws(ProfileError) -> [String] {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
      throw .unreadable(file: url.path, reason: "no such file or folder")
    }
    if isDir.boolValue {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
      } catch {
        throw .unreadable(file: url.path, reason: Self.reason(error))
      }
      var ids: [String] = []
      // Only regular files: a FIFO would block until written to.
      for n in names {
        let file = url.appendingPathComponent(n)
        if RegularFile.exists(at: file.path) { ids += try add(contentsOf: file) }
      }
      return ids
    }
    let data: Data
    do {
      // Profiles are a few KB; a bigger file is not one (and is not read whole to find out).
      if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > Self.maxFileSize {
        throw ProfileError.unreadable(file: url.path, reason: "the file is \(size) bytes, over the \(Self.maxFileSize)-byte limit for a style profile file")
      }
      data = try Data(contentsOf: url)
    } catch let e as ProfileError {
      throw e
    } catch {
      throw .unreadable(file: url.path, reason: Self.reason(error))
    }
    return try add(data: data, file: url.path)
  }

  /// Largest style profile file read, in bytes (1 MiB).
  public static let maxFileSize = 1 << 20

  /// The profile `id` with its `basedOn` chain applied.
  /// - Throws: `ProfileError.unknownProfile` (also for a missing base), `.inheritanceCycle`, or
  ///   `.invalidProfile` when the chain leaves `timing.minDuration` above `timing.maxDuration`.
  public func profile(_ id: String) throws(ProfileError) -> StyleProfile {
    var memo: [String: StyleProfile] = [:]
    return try resolve(id, memo: &memo)
  }

  /// The profiles `ids`, in that order, each with its `basedOn` chain applied. Profiles the
  /// chains share are resolved once, so a file of profiles that each extend the one before
  /// costs one step a profile, not one a link.
  /// - Throws: the first `ProfileError` of `profile(_:)`.
  public func profiles(_ ids: [String]) throws(ProfileError) -> [StyleProfile] {
    var memo: [String: StyleProfile] = [:]
    var out: [StyleProfile] = []
    out.reserveCapacity(ids.count)
    for id in ids { out.append(try resolve(id, memo: &memo)) }
    return out
  }

  /// Every profile, resolved, sorted by id. Profiles that fail to resolve are skipped.
  public var allProfiles: [StyleProfile] {
    var memo: [String: StyleProfile] = [:]
    return ids.compactMap { id in try? resolve(id, memo: &memo) }
  }

  /// Applies the chain from the nearest profile already in `memo` (or the root) down to `id`,
  /// child fields winning, and records each profile it resolves on the way.
  private func resolve(_ id: String, memo: inout [String: StyleProfile]) throws(ProfileError) -> StyleProfile {
    if let p = memo[id] { return p }
    guard entries[id] != nil else { throw .unknownProfile(id: id, referencedFrom: nil) }
    var chain: [(id: String, entry: Entry)] = []
    var seen: Set<String> = []
    var base: StyleProfile?
    var current: String? = id
    while let c = current {
      if let resolved = memo[c] {
        base = resolved
        break
      }
      if seen.contains(c) { throw .inheritanceCycle(chain.map(\.id) + [c]) }
      guard let e = entries[c] else { throw .unknownProfile(id: c, referencedFrom: chain.last?.entry.file) }
      seen.insert(c)
      chain.append((c, e))
      current = e.json["basedOn"] as? String
    }
    // Every entry's JSON sets its own `id` (checked by `add`), so the profile each step yields
    // carries that step's id whatever the starting value.
    var p = base ?? StyleProfile(id: id)
    var ignored: [ProfileIssue] = []
    for link in chain.reversed() {
      p = ProfileDecoder.apply(link.entry.json, to: p, requireHeader: false, issues: &ignored)
      // Each bound is checked alone when added; together only here, where a base may give one.
      if p.timing.minDuration > p.timing.maxDuration {
        throw .invalidProfile(
          file: link.entry.file,
          issues: [
            ProfileIssue(
              path: "$.timing.minDuration",
              kind: .invalidValue(
                value: "\(p.timing.minDuration) with maxDuration \(p.timing.maxDuration)\(p.basedOn.map { " (basedOn \($0))" } ?? "")",
                expected: "at most timing.maxDuration"))
          ])
      }
      memo[link.id] = p
    }
    return p
  }

  static func reason(_ error: any Error) -> String {
    let ns = error as NSError
    if let d = ns.userInfo[NSDebugDescriptionErrorKey] as? String { return d }
    return ns.localizedDescription
  }
}
