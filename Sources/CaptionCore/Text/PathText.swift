/// File path arithmetic on plain strings, as `NSString`'s path methods do it.
///
/// Not `NSString`: on Linux its `pathExtension`, `lastPathComponent` and
/// `deletingLastPathComponent` stop the process ("String index is out of bounds") on a path with
/// `//` that ends in a non-ASCII character (`dir//é`), and these paths come from the command
/// line and from manifests. Paths are split at `/` only; nothing is resolved or normalised
/// beyond what each method says.
package enum PathText {
  /// The path without trailing slashes (`/` stays `/`).
  static func trimmingTrailingSlashes(_ path: Substring) -> Substring {
    // One backward search: counting the substring at each step would be quadratic in a run of
    // slashes (a hostile manifest URI).
    guard let last = path.lastIndex(where: { $0 != "/" }) else { return path.isEmpty ? path : path.prefix(1) }
    return path[...last]
  }

  /// The last component: `a/b.vtt` → `b.vtt`, `a/b/` → `b`, `/` → `/`, `` → ``.
  package static func lastComponent(_ path: String) -> String {
    let p = trimmingTrailingSlashes(path[...])
    guard p != "/", let slash = p.lastIndex(of: "/") else { return String(p) }
    return String(p[p.index(after: slash)...])
  }

  /// What follows the last dot of the last component, or `` when there is none, the name ends
  /// in a dot (`subs.`) or it is a dot file without another dot (`.vtt`): `a/b.tar.gz` → `gz`.
  package static func pathExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// The path without its last component and the slashes before it: `a/b` → `a`, `a//b/` →
  /// `a`, `/a` → `/`, `a` → ``.
  package static func deletingLastComponent(_ path: String) -> String {
    let p = trimmingTrailingSlashes(path[...])
    guard p != "/", let slash = p.lastIndex(of: "/") else { return p == "/" ? "/" : "" }
    let parent = p[..<slash]
    if parent.allSatisfy({ $0 == "/" }) { return "/" }
    return String(trimmingTrailingSlashes(parent))
  }

  /// `component` under `directory`, with one slash between them: `a` + `b` → `a/b`, `a/` +
  /// `b` → `a/b`, `` + `b` → `b`.
  package static func appending(_ component: String, to directory: String) -> String {
    if directory.isEmpty { return component }
    return directory.hasSuffix("/") ? directory + component : directory + "/" + component
  }
}
