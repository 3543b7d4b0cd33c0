import CaptionCore
import Foundation

/// Resolves a URI found in a manifest to a local path, refusing what the inspector must not
/// follow: URLs with a network scheme (no network access), and paths that leave the package
/// folder (`../../etc/passwd`, absolute paths, `file:` URLs, symlinks out) unless explicitly
/// allowed. The package folder is the master playlist's folder; media playlists and segments
/// are resolved relative to the file that names them but must stay inside it.
enum ManifestReference {
  enum Resolution: Equatable {
    case local(String)
    case remote
    case outside
  }

  /// `file:///a/b` → `/a/b` (also `file:/a/b` and `file://localhost/a/b`); nil for other URIs.
  static func fileURLPath(_ uri: String) -> String? {
    guard uri.count >= 5, uri.prefix(5).lowercased() == "file:" else { return nil }
    var rest = Substring(uri.dropFirst(5))
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      if rest.lowercased().hasPrefix("localhost") { rest = rest.dropFirst("localhost".count) }
      guard rest.hasPrefix("/") else { return "/" + rest }  // file://host/… names another machine: still not local-portable
    }
    return String(rest)
  }

  /// Whether `uri` has a scheme other than `file:` (`http:`, `https:`, `data:`…).
  static func isRemote(_ uri: String) -> Bool {
    if fileURLPath(uri) != nil { return false }
    let lower = uri.lowercased()
    guard let colon = lower.firstIndex(of: ":") else { return false }
    return lower.distance(from: lower.startIndex, to: colon) > 1
      && lower[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
  }

  /// The path part of a local URI: query and fragment removed, percent-decoded.
  static func pathPart(_ uri: String) -> String {
    var path = fileURLPath(uri) ?? uri
    if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
    return path.removingPercentEncoding ?? path
  }

  static func directory(of file: String) -> String {
    let d = PathText.deletingLastComponent(file)
    return d.isEmpty ? "." : d
  }

  static func isInside(_ target: URL, _ root: URL) -> Bool {
    let r = root.path.hasSuffix("/") ? root.path : root.path + "/"
    return target.path.hasPrefix(r)
  }

  /// Resolves `uri`, named in the file at `referencingFile`, against that file's folder.
  /// - Parameters:
  ///   - root: the package folder the result must stay in; defaults to `referencingFile`'s folder.
  ///   - allowOutside: resolve paths outside `root` too (`--allow-outside`).
  static func resolve(_ uri: String, relativeTo referencingFile: String, root: String? = nil, allowOutside: Bool) -> Resolution {
    if isRemote(uri) { return .remote }
    let path = pathPart(uri)
    let base = URL(fileURLWithPath: directory(of: referencingFile)).standardizedFileURL.resolvingSymlinksInPath()
    let rootURL = URL(fileURLWithPath: root ?? directory(of: referencingFile)).standardizedFileURL.resolvingSymlinksInPath()
    let target = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)).standardizedFileURL.resolvingSymlinksInPath()
    if !isInside(target, rootURL) && !allowOutside { return .outside }
    return .local(target.path)
  }

  /// Why `uri` makes a package non-portable, or nil: an absolute path, a `file:` URL, or a
  /// relative path whose `..` steps leave the package folder `root` (checked lexically, so the
  /// answer does not depend on what exists on this machine).
  /// Whether `uri` is a relative path that cannot leave the folder it is relative to: no
  /// scheme, not absolute, no `..`, nothing percent-encoded or backslashed (which could hide
  /// either). Such a reference is as portable as the file that names it.
  static func isPlainRelative(_ uri: String) -> Bool {
    guard let first = uri.utf8.first, first != UInt8(ascii: "/") else { return false }
    var previousDot = false
    for b in uri.utf8 {
      if b == UInt8(ascii: ":") || b == UInt8(ascii: "%") || b == UInt8(ascii: "\\") { return false }
      if b == UInt8(ascii: "."), previousDot { return false }
      previousDot = b == UInt8(ascii: ".")
    }
    return true
  }

  static func nonPortableReason(_ uri: String, relativeTo referencingFile: String, root: String) -> String? {
    if fileURLPath(uri) != nil { return "a file: URL" }
    if isRemote(uri) { return nil }
    let path = pathPart(uri)
    if path.hasPrefix("/") { return "an absolute path" }
    let base = URL(fileURLWithPath: directory(of: referencingFile)).standardizedFileURL
    let rootURL = URL(fileURLWithPath: root).standardizedFileURL
    if !isInside(base.appendingPathComponent(path).standardizedFileURL, rootURL) { return "a relative path that leaves the package folder" }
    return nil
  }
}
