@testable import CaptionCore
import Testing

@Suite struct MovingCueBufferTests {
  static func cue(_ k: Int, line: Int = 1) -> Cue {
    var c = Cue(
      start: CaptionTime(milliseconds: Int64(k) * 1000), end: CaptionTime(milliseconds: Int64(k) * 1000 + 500),
      content: [.text("cue \(k), a text longer than fifteen bytes")], source: SourceLocation(line: line, column: 1, offset: k))
    var style = TextStyle()
    style.fontWeight = .bold
    c.style = style
    return c
  }

  @Test func growsPastItsCapacityAndKeepsTheOrder() {
    let buffer = MovingCueBuffer(capacity: 2)
    for k in 0..<5 { buffer.append(Self.cue(k)) }
    #expect(buffer.count == 5)
    #expect(buffer.elements.map(\.start.roundedMilliseconds) == [0, 1000, 2000, 3000, 4000])
    #expect(buffer.elements[4].plainText == "cue 4, a text longer than fifteen bytes")
  }

  @Test(arguments: [0, 1, 3, 64])
  func movesEveryCueAdjustedToTheEndOfAnArray(spare: Int) {
    // `spare`: room the array has beyond the moved cues (0: exactly full, the path where
    // `append(contentsOf:)` asks the sequence for more after filling its room).
    var array = [Self.cue(0, line: 1), Self.cue(1, line: 5)]
    array.reserveCapacity(2 + 3 + spare)
    let buffer = MovingCueBuffer(capacity: 1)
    for k in 2..<5 { buffer.append(Self.cue(k, line: k * 4)) }
    let style = buffer.elements[1].boxedStyle
    buffer.changeEach { $0.source?.line += 100 }
    buffer.moveAll(appendingTo: &array)
    #expect(buffer.count == 0)
    #expect(array.count == 5)
    #expect(array.map(\.start.roundedMilliseconds) == [0, 1000, 2000, 3000, 4000])
    #expect(array.map { $0.source?.line } == [1, 5, 108, 112, 116])
    #expect(array[3].plainText == "cue 3, a text longer than fifteen bytes")
    #expect(array[3].style?.fontWeight == .bold)
    // Moved, not copied: the same box, now held by the array and this test only.
    #expect(array[3].boxedStyle === style)
  }

  @Test func releasesTheCuesItStillHolds() {
    weak var box: Boxed<TextStyle>?
    do {
      let buffer = MovingCueBuffer(capacity: 4)
      buffer.append(Self.cue(7))
      box = buffer.elements[0].boxedStyle
      #expect(box != nil)
    }
    #expect(box == nil)
  }

  @Test func leavesNothingToReleaseOnceMoved() {
    weak var box: Boxed<TextStyle>?
    var array: [Cue] = []
    do {
      let buffer = MovingCueBuffer(capacity: 4)
      buffer.append(Self.cue(7))
      box = buffer.elements[0].boxedStyle
      buffer.moveAll(appendingTo: &array)
    }
    // The array holds the cue: the buffer's end did not release it a second time.
    #expect(box != nil)
    #expect(array[0].style?.fontWeight == .bold)
    array = []
    #expect(box == nil)
  }
}
