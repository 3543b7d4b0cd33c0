@testable import CaptionCore
import Testing

@Suite struct AppendMovingTests {
  final class Tracked {
    let n: Int
    init(_ n: Int) { self.n = n }
  }

  @Test func movesAdjustsAndLeavesPlaceholders() {
    var a = [Tracked(1), Tracked(2)]
    var b = [Tracked(3), Tracked(4), Tracked(5)]
    let placeholder = Tracked(0)
    let moved = b[1]
    var adjusted: [Int] = []
    a.appendMoving(from: &b, placeholder: placeholder) { adjusted.append($0.n) }
    #expect(a.map(\.n) == [1, 2, 3, 4, 5])
    #expect(adjusted == [3, 4, 5])
    #expect(b.count == 3 && b.allSatisfy { $0 === placeholder })
    // Moved, not copied: the same object, now held by `a` and this test only.
    #expect(a[3] === moved)
  }

  @Test func cuesKeepTheirContentAndGetTheirLinesShifted() {
    var first = [Cue(start: .zero, end: CaptionTime(milliseconds: 1000), content: [.text("one")], source: SourceLocation(line: 1, column: 1, offset: 0))]
    var second = [Cue(start: CaptionTime(milliseconds: 2000), end: CaptionTime(milliseconds: 3000), content: [.text("two, a longer text than fifteen bytes")], source: SourceLocation(line: 1, column: 1, offset: 0))]
    first.appendMoving(from: &second, placeholder: Cue(start: .zero, end: .zero, content: [])) { $0.source?.line += 40 }
    #expect(first.count == 2)
    #expect(first[1].plainText == "two, a longer text than fifteen bytes")
    #expect(first[1].source?.line == 41)
    #expect(first[1].start == CaptionTime(milliseconds: 2000))
    #expect(second[0].content.isEmpty)
  }
}
