import Foundation
import Testing
@testable import MediaInspector

@Test func dump() throws {
  let enc = JSONEncoder()
  enc.outputFormatting = [.prettyPrinted, .sortedKeys]
  for name in ProcessInfo.processInfo.environment["DUMP"]?.split(separator: ",").map(String.init) ?? [] {
    let r = Fixtures.inspect(name)
    print(String(decoding: try enc.encode(r), as: UTF8.self))
  }
}
