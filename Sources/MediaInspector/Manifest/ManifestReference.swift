import Foundation

/// Resolves a URI found in a manifest to a local path, refusing what the inspector must not
/// follow: URLs with a scheme (no network access), and paths that leave the manifest's folder
/// (`../../etc/passwd`, absolute paths) unless explicitly allowed.
enum ManifestReference {
  enum Resolution: Equatable {
    case local(String)
    case remote
    case outside
  }

  static func resolve(_ uri: String, relativeTo manifestPath: String, allowOutside: Bool) -> Resolution {
    let lower = uri.lowercased()
    if let colon = lower.firstIndex(of: ":"), lower[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
      lower.distance(from: lower.startIndex, to: colon) > 1
    {
      return .remote
    }
    var path = uri
    if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
    path = path.removingPercentEncoding ?? path
    let root = (manifestPath as NSString).deletingLastPathComponent
    let rootURL = URL(fileURLWithPath: root.isEmpty ? "." : root).standardizedFileURL.resolvingSymlinksInPath()
    let target = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : rootURL.appendingPathComponent(path)).standardizedFileURL.resolvingSymlinksInPath()
    let inside = target.path.hasPrefix(rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/")
    if !inside && !allowOutside { return .outside }
    return .local(target.path)
  }
}
