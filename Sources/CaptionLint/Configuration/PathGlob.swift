/// Matches `/`-separated relative paths against the globs of `.captionkit.json`
/// (`include`, `exclude`): `*` matches within one path segment, `**` matches any number of
/// whole segments, `?` one character; everything else is literal. A glob without `/` matches
/// the file name in any folder (`*.srt` is `**/*.srt`), as `.gitignore` does.
public enum PathGlob {
  /// Whether `path` (relative, `/`-separated) matches `glob`.
  public static func matches(_ glob: String, _ path: String) -> Bool {
    var g = glob
    if g.hasPrefix("./") { g.removeFirst(2) }
    if !g.containsUTF8("/") { g = "**/" + g }
    if g.hasSuffix("/") { g += "**" }
    let gs = g.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    let ps = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    var memo: [Int: Bool] = [:]
    return match(gs, 0, ps, 0, &memo)
  }

  private static func match(_ g: [String], _ gi: Int, _ p: [String], _ pi: Int, _ memo: inout [Int: Bool]) -> Bool {
    let key = gi * (p.count + 1) + pi
    if let m = memo[key] { return m }
    var result: Bool
    if gi == g.count {
      result = pi == p.count
    } else if g[gi] == "**" {
      result = match(g, gi + 1, p, pi, &memo) || (pi < p.count && match(g, gi, p, pi + 1, &memo))
    } else {
      result = pi < p.count && segment(Array(g[gi].unicodeScalars), Array(p[pi].unicodeScalars)) && match(g, gi + 1, p, pi + 1, &memo)
    }
    memo[key] = result
    return result
  }

  /// Matches one segment with `*` and `?` (iterative, linear backtracking).
  private static func segment(_ g: [Unicode.Scalar], _ s: [Unicode.Scalar]) -> Bool {
    var gi = 0, si = 0, star = -1, mark = 0
    while si < s.count {
      if gi < g.count && (g[gi] == "?" || g[gi] == s[si]) {
        gi += 1
        si += 1
      } else if gi < g.count && g[gi] == "*" {
        star = gi
        mark = si
        gi += 1
      } else if star >= 0 {
        gi = star + 1
        mark += 1
        si = mark
      } else {
        return false
      }
    }
    while gi < g.count && g[gi] == "*" { gi += 1 }
    return gi == g.count
  }
}
