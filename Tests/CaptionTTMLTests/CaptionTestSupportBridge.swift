import CaptionTestSupport
import Foundation

/// Reads files from the repository's `Samples/` folder.
enum CaptionTestSupportBridge {
  static func sample(_ name: String) throws -> [UInt8] {
    try Corpus.bytes(Corpus.repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(name))
  }
}
