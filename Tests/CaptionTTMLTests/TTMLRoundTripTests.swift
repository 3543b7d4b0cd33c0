import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

/// read → write → read keeps the model.
@Suite("TTML round trip")
struct TTMLRoundTripTests {
  static let decided: Set<String> = [
    "ttp:timeBase", "ttp:dropMode", "ttp:profile", "ttp:contentProfiles", "ttp:processorProfiles", "ttp:frameRate",
    "ttp:frameRateMultiplier", "ttp:subFrameRate", "ttp:tickRate", "ttp:clockMode", "ttp:markerMode",
  ]

  /// The model with the parameters the writer decides itself removed.
  static func comparable(_ d: CaptionDocument) -> CaptionDocument {
    var d = d
    for k in decided { d.metadata.parameters[k] = nil }
    return d
  }

  static func roundTrip(_ bytes: [UInt8], flavor: String? = nil) throws -> (CaptionDocument, CaptionDocument, [UInt8]) {
    let f = TTMLFormat()
    let a = try f.read(bytes, options: ReadOptions()).document
    let w = f.write(a, options: WriteOptions(flavor: flavor)).bytes
    let b = try f.read(w, options: ReadOptions()).document
    return (comparable(a), comparable(b), w)
  }

  static func firstDifference(_ a: CaptionDocument, _ b: CaptionDocument) -> String {
    if a.metadata != b.metadata { return "metadata \(a.metadata.parameters) vs \(b.metadata.parameters) lang \(String(describing: a.metadata.language)) \(String(describing: b.metadata.language))" }
    if a.styles != b.styles { return "styles \(a.styles) vs \(b.styles)" }
    if a.regions.count != b.regions.count { return "regions \(a.regions.map(\.id)) vs \(b.regions.map(\.id))" }
    for (x, y) in zip(a.regions, b.regions) where x != y { return "region \(x.id): \(x.origin.map { "\($0)" } ?? "-") \(x.extent.map { "\($0)" } ?? "-") \(x.style) vs \(y.origin.map { "\($0)" } ?? "-") \(y.extent.map { "\($0)" } ?? "-") \(y.style)" }
    if a.cues.count != b.cues.count { return "cue count \(a.cues.count) vs \(b.cues.count)" }
    for (x, y) in zip(a.cues, b.cues) where x != y {
      if x.settings != y.settings { return "cue settings \(x.settings) vs \(y.settings)" }
      if x.content != y.content { return "cue content \(x.content) vs \(y.content)" }
      if x.style != y.style { return "cue style \(String(describing: x.style)) vs \(String(describing: y.style))" }
      return "cue \(x.id)/\(y.id) \(x.start)-\(x.end) vs \(y.start)-\(y.end) refs \(x.styleRefs) \(y.styleRefs)"
    }
    return "?"
  }

  @Test("Sample IMSC 1.1 file round-trips to an equal model, byte-identically on the second pass")
  func sampleRoundTrip() throws {
    let url = Corpus.repositoryRoot.appendingPathComponent("Samples/imsc11-styled.ttml")
    let bytes = try Corpus.bytes(url)
    let (a, b, w) = try Self.roundTrip(bytes)
    #expect(a.cues.count >= 4)
    #expect(a == b, "\(Self.firstDifference(a, b))")
    let (_, _, w2) = try Self.roundTrip(w)
    #expect(w == w2)
    // What we write validates against the profile we write.
    for (flavor, profile) in [("imsc1.1", "imsc1.1"), ("ebu-tt-d", "ebu-tt-d"), ("dfxp", "ttml1")] {
      let doc = try TTMLFormat().read(bytes, options: ReadOptions()).document
      let out = TTMLFormat().write(doc, options: WriteOptions(flavor: flavor))
      let r = try TTMLFormat().read(out.bytes, options: ReadOptions(profile: profile))
      #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(flavor): \(r.diagnostics.filter { $0.severity == .error })")
      #expect(r.document.cues.map(\.plainText) == doc.cues.map(\.plainText))
    }
  }

  @Test("imsc-tests and ttconv TTML files round-trip to an equal model", .enabled(if: Corpus.root != nil))
  func corpusRoundTrip() throws {
    var total = 0, pass = 0
    var fails: [String] = []
    for url in Corpus.files(in: "imsc-tests", extensions: ["ttml"]) + Corpus.files(in: "ttconv", extensions: ["ttml"]) {
      let (a, b, _) = try Self.roundTrip(try Corpus.bytes(url))
      total += 1
      if a == b { pass += 1 } else { fails.append("\(url.lastPathComponent): \(Self.firstDifference(a, b))") }
    }
    print("TTML read→write→read model equality: \(pass)/\(total)")
    for f in fails.prefix(15) { print("  differs", f.prefix(3000)) }
    #expect(Double(pass) >= 0.9 * Double(total))
  }
}

@Suite("TTML writer output validity")
struct TTMLWriterValidityTests {
  @Test("Every imsc-tests document written as IMSC 1.1 and as EBU-TT-D validates against that profile", .enabled(if: Corpus.root != nil))
  func writtenOutputValidates() throws {
    var total = 0, clean = 0
    var overlapping: [String] = []
    for url in Corpus.files(in: "imsc-tests", extensions: ["ttml"]) {
      let d = try TTMLFormat().read(try Corpus.bytes(url), options: ReadOptions())
      // Content in no region of a document that defines regions (which TTML does not show) is
      // kept in the default region, the whole root container: written out, that region
      // overlaps the document's presented regions, which IMSC forbids and validation reports.
      let unassigned = d.diagnostics.contains { $0.code == "ttml.region.unassigned" }
      for flavor in ["imsc1.1", "ebu-tt-d"] {
        let w = TTMLFormat().write(d.document, options: WriteOptions(flavor: flavor))
        let r = try TTMLFormat().read(w.bytes, options: ReadOptions(profile: flavor))
        total += 1
        let errors = r.diagnostics.filter { $0.severity == .error }
        if errors.isEmpty {
          clean += 1
        } else if unassigned, errors.allSatisfy({ $0.code == "ttml.profile.region-overlap" }) {
          clean += 1
          overlapping.append(url.lastPathComponent)
        } else {
          Issue.record("\(url.lastPathComponent) as \(flavor): \(errors.prefix(3).map { "\($0.code): \($0.message)" })")
        }
      }
    }
    print("TTML writer output validating against its own profile: \(clean)/\(total)")
    #expect(total > 0)
    #expect(clean == total)
    #expect(overlapping == ["nested-region-001.ttml"])
  }
}
