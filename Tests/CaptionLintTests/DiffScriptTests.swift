import CaptionCore
@testable import CaptionLint
import Testing

/// The Myers edit script (kept as one slice of diagonals per step) and the pairing of changed
/// cues in `CaptionDiff`.
@Suite struct DiffScriptTests {
  /// Longest common subsequence length, by the textbook table.
  static func lcs(_ a: [String], _ b: [String]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for j in 0..<b.count {
        let above = row[j + 1]
        row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  @Test func scriptIsAShortestEditOfAIntoB() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let a = (0..<Int.random(in: 0...25, using: &generator)).map { _ in ["a", "b", "c", "d"][Int.random(in: 0...3, using: &generator)] }
      let b = (0..<Int.random(in: 0...25, using: &generator)).map { _ in ["a", "b", "c", "d"][Int.random(in: 0...3, using: &generator)] }
      let ops = UnifiedDiff.script(a, b)
      var rebuilt: [String] = []
      var edits = 0
      for op in ops {
        switch op.kind {
        case .same:
          #expect(a[op.aIndex] == b[op.bIndex])
          rebuilt.append(b[op.bIndex])
        case .insert:
          rebuilt.append(b[op.bIndex])
          edits += 1
        case .delete: edits += 1
        }
      }
      #expect(rebuilt == b, "\(a) → \(b)")
      #expect(edits == a.count + b.count - 2 * Self.lcs(a, b), "\(a) → \(b)")
    }
  }

  /// Every text changed and every cue 7 ms later: each cue pairs with the one at its time (a
  /// text and a timing difference each), none is reported added or removed.
  @Test func changedCuesPairByTime() {
    func document(_ shift: Int64, _ word: String) -> CaptionDocument {
      var d = CaptionDocument()
      for k in 0..<200 {
        let start = CaptionTime(value: Int64(k) * 2000 + shift, timescale: 1000)
        d.cues.append(Cue(start: start, end: start + CaptionTime(value: 1500, timescale: 1000), content: [.text("\(word) \(k)")]))
      }
      return d
    }
    let differences = CaptionDiff.compare(document(0, "old"), document(7, "new"))
    #expect(differences.count == 400)
    #expect(differences.allSatisfy { $0.indexA == $0.indexB && ($0.kind == .text || $0.kind == .timing) })
    #expect(differences.filter { $0.kind == .timing }.map(\.indexA) == (0..<200).map { $0 })
  }
  /// Cues are compared in presentation order, so the same cues listed in another order are
  /// no difference, and only a real change is reported, between the right cues.
  @Test func sourceOrderDoesNotMatter() {
    func cue(_ s: Int64, _ e: Int64, _ text: String, line: Double? = nil) -> Cue {
      var settings = CueSettings()
      if let line { settings.line = .value(line); settings.snapToLines = false }
      return Cue(start: CaptionTime(milliseconds: s), end: CaptionTime(milliseconds: e), settings: settings, content: [.text(text)])
    }
    let a = CaptionDocument(cues: [cue(1000, 3000, "alpha", line: 10), cue(1000, 3000, "beta", line: 80)])
    let b = CaptionDocument(cues: [cue(1000, 3000, "beta", line: 80), cue(1000, 3000, "alpha", line: 10)])
    #expect(CaptionDiff.compare(a, b).isEmpty)
    let c = CaptionDocument(cues: [cue(1000, 2000, "alpha"), cue(3000, 4000, "beta"), cue(5000, 6000, "gamma"), cue(7000, 8000, "beta")])
    let d = CaptionDocument(cues: [cue(5000, 6000, "gamma"), cue(1000, 2050, "alpha"), cue(7000, 8000, "beta"), cue(3000, 4000, "beta")])
    let diff = CaptionDiff.compare(c, d)
    #expect(diff.count == 1)
    #expect(diff.first?.kind == .timing && diff.first?.indexA == 0 && diff.first?.indexB == 1)
  }
}
