import CaptionKit
import Foundation
import Testing

@Suite("debug", .enabled(if: ProcessInfo.processInfo.environment["TTML_DEBUG_FILE"] != nil))
struct TTMLDebugTests {
  @Test func show() throws {
    let path = ProcessInfo.processInfo.environment["TTML_DEBUG_FILE"] ?? ""
    let d = try TTMLFormat().read(Array(try Data(contentsOf: URL(fileURLWithPath: path))), options: ReadOptions())
    let w = TTMLFormat().write(d.document, options: WriteOptions())
    print(String(decoding: w.bytes, as: UTF8.self))
    let b = try TTMLFormat().read(w.bytes, options: ReadOptions())
    for (x, y) in zip(d.document.cues, b.document.cues) where x.content != y.content {
      print("A:", x.content)
      print("B:", y.content)
    }
  }
}
