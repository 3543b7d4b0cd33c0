import CaptionCore
import CaptionFormats
import CaptionTestSupport
import Foundation
import Testing

/// The round-trip law for every `.vtt` in the corpus: read → write → read gives an equal
/// document, and writing it again gives identical bytes.
@Suite struct WebVTTRoundTripTests {
  @Test(.enabled(if: Corpus.root != nil)) func everyCorpusFileRoundTrips() throws {
    let files = Corpus.files(in: "", extensions: ["vtt"])
    #expect(files.count > 300)
    let format = WebVTTFormat()
    var exact = 0, reported = 0
    for url in files {
      let first = try format.read(try Corpus.bytes(url), options: ReadOptions())
      let written = format.write(first.document, options: WriteOptions())
      let second = try format.read(written.bytes, options: ReadOptions())
      let again = format.write(second.document, options: WriteOptions())
      let equal = second.document == first.document
      if equal {
        exact += 1
      } else {
        // Allowed only where the writer reported the loss: per cue for cues, at document level
        // for everything else.
        let lossy = Set(written.diagnostics.filter { $0.severity >= .warning }.compactMap(\.cueIndex))
        let documentLoss = written.diagnostics.contains { $0.severity >= .warning && $0.cueIndex == nil }
        let a = first.document, b = second.document
        let rest = a.metadata == b.metadata && a.styleSheets == b.styleSheets && a.styles == b.styles && a.selectorStyles == b.selectorStyles && a.regions == b.regions && a.comments == b.comments
        #expect(rest || documentLoss, "\(url.path): unreported document-level change")
        #expect(a.cues.count == b.cues.count, "\(url.path): cue count changed")
        for (k, (x, y)) in zip(a.cues, b.cues).enumerated() where x != y {
          #expect(lossy.contains(k), "\(url.path): cue \(k + 1) changed without a writer diagnostic")
        }
        if !(rest || documentLoss) { report(a, b, url) }
        reported += 1
      }
      // Once written, the document is a fixed point.
      let third = try format.read(again.bytes, options: ReadOptions())
      #expect(third.document == second.document, "\(url.path): second round trip changed the document")
      #expect(again.bytes == written.bytes, "\(url.path): writing twice gave different bytes")
      // Writing never introduces a syntax error the input did not have.
      let before = Set(first.diagnostics.filter { $0.severity == .error }.map(\.code))
      let introduced = Set(second.diagnostics.filter { $0.severity == .error }.map(\.code)).subtracting(before)
      #expect(introduced.isEmpty || first.document.cues.isEmpty, "\(url.lastPathComponent): writer introduced \(introduced.sorted())")
    }
    print("WebVTT round trip: \(files.count) corpus files, \(exact) identical, \(reported) differing only where the writer reported a loss")
  }

  func report(_ a: CaptionDocument, _ b: CaptionDocument, _ url: URL) {
    if a.metadata != b.metadata { Issue.record("metadata: \(a.metadata) vs \(b.metadata)") }
    if a.styleSheets != b.styleSheets { Issue.record("styleSheets differ") }
    if a.styles != b.styles { Issue.record("styles: \(a.styles) vs \(b.styles)") }
    if a.regions != b.regions { Issue.record("regions: \(a.regions) vs \(b.regions)") }
    if a.comments != b.comments { Issue.record("comments: \(a.comments.map(\.text)) vs \(b.comments.map(\.text))") }
    if a.cues.count != b.cues.count { Issue.record("cue count \(a.cues.count) vs \(b.cues.count)") }
    for (x, y) in zip(a.cues, b.cues) where x != y {
      Issue.record("first differing cue: \(x) vs \(y)")
      break
    }
  }
}
