/// A line diff in the unified format (`diff -u`), for `captionkit fix --dry-run`.
///
/// Uses Myers' O((N+M)·D) algorithm on lines (terminators removed, so a CRLF → LF change alone
/// shows no line changes; the caller notes it). Bounded: when the edit distance passes
/// `maxEdits`, the whole file is shown as replaced rather than spending quadratic time.
public enum UnifiedDiff {
  /// The most edits searched for before falling back to a whole-file replacement.
  public static let maxEdits = 4000

  /// The unified diff of two texts, or an empty string when their lines are equal.
  ///
  /// - Parameters:
  ///   - old: the original text.
  ///   - new: the changed text.
  ///   - oldName: the `---` label.
  ///   - newName: the `+++` label.
  ///   - context: unchanged lines shown around each change (default 3).
  public static func make(_ old: String, _ new: String, oldName: String, newName: String, context: Int = 3) -> String {
    let a = lines(old), b = lines(new)
    let ops = script(a, b)
    guard ops.contains(where: { $0.kind != .same }) else { return "" }
    var out = "--- \(oldName)\n+++ \(newName)\n"
    // Group operations into hunks with `context` lines around changes.
    var i = 0
    while i < ops.count {
      guard let firstChange = ops[i...].firstIndex(where: { $0.kind != .same }) else { break }
      var start = max(i, firstChange - context)
      if start < i { start = i }
      var end = firstChange
      var lastChange = firstChange
      while end < ops.count {
        if ops[end].kind != .same { lastChange = end }
        if end - lastChange > 2 * context { break }
        end += 1
      }
      let hunkEnd = min(ops.count, lastChange + context + 1)
      let hunk = ops[start..<hunkEnd]
      let aStart = hunk.first?.aIndex ?? 0, bStart = hunk.first?.bIndex ?? 0
      let aCount = hunk.filter { $0.kind != .insert }.count
      let bCount = hunk.filter { $0.kind != .delete }.count
      out += "@@ -\(aCount == 0 ? aStart : aStart + 1),\(aCount) +\(bCount == 0 ? bStart : bStart + 1),\(bCount) @@\n"
      for op in hunk {
        switch op.kind {
        case .same: out += " " + a[op.aIndex] + "\n"
        case .delete: out += "-" + a[op.aIndex] + "\n"
        case .insert: out += "+" + b[op.bIndex] + "\n"
        }
      }
      i = hunkEnd
    }
    return out
  }

  /// Lines split at LF, CRLF or a lone CR, over UTF-8 bytes (in a `String`, CRLF is one
  /// `Character`, so splitting characters at `\n` would miss it).
  static func lines(_ s: String) -> [String] {
    var out: [String] = []
    let bytes = Array(s.utf8)
    var start = 0, i = 0
    while i < bytes.count {
      if bytes[i] == 0x0A || bytes[i] == 0x0D {
        out.append(String(decoding: bytes[start..<i], as: UTF8.self))
        if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        start = i + 1
      }
      i += 1
    }
    if start < bytes.count { out.append(String(decoding: bytes[start...], as: UTF8.self)) }
    return out
  }

  struct Op {
    enum Kind { case same, delete, insert }
    var kind: Kind
    var aIndex: Int
    var bIndex: Int
  }

  /// The edit script from `a` to `b`.
  static func script(_ a: [String], _ b: [String]) -> [Op] {
    let n = a.count, m = b.count
    let maxD = min(n + m, maxEdits)
    let offset = maxD + 1
    var v = [Int](repeating: 0, count: 2 * maxD + 3)
    // Before step d only diagonals -d...d of `v` can be read back, so each step keeps that
    // slice (about D² entries in all, not D copies of the whole array: 256 MB at the bound).
    // (`trace[d][k + d]` is diagonal k.)
    var trace: [[Int]] = []
    var found = false
    outer: for d in 0...maxD {
      trace.append(Array(v[(offset - d)...(offset + d)]))
      var k = -d
      while k <= d {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = v[offset + k + 1]
        } else {
          x = v[offset + k - 1] + 1
        }
        var y = x - k
        while x < n && y < m && a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m {
          found = true
          break outer
        }
        k += 2
      }
    }
    guard found else {
      return (0..<n).map { Op(kind: .delete, aIndex: $0, bIndex: 0) } + (0..<m).map { Op(kind: .insert, aIndex: n, bIndex: $0) }
    }
    // Backtrack.
    var ops: [Op] = []
    var x = n, y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let prevK: Int
      if k == -d || (k != d && v[k - 1 + d] < v[k + 1 + d]) {
        prevK = k + 1
      } else {
        prevK = k - 1
      }
      let prevX = d == 0 ? 0 : v[prevK + d]
      let prevY = prevX - prevK
      while x > prevX && y > prevY {
        x -= 1
        y -= 1
        ops.append(Op(kind: .same, aIndex: x, bIndex: y))
      }
      if d > 0 {
        if x == prevX {
          y -= 1
          ops.append(Op(kind: .insert, aIndex: x, bIndex: y))
        } else {
          x -= 1
          ops.append(Op(kind: .delete, aIndex: x, bIndex: y))
        }
      }
    }
    return ops.reversed()
  }
}
