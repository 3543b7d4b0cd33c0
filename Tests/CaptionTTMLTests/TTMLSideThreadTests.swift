/// Large documents are validated, and their tree freed, on side threads: the result must be
/// what reading on one thread gives.
import CaptionCore
import CaptionTestSupport
@testable import CaptionTTML
import Foundation
import Testing

@Suite struct TTMLSideThreadTests {
  func bothWays(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) throws -> (ReadResult, ReadResult) {
    let one = try TTMLReader.read(bytes, options: options, sideThreadMinimumSize: .max)
    let two = try TTMLReader.read(bytes, options: options, sideThreadMinimumSize: 0)
    return (one.result, two.result)
  }

  /// Every TTML document of the conformance corpus, valid and invalid: the same cues and
  /// the same diagnostics in the same order.
  @Test(.enabled(if: Corpus.root != nil)) func corpusReadsTheSameOnTwoThreads() throws {
    var files: [URL] = []
    for folder in ["imsc-tests", "ttml2-tests", "skynav-ttv", "imsc-hrm-tests", "w3c-imsc-dece", "pycaption", "ttconv"] {
      files += Corpus.files(in: folder, extensions: ["ttml", "xml", "dfxp"])
    }
    #expect(files.count > 1_000)
    var withDiagnostics = 0
    for url in files {
      let (one, two) = try bothWays(try Corpus.bytes(url))
      #expect(one.document == two.document, "\(url.lastPathComponent)")
      #expect(one.diagnostics == two.diagnostics, "\(url.lastPathComponent)")
      if !two.diagnostics.isEmpty { withDiagnostics += 1 }
    }
    // Validation ran on the side thread: invalid documents have their findings.
    #expect(withDiagnostics > 500)
  }

  /// A validation finding (on the side thread) and a reading one (on the caller's), in a
  /// document large enough to take the side thread by default.
  @Test func largeDocumentKeepsBothKindsOfFinding() throws {
    var ttml = #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div>"#
    for k in 0..<6_000 {
      let end = k == 10 ? "10.5q" : "\(k).5s"
      ttml += #"<p begin="\#(k)s" end="\#(end)"\#(k == 20 ? " bogus=\"1\"" : "")>caption number \#(k) with some words</p>"#
    }
    ttml += "</div></body></tt>"
    let bytes = Array(ttml.utf8)
    #expect(bytes.count > TTMLReader.sideThreadMinimumSize)
    let (one, two) = try bothWays(bytes)
    #expect(one.document == two.document)
    #expect(one.diagnostics == two.diagnostics)
    let codes = Set(two.diagnostics.map(\.code))
    #expect(codes.contains("ttml.validate.unknown-attribute"))
    #expect(codes.contains("ttml.timing.invalid-expression"))
    #expect(two.document.cues.count == 6_000)
    #expect(two.document.cues[5_999].start == CaptionTime(milliseconds: 5_999_000))
    #expect(two.document.cues[5_999].end == CaptionTime(milliseconds: 5_999_500))
    #expect(two.diagnostics.first { $0.code == "ttml.validate.unknown-attribute" }?.location?.line == 1)
  }
}
