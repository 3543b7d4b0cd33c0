import Testing

@testable import CaptionCore

@Suite struct RemoveAllKeepingCapacityTests {
  /// Empties the array and keeps its storage, as `removeAll(keepingCapacity: true)` does.
  @Test func emptiesAndKeepsCapacity() {
    var lines: [Range<Int>] = [0..<4, 5..<9, 10..<10]
    lines.reserveCapacity(64)
    let capacity = lines.capacity
    lines.removeAllKeepingCapacity()
    #expect(lines.isEmpty)
    #expect(lines.capacity == capacity)
    lines.append(3..<7)
    #expect(lines == [3..<7])
    var empty: [Int] = []
    empty.removeAllKeepingCapacity()
    #expect(empty.isEmpty)
  }
}
