import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionStyle

/// Runs the document style checker over every caption file in the shared corpus: it must never
/// crash or hang, and every diagnostic it gives must be located and carry a contrast number.
@Suite struct CorpusStyleTests {
  @Test(.enabled(if: Corpus.root != nil))
  func corpusFilesCheckCleanly() throws {
    let files = Corpus.files(in: "", extensions: ["vtt", "srt", "ttml", "dfxp", "xml"])
    var read = 0, styled = 0, findings = 0
    var codes: [String: Int] = [:]
    for url in files {
      guard let data = FileManager.default.contents(atPath: url.path), data.count < 4_000_000 else { continue }
      let bytes = Array(data)
      guard let format = try? FormatRegistry.detect(bytes, fileExtension: url.pathExtension),
        let result = try? format.read(bytes, options: ReadOptions())
      else { continue }
      read += 1
      let d = DocumentStyleChecker.check(result.document, profile: nil)
      if !d.isEmpty { styled += 1 }
      findings += d.count
      if !d.isEmpty, ProcessInfo.processInfo.environment["CAPTIONKIT_STYLE_VERBOSE"] != nil { print(url.path, d.map(\.description)) }
      for x in d {
        codes[x.code, default: 0] += 1
        #expect(x.code.hasPrefix("style."))
        #expect(x.location != nil || x.cueIndex != nil, "\(url.lastPathComponent): \(x)")
        #expect(x.message.contains(":1") || x.message.contains("|Lc|"), "\(x)")
      }
    }
    print("CorpusStyleTests: \(read) of \(files.count) corpus files read and style-checked; \(styled) with findings, \(findings) findings \(codes.sorted { $0.key < $1.key })")
    #expect(read > 0)
  }
}
