import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionStyle

/// Runs the document style checker over every caption file in the shared corpus: it must never
/// crash or hang, and every diagnostic it gives must be located and carry a contrast number (or,
/// for an outline that earns no halo credit, say so).
@Suite struct CorpusStyleTests {
  @Test(.enabled(if: Corpus.root != nil))
  func corpusFilesCheckCleanly() throws {
    let files = Corpus.files(in: "", extensions: ["vtt", "srt", "ttml", "dfxp", "xml"])
    var read = 0, styled = 0, findings = 0
    var codes: [String: Int] = [:]
    let clock = ContinuousClock()
    var checking = Duration.zero
    for url in files {
      guard let data = FileManager.default.contents(atPath: url.path), data.count < 4_000_000 else { continue }
      let bytes = Array(data)
      // Only files that mention a colour can carry authored styling worth checking.
      guard Self.mentionsColor(bytes) else { continue }
      guard let format = try? FormatRegistry.detect(bytes, fileExtension: url.pathExtension),
        let result = try? format.read(bytes, options: ReadOptions())
      else { continue }
      read += 1
      let t0 = clock.now
      let d = DocumentStyleChecker.check(result.document, profile: nil)
      let dt = clock.now - t0
      checking += dt
      if ProcessInfo.processInfo.environment["CAPTIONKIT_STYLE_VERBOSE"] != nil, dt > .milliseconds(20) { print("slow", dt, url.path, result.document.cues.count) }
      if !d.isEmpty { styled += 1 }
      findings += d.count
      if !d.isEmpty, ProcessInfo.processInfo.environment["CAPTIONKIT_STYLE_VERBOSE"] != nil { print(url.path, d.map(\.description)) }
      for x in d {
        codes[x.code, default: 0] += 1
        #expect(x.code.hasPrefix("style."))
        #expect(x.location != nil || x.cueIndex != nil, "\(url.lastPathComponent): \(x)")
        if x.code.hasPrefix("style.edge.") {
          // Why an outline earns no halo credit: its size, not a contrast.
          #expect(x.severity == .info && x.message.contains("no halo credit"), "\(x)")
        } else {
          #expect(x.message.contains(":1") || x.message.contains("|Lc|"), "\(x)")
        }
      }
    }
    print("CorpusStyleTests: \(read) of \(files.count) corpus files that mention a colour read and style-checked; \(styled) with findings, \(findings) findings \(codes.sorted { $0.key < $1.key }); checking took \(checking)")
    #expect(read > 0)
  }

  static func mentionsColor(_ b: [UInt8]) -> Bool {
    // color, Color, backgroundColor, background-color; opacity.
    for needle in [Array("olor".utf8), Array("pacity".utf8)] where b.count >= needle.count {
      for i in 0...(b.count - needle.count) where b[i] == needle[0] {
        var k = 1
        while k < needle.count && b[i + k] == needle[k] { k += 1 }
        if k == needle.count { return true }
      }
    }
    return false
  }
}
